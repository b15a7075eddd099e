"""What a game is: its manifest (game.toml), its folder, and the git repository agents see.

A game's source tree is the only part an agent ever sees: `materialize` turns it into a fresh git repository.
Nothing here knows the catalogue: `games.catalogue` resolves catalogue names to folders.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import tomllib
from dataclasses import dataclass
from pathlib import Path

import git
from pydantic import BaseModel, Field, ValidationError

MANIFEST_NAME = "game.toml"


class GameDefinitionError(Exception):
    """A game that cannot be found or whose manifest is broken. The message is meant for the user."""


class Manifest(BaseModel):
    """game.toml: how to start a game and what QA and repair may see and touch."""

    model_config = {"extra": "forbid"}

    name: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$")
    title: str
    genre: str
    description: str = ""
    start_command: list[str] = Field(min_length=1, description="argv run from the repository root")
    port_env: str = "PORT"
    container_port: int = 8000
    health_path: str | None = "/api/health"
    requirements: str | None = "requirements.txt"
    strip_fields: list[str] = Field(default_factory=list, description="response fields an agent must not see")
    qa_docs: list[str] = Field(default_factory=list, description="docs an agent may read in QA mode")
    protected_paths: list[str] = Field(default_factory=list, description="globs a repair agent may not edit")
    walkthrough: str | None = Field(default=None, description="file of commands, one per line, that wins")
    won_field: str = Field(default="won", description="state key that is true once the game is won")
    test_command: list[str] | None = Field(default=None, description="the game's own tests, run in the repo")


@dataclass(frozen=True)
class Game:
    """One game: its folder, manifest and where its source tree and hidden assets live."""

    root: Path
    manifest: Manifest
    src_dir: Path

    @property
    def name(self) -> str:
        return self.manifest.name

    @property
    def benchmark_dir(self) -> Path | None:
        path = self.root / "benchmark"
        return path if (path / "bugs.json").is_file() else None

    def walkthrough_commands(self, repo_dir: Path | None = None) -> list[str]:
        """The winning walkthrough's commands (comments and blank lines dropped)."""
        if not self.manifest.walkthrough:
            return []
        path = (repo_dir or self.src_dir) / self.manifest.walkthrough
        if not path.is_file():
            where = f"{self.manifest.walkthrough} not found in {path.parent}"
            raise GameDefinitionError(f"{self.name}: walkthrough {where}")
        lines = (line.strip() for line in path.read_text().splitlines())
        return [line for line in lines if line and not line.startswith("#")]


def read_manifest(path: Path) -> Manifest:
    try:
        data = tomllib.loads(path.read_text())
    except FileNotFoundError as exc:
        raise GameDefinitionError(f"no manifest at {path}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise GameDefinitionError(f"{path}: not valid TOML: {exc}") from exc
    try:
        return Manifest.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or '(top)'}: {e['msg']}" for e in exc.errors())
        raise GameDefinitionError(f"{path}: broken manifest: {problems}") from exc


def load_game_folder(folder: Path, manifest_path: Path | None = None) -> Game:
    """A game folder (`src/` inside it, or the folder itself) and its manifest (beside it by default)."""
    manifest = read_manifest(manifest_path or folder / MANIFEST_NAME)
    src_dir = folder / "src" if (folder / "src").is_dir() else folder
    return Game(root=folder, manifest=manifest, src_dir=src_dir)


def materialize(game: Game, workspace: Path) -> tuple[Path, str]:
    """Copy the game's source tree into `workspace/repo` as a fresh git repository with one commit.

    Returns the repository path and the initial commit. Only `src/` is copied: benchmark assets never enter.
    """
    repo_dir = workspace / "repo"
    if repo_dir.exists():
        raise GameDefinitionError(f"{repo_dir} exists already; materialize into an empty workspace")
    shutil.copytree(game.src_dir, repo_dir, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".git"))
    repo = git.Repo.init(repo_dir, initial_branch="main")
    with repo.config_writer() as config:
        config.set_value("user", "name", "closed-loop")
        config.set_value("user", "email", "closed-loop@localhost")
        config.set_value("commit", "gpgsign", "false")
    repo.git.add(A=True)
    repo.index.commit(f"Import {game.manifest.title} as shipped")
    return repo_dir, repo.head.commit.hexsha


def git_available() -> bool:
    return subprocess.run(["git", "--version"], capture_output=True).returncode == 0


def load_game_from_git(url: str, manifest: Path | None) -> Game:
    """A game given by git URL: a shallow clone in a temporary folder, with a manifest kept outside it."""
    if manifest is None:
        raise GameDefinitionError(f"a game given by git URL needs --manifest: {url}")
    checkout = Path(tempfile.mkdtemp(prefix="closed-loop-game-"))
    try:
        git.Repo.clone_from(url, checkout, depth=1)
    except git.GitCommandError as exc:
        shutil.rmtree(checkout, ignore_errors=True)
        raise GameDefinitionError(f"cannot clone {url}: {exc.stderr.strip()}") from exc
    return Game(root=checkout, manifest=read_manifest(manifest), src_dir=checkout)


def is_git_url(ref: str) -> bool:
    return ref.startswith(("http://", "https://", "git@", "file://")) or ref.endswith(".git")


def descends(repo_dir: Path, commit: str, ancestor: str | None) -> bool:
    """Does `commit` contain `ancestor` in its history (git ancestry)? False for a commit this repository
    never had: a run that started again from a game's original commit does not contain another run's fixes."""
    if not ancestor:
        return False
    if ancestor == commit:
        return True
    command = ["git", "merge-base", "--is-ancestor", ancestor, commit]
    try:
        return subprocess.run(command, cwd=repo_dir, capture_output=True, timeout=30).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False

"""What a game is: its manifest (game.toml), its folder, and the git repository agents see.

A game's source tree is the only part an agent ever sees: `materialize` turns it into a fresh git repository.
Nothing here knows the catalogue: `games.catalogue` resolves catalogue names to folders.
"""

from __future__ import annotations

import fnmatch
import re
import shutil
import subprocess
import tarfile
import tempfile
import tomllib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import git
from pydantic import BaseModel, Field, ValidationError, ValidationInfo, field_validator, model_validator

from loop.contract.origin import GameOrigin, find_origin, origin_files
from loop.contract.tree import OutsideTree, check_tree, copy_tree, fixed_prefix, relative_path, resolve_inside

MANIFEST_NAME = "game.toml"
PATH_FIELDS = ("requirements", "test_requirements", "walkthrough", "persistent_dir")
PATTERN_FIELDS = ("qa_docs", "protected_paths", "hidden_paths")


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
    hidden_paths: list[str] = Field(
        default_factory=list, description="globs of files kept out of the repository agents see and build"
    )
    walkthrough: str | None = Field(
        default=None,
        description="file of commands that wins: one per line, or in a markdown list or code block",
    )
    won_field: str = Field(
        default="won",
        description="dotted path into the state (`flags.game_won`), else a response field, true once won",
    )
    test_command: list[str] | None = Field(
        default=None, description="the game's own tests (`pytest`, `npm test`...), run in the game's sandbox"
    )
    test_requirements: str | None = Field(
        default=None, description="requirements file the tests need on top of `requirements`"
    )
    system_packages: list[str] = Field(
        default_factory=list,
        description="Debian packages its image needs (e.g. nodejs); the process backend uses the host's",
    )
    persistent_dir: str | None = Field(
        default=None, description="folder of the tree kept across restarts of one game (saves, databases)"
    )

    @field_validator(*PATH_FIELDS)
    @classmethod
    def _path_inside_tree(cls, value: str | None, info: ValidationInfo) -> str | None:
        if value:
            relative_path(value, str(info.field_name))
        return value

    @field_validator(*PATTERN_FIELDS)
    @classmethod
    def _patterns_inside_tree(cls, values: list[str], info: ValidationInfo) -> list[str]:
        for value in values:
            relative_path(value, str(info.field_name))
        return values

    @field_validator("persistent_dir")
    @classmethod
    def _persistent_below_root(cls, value: str | None) -> str | None:
        if value and not PurePosixPath(value).parts:
            raise ValueError(f"persistent_dir {value!r} is the whole tree: name a folder inside it")
        return value

    @model_validator(mode="after")
    def _docs_not_hidden(self) -> Manifest:
        for doc in self.qa_docs:
            if is_hidden(doc, self.hidden_paths):
                raise ValueError(f"qa_docs names {doc!r}, which hidden_paths keeps out of the repository")
        return self

    def paths_named(self) -> list[tuple[str, str]]:
        """(field, path) for every path the manifest names in the tree; a glob by its folders before the
        first wildcard."""
        named = [(field, value) for field in PATH_FIELDS if (value := getattr(self, field))]
        for field in PATTERN_FIELDS:
            named.extend((field, fixed_prefix(value)) for value in getattr(self, field))
        return [(field, value) for field, value in named if value]


def check_manifest_paths(manifest: Manifest, src_dir: Path, where: Path | str) -> None:
    """Refuse a manifest path that leaves `src_dir` once the tree's links are followed (a `saves` folder
    linked to the user's home, say)."""
    for field, value in manifest.paths_named():
        try:
            resolve_inside(src_dir, value, field)
        except OutsideTree as exc:
            raise GameDefinitionError(f"{where}: {exc}") from None


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
        if self.src_dir == self.root:
            return None  # no catalogue layout: a folder of the game's own is never taken for ground truth
        path = self.root / "benchmark"
        return path if (path / "bugs.json").is_file() else None

    def walkthrough_commands(self, repo_dir: Path | None = None) -> list[str]:
        """The winning walkthrough's commands (comments and blank lines dropped)."""
        if not self.manifest.walkthrough:
            return []
        try:
            path = resolve_inside(repo_dir or self.src_dir, self.manifest.walkthrough, "walkthrough")
        except OutsideTree as exc:
            raise GameDefinitionError(f"{self.name}: {exc}") from None
        if not path.is_file():
            where = f"{self.manifest.walkthrough} not found in {path.parent}"
            raise GameDefinitionError(f"{self.name}: walkthrough {where}")
        return walkthrough_lines(path.read_text())


FENCE = "```"
LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(.*)$")
INLINE_CODE = re.compile(r"`([^`]+)`")
PROMPT = re.compile(r"^(?:>|\$)\s*")
COMMAND_WORD = re.compile(r"[A-Za-z0-9]")
MAX_COMMAND_CHARS = 80
# Most lines of a fenced block must read as commands for the block to be a walkthrough (not a map or a table).
COMMAND_SHARE = 0.8
BARE_COMMAND_WORDS = 4
SENTENCE_MARK = re.compile(r"[,;:!?]|\.$|\.\s")


def walkthrough_lines(text: str) -> list[str]:
    """A walkthrough's commands as real games write them.

    Fenced blocks of commands win when there are any: one command per line, list markers dropped, and in a
    transcript (some lines marked `> ` or `$ `) only the marked lines. A fence that does not read as commands
    (a map, a table, a transcript's output) is skipped. Without such a block: markdown list items (the inline
    code of an item when it has some; where other items carry inline code, an item without any is a command
    only when it reads as a short bare one, not a sentence); else one command per line. `#` comments and blank
    lines are dropped.
    """
    lines = text.splitlines()
    blocks = [commands for block in _fenced_blocks(lines) if (commands := _block_commands(block))]
    outside = _outside_fences(lines)
    if blocks:
        picked = [command for block in blocks for command in block]
    elif items := [found.group(1) for line in outside if (found := LIST_ITEM.match(line))]:
        coded = any(INLINE_CODE.search(item) for item in items)
        picked = []
        for item in items:
            code = INLINE_CODE.findall(item)
            if code:
                picked.append(code[0])
            elif not coded or _reads_as_bare_command(item):
                picked.append(item)
    else:
        picked = _outside_fences(lines)
    stripped = (PROMPT.sub("", line.strip()).strip() for line in picked)
    return [c for c in stripped if c and not c.startswith("#")]


def _fenced_blocks(lines: list[str]) -> list[list[str]]:
    blocks: list[list[str]] = []
    inside = False
    for line in lines:
        if line.strip().startswith(FENCE):
            inside = not inside
            if inside:
                blocks.append([])
        elif inside:
            blocks[-1].append(line)
    return blocks


def _outside_fences(lines: list[str]) -> list[str]:
    outside, inside = [], False
    for line in lines:
        if line.strip().startswith(FENCE):
            inside = not inside
        elif not inside:
            outside.append(line)
    return outside


def _block_commands(block: list[str]) -> list[str]:
    """The commands of one fenced block, or none when it is not a block of commands."""
    lines = [line.strip() for line in block if line.strip() and not line.strip().startswith("#")]
    prompted = [PROMPT.sub("", line) for line in lines if PROMPT.match(line)]
    if prompted:
        return prompted
    commands = [(item.group(1) if (item := LIST_ITEM.match(line)) else line).strip() for line in lines]
    readable = sum(_reads_as_command(command) for command in commands)
    return commands if commands and readable >= COMMAND_SHARE * len(commands) else []


def _reads_as_bare_command(item: str) -> bool:
    """`WALK DOWN`, not `Sell the salt at the next port, then rest.`: few words, no sentence marks."""
    text = item.strip()
    return (
        _reads_as_command(text) and len(text.split()) <= BARE_COMMAND_WORDS and not SENTENCE_MARK.search(text)
    )


def _reads_as_command(line: str) -> bool:
    """Words separated by single spaces, each with a letter or digit: `take lamp`, not `[Hall]---[Attic]`."""
    words = line.split(" ")
    return (
        len(line) <= MAX_COMMAND_CHARS
        and line[:1].isalnum()
        and all(word and COMMAND_WORD.search(word) for word in words)
    )


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
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or '(top)'}: {e['msg'].removeprefix('Value error, ')}"
            for e in exc.errors()
        )
        raise GameDefinitionError(f"{path}: broken manifest: {problems}") from exc


def load_game_folder(folder: Path, manifest_path: Path | None = None) -> Game:
    """A game folder and its manifest.

    A folder with its own game.toml and a `src/` (the catalogue's layout) keeps its repository in `src/`,
    whichever manifest is used, so its hidden benchmark never enters the repository. Any other folder is
    the repository itself, as its authors wrote it.
    """
    own = folder / MANIFEST_NAME
    path = manifest_path.expanduser().resolve() if manifest_path else own
    manifest = read_manifest(path)
    catalogue_layout = own.is_file() and (folder / "src").is_dir()
    src_dir = folder / "src" if catalogue_layout else folder
    check_manifest_paths(manifest, src_dir, path)
    return Game(root=folder, manifest=manifest, src_dir=src_dir)


def hidden_files(src_dir: Path, patterns: list[str]) -> set[Path]:
    """The files and folders of `src_dir` matched by the manifest's `hidden_paths` globs."""
    hidden: set[Path] = set()
    for pattern in patterns:
        hidden.update(p.resolve() for p in src_dir.glob(pattern.strip("/")))
    return hidden


def is_hidden(relative: str, patterns: list[str]) -> bool:
    """True when a repository path matches a `hidden_paths` glob (or lies below a matched folder)."""
    parts = relative.strip("/").split("/")
    prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
    return any(fnmatch.fnmatch(p, pattern.strip("/")) for p in prefixes for pattern in patterns)


def source_ignore(source: Path, manifest: Manifest) -> Callable[[str, list[str]], set[str]]:
    """What of a game's tree never enters its repository: caches, git data, a venv, `hidden_paths`."""
    hidden = hidden_files(source, manifest.hidden_paths)
    always = shutil.ignore_patterns("__pycache__", "*.pyc", ".git", "node_modules", ".venv")

    def ignore(folder: str, names: list[str]) -> set[str]:
        return set(always(folder, names)) | {n for n in names if (Path(folder) / n).resolve() in hidden}

    return ignore


@contextmanager
def game_view(game: Game, origin: GameOrigin | None) -> Iterator[Path]:
    """The tree agents are shown, before hidden paths are dropped: the origin commit's files, or the folder
    on disk. A link leading out of it is a GameDefinitionError naming the link."""
    with tempfile.TemporaryDirectory(prefix="closed-loop-view-") as scratch:
        try:
            yield origin_files(origin, Path(scratch)) if origin is not None else game.src_dir
        except (OutsideTree, tarfile.FilterError) as exc:
            raise GameDefinitionError(f"{game.name}: {exc}") from None


def check_source_links(game: Game, ref: str | None = None) -> None:
    """Refuse, before a run is made, the game `materialize` would refuse for a link out of its tree."""
    with game_view(game, find_origin(game.src_dir, ref, quiet=True)) as source:
        check_tree(source, source_ignore(source, game.manifest))


def materialize(game: Game, workspace: Path, origin: GameOrigin | None = None) -> tuple[Path, str]:
    """The agents' view of the game: its tree in `workspace/repo` as a fresh git repository with one commit.

    Returns the repository path and that commit. Only `src/` is copied: benchmark assets never enter, and
    neither does anything the manifest's `hidden_paths` match. With an `origin`, the tree is the origin
    commit's (its committed files only); without, the files as they are on disk. A link is copied as a link
    when it points inside the tree; a tree with a link pointing out is refused (GameDefinitionError).
    """
    repo_dir = workspace / "repo"
    if repo_dir.exists():
        raise GameDefinitionError(f"{repo_dir} exists already; materialize into an empty workspace")
    with game_view(game, origin) as source:
        copy_tree(source, repo_dir, source_ignore(source, game.manifest))
    repo = git.Repo.init(repo_dir, initial_branch="main")
    with repo.config_writer() as config:
        config.set_value("user", "name", "closed-loop")
        config.set_value("user", "email", "closed-loop@localhost")
        config.set_value("commit", "gpgsign", "false")
    repo.git.add(A=True)
    shipped = f" at {origin.commit[:12]}" if origin is not None else " as shipped"
    repo.index.commit(f"Import {game.manifest.title}{shipped}")
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
    loaded = read_manifest(manifest)
    try:
        check_manifest_paths(loaded, checkout, manifest)
    except GameDefinitionError:
        shutil.rmtree(checkout, ignore_errors=True)
        raise
    return Game(root=checkout, manifest=loaded, src_dir=checkout)


def is_git_url(ref: str) -> bool:
    return ref.startswith(("http://", "https://", "git@", "file://")) or ref.endswith(".git")

"""Links in a game's tree: a game whose repository links `notes.txt` to the user's credentials had that file
committed into the run's repository (from where agents, images and `--push-to` get it). A link pointing out
of the tree is refused, naming the link; a link inside the tree is kept as a link; no copy follows a link."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from games.catalogue import load_game
from loop.contract.game import GameDefinitionError, Manifest, materialize
from loop.sandbox import SandboxError
from sandboxes.game.workdir import GameWorkdir

ROOT = Path(__file__).parents[2]
TOYBOX = ROOT / "tests" / "fixtures" / "games" / "toybox"
CLOSED_LOOP = str(Path(sys.executable).with_name("closed-loop"))
SECRET = "CANARY-aws_secret_access_key=abc123"


@pytest.fixture
def credentials(tmp_path: Path) -> Path:
    home = tmp_path / "home" / ".aws"
    home.mkdir(parents=True)
    (home / "credentials").write_text(SECRET)
    return home / "credentials"


def game_with(tmp_path: Path, links: dict[str, str]) -> Path:
    game = tmp_path / "game"
    shutil.copytree(TOYBOX, game)
    (game / "docs").mkdir()
    (game / "docs" / "guide.md").write_text("# Guide\nGo north.\n")
    for name, target in links.items():
        (game / name).symlink_to(target)
    return game


def files_holding(folder: Path, text: str) -> list[Path]:
    if not folder.exists():
        return []
    return [
        p for p in folder.rglob("*") if p.is_file() and not p.is_symlink() and text in p.read_text("latin-1")
    ]


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, capture_output=True, text=True, check=True).stdout


@pytest.mark.parametrize(
    "target",
    ["../home/.aws/credentials", "{credentials}", "/", "docs/../../home/.aws"],
    ids=["relative-out", "absolute-file", "root", "folder-out"],
)
def test_a_link_out_of_the_tree_is_refused_and_never_copied(tmp_path: Path, credentials: Path, target: str):
    game = game_with(tmp_path, {"notes.txt": target.format(credentials=credentials)})

    with pytest.raises(GameDefinitionError, match="notes.txt") as refused:
        materialize(load_game(game), tmp_path / "workspace")

    assert "\n" not in str(refused.value)
    assert not (tmp_path / "workspace" / "repo").exists()
    assert files_holding(tmp_path / "workspace", SECRET) == []


def test_a_link_inside_the_tree_is_kept_as_a_link(tmp_path: Path):
    game = game_with(tmp_path, {"GUIDE.md": "docs/guide.md", "manual": "docs"})

    repo, _ = materialize(load_game(game), tmp_path / "workspace")

    assert os.readlink(repo / "GUIDE.md") == "docs/guide.md"
    assert os.readlink(repo / "manual") == "docs"
    staged = {line.split("\t")[1]: line.split()[0] for line in git(repo, "ls-files", "-s").splitlines()}
    assert staged["GUIDE.md"] == staged["manual"] == "120000"  # committed as links, not as copies
    assert "manual/guide.md" not in staged
    assert git(repo, "status", "--porcelain") == ""


def test_the_sandbox_copy_of_a_tree_refuses_a_link_out(tmp_path: Path, credentials: Path, monkeypatch):
    """A tree run as it is (a folder that is no git repository) is copied for each sandbox: never with a
    link to the user's files in it."""
    monkeypatch.setenv("CLOSED_LOOP_DATA", str(tmp_path / "data"))
    tree = game_with(tmp_path, {"notes.txt": "../home/.aws/credentials", "GUIDE.md": "docs/guide.md"})
    manifest = Manifest.model_validate(
        {"name": "toybox", "title": "T", "genre": "g", "start_command": ["python", "server.py"]}
    )

    with pytest.raises(SandboxError, match="notes.txt"):
        GameWorkdir.copy_of(tree, manifest)

    assert list((tmp_path / "data" / "sandboxes").iterdir()) == []
    (tree / "notes.txt").unlink()
    copy = GameWorkdir.copy_of(tree, manifest)
    assert os.readlink(copy.path / "GUIDE.md") == "docs/guide.md"
    copy.remove()


@pytest.mark.slow
def test_the_cli_refuses_a_game_linking_out_in_one_line_and_writes_no_secret(
    tmp_path: Path, credentials: Path
):
    game = game_with(tmp_path, {"notes.txt": "../home/.aws/credentials"})
    (tmp_path / "reports.json").write_text("[]")
    runs = tmp_path / "runs"
    env = {**os.environ, "CLOSED_LOOP_RUNS": str(runs)}
    commands = [
        ["repair", str(game), "--agent", "noop", "--reports", "reports.json", "--runs-dir", str(runs)],
        [
            "run",
            str(game),
            "--qa-agent",
            "explorer",
            "--repair-agent",
            "noop",
            "--max-rounds",
            "1",
            "--steps",
            "20",
        ],
    ]
    for command in commands:
        done = subprocess.run(
            [CLOSED_LOOP, *command, "--backend", "process"],
            capture_output=True,
            text=True,
            timeout=600,
            env=env,
            cwd=tmp_path,
        )
        assert done.returncode == 2, done.stdout + done.stderr
        errors = [line for line in done.stderr.splitlines() if "error:" in line]
        assert len(errors) == 1 and "Traceback" not in done.stderr, done.stderr
        assert errors[0].startswith("closed-loop: error:") and "notes.txt" in errors[0], errors[0]
        assert files_holding(runs, SECRET) == []

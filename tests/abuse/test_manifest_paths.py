"""A game's manifest naming paths outside the game's tree: `persistent_dir = "../../.."` had the process
sandbox chmod everything above the data folder to 777 and then remove it. Every path field is refused when
the manifest is loaded (one line naming the field), and again where the sandbox would chmod or remove, and a
canary folder above the data folder keeps its files and its modes."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from loop.contract.game import Manifest
from loop.sandbox import SandboxError
from sandboxes.game.workdir import GameWorkdir, persistent_folder

pytestmark = pytest.mark.slow

ROOT = Path(__file__).parents[2]
TOYBOX = ROOT / "tests" / "fixtures" / "games" / "toybox"
CLOSED_LOOP = str(Path(sys.executable).with_name("closed-loop"))
SECRET = "CANARY-aws_secret_access_key=abc123"
MANIFEST = {"name": "toybox", "title": "T", "genre": "g", "start_command": ["python", "server.py"]}

# (the manifest line, the field its error must name); the data folder is top/data, the game top/game
HOSTILE = [
    ('persistent_dir = "../../.."', "persistent_dir"),  # data/game-data/toybox/../../.. is top
    ('persistent_dir = "/tmp"', "persistent_dir"),
    ('persistent_dir = "saves"', "persistent_dir"),  # saves is a link to ../canary
    ('walkthrough = "../canary/credentials"', "walkthrough"),
    ('qa_docs = ["../canary/credentials"]', "qa_docs"),
    ('requirements = "../canary/credentials"', "requirements"),
    ('hidden_paths = ["../canary/*"]', "hidden_paths"),
    ('protected_paths = ["/etc/**"]', "protected_paths"),
    ('test_requirements = "saves/credentials"', "test_requirements"),
]


def canary_above(top: Path) -> Path:
    canary = top / "canary"
    canary.mkdir(parents=True)
    (canary / "credentials").write_text(SECRET)
    (canary / "credentials").chmod(0o600)
    canary.chmod(0o700)
    return canary


def assert_untouched(top: Path, canary: Path) -> None:
    assert stat.S_IMODE(top.stat().st_mode) == 0o755
    assert stat.S_IMODE(canary.stat().st_mode) == 0o700
    assert stat.S_IMODE((canary / "credentials").stat().st_mode) == 0o600
    assert (canary / "credentials").read_text() == SECRET


def hostile_game(top: Path, line: str) -> Path:
    game = top / "game"
    shutil.copytree(TOYBOX, game)
    (game / "saves").symlink_to("../canary")
    manifest = (game / "game.toml").read_text()
    if line.startswith("requirements"):
        manifest = manifest.replace('requirements = ""\n', "")
    (game / "game.toml").write_text(f"{manifest}{line}\n")
    return game


@pytest.mark.parametrize(("line", "field"), HOSTILE, ids=[line for line, _ in HOSTILE])
def test_a_manifest_path_leaving_the_tree_is_one_line_and_touches_nothing(
    tmp_path: Path, line: str, field: str
):
    top = tmp_path / "top"
    top.mkdir()
    top.chmod(0o755)
    canary = canary_above(top)
    game = hostile_game(top, line)
    env = {**os.environ, "CLOSED_LOOP_DATA": str(top / "data"), "CLOSED_LOOP_RUNS": str(top / "runs")}
    command = [CLOSED_LOOP, "sandbox", "up", str(game), "--backend", "process", "--seconds", "1"]

    done = subprocess.run(command, capture_output=True, text=True, timeout=300, env=env, cwd=tmp_path)

    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    errors = [entry for entry in done.stderr.splitlines() if "error:" in entry]
    assert len(errors) == 1 and errors[0].startswith("closed-loop: error:"), done.stderr
    assert field in errors[0], errors[0]
    assert_untouched(top, canary)
    assert (game / "server.py").is_file()  # the game's own folder is still there


@pytest.mark.parametrize("persistent_dir", ["../../..", "/", ".", "saves"])
def test_the_sandbox_checks_persistent_dir_again_before_chmod_or_remove(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, persistent_dir: str
):
    """A manifest that skipped validation (made in code, or changed after loading) is refused where the
    sandbox would chmod and remove: the process backend's copy and the docker backend's bind folder."""
    top = tmp_path / "top"
    top.mkdir()
    top.chmod(0o755)
    canary = canary_above(top)
    monkeypatch.setenv("CLOSED_LOOP_DATA", str(top / "data"))
    tree = top / "tree"
    shutil.copytree(TOYBOX, tree)
    (top / "data" / "game-data" / "toybox").mkdir(parents=True)
    (top / "data" / "game-data" / "toybox" / "saves").symlink_to(top / "canary")
    checked = Manifest.model_validate(MANIFEST).model_dump()
    unchecked = Manifest.model_construct(**{**checked, "persistent_dir": persistent_dir})

    with pytest.raises(SandboxError, match="persistent_dir"):
        GameWorkdir.copy_of(tree, unchecked)
    with pytest.raises(SandboxError, match="persistent_dir"):
        persistent_folder(unchecked)

    assert_untouched(top, canary)
    assert (tree / "server.py").is_file()
    assert list((top / "data" / "sandboxes").iterdir()) == []  # the refused copy was removed

"""`closed-loop games validate`: the whole proof on CASTLE, and clear errors for a broken game."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from flows.cli import main
from games.catalogue import load_game

pytestmark = pytest.mark.slow
Capture = pytest.CaptureFixture[str]


@pytest.fixture
def castle_copy(tmp_path: Path) -> Path:
    """A private copy of the CASTLE folder (manifest, src, benchmark) to break in one place."""
    folder = tmp_path / "castle"
    shutil.copytree(load_game("castle").root, folder, ignore=shutil.ignore_patterns("__pycache__"))
    return folder


def test_validate_castle_passes_and_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "validate", "castle", "--backend", "process"]) == 0
    out = capsys.readouterr().out
    assert "[shipped] probe BUG-1: present" in out, "progress lines show as it goes"
    for line in (
        "BUG-1    logic error          easy       present  absent   absent   ok",
        "BUG-2    description flaw     easy       present  absent   absent   ok",
        "BUG-3    data inconsistency   medium     present  absent   absent   ok",
        "walkthrough: shipped wins, all gold wins  ok",
        "own tests: shipped pass, BUG-1 pass, BUG-2 pass, BUG-3 pass, all gold pass  ok",
        "castle: valid (backend process)",
    ):
        assert line in out


def test_validate_fails_with_exit_1_when_the_walkthrough_no_longer_wins(
    castle_copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    walkthrough = castle_copy / "src" / "docs" / "walkthrough.txt"
    walkthrough.write_text(walkthrough.read_text().replace("unlock door", "look"))
    assert main(["games", "validate", str(castle_copy), "--backend", "process"]) == 1
    out = capsys.readouterr().out
    assert "walkthrough: shipped does not win, all gold does not win  FAIL" in out
    assert "castle: NOT valid" in out


def test_validate_unknown_game_is_a_user_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "validate", "no-such-game", "--backend", "process"]) == 2
    err = capsys.readouterr().err
    assert "unknown game 'no-such-game'" in err
    assert "castle" in err, "the message lists the catalogue"


def test_validate_broken_manifest_is_a_user_error(castle_copy: Path, capsys: Capture) -> None:
    manifest = castle_copy / "game.toml"
    manifest.write_text(manifest.read_text().replace('start_command = ["python", "-m", "castle.server"]', ""))
    assert main(["games", "validate", str(castle_copy), "--backend", "process"]) == 2
    err = capsys.readouterr().err
    assert "broken manifest" in err and "start_command" in err
    assert "Traceback" not in err


def test_validate_gold_patch_that_does_not_apply_is_a_user_error(
    castle_copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    patch = castle_copy / "benchmark" / "gold" / "BUG-1.diff"
    patch.write_text(patch.read_text().replace("held = [name for name", "held = [fragment for fragment"))
    assert main(["games", "validate", str(castle_copy), "--backend", "process"]) == 2
    err = capsys.readouterr().err
    assert "gold patch gold/BUG-1.diff does not apply" in err


def test_validate_missing_probe_is_a_user_error(castle_copy: Path, capsys: Capture) -> None:
    probes = castle_copy / "benchmark" / "probes.py"
    probes.write_text(probes.read_text().replace("def probe_bug_2(", "def probe_bug_two("))
    assert main(["games", "validate", str(castle_copy), "--backend", "process"]) == 2
    err = capsys.readouterr().err
    assert "BUG-2 names probe 'probe_bug_2', not in probes.py" in err

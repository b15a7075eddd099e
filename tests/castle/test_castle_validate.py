"""`closed-loop games validate`: the whole proof on CASTLE, and clear errors for a broken game."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from flows.cli import main
from games.catalogue import load_game

pytestmark = pytest.mark.slow
Capture = pytest.CaptureFixture[str]


def castle_with(tmp_path: Path, file: str, old: str, new: str) -> Path:
    """A private copy of the CASTLE folder (manifest, src, benchmark) with `old` replaced in one file."""
    folder = tmp_path / "castle"
    shutil.copytree(load_game("castle").root, folder, ignore=shutil.ignore_patterns("__pycache__"))
    edited = folder / file
    assert old in edited.read_text()
    edited.write_text(edited.read_text().replace(old, new))
    return folder


def test_validate_castle_passes_and_prints_the_table(capsys: Capture) -> None:
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
    tmp_path: Path, capsys: Capture
) -> None:
    folder = castle_with(tmp_path, "src/docs/walkthrough.txt", "unlock door", "look")
    assert main(["games", "validate", str(folder), "--backend", "process"]) == 1
    out = capsys.readouterr().out
    assert "walkthrough: shipped does not win, all gold does not win  FAIL" in out
    assert "castle: NOT valid" in out


def test_validate_unknown_game_is_a_user_error(capsys: Capture) -> None:
    assert main(["games", "validate", "no-such-game", "--backend", "process"]) == 2
    err = capsys.readouterr().err
    assert "unknown game 'no-such-game'" in err
    assert "castle" in err, "the message lists the catalogue"


@pytest.mark.parametrize(
    ("file", "old", "new", "messages"),
    [
        pytest.param(
            "game.toml",
            'start_command = ["python", "-m", "castle.server"]',
            "",
            ["broken manifest", "start_command"],
            id="a-broken-manifest",
        ),
        pytest.param(
            "benchmark/gold/BUG-1.diff",
            "held = [name for name",
            "held = [fragment for fragment",
            ["gold patch gold/BUG-1.diff does not apply"],
            id="a-gold-patch-that-does-not-apply",
        ),
        pytest.param(
            "benchmark/probes.py",
            "def probe_bug_2(",
            "def probe_bug_two(",
            ["BUG-2 names probe 'probe_bug_2', not in probes.py"],
            id="a-missing-probe",
        ),
    ],
)
def test_validate_a_broken_game_definition_is_a_user_error(
    file: str, old: str, new: str, messages: list[str], tmp_path: Path, capsys: Capture
) -> None:
    folder = castle_with(tmp_path, file, old, new)
    assert main(["games", "validate", str(folder), "--backend", "process"]) == 2
    err = capsys.readouterr().err
    for message in messages:
        assert message in err
    assert "Traceback" not in err

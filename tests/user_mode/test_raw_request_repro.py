"""A crash of the game's HTTP layer replays from its bug file: the request that broke the server is a step of
the report, written as a person would send it, and the file's steps played on a fresh build crash it again."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from flows.cli import main
from games.catalogue import load_game
from loop.contract.game import materialize
from loop.contract.game_client import GameClient
from loop.replay.transcript import play
from loop.sandbox import BuildSpec, get_provider

SPLINTER = Path(__file__).resolve().parents[1] / "fixtures" / "games" / "splinter"
SENT = re.compile(r"^\d+\. Send (?:this request \([^)]*\): )?`(.+)`$")


def steps_of(bug_file: Path) -> list[str]:
    """The commands and requests a reader of the bug file would send after starting a new game."""
    text = bug_file.read_text().split("## Steps to reproduce", 1)[1].split("\n## ", 1)[0]
    return [m[1] for line in text.splitlines() if (m := SENT.match(line.strip()))]


@pytest.mark.slow
def test_a_null_command_crash_replays_from_its_bug_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    out = tmp_path / "qa"
    assert main(["qa", str(SPLINTER), "--steps", "400", "--out", str(out), "--backend", "process"]) == 0
    capsys.readouterr()
    bug_files = [f for f in out.glob("report-*.md") if "command is null" in f.read_text()]
    assert len(bug_files) == 1
    assert f"]({bug_files[0].name})" in (out / "index.md").read_text()  # the folder's index links it
    steps = steps_of(bug_files[0])
    assert steps[-1] == 'POST /api/agent/command {"game_id": "<game_id>", "command": null}'

    game = load_game(SPLINTER)
    repo_dir, commit = materialize(game, tmp_path / "fresh")
    spec = BuildSpec(repo_dir=repo_dir, manifest=game.manifest, commit=commit)
    with get_provider("process").start(spec, ready_timeout=30) as build, GameClient(build.url) as client:
        replayed = play(client, steps)
    assert replayed[-1].status == 500 and replayed[-1].observation is None
    assert "Internal Server Error" in replayed[-1].error

"""The hold-out games (bench/holdout): games written blind to the explorer, to measure it on games it was not
tuned on. Each must be a valid benchmark: its gold patches apply, each probe says present on the shipped build
and absent under its own gold patch and under all of them, and the walkthrough wins."""

from __future__ import annotations

from pathlib import Path

import pytest

from flows.cli import main
from games.catalogue import list_games
from loop.contract.benchmark import Benchmark

pytestmark = pytest.mark.slow

HOLDOUT_DIR = Path(__file__).resolve().parents[2] / "bench" / "holdout"


def test_every_holdout_game_validates_with_probes_that_flip(capsys: pytest.CaptureFixture[str]) -> None:
    games = list_games(HOLDOUT_DIR)
    assert [game.name for game in games] == [
        "alembic-lane",
        "anvilmere",
        "ashfall-outpost",
        "barrowdeep",
        "brass-comet",
        "brinewreck",
        "cairnline",
        "cinder-yard",
        "cinderpath",
        "crumbwick",
        "farhaul",
        "gloomwell",
        "hemlock-hall",
        "hivecombe",
        "hollowfen",
        "icefall",
        "kestrel-deep",
        "lanternhook",
        "lift-shift",
        "mirrorworks",
        "plinth",
        "quayside",
        "quillmoor",
        "ravensmoor",
        "ringside",
        "saltmarsh",
        "saltmarsh-still",
        "shuntyard",
        "signalbox",
        "sternwheel",
        "tallyhall",
        "thornstead",
        "tidewright",
        "turnip-row",
        "weirkeep",
    ]
    for game in games:
        assert not any(game.src_dir.rglob("bugs.json")), f"{game.name}: ground truth inside its source tree"
        assert main(["games", "validate", str(game.root), "--backend", "process"]) == 0
        lines = capsys.readouterr().out.splitlines()
        bugs = Benchmark(game).bugs
        assert len(bugs) >= 4
        for bug in bugs:
            row = next(line for line in lines if line.startswith(f"{bug.id} "))
            assert row.endswith("present  absent   absent   ok"), row
        assert "walkthrough: shipped wins, all gold wins  ok" in lines
        assert f"{game.name}: valid (backend process)" in lines

"""The hold-out games (bench/holdout): games written blind to the explorer, to measure it on games it was not
tuned on. Each must be a valid benchmark: its gold patches apply, each probe says present on the shipped build
and absent under its own gold patch and under all of them, and the walkthrough wins."""

from __future__ import annotations

import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from games.catalogue import list_games
from loop.contract.benchmark import Benchmark
from loop.contract.game import Game

pytestmark = pytest.mark.slow

HOLDOUT_DIR = Path(__file__).resolve().parents[2] / "bench" / "holdout"
CLOSED_LOOP = Path(sys.executable).parent / "closed-loop"


def test_every_holdout_game_validates_with_probes_that_flip() -> None:
    games = list_games(HOLDOUT_DIR)
    assert [game.name for game in games] == [
        "alembic-lane",
        "anvilmere",
        "ashfall-outpost",
        "barrowdeep",
        "bazaarline",
        "brass-comet",
        "brinewreck",
        "cairnline",
        "cinder-yard",
        "cinderpath",
        "coachlamp",
        "crumbwick",
        "deepdelve",
        "emberfold",
        "escapement",
        "farhaul",
        "fernery",
        "ferrywick",
        "fogbell",
        "foxglove",
        "fullingmill",
        "gavelry",
        "glasswright",
        "gloomwell",
        "gullhaven",
        "hemlock-hall",
        "highgrove",
        "hivecombe",
        "hollowfen",
        "icefall",
        "inkwell",
        "kestrel-deep",
        "kettleburn",
        "kilnworth",
        "lanternhook",
        "lift-shift",
        "limelight",
        "lockgate",
        "lodgewell",
        "loftwing",
        "menagerie",
        "millrace",
        "mirrorworks",
        "orebend",
        "ovenbright",
        "pigeonhole",
        "plinth",
        "pressmoor",
        "quarrymoor",
        "quayside",
        "quillmoor",
        "ravelin",
        "ravensmoor",
        "rindle",
        "ringside",
        "ryemarket",
        "saltmarsh",
        "saltmarsh-still",
        "shearling",
        "shuntyard",
        "signalbox",
        "snowcrest",
        "spokewise",
        "starwatch",
        "sternwheel",
        "stovehollow",
        "tallyhall",
        "thornstead",
        "tidewright",
        "tollbooth",
        "tumblebrook",
        "turnip-row",
        "vintry",
        "weirkeep",
        "wickerlight",
    ]
    for game in games:
        assert not any(game.src_dir.rglob("bugs.json")), f"{game.name}: ground truth inside its source tree"
    # Two games at a time: a validation mostly waits on its game's servers and tests, each in its own sandbox.
    with ThreadPoolExecutor(max_workers=2) as pool:
        outcomes = list(pool.map(_validate, games))
    for game, (code, out) in zip(games, outcomes, strict=True):
        assert code == 0, f"{game.name}: exit {code}\n{out[-3000:]}"
        lines = out.splitlines()
        bugs = Benchmark(game).bugs
        assert len(bugs) >= 4
        for bug in bugs:
            row = next(line for line in lines if line.startswith(f"{bug.id} "))
            assert row.endswith("present  absent   absent   ok"), row
        assert "walkthrough: shipped wins, all gold wins  ok" in lines
        assert f"{game.name}: valid (backend process)" in lines


def _validate(game: Game) -> tuple[int, str]:
    command = [str(CLOSED_LOOP), "games", "validate", str(game.root), "--backend", "process"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=900)
    return done.returncode, done.stdout

"""A game whose health check is not at /api/health (the manifest says where) is healthy to the loop: the QA
step asks the same path readiness waited on, and does not take a live game for a dead one."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.catalogue import load_game
from loop.contract.game import materialize
from loop.contract.game_client import GameClient
from loop.sandbox import BuildSpec, get_provider

LIFT_SHIFT = Path(__file__).resolve().parents[1] / "bench" / "holdout" / "lift-shift"


@pytest.mark.slow
def test_the_manifests_health_path_is_the_one_the_client_asks(tmp_path: Path):
    game = load_game(LIFT_SHIFT)
    assert game.manifest.health_path == "/healthz"
    repo_dir, commit = materialize(game, tmp_path)
    spec = BuildSpec(repo_dir=repo_dir, manifest=game.manifest, commit=commit)
    with get_provider("process").start(spec, ready_timeout=60) as build:
        with GameClient(build.url, health_path=game.manifest.health_path) as client:
            assert client.health()
        with GameClient(build.url, health_path=None) as client:  # no health path: a new game answers
            assert client.health()
        with GameClient(build.url, health_path="/no-such-path") as client:
            assert not client.health()

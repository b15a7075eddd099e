"""A game that nests its state its own way: the room is `place` (`{"id", "blurb", "exits", "things"}`) and
the clock sits one level down (`{"clock": {"turn": 3}}`). The explorer must still know where it is and must
not take every step for a new state because a nested counter moved (that made 80 "states" of a tiny game)."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.catalogue import load_game
from loop.contract.game import materialize
from loop.contract.game_client import GameClient
from loop.qa import get_qa_agent
from loop.sandbox import BuildSpec, get_provider

FOREIGN = Path(__file__).resolve().parents[1] / "foreign"


@pytest.mark.slow
def test_explorer_counts_places_and_states_of_a_nested_state_without_its_clock(tmp_path: Path):
    game = load_game(FOREIGN / "games" / "relic", FOREIGN / "manifests" / "relic.toml")
    repo_dir, commit = materialize(game, tmp_path / "workspace")
    spec = BuildSpec(repo_dir, game.manifest, commit, run_id="explorer-relic")
    with (
        get_provider("process").start(spec) as build,
        GameClient(build.url, strip_fields=game.manifest.strip_fields) as client,
    ):
        result = get_qa_agent("explorer").run_session(
            client, build_commit=commit, steps=300, seed=0, out_dir=tmp_path / "qa"
        )
    # relic's only bugs are in its API (a list game_id or a deep body drops the connection): nothing else
    assert {report.oracle for report in result.reports} <= {"api-contract"}, [r.title for r in result.reports]
    # gatehouse and crypt (the road ends the game); torch and relic at hand or not: a handful of states
    assert result.counts["places_seen"] >= 2, result.counts
    assert result.counts["states_seen"] <= 12, result.counts

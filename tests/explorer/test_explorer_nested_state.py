"""A game that nests its state its own way: the room is `place` (`{"id", "blurb", "exits", "things"}`) and
the clock sits one level down (`{"clock": {"turn": 3}}`). The explorer must still know where it is and must
not take every step for a new state because a nested counter moved (that made 80 "states" of a tiny game)."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.catalogue import load_game
from tests.explorer.conftest import explore

FOREIGN = Path(__file__).resolve().parents[1] / "foreign"


@pytest.mark.slow
def test_explorer_counts_places_and_states_of_a_nested_state_without_its_clock(tmp_path: Path):
    game = load_game(FOREIGN / "games" / "relic", FOREIGN / "manifests" / "relic.toml")
    result = explore(game, tmp_path, steps=300)
    # relic's only bugs are in its API (a list game_id or a deep body drops the connection): nothing else
    assert {report.oracle for report in result.reports} <= {"api-contract"}, [r.title for r in result.reports]
    # gatehouse and crypt (the road ends the game); torch and relic at hand or not: a handful of states
    assert result.counts["places_seen"] >= 2, result.counts
    assert result.counts["states_seen"] <= 12, result.counts

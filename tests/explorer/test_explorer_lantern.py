"""The explorer runs unchanged on a second game written unlike CASTLE (stdlib server, other health path,
its own hidden `debug` field)."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.catalogue import load_game
from loop.trace import read_trace
from tests.explorer.conftest import explore

LANTERN = Path(__file__).resolve().parents[1] / "fixtures" / "games" / "lantern"


@pytest.mark.slow
def test_explorer_plays_lantern_without_any_change_and_reports_nothing(tmp_path: Path):
    result = explore(load_game(LANTERN), tmp_path, steps=300)
    assert result.steps > 0 and result.games_started >= 1, result.stopped_because
    assert result.reports == [], [report.title for report in result.reports]
    trace = read_trace(result.trace_path)
    names = {event.observation.get("state", {}).get("room", {}).get("name") for event in trace}
    assert {"Cave entrance", "Grotto"} <= names, names  # it walked the whole cave
    assert all("debug" not in event.model_dump_json() for event in trace)

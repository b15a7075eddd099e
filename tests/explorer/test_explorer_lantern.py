"""The explorer runs unchanged on a second game written unlike CASTLE (stdlib server, other health path,
its own hidden `debug` field)."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.catalogue import load_game
from loop.contract.game import materialize
from loop.contract.game_client import GameClient
from loop.qa import get_qa_agent
from loop.sandbox import BuildSpec, get_provider
from loop.trace import read_trace

LANTERN = Path(__file__).resolve().parents[1] / "fixtures" / "games" / "lantern"


@pytest.mark.slow
def test_explorer_plays_lantern_without_any_change_and_reports_nothing(tmp_path: Path):
    game = load_game(LANTERN)
    repo_dir, commit = materialize(game, tmp_path / "workspace")
    spec = BuildSpec(repo_dir, game.manifest, commit, run_id="explorer-lantern")
    with (
        get_provider("process").start(spec) as build,
        GameClient(build.url, strip_fields=game.manifest.strip_fields) as client,
    ):
        result = get_qa_agent("explorer").run_session(
            client, build_commit=commit, steps=300, seed=0, out_dir=tmp_path / "qa"
        )
    assert result.steps > 0 and result.games_started >= 1, result.stopped_because
    assert result.reports == [], [report.title for report in result.reports]
    trace = read_trace(result.trace_path)
    names = {event.observation.get("state", {}).get("room", {}).get("name") for event in trace}
    assert {"Cave entrance", "Grotto"} <= names, names  # it walked the whole cave
    assert all("debug" not in event.model_dump_json() for event in trace)

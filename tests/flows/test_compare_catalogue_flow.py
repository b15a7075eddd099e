"""`compare-repair-agents/catalogue` as a Prefect flow: gold resolves every CASTLE task, noop none, and the
leaderboard is written beside the results and published as artifacts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from prefect.testing.utilities import prefect_test_harness

from flows.compare_catalogue import compare_catalogue

pytestmark = pytest.mark.slow


def test_the_flow_validates_gold_and_scores_noop_on_castle(tmp_path: Path):
    with prefect_test_harness(server_startup_timeout=120):
        markdown = Path(compare_catalogue(games=["castle"], agents=["gold", "noop"], out=str(tmp_path / "c")))

    board = json.loads(markdown.with_name("leaderboard.json").read_text())
    assert board["tasks"] == 3 and board["broken"] == []
    assert {row["agent"]: (row["resolved"], row["attempts"]) for row in board["agents"]} == {
        "gold": (3, 3),
        "noop": (0, 3),
    }
    assert "| gold | - | 3/3 | 100.0 |" in markdown.read_text()

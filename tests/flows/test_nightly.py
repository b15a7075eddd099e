"""The nightly flow: one `closed-loop` subflow run per game, concurrently under the sandbox limit; a stuck
game does not hold back the others; a broken game fails alone; the summary artifact shows tonight against
earlier nights from the ledger, and what failed and why."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from prefect import get_client
from prefect.artifacts import Artifact
from prefect.client.schemas.filters import FlowRunFilter, FlowRunFilterName

from flows.nightly import SANDBOX_LIMIT, nightly
from loop.run.record import RunRecord

pytestmark = pytest.mark.slow
OFFLINE = dict(qa_agent="explorer", repair_agent="gold", backend="process", steps=200, max_rounds=2)
# CASTLE's repair agent hangs for a minute: the stuck game
STUCK = {"repair_agent": "command", "agent_options": {"command": "sleep 600"}, "repair_timeout_s": 60}


def finished_at(runs: Path, run_id: str) -> datetime:
    return datetime.fromisoformat(RunRecord.load(runs / run_id / "run.json").finished_at or "")


def subflow_names(night: str) -> set[str]:
    with get_client(sync_client=True) as client:
        runs = client.read_flow_runs(flow_run_filter=FlowRunFilter(name=FlowRunFilterName(like_=night)))
    return {run.name for run in runs if run.parent_task_run_id is not None}


def test_games_run_as_concurrent_subflows_and_the_summary_shows_the_trend(prefect_api, own_data: Path):
    games = ["castle", "crawl", "no-such-game"]
    result = nightly(games=games, night="20261201", concurrency=2, overrides={"castle": STUCK}, **OFFLINE)

    assert subflow_names("20261201") == {f"{game} 20261201" for game in games}
    with get_client(sync_client=True) as client:
        assert client.read_global_concurrency_limit_by_name(SANDBOX_LIMIT).limit == 2
    castle = RunRecord.load(own_data / "castle-nightly-20261201" / "run.json")
    crawl = RunRecord.load(own_data / "crawl-nightly-20261201" / "run.json")
    assert castle.status == crawl.status == "finished"
    assert castle.sessions[0].attempts[0].outcome == "agent_timeout"
    # crawl ran beside the stuck castle, not after it
    assert finished_at(own_data, "crawl-nightly-20261201") < finished_at(own_data, "castle-nightly-20261201")
    assert result["no-such-game"].startswith("Failed")

    summary = Artifact.get("closed-loop-nightly")
    assert summary is not None
    text = str(summary.data)
    assert "# Nightly 20261201" in text
    assert "| castle | Completed |" in text and "| crawl | Completed |" in text, text
    assert "no-such-game" in text.split("## What failed")[1]  # the broken game, with why
    assert "## Trend (the ledger)" in text

    # the next night: crawl against the night before, from the ledger
    nightly(games=["crawl"], night="20261202", concurrency=1, **OFFLINE)
    text = str(Artifact.get("closed-loop-nightly").data)
    row = next(line for line in text.splitlines() if line.startswith("| crawl |"))
    found = len(crawl.bugs)
    assert f"{found} found" in row, row  # the previous night's count, read back from the ledger
    assert "Nothing: every game's loop completed." in text

"""The query relation on the real toy game: a look that moves an item is reported once the explorer has
seen look change nothing, and the report replays only where the defect is."""

from __future__ import annotations

import pytest

from loop.qa import get_qa_agent
from loop.replay.report_replay import replay_report

from .conftest import running_toybox

pytestmark = pytest.mark.slow


def test_a_look_that_changes_the_game_is_reported_and_replays_only_where_it_does(tmp_path):
    with running_toybox(tmp_path / "peek", "peek") as (client, commit):
        result = get_qa_agent("explorer").run_session(
            client, build_commit=commit, steps=1500, seed=0, out_dir=tmp_path / "out"
        )
        queries = [r for r in result.reports if r.oracle == "query-changes-nothing"]
        assert len(queries) == 1, [r.title for r in result.reports]
        report = queries[0]
        assert report.oracle_subject == "look" and report.repro[-1] == "look"
        assert "inventory lost" in report.observed or "lost" in report.observed
        assert any(c.startswith("take ") for c in report.repro) and len(report.repro) <= 5
        assert replay_report(report, client).anomaly_present
    with running_toybox(tmp_path / "clean") as (client, _):
        assert not replay_report(report, client).anomaly_present

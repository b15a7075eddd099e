"""`compare-repair-agents`: the same frozen CASTLE reports given to gold and noop, verified the same way."""

from __future__ import annotations

from pathlib import Path

import pytest
from prefect.testing.utilities import prefect_test_harness

from flows.compare_repair_agents import compare_repair_agents
from loop.run.agent_comparison import ComparisonRecord

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def prefect_api():
    with prefect_test_harness(server_startup_timeout=120):
        yield


def test_gold_fixes_the_frozen_reports_and_noop_patches_nothing(prefect_api, tmp_path: Path, monkeypatch):
    monkeypatch.setenv("CLOSED_LOOP_RUNS", str(tmp_path))
    markdown = Path(
        compare_repair_agents(game="castle", agents=["gold", "noop"], backend="process", steps=400)
    )

    record = ComparisonRecord.load(markdown.with_name("comparison.json"))
    assert record.agents == ["gold", "noop"]
    assert sorted(bug.ground_truth_id for bug in record.bugs) == ["BUG-2", "BUG-3"]
    gold = {v.fingerprint: v.verdict for v in record.verdicts if v.agent == "gold"}
    noop = {v.fingerprint: v.verdict for v in record.verdicts if v.agent == "noop"}
    assert set(gold.values()) == {"verified_fixed"} and len(gold) == 2
    assert set(noop.values()) == {"no_patch"} and len(noop) == 2
    assert [a.outcome for a in record.attempts["gold"]] == ["patched"]
    assert "gold" in markdown.read_text() and "noop" in markdown.read_text()

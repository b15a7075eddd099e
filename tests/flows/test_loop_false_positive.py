"""A report that matches no ground-truth bug is one false positive in Table 7, and the loop keeps it open."""

from __future__ import annotations

from pathlib import Path

import pytest

from flows.assembly import open_run
from loop.contract.models import BugReport, BugType
from loop.run.config import LoopConfig
from loop.run.record import RunRecord
from loop.run.rounds import run_rounds
from tests.fixtures.scripted_qa import ScriptedQA

MADE_UP = BugReport(
    title="The portrait in the corridor winks",
    symptom="the portrait's eyes follow the player",
    expected="a still portrait",
    observed="it winks",
    mechanic="examine",
    bug_type=BugType.DESCRIPTION_FLAW,
    repro=["north", "examine portrait"],
    source="scripted",
)


@pytest.mark.slow
def test_a_made_up_report_counts_once_as_a_false_positive_and_stays_open(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("CLOSED_LOOP_DATA", str(tmp_path / "data"))
    config = LoopConfig(
        game="castle", qa_agent="explorer", repair_agent="gold", backend="process", max_rounds=2
    )
    run = open_run(config, runs_dir=tmp_path)
    run.parts.qa_agent = ScriptedQA([MADE_UP])  # the loop plays whatever QA agent instance it is handed
    run_rounds(run)

    record = RunRecord.load(run.run_dir / "run.json")
    first, second = record.sessions
    assert first.false_positives == [MADE_UP.fingerprint] and first.matches == {MADE_UP.fingerprint: None}
    assert first.metrics.false_positives == 1 and first.metrics.discovered == 0
    assert [a.outcome for a in first.attempts] == ["empty_patch"]  # gold has no patch for an unmatched report
    assert second.duplicates == [MADE_UP.fingerprint]
    assert second.metrics.false_positives == 1  # the session's one report again matches nothing
    assert record.bugs[MADE_UP.fingerprint].status == "open"
    assert record.stop_reason == "max rounds (2) reached"

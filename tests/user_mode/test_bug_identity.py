"""Two reports are one bug only on evidence: a report whose anomaly shows on every new game swallows no other
report, and three different crashes stay three bugs, in run.json, report.md and `closed-loop bugs`."""

from __future__ import annotations

from pathlib import Path

import pytest

from flows.assembly import open_run
from flows.cli import main
from loop.contract.models import BugReport, BugType
from loop.run.config import LoopConfig
from loop.run.record import RunRecord
from loop.run.rounds import run_rounds
from reports.writer import write_run_reports
from tests.fixtures.scripted_qa import ScriptedQA

SPLINTER = Path(__file__).resolve().parents[1] / "fixtures" / "games" / "splinter"

TRACE_IN_WELCOME = BugReport(
    title="Debug traceback in the welcome text",
    symptom="every new game greets the player with a traceback",
    expected="a welcome without exception text",
    observed="Traceback (most recent call last) in the first message",
    mechanic="new game",
    bug_type=BugType.CRASH,
    repro=[],
    oracle="server-error",
    oracle_subject="new game",
    source="scripted",
)


def crash(verb: str) -> BugReport:
    return BugReport(
        title=f"Server error on '{verb}'",
        symptom=f"'{verb}' answers HTTP 500",
        expected="a normal reply",
        observed="HTTP 500",
        mechanic=verb,
        bug_type=BugType.CRASH,
        repro=["look", verb],
        oracle="server-error",
        oracle_subject=verb,
        source="scripted",
    )


REPORTS = [TRACE_IN_WELCOME, crash("saw"), crash("plane"), crash("sand")]


@pytest.mark.slow
def test_an_anomaly_of_every_new_game_swallows_no_crash(tmp_path: Path, monkeypatch, capsys):
    monkeypatch.setenv("CLOSED_LOOP_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("CLOSED_LOOP_RUNS", str(tmp_path / "runs"))
    config = LoopConfig(game=str(SPLINTER), qa_agent="explorer", repair_agent="noop", backend="process",
                        max_rounds=1)  # fmt: skip
    run = open_run(config, runs_dir=tmp_path / "runs")
    run.parts.qa_agent = ScriptedQA(REPORTS)
    run_rounds(run)

    record = RunRecord.load(run.run_dir / "run.json")
    fingerprints = [report.fingerprint for report in REPORTS]
    assert sorted(record.bugs) == sorted(fingerprints)
    assert sorted(record.sessions[0].new_bugs) == sorted(fingerprints)
    assert record.sessions[0].duplicates == []
    report_md = write_run_reports(run.run_dir)["report.md"].read_text()
    for report in REPORTS:
        assert report.title in report_md
    capsys.readouterr()
    assert main(["bugs", "splinter"]) == 0
    listed = capsys.readouterr().out
    for report in REPORTS:
        assert report.title in listed

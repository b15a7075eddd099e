"""The game killed in the middle of a QA session: the loop brings it back, notes the crash, keeps reports."""

from __future__ import annotations

import json
import os
import signal
import subprocess
from pathlib import Path

import pytest
from loop_driver import KillWhen, offline_config, trace_events

from flows.assembly import open_run
from loop.run import steps as loop_steps
from loop.run.loop_run import LoopRun
from loop.run.record import RunRecord

pytestmark = pytest.mark.slow


def first_report_seen(events: list[dict]) -> bool:
    return any(e["kind"] == "report" for e in events)


def play_session_with_a_kill(run: LoopRun, kill_build) -> tuple[RunRecord, KillWhen]:
    session = run.next_session()
    build = run.start_build(session)
    trace = run.session_dir(session) / "trace.jsonl"
    killer = KillWhen(trace, first_report_seen, lambda: kill_build(build))
    killer.start()
    try:
        loop_steps.qa_session(run, session, build)
    finally:
        build.stop()
    killer.join(timeout=5)
    return RunRecord.load(run.run_dir / "run.json"), killer


def assert_recovered_without_losing_reports(run: LoopRun, record: RunRecord, killer: KillWhen, recovery: str):
    assert killer.fired_after is not None, "the game was never killed: no report appeared in the trace"
    reported_before_kill = {e["observation"]["report"] for e in killer.fired_after if e["kind"] == "report"}
    session = record.sessions[0]
    assert "qa" in session.finished_steps
    assert len(session.crashes) == 1, session.crashes
    crash = session.crashes[0]
    assert crash.recovery == recovery
    assert crash.detail  # why the QA agent stopped, e.g. "game unavailable: ..."
    steps_before_kill = max(e["step"] for e in killer.fired_after)
    assert session.qa_steps > steps_before_kill, "the session did not go on after the restart"
    assert session.qa_steps <= run.config.steps
    saved = json.loads((run.session_dir(1) / "reports.json").read_text())
    titles = {report["title"] for report in saved}
    assert reported_before_kill <= titles, f"reports lost in the crash: {reported_before_kill - titles}"
    events = trace_events(run.session_dir(1) / "trace.jsonl")
    assert [e["kind"] for e in events].count("crash") == 1
    crash_at = next(i for i, e in enumerate(events) if e["kind"] == "crash")
    assert any(e["kind"] == "step" for e in events[crash_at + 1 :]), "no step was played after the crash"


def test_a_killed_game_process_is_restarted_and_the_session_goes_on(tmp_path: Path):
    run = open_run(offline_config(steps=300), runs_dir=tmp_path)

    def kill_process(build) -> None:
        os.killpg(build.process.pid, signal.SIGKILL)

    record, killer = play_session_with_a_kill(run, kill_process)
    assert_recovered_without_losing_reports(run, record, killer, "restarted in place")
    # the critic takes the session's reports as usual: every one of them is judged, each a real CASTLE bug
    loop_steps.criticize(run, 1)
    judged = RunRecord.load(run.run_dir / "run.json").sessions[0]
    assert set(judged.matches) == {report.fingerprint for report in run.session_reports(1)}
    assert judged.false_positives == []
    assert set(judged.matches.values()) <= {"BUG-2", "BUG-3"}


@pytest.mark.docker
def test_a_killed_game_container_is_restarted_and_the_session_goes_on(tmp_path: Path):
    run = open_run(offline_config(steps=300, backend="docker"), runs_dir=tmp_path)

    def kill_container(build) -> None:
        subprocess.run(["docker", "kill", build.container.name], check=True, capture_output=True, timeout=30)

    record, killer = play_session_with_a_kill(run, kill_container)
    assert_recovered_without_losing_reports(run, record, killer, "restarted in place")

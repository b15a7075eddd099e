"""The loop on CASTLE with the offline agents, driven step by step as the flow drives it (no Prefect)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from flows.assembly import open_run
from loop.ledger import Ledger
from loop.run.config import LoopConfig
from loop.run.loop_run import LoopRun
from loop.run.record import RunRecord
from loop.run.rounds import run_rounds
from reports.table7 import table7_rows
from reports.writer import write_run_reports
from tests.reports.report_dom import ARTIFACTS, PageDom, chromium, expected_cards

pytestmark = pytest.mark.slow


def drive(run: LoopRun) -> None:
    run_rounds(run)


def offline_config(**overrides) -> LoopConfig:
    params = dict(
        game="castle",
        qa_agent="explorer",
        repair_agent="gold",
        critic="differential",
        backend="process",
        max_rounds=3,
        steps=600,  # the default budget: the explorer spends its first steps learning how the game refuses
    )
    return LoopConfig(**{**params, **overrides})


@pytest.fixture(autouse=True)
def own_ledger(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("CLOSED_LOOP_DATA", str(tmp_path / "data"))


def ledger_statuses() -> dict[str, str]:
    with Ledger() as ledger:
        return {bug.key: str(bug.status) for bug in ledger.bugs("castle")}


def test_explorer_and_gold_fix_the_two_bugs_the_explorer_can_find(tmp_path: Path):
    run = open_run(offline_config(), runs_dir=tmp_path)
    drive(run)
    record = RunRecord.load(run.run_dir / "run.json")

    assert record.status == "finished"
    assert "nothing new" in record.stop_reason, record.stop_reason
    assert len(record.sessions) == 2
    first, second = record.sessions
    assert sorted(first.matches[fp] for fp in first.new_bugs) == ["BUG-2", "BUG-3"]
    assert first.false_positives == []
    assert [a.outcome for a in first.attempts] == ["patched"]
    assert (first.metrics.discovered, first.metrics.fixed_verified, first.metrics.ground_truth_total) == (
        2,
        0,
        3,
    )
    assert sorted(v.verdict for v in second.verifications) == ["verified_fixed", "verified_fixed"]
    assert second.new_bugs == []
    assert (second.metrics.discovered, second.metrics.fixed_verified) == (2, 2)
    found = {bug.ground_truth_id for bug in record.bugs.values()}
    assert "BUG-1" not in found
    assert all(bug.status == "verified_fixed" for bug in record.bugs.values())
    assert record.head_commit != record.base_commit
    assert ledger_statuses() == {"BUG-2": "verified_fixed", "BUG-3": "verified_fixed"}
    check_report_in_chromium(run.run_dir, record, tmp_path / "chromium")

    # the next night starts again from the game's original commit, which does not contain those fixes: the
    # bugs it finds are known bugs of its own line, not regressions of the fixed line
    again = open_run(offline_config(), runs_dir=tmp_path)
    drive(again)
    second_night = RunRecord.load(again.run_dir / "run.json")
    assert second_night.ledger_baseline == {"BUG-2": "verified_fixed", "BUG-3": "verified_fixed"}
    assert all(bug.status == "verified_fixed" for bug in second_night.bugs.values())
    assert ledger_statuses() == {"BUG-2": "verified_fixed", "BUG-3": "verified_fixed"}
    with Ledger() as ledger:
        events = [e.to_status for bug in ledger.bugs("castle") for e in bug.events]
    assert "regressed" not in events


def check_report_in_chromium(run_dir: Path, record: RunRecord, profile: Path) -> None:
    """The real run's report.html in a real browser shows run.json's numbers and links its files."""
    page = write_run_reports(run_dir)["report.html"]
    dumped = chromium(page, profile, "--dump-dom")
    assert dumped.returncode == 0, dumped.stderr[-2000:]
    dom = PageDom(dumped.stdout)
    assert dom.metrics == expected_cards(record)
    assert dom.metrics["discovery"] == "2/3" and dom.metrics["fixing"] == "2/3"
    assert dom.table_dicts("table7") == table7_rows(record)
    for href in dom.hrefs:
        assert (run_dir / href).is_file(), href
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = ARTIFACTS / "castle-offline-run-report.png"
    assert chromium(page, profile, f"--screenshot={shot}", size="1280,2400").returncode == 0
    assert shot.stat().st_size > 10_000


def test_a_run_killed_mid_session_resumes_and_duplicates_nothing(tmp_path: Path):
    env = {**os.environ, "CLOSED_LOOP_RUNS": str(tmp_path), "CLOSED_LOOP_DATA": str(tmp_path / "data")}
    script = (
        "import sys; from tests.flows.test_closed_loop_castle import drive, offline_config;"
        "from flows.assembly import open_run;"
        "drive(open_run(offline_config(), run_id=sys.argv[1]))"
    )
    run_id = "castle-killed"
    child = subprocess.Popen(
        [sys.executable, "-c", script, run_id], env=env, cwd=Path(__file__).parents[2], start_new_session=True
    )
    record_path = tmp_path / run_id / "run.json"
    deadline = time.monotonic() + 300
    try:
        while time.monotonic() < deadline:  # kill it once session 1's critic is recorded, before repair ends
            if record_path.is_file():
                steps = json.loads(record_path.read_text())["sessions"]
                if steps and "critic" in steps[0]["finished_steps"]:
                    break
            assert child.poll() is None, "the run ended before it could be killed"
            time.sleep(0.2)
        else:
            pytest.fail("session 1 never reached the critic")
    finally:
        os.killpg(child.pid, signal.SIGKILL)
        child.wait(timeout=30)
    killed = RunRecord.load(record_path)
    assert "repair" not in killed.sessions[0].finished_steps

    resumed = open_run(offline_config(), run_id=run_id, runs_dir=tmp_path)
    drive(resumed)
    record = RunRecord.load(record_path)
    assert record.status == "finished"
    assert len(record.sessions) == 2
    assert sorted(bug.ground_truth_id for bug in record.bugs.values()) == ["BUG-2", "BUG-3"]
    assert len(record.sessions[0].attempts) == 1
    assert [e.to_status for e in next(iter(record.bugs.values())).history] == [
        "open",
        "patched",
        "verified_fixed",
    ]
    assert (record.sessions[-1].metrics.discovered, record.sessions[-1].metrics.fixed_verified) == (2, 2)
    with Ledger() as ledger:
        history = {bug.key: [str(e.to_status) for e in bug.events] for bug in ledger.bugs("castle")}
        facts = ledger.session_facts(run_id)
    assert history == {key: ["open", "patched", "verified_fixed"] for key in ("BUG-2", "BUG-3")}
    assert [len(f.reports) for f in facts] == [2, 0]

"""The orchestrator killed between two steps (or inside one) and started again with the same run id: the
run finishes as an uninterrupted one would, with no report, attempt or ledger row lost or doubled."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from loop_driver import drive, ledger_rows, offline_config

from flows.assembly import open_run
from loop.run.record import RunRecord

pytestmark = pytest.mark.slow

ROOT = Path(__file__).parents[2]


@pytest.mark.parametrize("point", ["ledger-lags-critic-1", "mid-repair-1", "after-verify-2"])
def test_a_run_killed_at_any_step_resumes_with_nothing_lost_or_doubled(tmp_path: Path, point: str):
    run_id = f"castle-{point}"
    env = {**os.environ, "CLOSED_LOOP_RUNS": str(tmp_path)}
    script = f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); import loop_driver; "
    script += "loop_driver.run_and_die_at(sys.argv[1], sys.argv[2])"
    child = subprocess.run(
        [sys.executable, "-c", script, run_id, point], env=env, cwd=ROOT, capture_output=True, timeout=600
    )
    assert child.returncode == -9, child.stderr.decode()[-2000:]  # it died where it was told to

    resumed = open_run(offline_config(), run_id=run_id, runs_dir=tmp_path)
    drive(resumed)

    record = RunRecord.load(tmp_path / run_id / "run.json")
    assert record.status == "finished", record.stop_reason
    assert len(record.sessions) == 2
    first, second = record.sessions
    assert sorted(first.matches[fp] for fp in first.new_bugs) == ["BUG-2", "BUG-3"]
    assert [a.outcome for a in first.attempts] == ["patched"]
    assert sorted(v.verdict for v in second.verifications) == ["verified_fixed", "verified_fixed"]
    assert second.new_bugs == []
    for bug in record.bugs.values():
        assert [e.to_status for e in bug.history] == ["open", "patched", "verified_fixed"]
    # one kept commit on top of the base: a resumed repair did not apply the fix twice
    assert record.head_commit != record.base_commit

    rows = ledger_rows(run_id)
    assert rows["runs"] == [(run_id, "benchmark")]
    assert [number for number, _ in rows["sessions"]] == [1, 2]
    assert rows["bugs"] == [("BUG-2", "verified_fixed"), ("BUG-3", "verified_fixed")]
    assert rows["bug_events"] == [
        (key, session, status)
        for key in ("BUG-2", "BUG-3")
        for session, status in ((1, "open"), (1, "patched"), (2, "verified_fixed"))
    ]
    assert sorted(gt for number, _, gt in rows["reports"] if number == 1) == ["BUG-2", "BUG-3"]
    assert [r for r in rows["reports"] if r[0] == 2] == []
    assert rows["attempts"] == [(1, "gold", "patched")]
    assert rows["verifications"] == [("BUG-2", 2), ("BUG-3", 2)]

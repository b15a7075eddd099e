"""One process per run. Two `closed-loop run --run-id X` resuming one killed run had both run to the end (the
last writer won run.json, a verified fix was in the ledger and not in run.json), and the second had removed
the first's live git locks as stale. Now the second is refused with the holder's pid while the first runs on
to the end; a holder killed with SIGKILL leaves nothing that keeps the next process out."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from loop_driver import offline_config

from flows.assembly import open_run
from loop.run.record import RunRecord
from loop.run.run_lock import LOCK_FILE, RunBusy

pytestmark = pytest.mark.slow

ROOT = Path(__file__).parents[2]
CLOSED_LOOP = str(Path(sys.executable).with_name("closed-loop"))

# A process that opens the run as every entry point does (open_run takes the lock), says so, and waits for a
# line on stdin before it drives the run to the end.
HOLDER = """
import sys
sys.path.insert(0, sys.argv[2])
import loop_driver
run = loop_driver.open_run(loop_driver.offline_config(max_rounds=1, steps=200), run_id=sys.argv[1])
print("holding", flush=True)
sys.stdin.readline()
with run:
    loop_driver.drive(run)
"""


def start_holder(run_id: str, env: dict[str, str]) -> subprocess.Popen[str]:
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, run_id, str(Path(__file__).parent)],
        env=env,
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    assert holder.stdout is not None and holder.stdout.readline() == "holding\n", (
        "the holder never opened the run"
    )
    return holder


def closed_loop_run(run_id: str, env: dict[str, str], cwd: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [CLOSED_LOOP, "run", "--run-id", run_id],
        env=env,
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_a_second_process_on_a_held_run_is_refused_and_the_first_finishes(tmp_path: Path):
    run_id = "castle-held"
    env = {**os.environ, "CLOSED_LOOP_RUNS": str(tmp_path)}
    holder = start_holder(run_id, env)
    try:
        run_json = tmp_path / run_id / "run.json"
        before = run_json.read_bytes()
        # a lock a git command of the holder holds right now (stands in for its index.lock mid-commit)
        live_git_lock = tmp_path / run_id / "workspace" / "repo" / ".git" / "closed-loop-test.lock"
        live_git_lock.write_text("held by a running git")

        second = closed_loop_run(run_id, env, tmp_path)
        out, err = second.communicate(timeout=600)

        assert second.returncode == 2, out[-2000:] + err[-2000:]
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("closed-loop: error: run castle-held"), err
        assert f"pid {holder.pid}" in lines[0]
        # the flow's way in (resume, the nightly's games) is refused the same way
        with pytest.raises(RunBusy, match=f"pid {holder.pid}"):
            open_run(offline_config(), run_id=run_id, runs_dir=tmp_path)
        assert live_git_lock.is_file()  # nobody took the holder's git locks for stale ones
        assert run_json.read_bytes() == before

        live_git_lock.unlink()
        holder.communicate("go\n", timeout=900)
        assert holder.returncode == 0
    finally:
        if holder.poll() is None:
            os.killpg(holder.pid, signal.SIGKILL)
            holder.wait(timeout=30)
    record = RunRecord.load(run_json)
    assert record.status == "finished", record.stop_reason
    assert [s.number for s in record.sessions] == [1]  # its one round, run once, by the one holder


def test_a_run_whose_holder_was_killed_is_taken_over_by_the_next_process(tmp_path: Path):
    run_id = "castle-orphaned"
    env = {**os.environ, "CLOSED_LOOP_RUNS": str(tmp_path)}
    holder = start_holder(run_id, env)
    os.killpg(holder.pid, signal.SIGKILL)
    holder.wait(timeout=30)
    run_dir = tmp_path / run_id
    assert json.loads((run_dir / LOCK_FILE).read_text())["pid"] == holder.pid  # the dead holder's name stays
    stale = run_dir / "workspace" / "repo" / ".git" / "index.lock"  # what a git killed with it leaves
    stale.write_text("")

    second = closed_loop_run(run_id, env, tmp_path)
    out, err = second.communicate(timeout=900)

    assert second.returncode == 0, out[-2000:] + err[-2000:]
    assert RunRecord.load(run_dir / "run.json").status == "finished"
    assert json.loads((run_dir / LOCK_FILE).read_text())["pid"] == second.pid  # it held the run
    assert not stale.exists()  # removed under the run's lock, by the process that owns the run now

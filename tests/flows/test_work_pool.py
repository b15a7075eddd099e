"""The same flow on a Prefect worker: a process work pool, `prefect deploy --all` from prefect.yaml."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from loop.run.record import RunRecord

pytestmark = pytest.mark.slow
BIN = Path(sys.executable).parent
ROOT = Path(__file__).resolve().parents[2]


def prefect(env: dict, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    done = subprocess.run(
        [BIN / "prefect", *args], env=env, cwd=ROOT, capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, f"prefect {' '.join(args)}:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
    return done


def test_a_process_worker_runs_the_castle_loop(local_prefect, tmp_path: Path):
    env = {**local_prefect, "CLOSED_LOOP_HOME": str(ROOT)}
    prefect(env, "work-pool", "create", "closed-loop-process", "--type", "process")
    prefect(env, "--no-prompt", "deploy", "--all")
    with (tmp_path / "worker.log").open("wb") as log:
        worker = subprocess.Popen(
            [BIN / "prefect", "worker", "start", "--pool", "closed-loop-process", "--limit", "1"],
            env=env,
            cwd=tmp_path,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        prefect(
            env,
            "deployment",
            "run",
            "closed-loop/castle-pool",
            "--watch",
            "--param",
            "backend=process",
            "--param",
            "max_rounds=1",
            timeout=900,
        )
        # the nightly on the same worker: its games' loops are subflow runs inside its own flow run
        nightly = ["--param", 'games=["crawl"]', "--param", "night=20261201", "--param", "backend=process"]
        nightly += ["--param", "max_rounds=1", "--param", "qa_agent=explorer", "--param", "repair_agent=gold"]
        pool_nightly = "closed-loop-nightly/nightly-pool"
        prefect(env, "deployment", "run", pool_nightly, "--watch", *nightly, timeout=900)
    finally:
        os.killpg(worker.pid, signal.SIGKILL)  # a worker ignores a single SIGTERM
        worker.wait(timeout=30)
    (run_dir,) = [p for p in (tmp_path / "runs").glob("castle-*") if (p / "run.json").is_file()]
    record = RunRecord.load(run_dir / "run.json")
    assert record.status == "finished" and record.stop_reason == "max rounds (1) reached"
    assert record.sessions[0].metrics.discovered == 2
    crawl = RunRecord.load(tmp_path / "runs" / "crawl-nightly-20261201" / "run.json")
    assert crawl.status == "finished"
    assert "Worker" in (tmp_path / "worker.log").read_text()

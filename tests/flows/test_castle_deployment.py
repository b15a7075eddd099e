"""`prefect deployment run closed-loop/castle` against a real local Prefect server and serve process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from loop.run.record import RunRecord

pytestmark = pytest.mark.slow
BIN = Path(sys.executable).parent


def test_deployment_run_castle_ends_with_two_of_three_found_and_fixed(local_prefect, tmp_path: Path):
    env = local_prefect
    status = subprocess.run(
        [BIN / "closed-loop", "status"], env=env, capture_output=True, text=True, timeout=60
    )
    assert status.returncode == 0, status.stdout
    assert json.loads(status.stdout)["castle_deployment_ready"] is True

    run = subprocess.run(
        [BIN / "prefect", "deployment", "run", "closed-loop/castle", "--watch", "--param", "steps=600"],
        env=env,
        capture_output=True,
        text=True,
        timeout=1500,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "Completed" in run.stdout

    (run_dir,) = [p for p in (tmp_path / "runs").iterdir() if (p / "run.json").is_file()]
    record = RunRecord.load(run_dir / "run.json")
    assert record.config.qa_agent == "explorer" and record.config.repair_agent == "gold"
    assert record.status == "finished" and "nothing new" in record.stop_reason
    final = record.sessions[-1].metrics
    assert (final.discovered, final.fixed_verified, final.ground_truth_total) == (2, 2, 3)
    assert "BUG-1" not in {bug.ground_truth_id for bug in record.bugs.values()}
    report = (run_dir / "report.md").read_text()
    assert "2/3" in report

    inspect = subprocess.run(
        [BIN / "prefect", "deployment", "inspect", "closed-loop-nightly/nightly"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert inspect.returncode == 0, inspect.stdout + inspect.stderr
    assert "0 2 * * *" in inspect.stdout

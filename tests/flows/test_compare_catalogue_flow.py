"""`compare-repair-agents/catalogue` as a Prefect flow, in process and as a deployment run on a real local
server: gold resolves every CASTLE task (both report flavours), noop none, each attempt is a task run of its
own, and the leaderboard is written beside the results."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from prefect import get_client
from prefect.testing.utilities import prefect_test_harness

from flows.compare_catalogue import compare_catalogue

pytestmark = pytest.mark.slow
BIN = Path(sys.executable).parent


TASKS = 5  # CASTLE's three bugs as players report them, and the two its frozen explorer session found


def test_the_flow_validates_gold_and_scores_noop_on_castle(tmp_path: Path):
    with prefect_test_harness(server_startup_timeout=120):
        markdown = Path(compare_catalogue(games=["castle"], agents=["gold", "noop"], out=str(tmp_path / "c")))
        with get_client(sync_client=True) as client:
            task_runs = {run.name for run in client.read_task_runs()}

    board = json.loads(markdown.with_name("leaderboard.json").read_text())
    assert board["tasks"] == TASKS and board["broken"] == []
    assert {row["agent"]: (row["resolved"], row["attempts"]) for row in board["agents"]} == {
        "gold": (TASKS, TASKS),
        "noop": (0, TASKS),
    }
    assert f"| gold | - | {TASKS}/{TASKS} | 100.0 |" in markdown.read_text()
    attempts = {name for name in task_runs if name.startswith("attempt ")}
    assert len(attempts) == 2 * TASKS
    assert {"attempt gold castle/BUG-1 #1", "attempt noop castle/BUG-2/qa-report #1"} <= attempts


def test_prefect_deployment_run_compare_catalogue_on_a_local_server(local_prefect, tmp_path: Path):
    deployment = "compare-repair-agents/catalogue"
    command = ["deployment", "run", deployment, "--watch", "--param", 'games=["castle"]']
    run = subprocess.run(
        [BIN / "prefect", *command], env=local_prefect, capture_output=True, text=True, timeout=900
    )

    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "Completed" in run.stdout
    (folder,) = (tmp_path / "runs").glob("compare-catalogue-*")
    leaderboard = (folder / "leaderboard.md").read_text()
    assert f"| gold | - | {TASKS}/{TASKS} | 100.0 |" in leaderboard
    assert f"| noop | - | 0/{TASKS} | 0.0 |" in leaderboard

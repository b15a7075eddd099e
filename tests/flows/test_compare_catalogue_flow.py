"""`compare-repair-agents/catalogue` as a Prefect flow, in process and as a deployment run on a real local
server: gold resolves every CASTLE task, noop none, and the leaderboard is written beside the results."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from prefect.testing.utilities import prefect_test_harness

from flows.compare_catalogue import compare_catalogue

pytestmark = pytest.mark.slow
BIN = Path(sys.executable).parent


def test_the_flow_validates_gold_and_scores_noop_on_castle(tmp_path: Path):
    with prefect_test_harness(server_startup_timeout=120):
        markdown = Path(compare_catalogue(games=["castle"], agents=["gold", "noop"], out=str(tmp_path / "c")))

    board = json.loads(markdown.with_name("leaderboard.json").read_text())
    assert board["tasks"] == 3 and board["broken"] == []
    assert {row["agent"]: (row["resolved"], row["attempts"]) for row in board["agents"]} == {
        "gold": (3, 3),
        "noop": (0, 3),
    }
    assert "| gold | - | 3/3 | 100.0 |" in markdown.read_text()


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
    assert "| gold | - | 3/3 | 100.0 |" in leaderboard and "| noop | - | 0/3 | 0.0 |" in leaderboard

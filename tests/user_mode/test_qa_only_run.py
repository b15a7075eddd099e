"""With no model configured, a loop on a user's game is a QA run and says so: the notice at the start, "QA
only" in the report, no empty fixes branch or pull-request text; asking for a model-backed repair agent is one
error line before anything starts."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import git
import pytest

SPLINTER = Path(__file__).resolve().parents[1] / "fixtures" / "games" / "splinter"
MODEL_VARIABLES = ("ANTHROPIC_API_KEY", "OPENAI_API_KEY", "CLOSED_LOOP_MODEL", "CLOSED_LOOP_COMPAT_BASE_URL")


def closed_loop(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in MODEL_VARIABLES and not k.startswith("CLOSED_LOOP_MODEL")
    }
    env |= {"CLOSED_LOOP_RUNS": str(tmp_path / "runs"), "CLOSED_LOOP_DATA": str(tmp_path / "data")}
    return subprocess.run(
        [sys.executable, "-m", "flows.cli", *args], env=env, capture_output=True, text=True, timeout=600,
        cwd=Path(__file__).resolve().parents[2],
    )  # fmt: skip


@pytest.mark.slow
def test_a_run_without_a_model_is_a_qa_run_and_says_so(tmp_path: Path):
    done = closed_loop(tmp_path, "run", str(SPLINTER), "--max-rounds", "1", "--backend", "process")
    assert done.returncode == 0, done.stderr[-2000:]
    said = done.stdout + done.stderr
    assert said.count("this run is QA only") == 1
    (run_dir,) = (tmp_path / "runs").iterdir()
    report = (run_dir / "report.md").read_text()
    assert "QA only" in report
    assert "empty patch" not in report and "0 patched" not in report  # nothing was attempted, so none failed
    assert not (run_dir / "pull-request.md").exists()
    repo = git.Repo(json.loads((run_dir / "run.json").read_text())["repo_dir"])
    branches = [head.name for head in repo.heads]
    assert branches and not any(name.endswith("/fixes") for name in branches)


@pytest.mark.parametrize("agent", ["builtin", "claude-code"])
def test_a_repair_agent_that_needs_a_model_is_one_error_line_without_one(tmp_path: Path, agent: str):
    done = closed_loop(tmp_path, "run", str(SPLINTER), "--repair-agent", agent, "--backend", "process")
    assert done.returncode == 2
    assert done.stderr.startswith(f"closed-loop: error: the {agent} repair agent needs a model")
    assert len(done.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "runs").exists() or not any((tmp_path / "runs").iterdir())

"""`closed-loop qa castle --agent llm --mode player|qa`: a real game process, the fake model over HTTP."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from loop.llm.fake_server import FakeLLMServer

from .castle_model import DROPPED_TITLE, CastleModel, planner_requests
from .test_intake import run_cli

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("mode", ["player", "qa"])
def test_qa_command_with_the_llm_agent_writes_reports_counts_and_memory(
    fake_llm: FakeLLMServer, tmp_path, mode
):
    fake_llm.responder = CastleModel(["take matches", "north", "drop matches", "look"])
    out = tmp_path / "session"

    done = run_cli(
        fake_llm, "qa", "castle", "--agent", "llm", "--steps", "4", "--mode", mode, "--out", str(out),
        data_dir=tmp_path / "data",
    )  # fmt: skip

    assert done.returncode == 0, done.stderr
    assert f"report 1: {DROPPED_TITLE}" in done.stdout and "qa: model use:" in done.stdout
    reports = json.loads((out / "reports.json").read_text())
    assert [r["repro"] for r in reports] == [["take matches", "drop matches", "look"]]
    saved = json.loads((out / "session.json").read_text())
    assert saved["steps"] == 4 and saved["tokens"] > 0 and saved["counts"]["requests"] > 8
    memory = json.loads((tmp_path / "data" / "llm_qa" / "castle.json").read_text())
    assert [b["status"] for b in memory["bugs"]] == ["open"]
    system = planner_requests(fake_llm.model_requests())[0].body["messages"][0]["content"]
    assert ("CASTLE: design" in system) == (mode == "qa")


def test_qa_command_with_the_llm_agent_and_no_model_is_a_one_line_error(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CLOSED_LOOP_", "OPENAI_", "ANTHROPIC_"))}
    done = subprocess.run(
        [sys.executable, "-m", "flows.cli", "qa", "castle", "--agent", "llm", "--out", str(tmp_path / "x")],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "needs a model" in done.stderr


def test_the_explorer_plays_qa_mode_from_the_cli(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "flows.cli", "qa", "castle", "--agent", "explorer", "--mode", "qa"]
        + ["--steps", "60", "--out", str(tmp_path / "qa")],
        capture_output=True,
        text=True,
        timeout=120,
        env=dict(os.environ),
    )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "qa" / "session.json").is_file()

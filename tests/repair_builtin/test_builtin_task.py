"""The built-in agent is briefed like the CLI agents: how to start and test the game, the gate, and why an
earlier patch of a reopened bug did not fix it."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from builtin_fixtures import agent_for, scratch_report, workspace_for

from loop.contract.game import Manifest
from loop.llm.fake_server import FakeLLMServer
from loop.llm.fake_wire import reply, tool_call
from repair_agents.base import RepairBudget

WHY = "the replay still showed 'Helo, a' after the patch"


def test_builtin_first_request_carries_the_test_command_the_gate_and_why_the_last_patch_failed(
    fake_llm: FakeLLMServer, scratch_tree: Path, tmp_path: Path
):
    fake_llm.queue(reply("", [tool_call("finish", summary="nothing yet")]))
    manifest = Manifest(
        name="scratch",
        title="Scratch",
        genre="text adventure",
        start_command=["python", "-m", "scratch.server"],
        test_command=["python", "-m", "pytest", "-q", "tests"],
        walkthrough="walkthrough.md",
    )
    workspace = dataclasses.replace(workspace_for(scratch_tree, tmp_path / "attempt"), manifest=manifest)
    reopened = scratch_report().model_copy(update={"reopened_because": WHY})

    agent_for(fake_llm).repair(workspace, [reopened], RepairBudget(max_turns=2))

    first = json.dumps(fake_llm.model_requests()[0].body["messages"])
    assert "python -m pytest -q tests" in first
    assert "python -m scratch.server" in first
    assert "walkthrough.md" in first and "Gate" in first
    assert WHY in first

"""The built-in agent stops on its turn, token, cost and wall-time budgets, and says which one it hit."""

from __future__ import annotations

from pathlib import Path

from builtin_fixtures import agent_for, scratch_report, workspace_for

from loop.llm.fake_server import FakeLLMServer
from loop.llm.fake_wire import reply, tool_call
from loop.repair.protocol import Outcome, RepairBudget
from repair_agents.coding.transcript import read_transcript


def keeps_reading(**usage: int):
    return reply("still reading", [tool_call("read_file", path="greet.py")], **usage)


def model_calls(attempt) -> list[dict]:
    return [e for e in read_transcript(Path(attempt.transcript)) if e["event"] == "model_call"]


def test_builtin_stops_after_its_turn_budget(fake_llm: FakeLLMServer, scratch_tree: Path, tmp_path: Path):
    fake_llm.default = keeps_reading()
    agent = agent_for(fake_llm)
    attempt = agent.repair(
        workspace_for(scratch_tree, tmp_path / "attempt"), [scratch_report()], RepairBudget(max_turns=3)
    )

    assert len(fake_llm.model_requests()) == 3
    assert attempt.outcome is None  # the pipeline judges what was left: here nothing, an empty patch
    assert attempt.detail == "stopped: turn budget spent: 3 of 3 model calls"
    assert len(model_calls(attempt)) == 3
    assert read_transcript(Path(attempt.transcript or ""))[-1]["event"] == "end"


def test_builtin_own_turn_cap_applies_when_the_budget_sets_none(
    fake_llm: FakeLLMServer, scratch_tree: Path, tmp_path: Path
):
    fake_llm.default = keeps_reading()
    agent = agent_for(fake_llm)
    agent.limits = RepairBudget(max_turns=2)
    agent.repair(workspace_for(scratch_tree, tmp_path / "attempt"), [scratch_report()], RepairBudget())
    assert len(fake_llm.model_requests()) == 2


def test_builtin_stops_when_its_token_budget_is_spent(
    fake_llm: FakeLLMServer, scratch_tree: Path, tmp_path: Path
):
    fake_llm.default = keeps_reading(input_tokens=400, output_tokens=100)
    agent = agent_for(fake_llm)
    budget = RepairBudget(max_tokens=1000, max_turns=20)
    attempt = agent.repair(workspace_for(scratch_tree, tmp_path / "attempt"), [scratch_report()], budget)

    assert len(fake_llm.model_requests()) == 2
    assert (attempt.tokens_in, attempt.tokens_out) == (800, 200)
    assert attempt.detail.startswith("stopped: token budget spent: 1000 of 1000")
    assert [(e["input_tokens"], e["output_tokens"]) for e in model_calls(attempt)] == [(400, 100)] * 2


def test_builtin_stops_when_its_cost_budget_is_spent(
    fake_llm: FakeLLMServer, scratch_tree: Path, tmp_path: Path
):
    # gpt-4.1-mini: $0.40 per million input tokens, so each call costs $0.04 by the price table.
    fake_llm.default = keeps_reading(input_tokens=100_000, output_tokens=0)
    agent = agent_for(fake_llm)
    budget = RepairBudget(max_cost_usd=0.1, max_turns=20)
    attempt = agent.repair(workspace_for(scratch_tree, tmp_path / "attempt"), [scratch_report()], budget)

    assert len(fake_llm.model_requests()) == 3
    assert attempt.cost_usd == 0.12
    assert attempt.detail.startswith("stopped: cost budget spent")


def test_builtin_stops_on_its_wall_time_before_the_pipeline_must(
    fake_llm: FakeLLMServer, scratch_tree: Path, tmp_path: Path
):
    fake_llm.default = reply("", [tool_call("run", command="sleep 60", timeout_s=120)])
    agent = agent_for(fake_llm)
    budget = RepairBudget(wall_seconds=4, max_turns=20)
    attempt = agent.repair(workspace_for(scratch_tree, tmp_path / "attempt"), [scratch_report()], budget)

    assert attempt.outcome == Outcome.AGENT_TIMEOUT
    assert "wall-clock budget spent" in attempt.detail
    runs = [e for e in read_transcript(Path(attempt.transcript or "")) if e["event"] == "tool_call"]
    assert runs and runs[0]["output"].startswith("[timed out after")

"""The built-in agent stops on its turn, token, cost and wall-time budgets, and says which one it hit."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from builtin_fixtures import agent_for, scratch_report, workspace_for

from loop.llm.fake_server import FakeLLMServer
from loop.llm.fake_wire import ScriptedReply, reply, tool_call
from loop.repair.protocol import Attempt, Outcome, RepairBudget
from repair_agents.coding.transcript import read_transcript

RepairScratch = Callable[..., Attempt]


@pytest.fixture
def repair_scratch(fake_llm: FakeLLMServer, scratch_tree: Path, tmp_path: Path) -> RepairScratch:
    """The built-in agent's attempt on the scratch tree, its model giving `answer` to every call."""

    def repair(answer: ScriptedReply, budget: RepairBudget, limits: RepairBudget | None = None) -> Attempt:
        fake_llm.default = answer
        agent = agent_for(fake_llm)
        if limits is not None:
            agent.limits = limits
        return agent.repair(workspace_for(scratch_tree, tmp_path / "attempt"), [scratch_report()], budget)

    return repair


def keeps_reading(**usage: int):
    return reply("still reading", [tool_call("read_file", path="greet.py")], **usage)


def model_calls(attempt) -> list[dict]:
    return [e for e in read_transcript(Path(attempt.transcript)) if e["event"] == "model_call"]


def test_builtin_stops_after_its_turn_budget(repair_scratch: RepairScratch, fake_llm: FakeLLMServer):
    attempt = repair_scratch(keeps_reading(), RepairBudget(max_turns=3))

    assert len(fake_llm.model_requests()) == 3
    assert attempt.outcome is None  # the pipeline judges what was left: here nothing, an empty patch
    assert attempt.detail == "stopped: turn budget spent: 3 of 3 model calls"
    assert len(model_calls(attempt)) == 3
    assert read_transcript(Path(attempt.transcript or ""))[-1]["event"] == "end"


def test_builtin_own_turn_cap_applies_when_the_budget_sets_none(
    repair_scratch: RepairScratch, fake_llm: FakeLLMServer
):
    repair_scratch(keeps_reading(), RepairBudget(), limits=RepairBudget(max_turns=2))
    assert len(fake_llm.model_requests()) == 2


def test_builtin_stops_when_its_token_budget_is_spent(repair_scratch: RepairScratch, fake_llm: FakeLLMServer):
    answer = keeps_reading(input_tokens=400, output_tokens=100)
    attempt = repair_scratch(answer, RepairBudget(max_tokens=1000, max_turns=20))

    assert len(fake_llm.model_requests()) == 2
    assert (attempt.tokens_in, attempt.tokens_out) == (800, 200)
    assert attempt.detail.startswith("stopped: token budget spent: 1000 of 1000")
    assert [(e["input_tokens"], e["output_tokens"]) for e in model_calls(attempt)] == [(400, 100)] * 2


def test_builtin_stops_when_its_cost_budget_is_spent(repair_scratch: RepairScratch, fake_llm: FakeLLMServer):
    # gpt-4.1-mini: $0.40 per million input tokens, so each call costs $0.04 by the price table.
    answer = keeps_reading(input_tokens=100_000, output_tokens=0)
    attempt = repair_scratch(answer, RepairBudget(max_cost_usd=0.1, max_turns=20))

    assert len(fake_llm.model_requests()) == 3
    assert attempt.cost_usd == 0.12
    assert attempt.detail.startswith("stopped: cost budget spent")


def test_builtin_stops_on_its_wall_time_before_the_pipeline_must(repair_scratch: RepairScratch):
    answer = reply("", [tool_call("run", command="sleep 60", timeout_s=120)])
    attempt = repair_scratch(answer, RepairBudget(wall_seconds=4, max_turns=20))

    assert attempt.outcome == Outcome.AGENT_TIMEOUT
    assert "wall-clock budget spent" in attempt.detail
    runs = [e for e in read_transcript(Path(attempt.transcript or "")) if e["event"] == "tool_call"]
    assert runs and runs[0]["output"].startswith("[timed out after")

"""A model endpoint that refuses every call ends each tool's attempt as `infrastructure_failure`, quickly
(retries bounded by the LLM configuration where the tool lets us say), and leaves the branch where it was."""

from __future__ import annotations

import pytest
from castle_bug2 import bug2_report

from loop.contract.game import Game
from loop.llm.fake_server import FakeLLMServer
from loop.llm.fake_wire import error
from loop.repair.agents import AgentContext, create_agent
from loop.repair.pipeline import RepairRound
from loop.repair.protocol import Outcome, RepairBudget

pytestmark = pytest.mark.slow


@pytest.mark.parametrize(
    ("agent_name", "model"),
    [
        ("claude-code", "claude-sonnet-4-6"),
        ("codex", "gpt-4.1-mini"),
        ("mini-swe-agent", "gpt-4.1-mini"),
        ("aider", "gpt-4.1-mini"),
    ],
)
def test_a_refusing_endpoint_is_an_infrastructure_failure(
    agent_name: str,
    model: str,
    castle: Game,
    castle_round: RepairRound,
    fake_llm: FakeLLMServer,
    monkeypatch: pytest.MonkeyPatch,
):
    fake_llm.default = error(401, "invalid x-api-key")
    for provider in ("OPENAI", "ANTHROPIC"):
        monkeypatch.setenv(f"{provider}_API_KEY", "sk-revoked")
    monkeypatch.setenv("OPENAI_BASE_URL", fake_llm.openai_base_url)
    monkeypatch.setenv("ANTHROPIC_BASE_URL", fake_llm.anthropic_base_url)
    base = castle_round.head
    agent = create_agent(agent_name, AgentContext(options={"model": model}))

    attempt = castle_round.attempt(agent, [bug2_report()], RepairBudget(wall_seconds=150))

    assert attempt.outcome == Outcome.INFRASTRUCTURE_FAILURE, (attempt.detail, attempt.agent_note)
    assert attempt.commit is None and castle_round.head == base
    assert fake_llm.model_requests(), "the tool never called the fake"
    assert attempt.tokens_in == 0 and attempt.cost_usd == 0.0

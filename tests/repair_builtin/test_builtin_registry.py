"""`builtin` is a registered repair agent whose model comes from the environment or its options."""

from __future__ import annotations

import pickle

import pytest

from loop.repair.agents import AgentContext, UnknownAgent, agent_names, create_agent
from repair_agents.builtin import BuiltinAgent


def test_builtin_is_registered():
    assert "builtin" in agent_names()


def test_builtin_takes_its_model_from_the_options(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-0123456789")
    monkeypatch.setenv("CLOSED_LOOP_MODEL", "openai:gpt-4.1-mini")
    context = AgentContext(options={"model": "anthropic:claude-haiku-4-5", "sandbox": "bubblewrap"})
    agent = create_agent("builtin", context)

    assert isinstance(agent, BuiltinAgent) and agent.sandbox == "bubblewrap"
    assert str(agent.config.spec_for("repair")) == "anthropic:claude-haiku-4-5"
    copy = pickle.loads(pickle.dumps(agent))  # the pipeline's worker gets it this way
    assert copy.config.anthropic_api_key.get_secret_value() == "sk-ant-test-0123456789"


def test_builtin_takes_its_model_from_the_loops_models_by_role(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-0123456789")
    context = AgentContext(options={"planner": "openai:gpt-4.1-mini", "repair": "openai:gpt-5"})
    assert str(create_agent("builtin", context).config.spec_for("repair")) == "openai:gpt-5"


def test_builtin_takes_its_model_from_the_environment(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-0123456789")
    monkeypatch.setenv("CLOSED_LOOP_MODEL_REPAIR", "openai:gpt-4.1")
    agent = create_agent("builtin")
    assert str(agent.config.spec_for("repair")) == "openai:gpt-4.1"


def test_builtin_without_a_model_is_a_user_error():
    with pytest.raises(UnknownAgent, match="needs a model"):
        create_agent("builtin")


def test_builtin_with_an_unknown_sandbox_is_a_user_error(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-0123456789")
    with pytest.raises(UnknownAgent, match="sandbox must be one of auto, docker, bubblewrap"):
        create_agent("builtin", AgentContext(options={"sandbox": "chroot"}))


def test_builtin_options_cap_what_the_pipeline_budget_leaves_open(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-0123456789")
    agent = create_agent("builtin", AgentContext(options={"max_turns": "7", "max_cost_usd": "0.5"}))
    assert agent.limits is not None and (agent.limits.max_turns, agent.limits.max_cost_usd) == (7, 0.5)
    with pytest.raises(UnknownAgent, match="limits"):
        create_agent("builtin", AgentContext(options={"max_turns": "many"}))

"""The settings `closed-loop model up` prints (a `compat` model) point every coding-agent CLI at the local
server, each through the API it speaks, and the user's reply bound reaches the tools that take one."""

from __future__ import annotations

from pathlib import Path

import pytest

from loop.repair.agents import AgentContext, UnknownAgent
from repair_agents.cli_agent import endpoint_for
from repair_agents.mini_swe_agent import MiniSweAgent

LOCAL = {
    "CLOSED_LOOP_MODEL": "compat:gemma-3-270m",
    "CLOSED_LOOP_COMPAT_BASE_URL": "http://127.0.0.1:18181/v1",
    "CLOSED_LOOP_LLM_CONTEXT_TOKENS": "8192",
}


@pytest.fixture(autouse=True)
def _no_user_server(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("COMPAT_BASE_URL", "COMPAT_API_KEY", "LLM_MAX_OUTPUT_TOKENS"):
        monkeypatch.delenv(f"CLOSED_LOOP_{name}", raising=False)


@pytest.fixture
def model_up(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in LOCAL.items():
        monkeypatch.setenv(name, value)


def test_a_compat_model_serves_the_anthropic_and_the_openai_tools(model_up):
    anthropic, openai = endpoint_for(AgentContext(), "anthropic"), endpoint_for(AgentContext(), "openai")

    assert anthropic.base_url == "http://127.0.0.1:18181"  # the SDKs add /v1/messages themselves
    assert openai.base_url == "http://127.0.0.1:18181/v1"
    assert anthropic.model == openai.model == "gemma-3-270m"
    assert anthropic.api_key.get_secret_value()  # a key of some kind: the tools refuse to start without
    assert anthropic.max_output_tokens is None  # no bound unless the user sets one


def test_the_users_key_and_reply_bound_go_to_the_tools(model_up, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("CLOSED_LOOP_COMPAT_API_KEY", "sk-local-secret")
    monkeypatch.setenv("CLOSED_LOOP_LLM_MAX_OUTPUT_TOKENS", "256")

    endpoint = endpoint_for(AgentContext({"model": "other"}), "openai")

    assert endpoint.api_key.get_secret_value() == "sk-local-secret" and endpoint.model == "other"
    assert endpoint.max_output_tokens == 256
    argv = MiniSweAgent(Path("/opt/mini"), endpoint, 2).argv("/tmp/traj.json", endpoint.base_url, "task")
    assert "model.model_kwargs.max_tokens=256" in argv


def test_without_a_compat_server_an_anthropic_tool_still_asks_for_its_key(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("CLOSED_LOOP_MODEL", "compat:gemma-3-270m")  # no base URL: nothing to reach

    with pytest.raises(UnknownAgent, match="ANTHROPIC_API_KEY"):
        endpoint_for(AgentContext(), "anthropic")

"""`compare-repair-agents` with the built-in agent and every coding-agent CLI against one real llama.cpp
server (Gemma 3 270M) on the same frozen CASTLE reports, as a user who ran `closed-loop model up` would:
Claude Code through `/v1/messages`, Codex through `/v1/responses`, Aider and mini-swe-agent through chat
completions, the built-in agent through the compat provider. Every attempt reaches the server and ends with
an outcome; the comparison report renders. Nothing here is a capability of the model.

The context is 4,096 tokens (what 2 busy cores afford: a prompt is read at about 90 tokens/s). Two tools
cannot work with that: Aider's prompt (its repo map and the files it is given) is about 12,600 tokens, and
Codex's about 5,000 (and Codex cannot bound a reply, which a base model never ends by itself). The server
refuses their requests, and their attempts end with the server's own reason.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from prefect.testing.utilities import prefect_test_harness

from flows.compare_repair_agents import compare_repair_agents
from flows.local_model import served_completions
from loop.repair.protocol import Outcome
from loop.run.agent_comparison import ComparisonRecord

from .conftest import USER_MODEL_SETTINGS, LocalModel

pytestmark = pytest.mark.slow

MODEL_UP_OPTIONS = ("--ctx", "4096")
AGENTS = ["builtin", "claude-code", "codex", "aider", "mini-swe-agent"]
OPTIONS = {
    "builtin": {"max_turns": "3"},
    "claude-code": {"max_turns": "2"},
    "mini-swe-agent": {"max_turns": "2"},
}
REFUSED = "exceeds the available context size"  # llama-server's words for a prompt past its context


@pytest.fixture(scope="module")
def prefect_api():
    with prefect_test_harness(server_startup_timeout=120):
        yield


def test_every_repair_agent_reaches_the_local_model_and_ends_with_an_outcome(
    local_model: LocalModel, prefect_api, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    for name in [n for n in os.environ if n.startswith(USER_MODEL_SETTINGS) and "_DATA" not in n]:
        monkeypatch.delenv(name)
    for name, value in local_model.exports.items():  # what `eval "$(closed-loop model up)"` sets
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("CLOSED_LOOP_RUNS", str(tmp_path))
    calls_before = len(served_completions(local_model.log_file.read_text()))

    markdown = Path(
        compare_repair_agents(
            game="castle",
            agents=AGENTS,
            backend="process",
            steps=400,
            wall_seconds=480,  # far above what they take (about 1-3 min each): a timeout would be a hang
            agent_options=OPTIONS,
        )
    )

    record = ComparisonRecord.load(markdown.with_name("comparison.json"))
    assert record.agents == AGENTS and len(record.bugs) >= 1
    attempts = {agent: record.attempts[agent] for agent in AGENTS}
    outcomes = {agent: [a.outcome for a in tried] for agent, tried in attempts.items()}
    assert all(tried and set(tried) <= set(Outcome) for tried in outcomes.values()), outcomes
    assert Outcome.AGENT_TIMEOUT not in {o for tried in outcomes.values() for o in tried}, outcomes
    for agent in ("builtin", "claude-code", "mini-swe-agent"):  # answered by the server, which counted
        assert sum(a.tokens_in for a in attempts[agent]) > 0, (agent, attempts[agent])
    for agent in ("codex", "aider"):  # refused by the server, in its own words
        assert any(REFUSED in a.detail for a in attempts[agent]), (agent, attempts[agent])
    served = served_completions(local_model.log_file.read_text())[calls_before:]
    assert len(served) >= len(AGENTS)
    verdicts = {(v.agent, v.fingerprint) for v in record.verdicts}
    assert verdicts == {(agent, bug.fingerprint) for agent in AGENTS for bug in record.bugs}
    text = markdown.read_text()
    assert all(agent in text for agent in AGENTS)

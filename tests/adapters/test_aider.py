"""Aider, installed from PyPI into its own venv by the adapter, fixes CASTLE's BUG-2 with SEARCH/REPLACE.

The fake model speaks OpenAI chat completions (whole replies, which carry usage) in Aider's own edit format:
its first answer names castle/world.py, which Aider adds to the chat (--yes-always) and asks again; the second
carries the SEARCH/REPLACE block that Aider applies. The pipeline builds, gates and commits; the probe and a
replay of the report then find the bug gone.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from castle_bug2 import (
    FIXED,
    INDENT,
    LEAKY,
    WORLD,
    assert_bug2_fixed,
    assert_task_is_the_report,
    bug2_report,
    ready_tool,
)

from loop.contract.game import Game
from loop.llm.fake_server import FakeLLMServer, RecordedRequest
from loop.llm.fake_wire import ScriptedReply, reply
from loop.repair.agents import AgentContext, create_agent
from loop.repair.pipeline import RepairRound
from loop.repair.protocol import RepairBudget
from repair_agents import aider

pytestmark = pytest.mark.slow
MODEL = "gpt-4.1-mini"
OTHER_LINE = "The bedside drawer stands open."  # in world.py, in no report: seen once Aider adds the file
EDIT = (
    "The closed drawer's text gives the key away.\n\n"
    f'{WORLD}\n```python\n<<<<<<< SEARCH\n{INDENT}closed_text="{LEAKY}",\n=======\n'
    f'{INDENT}closed_text="{FIXED}",\n>>>>>>> REPLACE\n```\n'
)


def scripted_model():
    def respond(request: RecordedRequest) -> ScriptedReply:
        chat = json.dumps(request.body.get("messages", []))
        if OTHER_LINE not in chat:  # world.py is not in the chat yet: name it, as from the repo map
            answer = f"The drawer's closed text is defined in {WORLD}."
            return reply(answer, input_tokens=2400, output_tokens=20)
        return reply(EDIT, input_tokens=3100, output_tokens=90)

    return respond


def test_aider_fixes_castle_bug_2(
    castle: Game, castle_round: RepairRound, fake_llm: FakeLLMServer, monkeypatch: pytest.MonkeyPatch
):
    ready_tool(aider.TOOL, castle, castle_round)
    fake_llm.responder = scripted_model()
    monkeypatch.setenv("OPENAI_BASE_URL", fake_llm.openai_base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-fake-aider-key")
    monkeypatch.setenv("CLOSED_LOOP_MODEL_REPAIR", f"openai:{MODEL}")
    agent = create_agent("aider", AgentContext())

    attempt = castle_round.attempt(agent, [bug2_report()], RepairBudget(wall_seconds=300))

    # Only the fix: no .gitignore entry, no history or tags cache in the repository.
    assert_bug2_fixed(castle, castle_round, attempt)
    assert attempt.agent_note == f"aider applied 1 edit(s): {WORLD}"
    assert (Path(attempt.attempt_dir) / "aider.chat.history.md").is_file()
    # Tokens read from its output (2.4k + 3.1k sent, 20 + 90 received) and priced with our table.
    # Aider is given the relevant files (world.py among them), so it edits at once: one call
    assert (attempt.tokens_in, attempt.tokens_out) == (3100, 90)
    assert attempt.cost_usd == pytest.approx((3100 * 0.40 + 90 * 1.60) / 1e6)
    calls = fake_llm.model_requests()
    assert len(calls) == 1
    assert all(r.path == "/v1/chat/completions" and not r.stream and r.body["model"] == MODEL for r in calls)
    assert_task_is_the_report(json.dumps(calls[0].body["messages"]))

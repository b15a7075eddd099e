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
from castle_bug2 import FIXED, INDENT, LEAKY, WORLD, Bug2Repair, assert_task_is_the_report

from loop.llm.fake_server import FakeLLMServer, RecordedRequest
from loop.llm.fake_wire import ScriptedReply, reply
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


def test_aider_fixes_castle_bug_2(repair_bug2: Bug2Repair, fake_llm: FakeLLMServer):
    # Only the fix: no .gitignore entry, no history or tags cache in the repository.
    attempt = repair_bug2(
        aider.TOOL,
        "aider",
        scripted_model(),
        api="OPENAI",
        api_key="sk-fake-aider-key",
        env={"CLOSED_LOOP_MODEL_REPAIR": f"openai:{MODEL}"},
        wall_seconds=300,
    )

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

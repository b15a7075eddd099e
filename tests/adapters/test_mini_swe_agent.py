"""mini-swe-agent, installed from PyPI into its own venv by the adapter, fixes CASTLE's BUG-2 with bash.

The fake model speaks OpenAI chat completions with tool calls (litellm): it greps for the leaky text, edits
the line with sed and submits with mini's own end command. The pipeline builds, gates and commits; the probe
and a replay of the report then find the bug gone.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from castle_bug2 import FIXED, LEAKY, WORLD, Bug2Repair, assert_task_is_the_report

from loop.llm.fake_server import FakeLLMServer, RecordedRequest
from loop.llm.fake_wire import ScriptedReply, reply, tool_call
from repair_agents import mini_swe_agent

pytestmark = pytest.mark.slow
MODEL = "gpt-4.1-mini"
SED = f"sed -i 's/{LEAKY.replace('.', '[.]')}/{FIXED}/' {WORLD}"


def scripted_model():
    steps = [
        reply("Find the text.", [tool_call("bash", command="grep -rn 'small key' castle/")]),
        reply("Drop the key from the closed text.", [tool_call("bash", command=SED)]),
        reply("Done.", [tool_call("bash", command="echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT")]),
    ]

    def respond(request: RecordedRequest) -> ScriptedReply:
        done = sum(1 for m in request.body.get("messages", []) if m.get("role") == "tool")
        return steps[min(done, len(steps) - 1)]

    return respond


def test_mini_swe_agent_fixes_castle_bug_2(repair_bug2: Bug2Repair, fake_llm: FakeLLMServer):
    attempt = repair_bug2(
        mini_swe_agent.TOOL,
        "mini-swe-agent",
        scripted_model(),
        api="OPENAI",
        api_key="sk-fake-mini-key",
        options={"model": MODEL, "max_turns": "6"},
    )

    assert attempt.agent_note == "mini Submitted after 3 model call(s)"
    # Tokens from its trajectory, priced with our table, and the trajectory kept in the attempt dir.
    trajectory = json.loads((Path(attempt.attempt_dir) / mini_swe_agent.TRAJECTORY).read_text())
    assert (attempt.tokens_in, attempt.tokens_out) == mini_swe_agent.trajectory_usage(trajectory)
    assert attempt.tokens_in > 0 and attempt.tokens_out > 0
    assert attempt.cost_usd == pytest.approx((attempt.tokens_in * 0.40 + attempt.tokens_out * 1.60) / 1e6)
    calls = fake_llm.model_requests()
    assert len(calls) == 3
    assert all(r.path == "/v1/chat/completions" and r.body["model"] == MODEL for r in calls)
    assert_task_is_the_report(json.dumps(calls[0].body["messages"]))
    # The key went by environment, not argv (the transcript keeps argv).
    assert "sk-fake-mini-key" not in Path(attempt.transcript or "").read_text()

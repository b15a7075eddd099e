"""Claude Code, installed from npm by the adapter, fixes CASTLE's BUG-2 through its own Bash/Read/Edit tools.

The fake model speaks the Anthropic messages stream; it "discovers" the leaky text with grep, reads the file
(Claude Code refuses to edit a file it has not read) and edits it. The pipeline builds, gates and commits;
the benchmark probe and a replay of the report then find the bug gone.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from castle_bug2 import FIXED, LEAKY, WORLD, Bug2Repair, assert_task_is_the_report

from loop.llm.fake_server import FakeLLMServer, RecordedRequest
from loop.llm.fake_wire import ScriptedReply, reply, tool_call
from loop.repair.confinement import SANDBOX_WORKDIR
from repair_agents import claude_code

pytestmark = pytest.mark.slow
MODEL = "claude-sonnet-4-6"


def scripted_model():
    world = f"{SANDBOX_WORKDIR}/{WORLD}"  # the work tree as Claude Code sees it, inside its sandbox
    steps = [
        reply("Looking for the text.", [tool_call("Bash", command="grep -rn 'small key' castle/")]),
        reply("", [tool_call("Read", file_path=world)]),
        reply("", [tool_call("Edit", file_path=world, old_string=LEAKY, new_string=FIXED)]),
        reply("The closed drawer no longer mentions the small key.", input_tokens=900, output_tokens=40),
    ]

    def respond(request: RecordedRequest) -> ScriptedReply:
        if not request.body.get("tools"):
            return reply("ok")  # a side request (none expected with --bare), never a step of the fix
        turn = sum(1 for m in request.body.get("messages", []) if m.get("role") == "assistant")
        return steps[min(turn, len(steps) - 1)]

    return respond


def test_claude_code_fixes_castle_bug_2(repair_bug2: Bug2Repair, fake_llm: FakeLLMServer):
    attempt = repair_bug2(
        claude_code.TOOL,
        "claude-code",
        scripted_model(),
        api="ANTHROPIC",
        api_key="sk-ant-fake-key",
        options={"model": MODEL, "max_turns": "8"},
    )

    assert "success" in attempt.agent_note
    # Usage and cost come from its JSON result, priced with our table (not its own); the JSON is kept.
    assert attempt.tokens_in > 0 and attempt.tokens_out > 0
    assert attempt.cost_usd == pytest.approx((attempt.tokens_in * 3.0 + attempt.tokens_out * 15.0) / 1e6)
    result = claude_code.parse_result((Path(attempt.attempt_dir) / "claude-output.json").read_text())
    assert result is not None and result["num_turns"] >= 4
    assert claude_code.tokens(result) == (attempt.tokens_in, attempt.tokens_out)
    # It streamed messages to our fake with our model and key; the task holds the report, not ground truth.
    calls = [r for r in fake_llm.model_requests() if r.body.get("tools")]
    assert len(calls) == 4 and all(r.stream and r.body["model"] == MODEL for r in calls)
    assert_task_is_the_report(json.dumps(calls[0].body["messages"]))

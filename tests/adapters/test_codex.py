"""Codex, installed from npm by the adapter, fixes CASTLE's BUG-2 through its own shell tool.

The fake model speaks the OpenAI responses stream (Codex rejects chat): it greps for the leaky text, then
edits the line with sed through `exec_command`, Codex's shell tool. The pipeline builds, gates and commits;
the probe and a replay of the report then find the bug gone.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from castle_bug2 import FIXED, LEAKY, WORLD, Bug2Repair, assert_task_is_the_report

from loop.host.tool_install import data_dir
from loop.llm.fake_server import FakeLLMServer, RecordedRequest
from loop.llm.fake_wire import ScriptedReply, reply, tool_call
from repair_agents import codex

pytestmark = pytest.mark.slow
MODEL = "gpt-4.1-mini"
SED = f"sed -i 's/{LEAKY.replace('.', '[.]')}/{FIXED}/' {WORLD}"


def scripted_model():
    steps = [
        reply("", [tool_call("exec_command", cmd="grep -rn 'small key' castle/")]),
        reply("", [tool_call("exec_command", cmd=SED)]),
        reply("", [tool_call("exec_command", cmd=f"git diff --stat -- {WORLD}")]),
        reply("The closed drawer no longer mentions the small key.", input_tokens=1200, output_tokens=30),
    ]

    def respond(request: RecordedRequest) -> ScriptedReply:
        done = sum(1 for item in request.body.get("input", []) if item.get("type") == "function_call_output")
        return steps[min(done, len(steps) - 1)]

    return respond


def test_codex_fixes_castle_bug_2(repair_bug2: Bug2Repair, fake_llm: FakeLLMServer):
    attempt = repair_bug2(
        codex.TOOL,
        "codex",
        scripted_model(),
        api="OPENAI",
        api_key="sk-fake-codex-key",
        env={"CLOSED_LOOP_MODEL_REPAIR": f"openai:{MODEL}"},
    )

    # Usage from its JSONL events, priced with our table; its raw events are kept in the attempt dir.
    raw = codex.events((Path(attempt.attempt_dir) / "codex-events.jsonl").read_text())
    assert codex.usage_of(raw)[:2] == (attempt.tokens_in, attempt.tokens_out)
    assert attempt.tokens_in > 1200 and attempt.tokens_out >= 30
    assert attempt.cost_usd == pytest.approx((attempt.tokens_in * 0.40 + attempt.tokens_out * 1.60) / 1e6)
    # Our fake got every model call, streamed, with our model; the task holds the report only.
    calls = fake_llm.model_requests()
    assert len(calls) == 4 and all(r.path == "/v1/responses" and r.stream for r in calls)
    assert all(r.body["model"] == MODEL for r in calls)
    assert_task_is_the_report(json.dumps(calls[0].body["input"]))
    # The per-attempt CODEX_HOME (under the data dir, not a temp dir) is gone afterwards.
    assert not list((data_dir() / "codex-homes").glob("adapter-test-round-1-*"))

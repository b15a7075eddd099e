"""A reasoning level reaches the wire the way each provider takes it, the reply cap grows to leave the answer
its room, thinking never leaks into the answer, and with reasoning off nothing is sent."""

from __future__ import annotations

import json

import httpx2
import pytest

from loop.llm import LLMConfig, Message, Tool
from loop.llm.config import REASONING_TOKENS, parse_reasoning
from loop.llm.fake_server import FakeLLMServer
from loop.llm.fake_wire import reply, tool_call
from loop.llm.replies import PlannerReply

PLAN = json.dumps({"command": "look", "expected": "the room", "note": ""})
LOOK = Tool(name="look_around", description="look", parameters={"type": "object", "properties": {}})


def test_anthropic_thinks_within_a_budget_below_its_reply_cap(fake_llm: FakeLLMServer, make_model):
    fake_llm.queue(reply(PLAN))
    model = make_model("anthropic", "claude-sonnet-4-6", role_reasoning={"planner": "medium"})

    model.complete([Message.user("next command")], response_model=PlannerReply)

    body = fake_llm.model_requests()[-1].body
    assert body["thinking"] == {"type": "enabled", "budget_tokens": REASONING_TOKENS["medium"]}
    assert body["max_tokens"] == 256 + REASONING_TOKENS["medium"]  # the planner's answer keeps its 256


@pytest.mark.parametrize(
    ("provider", "where"),
    [("openai", ("reasoning_effort",)), ("openai-responses", ("reasoning", "effort"))],
)
def test_openai_gets_the_reasoning_effort_and_room_for_it(
    fake_llm: FakeLLMServer, make_model, provider, where
):
    fake_llm.queue(reply(PLAN))
    model = make_model(provider, "o4-mini", reasoning="high")

    model.complete([Message.user("next command")], response_model=PlannerReply)

    body = fake_llm.model_requests()[-1].body
    value = body
    for key in where:
        value = value[key]
    assert value == "high"
    cap = body.get("max_completion_tokens") or body.get("max_output_tokens")
    assert cap == 256 + REASONING_TOKENS["high"]


@pytest.mark.parametrize("provider", ["openai", "openai-responses", "anthropic", "compat"])
def test_reasoning_off_sends_nothing(fake_llm: FakeLLMServer, make_model, provider):
    fake_llm.queue(reply(PLAN))
    model = make_model(provider, "some-model", compat_base_url=fake_llm.openai_base_url)

    model.complete([Message.user("next command")], response_model=PlannerReply)

    body = fake_llm.model_requests()[-1].body
    assert not {"thinking", "reasoning", "reasoning_effort"} & body.keys()
    assert (body.get("max_tokens") or body.get("max_completion_tokens") or body["max_output_tokens"]) == 256


def test_a_compat_server_gets_the_effort_only_when_it_is_configured(fake_llm: FakeLLMServer, make_model):
    fake_llm.queue(reply(PLAN))
    model = make_model("compat", "qwen3", compat_base_url=fake_llm.openai_base_url, reasoning="low")

    model.complete([Message.user("next command")], response_model=PlannerReply)

    assert fake_llm.model_requests()[-1].body["reasoning_effort"] == "low"


@pytest.mark.parametrize("stream", [False, True])
def test_anthropic_thinking_blocks_are_not_part_of_the_answer(fake_llm: FakeLLMServer, make_model, stream):
    fake_llm.queue(reply(PLAN, thinking='Maybe {"command": "north"} is better... no, look first.'))
    model = make_model("anthropic", "claude-sonnet-4-6", reasoning="low", stream=stream)

    answer = model.complete([Message.user("next command")], response_model=PlannerReply)

    assert answer.text == PLAN
    assert answer.parsed.command == "look"
    assert [block["type"] for block in answer.thinking] == ["thinking"]


def test_a_tool_loop_with_thinking_sends_the_thinking_back(fake_llm: FakeLLMServer, make_model):
    fake_llm.queue(reply("", [tool_call("look_around")], thinking="I should look first."), reply(PLAN))
    model = make_model("anthropic", "claude-sonnet-4-6", reasoning="low")
    first = model.complete([Message.user("next command")], tools=[LOOK])
    call = first.tool_calls[0]
    conversation = [
        Message.user("next command"),
        Message.assistant(first.text, first.tool_calls, first.thinking),
        Message.tool(call.id, "a dark hall"),
    ]

    model.complete(conversation, response_model=PlannerReply)  # the fake refuses a turn without them

    sent = fake_llm.model_requests()[-1].body["messages"][1]["content"]
    assert [block["type"] for block in sent] == ["thinking", "tool_use"]
    assert sent[0]["signature"]


@pytest.mark.parametrize(
    ("protocol_path", "body", "refusal"),
    [
        (
            "/v1/messages",
            {"max_tokens": 1000, "thinking": {"type": "enabled", "budget_tokens": 2048}},
            "greater",
        ),
        ("/v1/messages", {"max_tokens": 4000, "thinking": {"type": "enabled", "budget_tokens": 100}}, "1024"),
        ("/v1/messages", {"max_tokens": 4000, "thinking": {"type": "always"}}, "adaptive or disabled"),
        ("/v1/chat/completions", {"max_completion_tokens": 10, "reasoning_effort": "extreme"}, "extreme"),
        ("/v1/responses", {"max_output_tokens": 10, "reasoning": {"effort": "max"}}, "max"),
    ],
)
def test_the_fake_refuses_reasoning_the_real_service_would(
    fake_llm: FakeLLMServer, protocol_path, body, refusal
):
    fake_llm.queue(reply("never sent"))
    request = {"model": "m", "messages": [{"role": "user", "content": "hi"}], "input": "hi", **body}

    answer = httpx2.post(f"{fake_llm.url}{protocol_path}", json=request, timeout=5)

    assert answer.status_code == 400
    assert refusal in answer.text
    assert fake_llm.pending == 1  # a refused request uses up no scripted reply


def test_the_fake_takes_adaptive_thinking_as_the_real_service_does(fake_llm: FakeLLMServer):
    """Claude Code asks for `{"type": "adaptive"}`: the model decides whether to think, with no budget."""
    fake_llm.queue(reply("fixed"))
    messages = [{"role": "user", "content": "hi"}]
    request = {"model": "m", "max_tokens": 64, "thinking": {"type": "adaptive"}, "messages": messages}

    answer = httpx2.post(f"{fake_llm.url}/v1/messages", json=request, timeout=5)

    assert answer.status_code == 200, answer.text
    assert fake_llm.pending == 0


def test_reasoning_is_read_per_role_from_the_environment():
    config = LLMConfig.from_env({"CLOSED_LOOP_LLM_REASONING": "low,planner:high"})

    assert [config.reasoning_for(role) for role in ("planner", "reflection", "repair")] == [
        "high",
        "low",
        "low",
    ]
    assert LLMConfig.from_env({}).reasoning_for("planner") == "off"
    with pytest.raises(ValueError, match="judge"):
        parse_reasoning("judge:high")
    with pytest.raises(ValueError, match="extreme"):
        parse_reasoning("extreme")

"""Each provider path, through the real SDK over real HTTP against the fake: text, tool calls, streaming."""

from __future__ import annotations

import json

import pytest

from loop.llm import Message, Tool, ToolCall
from loop.llm.fake_server import FakeLLMServer
from loop.llm.fake_wire import reply, tool_call

PATHS = {"openai": "/v1/chat/completions", "openai-responses": "/v1/responses", "anthropic": "/v1/messages"}
CASES = [(provider, stream) for provider in PATHS for stream in (False, True)]
RESULT = "moved to corridor"
MOVE = Tool(
    name="move",
    description="walk in a direction",
    parameters={"type": "object", "properties": {"direction": {"type": "string"}}, "required": ["direction"]},
)


@pytest.mark.parametrize(("provider", "stream"), CASES)
def test_text_reply_comes_back_with_usage_and_cost(fake_llm: FakeLLMServer, make_model, provider, stream):
    fake_llm.queue(reply("The hall is dark and cold.", input_tokens=1200, output_tokens=300))
    model = make_model(provider, "gpt-4.1-mini", stream=stream)

    answer = model.complete([Message.system("You play a game."), Message.user("look")])

    assert answer.text == "The hall is dark and cold."
    assert answer.tool_calls == []
    assert (answer.usage.input_tokens, answer.usage.output_tokens) == (1200, 300)
    assert answer.cost_usd == pytest.approx((1200 * 0.40 + 300 * 1.60) / 1e6)
    assert answer.latency_s > 0
    sent = fake_llm.model_requests()[-1]
    assert sent.path == PATHS[provider]
    assert sent.stream is stream
    assert "You play a game." in json.dumps(sent.body)


@pytest.mark.parametrize(("provider", "stream"), CASES)
def test_tool_calls_are_parsed_into_name_and_arguments(fake_llm: FakeLLMServer, make_model, provider, stream):
    calls = [tool_call("move", direction="north"), tool_call("move", direction="up")]
    fake_llm.queue(reply("Going north.", calls))
    model = make_model(provider, stream=stream)

    answer = model.complete([Message.user("explore")], tools=[MOVE])

    assert [(c.name, c.arguments) for c in answer.tool_calls] == [
        ("move", {"direction": "north"}),
        ("move", {"direction": "up"}),
    ]
    assert all(c.id for c in answer.tool_calls)
    assert answer.text == "Going north."
    assert "move" in json.dumps(fake_llm.model_requests()[-1].body["tools"])


@pytest.mark.parametrize("provider", PATHS)
def test_tool_results_are_sent_back_in_the_providers_own_shape(fake_llm: FakeLLMServer, make_model, provider):
    fake_llm.queue(reply("You are in the corridor."))
    model = make_model(provider)
    call = ToolCall(id="call_1", name="move", arguments={"direction": "north"})

    model.complete(
        [Message.user("explore"), Message.assistant("", [call]), Message.tool("call_1", RESULT)],
        tools=[MOVE],
    )

    body = fake_llm.model_requests()[-1].body
    if provider == "openai":
        function = body["messages"][1]["tool_calls"][0]["function"]
        assert function == {"name": "move", "arguments": '{"direction": "north"}'}
        assert body["messages"][2] == {"role": "tool", "tool_call_id": "call_1", "content": RESULT}
    elif provider == "openai-responses":
        kinds = [item.get("type") for item in body["input"]]
        assert kinds[1:] == ["function_call", "function_call_output"]
        assert body["input"][2] == {"type": "function_call_output", "call_id": "call_1", "output": RESULT}
    else:
        assert body["messages"][1]["content"][0] == {
            "type": "tool_use",
            "id": "call_1",
            "name": "move",
            "input": {"direction": "north"},
        }
        assert body["messages"][2]["role"] == "user"
        assert body["messages"][2]["content"][0]["tool_use_id"] == "call_1"


def test_anthropic_sends_system_prompt_apart_and_the_key_as_a_header(fake_llm: FakeLLMServer, make_model):
    fake_llm.queue(reply("ok"))
    make_model("anthropic", "claude-sonnet-4-6").complete([Message.system("rules"), Message.user("hi")])

    sent = fake_llm.model_requests()[-1]
    assert sent.body["system"] == "rules"
    assert [m["role"] for m in sent.body["messages"]] == ["user"]
    assert "anthropic-version" in sent.headers
    assert "[REDACTED]" in (sent.headers.get("authorization", "") + sent.headers.get("x-api-key", ""))


def test_compat_provider_talks_chat_completions_to_any_base_url(fake_llm: FakeLLMServer, make_model):
    fake_llm.queue(reply("local model says hi"))
    model = make_model("compat", "qwen3-8b", openai_base_url=None, compat_base_url=fake_llm.openai_base_url)

    answer = model.complete([Message.user("hi")])

    assert answer.text == "local model says hi"
    assert answer.cost_usd == 0.0  # not in the price table
    assert fake_llm.model_requests()[-1].body["model"] == "qwen3-8b"


def test_anthropic_accepts_a_large_max_tokens_without_streaming(fake_llm: FakeLLMServer, make_model):
    # The SDK refuses non-streaming calls above ~21k max_tokens unless a timeout is set; ours always is.
    fake_llm.queue(reply("long answer"))

    answer = make_model("anthropic", "claude-sonnet-4-6").complete([Message.user("hi")], max_tokens=64_000)

    assert answer.text == "long answer"
    assert fake_llm.model_requests()[-1].body["max_tokens"] == 64_000

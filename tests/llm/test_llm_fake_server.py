"""The fake service speaks each protocol well enough for the SDKs' strict validation and stream helpers."""

from __future__ import annotations

import json
from typing import Any

import anthropic
import httpx2
import openai
import pytest

from loop.llm.fake_server import FakeLLMServer, RecordedRequest, load_script
from loop.llm.fake_wire import ScriptedReply, error, garbage, reply, tool_call

USER = [{"role": "user", "content": "look"}]


def strict(sdk: type[openai.OpenAI] | type[anthropic.Anthropic], base_url: str) -> Any:
    """The SDK's client validating every reply against its own schema, with no retries to hide an error."""
    return sdk(base_url=base_url, api_key="k", max_retries=0, _strict_response_validation=True)


@pytest.fixture
def oai(fake_llm: FakeLLMServer):
    with strict(openai.OpenAI, fake_llm.openai_base_url) as client:
        yield client


@pytest.fixture
def claude(fake_llm: FakeLLMServer):
    with strict(anthropic.Anthropic, fake_llm.anthropic_base_url) as client:
        yield client


def test_chat_stream_helper_accumulates_text_and_tool_calls(fake_llm: FakeLLMServer, oai):
    fake_llm.queue(reply("I will open the chest.", [tool_call("open", target="chest")]))
    tools = [{"type": "function", "function": {"name": "open", "parameters": {"type": "object"}}}]

    with oai.chat.completions.stream(model="gpt-4.1-mini", messages=USER, tools=tools) as stream:
        final = stream.get_final_completion()

    message = final.choices[0].message
    assert message.content == "I will open the chest."
    assert message.tool_calls[0].function.name == "open"
    assert json.loads(message.tool_calls[0].function.arguments) == {"target": "chest"}
    assert final.choices[0].finish_reason == "tool_calls"


def test_responses_stream_helper_rebuilds_the_response(fake_llm: FakeLLMServer, oai):
    fake_llm.queue(
        reply("Scroll reads: 1847.", [tool_call("read", item="scroll")], input_tokens=50, output_tokens=9)
    )

    with oai.responses.stream(model="gpt-4.1-mini", input="read the scroll") as stream:
        kinds = [event.type for event in stream]
        final = stream.get_final_response()

    assert kinds[0] == "response.created" and kinds[-1] == "response.completed"
    assert final.output_text == "Scroll reads: 1847."
    assert [item.type for item in final.output] == ["message", "function_call"]
    assert (final.usage.input_tokens, final.usage.output_tokens) == (50, 9)
    assert [e["sequence_number"] for e in _sse_events(fake_llm, oai)] == list(range(len(kinds)))


def _sse_events(fake_llm: FakeLLMServer, oai) -> list[dict]:
    """Read the raw SSE of a second identical request: every event carries increasing sequence numbers."""
    fake_llm.queue(reply("Scroll reads: 1847.", [tool_call("read", item="scroll")]))
    with httpx2.Client() as raw:
        body = raw.post(
            f"{fake_llm.openai_base_url}/responses", json={"model": "m", "input": "x", "stream": True}
        )
    events = []
    for block in body.text.strip().split("\n\n"):
        event_line, data_line = block.split("\n")
        data = json.loads(data_line.removeprefix("data: "))
        assert event_line == f"event: {data['type']}"
        events.append(data)
    return events


def test_messages_stream_helper_rebuilds_the_message(fake_llm: FakeLLMServer, claude):
    fake_llm.queue(
        reply("Taking the lamp.", [tool_call("take", item="lamp")], input_tokens=70, output_tokens=12)
    )

    with claude.messages.stream(model="claude-sonnet-4-6", max_tokens=100, messages=USER) as stream:
        text = "".join(stream.text_stream)
        final = stream.get_final_message()

    assert text == "Taking the lamp."
    assert final.stop_reason == "tool_use"
    assert final.content[1].input == {"item": "lamp"}
    assert (final.usage.input_tokens, final.usage.output_tokens) == (70, 12)


def test_errors_use_each_protocols_error_shape_and_retry_headers(fake_llm: FakeLLMServer, oai, claude):
    fake_llm.queue(
        error(429, "slow down", retry_after=2), error(529, "Overloaded"), error(429, retry_after=0.25)
    )

    with pytest.raises(openai.RateLimitError) as limited:
        oai.chat.completions.create(model="m", messages=USER)
    with pytest.raises(anthropic.OverloadedError) as overloaded:
        claude.messages.create(model="claude-sonnet-4-6", max_tokens=10, messages=USER)
    with pytest.raises(anthropic.RateLimitError) as limited_again:
        claude.messages.create(model="claude-sonnet-4-6", max_tokens=10, messages=USER)

    assert limited.value.response.headers["retry-after"] == "2"
    assert limited.value.body["message"] == "slow down"
    assert overloaded.value.body["error"]["type"] == "overloaded_error"
    assert limited_again.value.response.headers["retry-after-ms"] == "250"


def test_a_non_json_200_surfaces_from_the_sdk_as_a_raw_decode_error(fake_llm: FakeLLMServer, oai):
    fake_llm.queue(garbage())

    with pytest.raises(json.JSONDecodeError):
        oai.chat.completions.create(model="m", messages=USER)


def test_head_and_model_listings_answer_like_the_services(fake_llm: FakeLLMServer, oai, claude):
    fake_llm.models = ["gpt-4.1-mini", "claude-sonnet-4-6"]
    with httpx2.Client() as raw:
        assert raw.head(fake_llm.url + "/").status_code == 200

    assert [m.id for m in oai.models.list().data] == ["gpt-4.1-mini", "claude-sonnet-4-6"]
    assert [m.id for m in claude.models.list().data] == ["gpt-4.1-mini", "claude-sonnet-4-6"]


def test_a_responder_callable_answers_from_the_request(fake_llm: FakeLLMServer, oai):
    def echo(request: RecordedRequest) -> ScriptedReply:
        return reply(f"you said: {request.body['messages'][-1]['content']}")

    fake_llm.responder = echo
    answer = oai.chat.completions.create(model="m", messages=[{"role": "user", "content": "xyzzy"}])

    assert answer.choices[0].message.content == "you said: xyzzy"
    assert fake_llm.requests[-1].body["model"] == "m"


def test_scripts_load_from_json_lists_and_json_lines(tmp_path):
    listing = tmp_path / "script.json"
    listing.write_text(json.dumps([{"text": "a"}, {"kind": "error", "status": 429, "retry_after": 1}]))
    lines = tmp_path / "script.jsonl"
    lines.write_text(
        '{"text": "b", "tool_calls": [{"name": "go", "arguments": {"to": "n"}}]}\n\n{"kind": "garbage"}\n'
    )

    assert [r.kind for r in load_script(listing)] == ["reply", "error"]
    loaded = load_script(lines)
    assert loaded[0].tool_calls[0].arguments == {"to": "n"} and loaded[1].kind == "garbage"


def test_token_counting_answers_without_consuming_the_script(fake_llm: FakeLLMServer, claude):
    fake_llm.queue(reply("still queued"))

    counted = claude.messages.count_tokens(model="claude-sonnet-4-6", messages=USER)

    assert counted.input_tokens > 0
    assert fake_llm.pending == 1

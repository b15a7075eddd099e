"""Structured replies: native schemas where the provider has them, tolerant parsing, repair by feedback."""

from __future__ import annotations

import json

import pytest
from pydantic import BaseModel, Field

from loop.llm import InvalidReply, LLMSession, Message, extract_json, parse_reply
from loop.llm.fake_server import FakeLLMServer
from loop.llm.fake_wire import reply, tool_call
from loop.llm.structured import ReplyFormatError


class Plan(BaseModel):
    command: str
    expectation: str
    confidence: float = Field(ge=0, le=1)


GOOD = '{"command": "go north", "expectation": "the corridor", "confidence": 0.8}'
ASK = [Message.system("Plan the next command."), Message.user("You are in the hall.")]


@pytest.mark.parametrize(
    "text",
    [
        GOOD,
        f"```json\n{GOOD}\n```",
        f"Sure! Here is the plan:\n```\n{GOOD}\n```\nGood luck.",
        f'<think>maybe {{"command": "wrong"}} first</think>\n{GOOD}',
        f"The plan is {GOOD} and that is all.",
    ],
    ids=["bare", "fenced", "fence-with-chatter", "think-block", "inline"],
)
def test_tolerant_parsing_finds_the_object(text):
    assert parse_reply(text, Plan) == Plan(command="go north", expectation="the corridor", confidence=0.8)


@pytest.mark.parametrize("text", ["no json here", '<think>{"a": 1', "[1, 2, 3]"])
def test_text_without_an_object_is_a_format_error(text):
    with pytest.raises(ReplyFormatError):
        extract_json(text)


def test_a_schema_violation_names_the_field():
    with pytest.raises(ReplyFormatError, match="confidence"):
        parse_reply('{"command": "x", "expectation": "y", "confidence": 7}', Plan)


@pytest.mark.parametrize("provider", ["openai", "openai-responses", "anthropic"])
def test_invalid_reply_is_answered_with_its_error_then_recovers(
    fake_llm: FakeLLMServer, make_model, provider
):
    fake_llm.queue(reply('{"command": "go north"}'), reply(f"```json\n{GOOD}\n```"))
    session = LLMSession()

    answer = make_model(provider, session=session).complete(ASK, response_model=Plan)

    assert answer.parsed == Plan(command="go north", expectation="the corridor", confidence=0.8)
    assert answer.invalid_replies == 1
    assert [c.outcome for c in session.calls] == ["invalid", "ok"]
    second = json.dumps(fake_llm.model_requests()[1].body)
    assert "could not be used" in second and "expectation" in second and "Field required" in second
    assert '{\\"command\\": \\"go north\\"}' in second  # the bad reply is shown back as the assistant's turn


def test_final_invalid_reply_raises_a_typed_error(fake_llm: FakeLLMServer, make_model):
    fake_llm.queue(reply("I cannot decide."), reply("still no"), reply('{"command": 3}'))

    with pytest.raises(InvalidReply) as caught:
        make_model("openai", max_invalid_replies=2).complete(ASK, response_model=Plan)

    assert caught.value.attempts == 3
    assert caught.value.last_text == '{"command": 3}'
    assert len(fake_llm.model_requests()) == 3


@pytest.mark.parametrize(
    ("provider", "where"),
    [
        ("openai", lambda b: b["response_format"]["json_schema"]["schema"]),
        ("openai-responses", lambda b: b["text"]["format"]["schema"]),
        ("anthropic", lambda b: b["output_config"]["format"]["schema"]),
    ],
)
def test_native_structured_output_sends_the_schema(fake_llm: FakeLLMServer, make_model, provider, where):
    fake_llm.queue(reply(GOOD))

    make_model(provider).complete(ASK, response_model=Plan)

    assert set(where(fake_llm.model_requests()[0].body)["properties"]) == {
        "command",
        "expectation",
        "confidence",
    }


def test_compat_endpoint_holds_replies_to_the_schema_natively(fake_llm: FakeLLMServer, make_model):
    fake_llm.queue(reply(f"<think>the hall has exits</think>{GOOD}"))

    answer = make_model("compat", "qwen3", compat_base_url=fake_llm.openai_base_url).complete(
        ASK, response_model=Plan
    )

    body = fake_llm.model_requests()[0].body
    assert body["response_format"]["type"] == "json_schema"
    assert set(body["response_format"]["json_schema"]["schema"]["properties"]) == {
        "command",
        "expectation",
        "confidence",
    }
    assert body["messages"][0]["content"] == "Plan the next command."  # no schema in the prompt
    assert answer.parsed.command == "go north"


def test_tool_calls_are_returned_unparsed_even_with_a_response_model(fake_llm: FakeLLMServer, make_model):
    fake_llm.queue(reply("", [tool_call("look")]))

    answer = make_model("anthropic", "claude-sonnet-4-6").complete(ASK, response_model=Plan)

    assert answer.parsed is None
    assert answer.tool_calls[0].name == "look"

"""The `compat` provider against an OpenAI-compatible local server (the fake, answering as llama.cpp does):
native json_schema with the prompt as fallback, a reply bound per role, the server's context size respected
by every request (corrective retries included), a context-overflow 400 never resent unchanged, and local
tokens counted at price 0 without warnings. Real openai SDK, strict response validation."""

from __future__ import annotations

import logging

import pytest
from pydantic import BaseModel

from loop.llm import LLMSession, Message, RequestRejected
from loop.llm.context_window import MARGIN, estimate_request
from loop.llm.errors import ContextOverflow
from loop.llm.fake_server import FakeLLMServer, RecordedRequest
from loop.llm.fake_wire import context_overflow, reply, schema_refused
from loop.llm.types import ToolCall


class Step(BaseModel):
    command: str
    expected: str


GOOD = '{"command": "look", "expected": "the room is described"}'
ASK = [Message.system("You play a text game."), Message.user("You are in the hall. What next?")]


@pytest.fixture
def compat(fake_llm: FakeLLMServer, make_model):
    def make(**overrides: object):
        return make_model("compat", "gemma-3-270m", compat_base_url=fake_llm.openai_base_url, **overrides)

    return make


def sent_messages(request: RecordedRequest) -> list[Message]:
    return [
        Message(
            role=m["role"],
            content=m.get("content") or "",
            tool_call_id=m.get("tool_call_id"),
            tool_calls=[ToolCall(id=c["id"], name=c["function"]["name"]) for c in m.get("tool_calls") or []],
        )
        for m in request.body["messages"]
    ]


def request_size(request: RecordedRequest) -> int:
    """Prompt estimate (with the client's margin) plus the reply bound: what must fit the context."""
    return int(estimate_request(sent_messages(request)) * MARGIN) + request.body["max_tokens"]


def test_each_role_gets_a_reply_bound_that_fits_its_reply(fake_llm: FakeLLMServer, compat):
    fake_llm.queue(reply(GOOD))

    compat().complete(ASK, response_model=Step)  # make_model's clients play the planner

    body = fake_llm.model_requests()[0].body
    assert body["max_tokens"] == 256
    assert "max_completion_tokens" not in body  # the name llama.cpp, vLLM and Ollama all read


def test_a_server_that_refuses_json_schema_gets_the_schema_in_the_prompt_from_then_on(
    fake_llm: FakeLLMServer, compat
):
    fake_llm.queue(schema_refused(), reply(GOOD), reply(GOOD))
    model = compat()

    first = model.complete(ASK, response_model=Step)
    second = model.complete(ASK, response_model=Step)

    refused, *later = fake_llm.model_requests()
    assert "response_format" in refused.body
    for request in later:
        assert "response_format" not in request.body
        assert '"expected"' in request.body["messages"][0]["content"]
    assert first.parsed == second.parsed == Step(command="look", expected="the room is described")
    assert len(later) == 2  # the refusal cost one request, once


def test_the_context_size_read_from_props_bounds_every_request(fake_llm: FakeLLMServer, compat):
    fake_llm.props = {"default_generation_settings": {"n_ctx": 1024}, "total_slots": 1}
    history = [Message.system("You play a text game.")]
    for turn in range(40):
        history += [Message.user(f"turn {turn}: the hall is quiet. " * 8), Message.assistant("look")]
    history.append(Message.user("What next?"))
    fake_llm.queue(reply(GOOD))

    compat().complete(history, response_model=Step)

    sent = fake_llm.model_requests()[0]
    assert request_size(sent) <= 1024
    kept = sent.body["messages"]
    assert kept[0]["content"].startswith("You play") and kept[-1]["content"] == "What next?"
    assert kept[1]["content"].startswith("turn 0:")  # the task stays; the oldest turns after it go
    assert len(kept) < len(history)
    assert any(r.path == "/props" for r in fake_llm.requests)


def test_a_corrective_retry_never_grows_the_request_past_the_context(fake_llm: FakeLLMServer, compat):
    rambling = "The hall is a hall and the game is a game. " * 200  # ~9k chars, no JSON object
    fake_llm.queue(reply(rambling), reply(GOOD))

    answer = compat(context_tokens=1024).complete(ASK, response_model=Step)

    first, retry = fake_llm.model_requests()
    assert request_size(retry) <= 1024
    assert len(retry.body["messages"][-2]["content"]) < 2000  # the junk is shown back cut short
    assert answer.parsed.command == "look" and answer.invalid_replies == 1


def test_a_context_overflow_is_resent_only_smaller_and_only_once(fake_llm: FakeLLMServer, compat):
    long_turns = [Message.user("an old observation " * 40) for _ in range(6)]
    messages = [*ASK[:1], ASK[1], *long_turns, Message.user("What next?")]
    fake_llm.queue(context_overflow(n_prompt_tokens=2600, n_ctx=1024), reply(GOOD))

    answer = compat().complete(messages, response_model=Step)  # the client does not know the context yet

    first, second = fake_llm.model_requests()
    assert first.body != second.body
    assert len(second.body["messages"]) < len(first.body["messages"])
    assert answer.parsed.command == "look"


def test_an_overflow_that_teaches_nothing_is_not_resent(fake_llm: FakeLLMServer, compat):
    fake_llm.queue(context_overflow(n_prompt_tokens=0, n_ctx=0), reply(GOOD))
    model = compat()

    with pytest.raises(ContextOverflow):
        model.complete(ASK, response_model=Step)

    assert len(fake_llm.model_requests()) == 1
    assert issubclass(ContextOverflow, RequestRejected)


def test_a_request_that_cannot_fit_is_refused_without_sending(fake_llm: FakeLLMServer, compat):
    huge_task = Message.user("describe everything " * 2000)

    with pytest.raises(ContextOverflow, match="not sent"):
        compat(context_tokens=512).complete([ASK[0], huge_task], response_model=Step)

    assert fake_llm.model_requests() == []


def test_local_tokens_are_counted_at_price_zero_without_warnings(
    fake_llm: FakeLLMServer, compat, caplog: pytest.LogCaptureFixture
):
    fake_llm.queue(reply(GOOD, input_tokens=321, output_tokens=17), reply(GOOD, output_tokens=15))
    session = LLMSession()
    model = compat(session=session)

    with caplog.at_level(logging.WARNING):
        model.complete(ASK, response_model=Step)
        model.complete(ASK, response_model=Step)

    totals = session.totals()
    assert totals.requests == 2 and totals.input_tokens > 321 and totals.output_tokens == 32
    assert totals.cost_usd == 0.0
    assert not [r for r in caplog.records if "price" in r.getMessage()]

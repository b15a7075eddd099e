"""Provider failures: retried a bounded number of times with capped waits, then a typed error."""

from __future__ import annotations

import pytest

from loop.llm import (
    GarbageReply,
    LLMClient,
    LLMSession,
    Message,
    ProviderUnavailable,
    RateLimited,
    RequestRejected,
    make_provider,
)
from loop.llm.fake_server import FakeLLMServer
from loop.llm.fake_wire import error, garbage, reply, stream_error, truncated

PROVIDERS = ["openai", "openai-responses", "anthropic"]
HELLO = [Message.user("hello")]


@pytest.mark.parametrize("provider", PROVIDERS)
def test_rate_limit_is_retried_then_succeeds(fake_llm: FakeLLMServer, make_model, provider):
    fake_llm.queue(error(429, "slow down", retry_after=0.01), reply("done"))
    session = LLMSession()

    answer = make_model(provider, session=session).complete(HELLO)

    assert answer.text == "done"
    assert answer.retries == 1
    assert len(fake_llm.model_requests()) == 2
    assert [c.outcome for c in session.calls] == ["error", "ok"]
    assert session.totals().failed_requests == 1


@pytest.mark.parametrize(
    ("provider", "failure"),
    [
        ("openai", error(500)),
        ("anthropic", error(529, "Overloaded")),
        ("openai-responses", error(503)),
        ("openai", garbage()),
        ("anthropic", garbage()),
        ("openai-responses", truncated()),
        ("anthropic", truncated()),
    ],
    ids=[
        "500",
        "529",
        "503",
        "garbage-chat",
        "garbage-messages",
        "truncated-responses",
        "truncated-messages",
    ],
)
def test_server_errors_and_garbage_are_retried(fake_llm: FakeLLMServer, make_model, provider, failure):
    fake_llm.queue(failure, reply("recovered"))

    answer = make_model(provider).complete(HELLO)

    assert (answer.text, answer.retries) == ("recovered", 1)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_stream_cut_short_is_retried(fake_llm: FakeLLMServer, make_model, provider):
    fake_llm.queue(truncated("a long answer that will be cut in the middle"), reply("whole"))

    answer = make_model(provider, stream=True).complete(HELLO)

    assert (answer.text, answer.retries) == ("whole", 1)


def test_persistent_failure_ends_in_a_typed_error_after_bounded_retries(fake_llm: FakeLLMServer, make_model):
    fake_llm.queue(*[error(500, "boom")] * 3)
    session = LLMSession()

    with pytest.raises(ProviderUnavailable) as caught:
        make_model("openai", session=session, max_retries=2).complete(HELLO)

    assert caught.value.status == 500
    assert caught.value.attempts == 3
    assert len(fake_llm.model_requests()) == 3
    assert fake_llm.pending == 0


@pytest.mark.parametrize(("failure", "expected"), [(garbage(), GarbageReply), (error(429), RateLimited)])
def test_each_failure_kind_has_its_own_error(fake_llm: FakeLLMServer, make_model, failure, expected):
    fake_llm.queue(failure, failure)

    with pytest.raises(expected):
        make_model("anthropic", max_retries=1).complete(HELLO)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_rejected_request_is_not_retried(fake_llm: FakeLLMServer, make_model, provider):
    fake_llm.queue(error(401, "invalid x-api-key"), reply("never sent"))

    with pytest.raises(RequestRejected) as caught:
        make_model(provider).complete(HELLO)

    assert caught.value.status == 401
    assert len(fake_llm.model_requests()) == 1


def test_retry_after_is_honoured_but_capped(fake_llm: FakeLLMServer):
    # Anthropic's SDK would sleep for a whole hour here; our client caps the wait.
    fake_llm.queue(error(429, retry_after=3600), error(529, retry_after=0.2), reply("ok"))
    config = fake_llm.llm_config(max_retry_wait_s=0.5)
    waits: list[float] = []
    client = LLMClient(
        make_provider("anthropic", config), "claude-sonnet-4-6", config=config, sleep=waits.append
    )

    assert client.complete(HELLO).text == "ok"
    assert waits == [0.5, pytest.approx(0.2)]


def test_backoff_doubles_without_retry_after(fake_llm: FakeLLMServer):
    fake_llm.queue(error(500), error(500), error(500), reply("ok"))
    config = fake_llm.llm_config(retry_base_s=0.1, max_retry_wait_s=0.3)
    waits: list[float] = []
    client = LLMClient(make_provider("openai", config), "gpt-4.1-mini", config=config, sleep=waits.append)

    client.complete(HELLO)

    assert waits == [pytest.approx(0.1), pytest.approx(0.2), pytest.approx(0.3)]


def test_a_slow_reply_times_out_and_is_retried(fake_llm: FakeLLMServer, make_model):
    fake_llm.queue(reply("too late", delay_s=1.0), reply("in time"))

    answer = make_model("openai", timeout_s=0.3).complete(HELLO)

    assert (answer.text, answer.retries) == ("in time", 1)


def test_an_empty_script_is_a_loud_server_error(fake_llm: FakeLLMServer, make_model):
    with pytest.raises(ProviderUnavailable, match="queue is empty"):
        make_model("openai", max_retries=0).complete(HELLO)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_an_error_event_inside_a_stream_is_retried(fake_llm: FakeLLMServer, make_model, provider):
    fake_llm.queue(stream_error(529, "Overloaded", text="partial answer that breaks off"), reply("whole"))

    answer = make_model(provider, stream=True).complete(HELLO)

    assert (answer.text, answer.retries) == ("whole", 1)

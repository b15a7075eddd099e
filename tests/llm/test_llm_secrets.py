"""An API key never reaches a log record, an exception, a trace or a written file."""

from __future__ import annotations

import json
import logging
import secrets
import traceback
from pathlib import Path

import pytest
from pydantic import BaseModel

from loop.llm import LLMClient, LLMError, LLMSession, Message, make_provider, redact, register_secret
from loop.llm.fake_server import FakeLLMServer
from loop.llm.fake_wire import error, garbage, reply, truncated

PROVIDERS = ["openai", "openai-responses", "anthropic", "compat"]


class Verdict(BaseModel):
    bug: bool


class _Everything(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


@pytest.fixture
def every_log_line():
    handler = _Everything()
    root = logging.getLogger()
    old_level = root.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)  # the SDKs log requests and retries at DEBUG: capture the most they can say
    yield handler.lines
    root.removeHandler(handler)
    root.setLevel(old_level)


def test_canary_key_never_leaves_the_layer(
    fake_llm: FakeLLMServer, make_model, every_log_line, tmp_path: Path
):
    canary = "canary" + secrets.token_hex(16)  # no sk- prefix: only the registered-secret path can catch it
    session = LLMSession()
    raised: list[BaseException] = []
    for provider in PROVIDERS:
        model = make_model(provider, key=canary, session=session, compat_base_url=fake_llm.openai_base_url)
        fake_llm.queue(
            reply("fine"),
            error(429, retry_after=0.01),
            reply('{"bug": true}'),
            error(401, f"Incorrect API key provided: {canary}. You can find your key at ..."),
            garbage(),
            truncated(),
            error(500, f"upstream rejected key {canary}"),
            reply("not json"),
            reply("still not json"),
        )
        model.complete([Message.user("hi")])
        model.complete([Message.user("judge")], response_model=Verdict)
        for expected in range(2):
            with pytest.raises(LLMError) as caught:
                if expected == 0:
                    model.complete([Message.user("hi")])
                else:
                    model.complete([Message.user("judge")], response_model=Verdict)
            raised.append(caught.value)
        fake_llm.queue(garbage(), truncated(), error(500, f"bad key {canary}"))
        with pytest.raises(LLMError) as caught:
            model.complete([Message.user("hi")], max_tokens=5)
        raised.append(caught.value)
    model = make_model("openai", key=canary, max_retries=0, max_invalid_replies=0)
    fake_llm.queue(reply(f"my key is {canary}"))
    with pytest.raises(LLMError) as caught:
        model.complete([Message.user("judge")], response_model=Verdict)
    raised.append(caught.value)

    written = tmp_path / "trace.jsonl"
    written.write_text(
        "\n".join(
            [c.model_dump_json() for c in session.calls]
            + [r.model_dump_json() for r in fake_llm.requests]
            + [model.config.model_dump_json()]
        )
    )
    exception_texts = ["".join(traceback.format_exception(exc)) + repr(exc) for exc in raised]
    exception_texts += [json.dumps(vars(exc), default=str) for exc in raised]

    assert len(raised) == 4 * 3 + 1
    assert any("401" in text for text in exception_texts)  # the key-echoing errors were really raised
    assert len(every_log_line) > 20
    for text in [*every_log_line, *exception_texts, written.read_text()]:
        assert canary not in text
    assert "[REDACTED]" in "".join(exception_texts)


def test_redact_masks_registered_secrets_and_key_shapes():
    register_secret("plain-secret-value-42")
    text = (
        "key plain-secret-value-42, sk-proj-abcdefghijklmnop, Authorization: Bearer abc.def-ghi_jkl, "
        'x-api-key: "abcdefghij123"'
    )
    cleaned = redact(text)
    assert "plain-secret-value-42" not in cleaned
    assert "sk-proj-abcdefghijklmnop" not in cleaned
    assert "abc.def-ghi_jkl" not in cleaned and "abcdefghij123" not in cleaned
    assert cleaned.startswith("key [REDACTED]")


def test_the_fake_masks_keys_in_what_it_records(fake_llm: FakeLLMServer):
    config = fake_llm.llm_config(key="canary-key-in-header-123")
    fake_llm.queue(reply("x"))
    LLMClient(make_provider("anthropic", config), "m", config=config).complete([Message.user("x")])
    assert "canary-key-in-header-123" not in fake_llm.requests[-1].model_dump_json()

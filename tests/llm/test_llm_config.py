"""Configuration: which model answers which role, from the environment."""

from __future__ import annotations

import pytest

from loop.llm import LLMConfig, ModelSpec, RequestRejected, any_model_configured, estimate_tokens, model_for
from loop.llm.fake_server import FakeLLMServer
from loop.llm.fake_wire import reply
from loop.llm.types import Message


def test_no_key_means_no_model_and_offline_agents():
    assert not any_model_configured({})
    assert not any_model_configured({"CLOSED_LOOP_MODEL": "openai:gpt-4.1-mini"})  # a model but no key
    with pytest.raises(RequestRejected, match="no model configured"):
        model_for("planner", LLMConfig.from_env({}))


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"OPENAI_API_KEY": "sk-a"}, "openai:gpt-4.1-mini"),
        ({"ANTHROPIC_API_KEY": "sk-ant-a"}, "anthropic:claude-sonnet-4-6"),
        (
            {"ANTHROPIC_API_KEY": "k", "CLOSED_LOOP_MODEL": "anthropic:claude-haiku-4-5"},
            "anthropic:claude-haiku-4-5",
        ),
        (
            {"CLOSED_LOOP_COMPAT_BASE_URL": "http://127.0.0.1:1/v1", "CLOSED_LOOP_MODEL": "compat:qwen3"},
            "compat:qwen3",
        ),
    ],
)
def test_a_key_or_endpoint_alone_configures_a_default_model(env, expected):
    config = LLMConfig.from_env(env)
    assert config.is_configured()
    assert str(config.spec_for("planner")) == expected


def test_each_role_may_name_its_own_model():
    config = LLMConfig.from_env(
        {
            "OPENAI_API_KEY": "sk-a",
            "ANTHROPIC_API_KEY": "sk-b",
            "CLOSED_LOOP_MODEL": "openai:gpt-4.1-mini",
            "CLOSED_LOOP_MODEL_CRITIC": "anthropic:claude-opus-4-5",
            "CLOSED_LOOP_MODEL_SUMMARY": "openai-responses:gpt-4.1-nano",
            "CLOSED_LOOP_LLM_TIMEOUT": "30",
            "CLOSED_LOOP_LLM_MAX_RETRIES": "5",
            "CLOSED_LOOP_LLM_STREAM": "yes",
        }
    )
    assert config.spec_for("critic") == ModelSpec(provider="anthropic", name="claude-opus-4-5")
    assert config.spec_for("summary") == ModelSpec(provider="openai-responses", name="gpt-4.1-nano")
    assert config.spec_for("planner") == ModelSpec(provider="openai", name="gpt-4.1-mini")
    assert (config.timeout_s, config.max_retries, config.stream) == (30.0, 5, True)


def test_a_role_whose_provider_has_no_key_is_not_configured():
    config = LLMConfig.from_env(
        {"OPENAI_API_KEY": "sk-a", "CLOSED_LOOP_MODEL_REPAIR": "anthropic:claude-opus-4-5"}
    )
    assert config.is_configured("planner")
    assert not config.is_configured("repair")


def test_bare_model_name_means_openai_and_bad_specs_are_refused():
    assert ModelSpec.parse("gpt-4o") == ModelSpec(provider="openai", name="gpt-4o")
    with pytest.raises(ValueError):
        ModelSpec.parse("anthropic:")


def test_model_for_reads_the_environment_and_reaches_the_endpoint(fake_llm: FakeLLMServer, monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-env-key-123456")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", fake_llm.anthropic_base_url)
    monkeypatch.setenv("CLOSED_LOOP_MODEL_REFLECTION", "anthropic:claude-haiku-4-5")
    fake_llm.queue(reply("noted"))

    model = model_for("reflection")
    answer = model.complete([Message.user("what changed?")])

    assert (answer.text, answer.provider, answer.model) == ("noted", "anthropic", "claude-haiku-4-5")
    assert fake_llm.model_requests()[0].body["model"] == "claude-haiku-4-5"
    model.close()


def test_unknown_provider_is_refused_with_the_known_ones(fake_llm: FakeLLMServer):
    config = fake_llm.llm_config(default_model="mistral:large")
    with pytest.raises(RequestRejected, match="unknown LLM provider 'mistral'; known: anthropic, compat"):
        model_for("planner", config)


@pytest.mark.parametrize(
    "text",
    [
        "The hall is dark. Exits lead north and east.",
        "def take(self, item: str) -> bool:\n    return item in self.room.items\n",
        '{"room": "hall", "items": ["lamp", "key"], "turn": 12}',
    ],
    ids=["prose", "code", "json"],
)
def test_token_estimate_counts_words_and_symbols_and_never_less_than_chars_over_four(text):
    words = len(text.split())
    estimate = estimate_tokens(text)
    assert estimate >= max(words, len(text) // 4)
    assert estimate <= 2 * words + 12  # a word with its space is one piece, not one per character


def test_token_estimate_of_nothing_is_zero():
    assert estimate_tokens("") == 0

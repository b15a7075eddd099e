"""Fixtures: a running fake LLM service and models wired to it through the real SDKs."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

import pytest

from loop.llm import LLMClient, LLMSession, make_provider
from loop.llm.fake_server import FakeLLMServer

MakeModel = Callable[..., LLMClient]


@pytest.fixture(autouse=True)
def _no_user_llm_settings(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Tests see neither the machine's keys and model choices nor a user price file."""
    monkeypatch.setenv("HOME", str(tmp_path_factory.mktemp("home")))
    for name in list(os.environ):
        if name.startswith(("CLOSED_LOOP_", "OPENAI_", "ANTHROPIC_")):
            monkeypatch.delenv(name)


@pytest.fixture
def fake_llm() -> Iterator[FakeLLMServer]:
    with FakeLLMServer() as fake:
        yield fake


@pytest.fixture
def make_model(fake_llm: FakeLLMServer) -> Iterator[MakeModel]:
    """make_model(provider, model, session=..., **config_overrides) -> an LLMClient talking to `fake_llm`."""
    made: list[LLMClient] = []

    def make(
        provider: str = "openai",
        model: str = "gpt-4.1-mini",
        *,
        session: LLMSession | None = None,
        **overrides: object,
    ) -> LLMClient:
        config = fake_llm.llm_config(**overrides)
        client = LLMClient(
            make_provider(provider, config), model, config=config, session=session, role="planner"
        )
        made.append(client)
        return client

    yield make
    for client in made:
        client.close()

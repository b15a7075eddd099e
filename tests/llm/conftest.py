"""Fixtures: a running fake LLM service and models wired to it through the real SDKs."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from loop.llm import LLMClient, LLMSession, make_provider
from loop.llm.fake_server import FakeLLMServer

MakeModel = Callable[..., LLMClient]


@pytest.fixture(autouse=True)
def _no_user_llm_settings(no_user_llm_settings: None) -> None:
    """Every test here runs without the machine's model settings (tests/conftest.py)."""


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

"""Fixtures every test folder sees: the CASTLE game definition; for tests that talk to a model, the fake LLM
service and a clean slate."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from games.catalogue import load_game
from loop.contract.game import Game
from loop.llm.fake_server import FakeLLMServer


@pytest.fixture(scope="session")
def castle() -> Game:
    return load_game("castle")


@pytest.fixture
def fake_llm() -> Iterator[FakeLLMServer]:
    with FakeLLMServer() as fake:
        yield fake


@pytest.fixture
def no_user_llm_settings(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> None:
    """The test sees neither the machine's keys and model choices, nor its data directory or price file."""
    monkeypatch.setenv("HOME", str(tmp_path_factory.mktemp("home")))
    for name in list(os.environ):
        if name.startswith(("CLOSED_LOOP_", "OPENAI_", "ANTHROPIC_")):
            monkeypatch.delenv(name)

"""Fixtures: a fake LLM service, CASTLE, and a scratch work tree for the built-in repair agent."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from games.catalogue import Game, load_game
from loop.llm.fake_server import FakeLLMServer


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


@pytest.fixture(scope="session")
def castle() -> Game:
    return load_game("castle")


@pytest.fixture
def scratch_tree(tmp_path: Path) -> Path:
    """A small work tree: one module with a bug, one protected test."""
    tree = tmp_path / "tree"
    (tree / "tests").mkdir(parents=True)
    (tree / "greet.py").write_text('def greet(name):\n    return "Helo, " + name\n')
    (tree / "tests" / "test_greet.py").write_text(
        "from greet import greet\nassert greet('a') == 'Hello, a'\n"
    )
    return tree

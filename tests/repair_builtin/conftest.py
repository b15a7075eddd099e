"""Fixtures: a fake LLM service, CASTLE, and a scratch work tree for the built-in repair agent."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _no_user_llm_settings(no_user_llm_settings: None) -> None:
    """Every test here runs without the machine's model settings (tests/conftest.py)."""


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

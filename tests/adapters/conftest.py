"""Fixtures of the adapter tests: CASTLE in a repair round, a real tool's attempt at its BUG-2 against the
fake LLM service, no user LLM settings.

The tools themselves are installed by the adapters' own install code into the shared data dir (cached).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from castle_bug2 import Bug2Repair

from loop.contract.game import Game, materialize
from loop.llm.fake_server import FakeLLMServer
from loop.repair.pipeline import RepairRound
from loop.sandbox import get_provider


@pytest.fixture(autouse=True)
def _no_user_llm_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tools see neither the machine's keys nor its model choices, only what a test sets."""
    for name in list(os.environ):
        if name.startswith(("CLOSED_LOOP_MODEL", "OPENAI_", "ANTHROPIC_")) or name.endswith("_BIN"):
            monkeypatch.delenv(name)


@pytest.fixture
def castle_round(castle: Game, tmp_path: Path) -> Iterator[RepairRound]:
    repo_dir, _ = materialize(castle, tmp_path / "workspace")
    with RepairRound(
        castle, repo_dir, tmp_path / "run", "adapter-test", 1, provider=get_provider("process")
    ) as repair_round:
        yield repair_round


@pytest.fixture
def repair_bug2(
    castle: Game, castle_round: RepairRound, fake_llm: FakeLLMServer, monkeypatch: pytest.MonkeyPatch
) -> Bug2Repair:
    return Bug2Repair(castle, castle_round, fake_llm, monkeypatch)

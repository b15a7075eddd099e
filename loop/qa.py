"""The QA agent protocol every QA agent (explorer, LLM) implements, its session result, and the registry."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from pydantic import BaseModel

from loop.game_client import GameClient
from loop.models import BugReport


class QASessionResult(BaseModel):
    reports: list[BugReport]
    steps: int
    games_started: int
    wall_seconds: float
    trace_path: Path
    tokens: int = 0
    cost_usd: float = 0.0
    stopped_because: str = ""
    first_report_seconds: float | None = None


class QAAgent(Protocol):
    """Plays one running build and reports the bugs it confirmed. Writes its trace under `out_dir`."""

    name: str

    def run_session(
        self, client: GameClient, *, build_commit: str, steps: int, seed: int, out_dir: Path
    ) -> QASessionResult: ...


_AGENTS: dict[str, Callable[[], QAAgent]] = {}


def register_qa_agent(name: str, factory: Callable[[], QAAgent]) -> None:
    _AGENTS[name] = factory


def qa_agent_names() -> list[str]:
    _load_builtin()
    return sorted(_AGENTS)


def get_qa_agent(name: str) -> QAAgent:
    _load_builtin()
    try:
        return _AGENTS[name]()
    except KeyError:
        raise ValueError(f"unknown QA agent {name!r} (choose from {', '.join(sorted(_AGENTS))})") from None


def _load_builtin() -> None:
    if "explorer" not in _AGENTS:
        from loop.explorer.agent import ExplorerQA

        register_qa_agent("explorer", ExplorerQA)

"""The QA agent protocol every QA agent (explorer, LLM) implements, its session result, and the registry."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from pydantic import BaseModel

from loop.contract.game import Game
from loop.contract.game_client import GameClient
from loop.contract.models import REPORTS_FILE, BugReport, write_reports
from loop.limits import Progress
from loop.plugins import PluginKind, UnknownPlugin, load, names


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
    counts: dict[str, int] = {}  # agent-specific counters, e.g. the LLM agent's model failures survived


class QAAgent(Protocol):
    """Plays one running build and reports the bugs it confirmed. Writes its trace under `out_dir`."""

    name: str

    def prepare(self, game: Game, repo_dir: Path, mode: str) -> None:
        """Called once before the sessions of a game: the repository at the session's commit (QA mode reads
        its docs and source) and the mode, `player` or `qa`. An agent that needs neither does nothing."""

    def run_session(
        self, client: GameClient, *, build_commit: str, steps: int, seed: int, out_dir: Path
    ) -> QASessionResult: ...


def qa_agent_names() -> list[str]:
    return names(PluginKind.QA_AGENT)


def get_qa_agent(name: str, progress: Progress | None = None) -> QAAgent:
    """The QA agent called `name` (an entry point of `closed_loop.qa_agents`, called with `progress=`)."""
    try:
        factory = load(PluginKind.QA_AGENT, name)
    except UnknownPlugin as exc:
        raise ValueError(str(exc)) from None
    return factory(progress=progress)  # type: ignore[operator]


SESSION_FILE = "session.json"


def write_session(result: QASessionResult, out_dir: Path) -> list[Path]:
    """session.json (the whole result) and reports.json (its reports, as the loop and `repair` read them)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    session = out_dir / SESSION_FILE
    session.write_text(result.model_dump_json(indent=2) + "\n")
    return [session, write_reports(out_dir / REPORTS_FILE, result.reports)]

"""The QA agent protocol every QA agent (explorer, LLM) implements, its session result, and the registry."""

from __future__ import annotations

import abc
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel

from loop.contract.agenda import TestAgenda
from loop.contract.commit_origins import CommitOrigins
from loop.contract.game import Game
from loop.contract.game_client import GameClient
from loop.contract.models import REPORTS_FILE, BugReport, write_reports
from loop.limits import Progress
from loop.plugins import Plugin, PluginKind, UnknownPlugin, create, names


class QASessionResult(BaseModel):
    reports: list[BugReport]
    steps: int
    games_started: int
    wall_seconds: float
    trace_path: Path
    tokens: int = 0
    cost_usd: float = 0.0
    stopped_because: str = ""
    game_failure: str = ""  # the game's failure that ended the session (dead, or answering outside the API)
    first_report_seconds: float | None = None
    counts: dict[str, int] = {}  # agent-specific counters, e.g. the LLM agent's model failures survived
    agenda: TestAgenda | None = None  # the docs' rules and which were tested (an agent that reads the docs)


@dataclass(frozen=True)
class QAContext:
    """What a QA agent is made with: where its one-line progress messages go (the CLI prints them, the flows
    log them; None: nowhere)."""

    progress: Progress | None = None
    repro_replays: int = 1  # replays of a finding's repro before it is reported (a flaky one says its rate)


class QAAgent(Plugin[QAContext], abc.ABC):
    """Plays one running build and reports the bugs it confirmed. Registered by name as a
    `closed_loop.qa_agents` entry point that names the class.

    Lifecycle, in the order the loop (and `closed-loop qa`) calls it:
    1. `from_context(QAContext)`, once per run: by default `cls(context)`. A missing setting (no model
       configured) raises ValueError, whose message the user sees as one line.
    2. `prepare(game, repo_dir, mode)`, before every session: the game, its repository at the session's
       commit, and `player` or `qa`. ValueError for a mode the agent does not have. In a loop run, then
       `know_origins(origins)`: which real commit of the game each of the view's commits stands for.
    3. `run_session(client, ...)`, once per session on a fresh build, and again in the same session (same
       `out_dir`, the steps left, another seed) when the game died and the loop brought it back.

    Cleanup: the caller owns the build and the client. It closes the client and stops the build when
    `run_session` returns or raises, so an agent never stops either; whatever else the agent opens (a trace
    file, a model session) it closes before `run_session` returns. Nothing of the agent runs between sessions.
    """

    name: str

    def prepare(self, game: Game, repo_dir: Path, mode: str) -> None:
        """Called before the sessions of a game: the repository at the session's commit (QA mode reads its
        docs and source) and the mode, `player` or `qa`. An agent that needs neither does nothing."""

    def know_origins(self, origins: CommitOrigins) -> None:
        """Called after `prepare` in a loop run: what outlives the run (a memory across runs) names
        `origins.named(build_commit)`, the game's real commit, and asks `origins.descends` for git ancestry,
        so a bug fixed on one night is fixed on a later one only when its fix was merged. An agent that
        remembers nothing across sessions does nothing."""

    @abc.abstractmethod
    def run_session(
        self, client: GameClient, *, build_commit: str, steps: int, seed: int, out_dir: Path
    ) -> QASessionResult:
        """Play at most `steps` commands, through `client` only, and return what was confirmed, with the trace
        (JSON lines, `loop.trace.SessionTrace`) written under `out_dir`; `build_commit` goes into each report.

        A 5xx (`GameServerError`) is a finding, not an end. A game that stops answering (`GameUnavailable`)
        ends the session early: return what was found and say why in `stopped_because`; the loop sees the
        dead build, brings it back and calls again. Any other exception fails the run at this session (a
        resumed run starts it again).
        """


def qa_agent_names() -> list[str]:
    return names(PluginKind.QA_AGENT)


def get_qa_agent(name: str, progress: Progress | None = None, repro_replays: int = 1) -> QAAgent:
    """The QA agent called `name` (an entry point of `closed_loop.qa_agents`); ValueError for the user."""
    try:
        return create(PluginKind.QA_AGENT, name, QAAgent, QAContext(progress, repro_replays))
    except UnknownPlugin as exc:
        raise ValueError(str(exc)) from None


SESSION_FILE = "session.json"


def write_session(result: QASessionResult, out_dir: Path) -> list[Path]:
    """session.json (the whole result) and reports.json (its reports, as the loop and `repair` read them)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    session = out_dir / SESSION_FILE
    session.write_text(result.model_dump_json(indent=2) + "\n")
    return [session, write_reports(out_dir / REPORTS_FILE, result.reports)]

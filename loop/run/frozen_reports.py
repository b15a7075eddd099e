"""The QA agent's own reports on each task-set game, from one frozen session: the `qa-report` tasks' reports.

One explorer session per game, with a fixed seed and step budget, on the shipped build; its confirmed reports
are matched to the ground truth by the differential critic, as the loop scores discovery. The file kept per
game (`<game>.json`) holds the reports as the QA agent wrote them and, for each, the ground-truth id it
matched (or none): no ground-truth text. A file played on another tree than the game's is stale and gives
no tasks until the session is frozen again.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from pydantic import BaseModel, Field

from loop.contract.benchmark import Benchmark
from loop.contract.game import Game
from loop.contract.models import BugReport
from loop.critic.differential import DifferentialCritic
from loop.qa import get_qa_agent
from loop.run.agent_comparison import freeze
from loop.sandbox import SandboxProvider

log = logging.getLogger(__name__)

FROZEN_SCHEMA_VERSION = 1
QA_AGENT = "explorer"
DEFAULT_SEED = 0
DEFAULT_STEPS = 600


class FrozenReport(BaseModel):
    bug_id: str | None = Field(description="the ground-truth bug the critic matched; None for a false alarm")
    report: BugReport

    @property
    def digest(self) -> str:
        """sha256 of the report as an agent gets it: a changed report makes another task."""
        return hashlib.sha256(self.report.model_dump_json().encode()).hexdigest()


class FrozenSession(BaseModel):
    """One frozen QA session on one game: what it reported and which ground-truth bug each report matched."""

    schema_version: int = FROZEN_SCHEMA_VERSION
    game: str
    tree: str = Field(description="git tree id of the game's source the session played")
    qa_agent: str = QA_AGENT
    seed: int
    steps: int
    frozen_at: str = Field(default_factory=lambda: datetime.now(UTC).isoformat(timespec="seconds"))
    closed_loop_commit: str = Field(default="", description="the closed-loop commit that played the session")
    reports: list[FrozenReport]

    def by_bug(self) -> dict[str, FrozenReport]:
        """The first report matched to each ground-truth bug (the critic names one report per bug)."""
        found: dict[str, FrozenReport] = {}
        for frozen in self.reports:
            if frozen.bug_id is not None:
                found.setdefault(frozen.bug_id, frozen)
        return found

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".json.tmp")
        tmp.write_text(self.model_dump_json(indent=2) + "\n")
        os.replace(tmp, path)


def frozen_path(folder: Path, game: str) -> Path:
    return folder / f"{game}.json"


def load_frozen(folder: Path | None, game: str, tree: str) -> FrozenSession | None:
    """The game's frozen session, or None when there is none or it played another tree (stale)."""
    if folder is None or not frozen_path(folder, game).is_file():
        return None
    path = frozen_path(folder, game)
    try:
        session = FrozenSession.model_validate(json.loads(path.read_text()))
    except ValueError as exc:
        raise ValueError(f"{path} is not a readable frozen session: freeze the reports again") from exc
    if session.tree != tree:
        log.warning("%s played tree %s, %s is now %s: no qa-report tasks until it is frozen again",
                    path, session.tree[:12], game, tree[:12])  # fmt: skip
        return None
    return session


def freeze_session(
    game: Game,
    tree: str,
    *,
    provider: SandboxProvider,
    seed: int = DEFAULT_SEED,
    steps: int = DEFAULT_STEPS,
    commit: str = "",
) -> FrozenSession:
    """Play one explorer session on the shipped build and match its reports to the ground truth."""
    benchmark = Benchmark(game)
    with tempfile.TemporaryDirectory(prefix=f"closed-loop-freeze-{game.name}-") as tmp:
        frozen = freeze(
            game,
            Path(tmp),
            qa_agent=get_qa_agent(QA_AGENT),
            provider=provider,
            steps=steps,
            seed=seed,
            benchmark=benchmark,
            critic=DifferentialCritic,
        )
    # the commit a materialized game gets changes with the clock; the tree (kept above) is what was played
    reports = [
        FrozenReport(
            bug_id=frozen.matches.get(r.fingerprint), report=r.model_copy(update={"build_commit": ""})
        )
        for r in frozen.reports
    ]
    return FrozenSession(
        game=game.name, tree=tree, seed=seed, steps=steps, closed_loop_commit=commit, reports=reports
    )

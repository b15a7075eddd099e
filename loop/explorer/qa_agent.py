"""The explorer behind the QAAgent protocol: one budgeted, traced session of `Explorer` and its result."""

from __future__ import annotations

from pathlib import Path

from loop.contract.game import Game
from loop.contract.game_client import GameClient
from loop.explorer.agent import Explorer
from loop.explorer.budget import Budget
from loop.explorer.coverage import coverage
from loop.explorer.metamorphic import QueryOracle
from loop.explorer.oracles import default_oracles
from loop.explorer.state_oracles import state_oracles
from loop.limits import Progress
from loop.qa import QASessionResult
from loop.trace import SessionTrace


class ExplorerQA:
    """The explorer behind the QAAgent protocol."""

    name = "explorer"

    def __init__(self, progress: Progress | None = None, max_seconds: float = 45.0, max_depth: int = 40):
        self.progress, self.max_seconds, self.max_depth = progress, max_seconds, max_depth

    def prepare(self, game: Game, repo_dir: Path, mode: str) -> None:
        """The explorer plays every game through its API alone: it has no QA mode."""
        if mode != "player":
            raise ValueError(f"the {self.name} agent has no {mode} mode (it plays through the API only)")

    def run_session(
        self, client: GameClient, *, build_commit: str, steps: int, seed: int, out_dir: Path
    ) -> QASessionResult:
        trace_path = out_dir / "trace.jsonl"
        budget = Budget(max_steps=steps, max_seconds=self.max_seconds)
        with SessionTrace(trace_path) as trace:
            explorer = Explorer(
                client,
                [*default_oracles(), *state_oracles(), QueryOracle()],
                budget,
                trace,
                seed=seed,
                build_commit=build_commit,
                max_depth=self.max_depth,
                progress=self.progress,
            )
            stopped_because = explorer.run()
        # A leak report goes first: the critic replays reports in order on one build, and another report's
        # repro played before it could leave the same state behind and hide the leak.
        reports = sorted(explorer.reports, key=lambda r: r.oracle != explorer.restart.name)
        return QASessionResult(
            reports=reports,
            steps=budget.steps,
            games_started=explorer.games_started,
            wall_seconds=round(budget.elapsed, 3),
            trace_path=trace_path,
            stopped_because=stopped_because,
            first_report_seconds=explorer.first_report_seconds,
            counts=coverage(explorer),
        )

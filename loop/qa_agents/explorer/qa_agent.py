"""The explorer behind the QAAgent protocol: one budgeted, traced session of `Explorer` and its result."""

from __future__ import annotations

from pathlib import Path

from loop.contract.game import Game
from loop.contract.game_client import GameClient
from loop.limits import Progress
from loop.qa import QAAgent, QAContext, QASessionResult
from loop.qa_agents.explorer.agent import Explorer
from loop.qa_agents.explorer.budget import Budget
from loop.qa_agents.explorer.coverage import coverage
from loop.qa_agents.explorer.docs import DocKnowledge, doc_knowledge
from loop.qa_agents.explorer.oracle_set import rank_of, session_oracles
from loop.trace import SessionTrace

MODES = ("player", "qa")
MIN_SECONDS = 45.0
SECONDS_PER_STEP = 0.25  # a game at 50 ms a command, replays and shrinking included, spends its whole budget


class ExplorerQA(QAAgent):
    """The explorer behind the QAAgent protocol."""

    name = "explorer"

    @classmethod
    def from_context(cls, context: QAContext) -> ExplorerQA:
        return cls(progress=context.progress, repro_replays=context.repro_replays)

    def __init__(
        self,
        progress: Progress | None = None,
        max_seconds: float | None = None,
        max_depth: int = 40,
        repro_replays: int = 1,
    ):
        """`max_seconds`: the wall-clock net under the step budget; by default it grows with the steps
        (SECONDS_PER_STEP each, at least MIN_SECONDS), so a slow game still gets the steps it was given."""
        self.progress, self.max_seconds, self.max_depth = progress, max_seconds, max_depth
        self.repro_replays = repro_replays
        self.docs: DocKnowledge | None = None

    def prepare(self, game: Game, repo_dir: Path, mode: str) -> None:
        """Player mode plays through the API alone; QA mode also reads the manifest's `qa_docs` and its
        walkthrough in the game's repository (commands, routes, stated numbers: explorer/docs.py)."""
        if mode not in MODES:
            raise ValueError(f"the {self.name} agent has no {mode} mode (choose from {', '.join(MODES)})")
        self.docs = doc_knowledge(game, repo_dir) if mode == "qa" else None

    def run_session(
        self, client: GameClient, *, build_commit: str, steps: int, seed: int, out_dir: Path
    ) -> QASessionResult:
        trace_path = out_dir / "trace.jsonl"
        seconds = self.max_seconds or max(MIN_SECONDS, SECONDS_PER_STEP * steps)
        budget = Budget(max_steps=steps, max_seconds=seconds)
        with SessionTrace(trace_path) as trace:
            explorer = Explorer(
                client,
                session_oracles(self.docs),
                budget,
                trace,
                seed=seed,
                build_commit=build_commit,
                max_depth=self.max_depth,
                progress=self.progress,
                docs=self.docs,
                repro_replays=self.repro_replays,
            )
            stopped_because = explorer.run()
        # A leak report goes first: the critic replays reports in order on one build, and another report's
        # repro played before it could leave the same state behind and hide the leak. Then invariants.
        reports = sorted(
            explorer.reports, key=lambda r: (r.oracle != explorer.restart.name, rank_of(r.oracle or ""))
        )
        return QASessionResult(
            reports=reports,
            steps=budget.steps,
            games_started=explorer.games_started,
            wall_seconds=round(budget.elapsed, 3),
            trace_path=trace_path,
            stopped_because=stopped_because,
            game_failure=explorer.game_failure,
            first_report_seconds=explorer.first_report_seconds,
            counts=coverage(explorer),
        )

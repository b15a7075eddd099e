"""The LLM QA agent behind the QAAgent protocol: one session, its memory file, its result and counts."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

from loop.contract.commit_origins import CommitOrigins
from loop.contract.game import Game, GameDefinitionError
from loop.contract.game_client import GameClient
from loop.limits import Progress
from loop.llm import prompting
from loop.llm.config import LLMConfig
from loop.llm.errors import LLMError, RequestRejected
from loop.llm.replies import SessionDistillation
from loop.llm.roles import ModelRoles
from loop.llm.session import Budget, LLMSession
from loop.llm.types import Message
from loop.qa import QAAgent, QAContext, QASessionResult
from loop.qa_agents.llm import checkpoints, leads
from loop.qa_agents.llm.agent import LLMQASession, Settings
from loop.qa_agents.llm.campaign import GameMemory, RunMarks, bounded_notes, memory_path
from loop.qa_agents.llm.repo_tools import RepoReader
from loop.trace import SessionTrace

MODES = ("player", "qa")


class LLMQA(QAAgent):
    """`closed-loop qa GAME --agent llm --mode player|qa`. Models come from the environment unless given."""

    name = "llm"

    @classmethod
    def from_context(cls, context: QAContext) -> LLMQA:
        """The agent with the models the environment configures; ValueError when none is."""
        return cls(progress=context.progress)

    def __init__(
        self,
        progress: Progress | None = None,
        *,
        models: ModelRoles | None = None,
        config: LLMConfig | None = None,
        budget: Budget | None = None,
        mode: str = "player",
        game_name: str = "game",
        game_title: str = "",
        repo_dir: Path | None = None,
        qa_docs: list[str] | tuple[str, ...] = (),
        data_dir: Path | None = None,
        settings: Settings | None = None,
    ):
        if models is None:
            try:
                models = ModelRoles.configured(config, LLMSession(budget) if budget else None)
            except RequestRejected as exc:
                raise ValueError(f"the llm QA agent needs a model: {exc}") from None
        self.models, self.progress, self.settings = models, progress, settings or Settings()
        self.data_dir, self.repo_dir, self.qa_docs = data_dir, repo_dir, tuple(qa_docs)
        self.game_name, self.game_title = game_name, game_title or game_name
        self.mode = mode
        self.origins: CommitOrigins | None = None
        self.walkthrough: list[str] = []
        self.this_run = RunMarks()  # one instance per run (`from_context`): what this run did with known bugs
        self.for_mode(mode)

    def for_mode(self, mode: str) -> None:
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r} (choose from {', '.join(MODES)})")
        self.mode = mode

    def prepare(self, game: Game, repo_dir: Path, mode: str = "player") -> None:
        """Point the agent at one game's materialized repository (QA mode reads its docs and source there)."""
        self.for_mode(mode)
        self.game_name, self.game_title = game.name, game.manifest.title
        self.repo_dir, self.qa_docs = repo_dir, tuple(game.manifest.qa_docs)
        self.origins = None
        try:  # in the game's repository, which every QA-mode agent may read; never ground truth
            self.walkthrough = game.walkthrough_commands(repo_dir)
        except GameDefinitionError:
            self.walkthrough = []

    def know_origins(self, origins: CommitOrigins) -> None:
        """The memory names the game's real commits and follows their history (see the campaign module)."""
        self.origins = origins

    @property
    def memory_file(self) -> Path:
        return memory_path(self.game_name, self.data_dir)

    def run_session(
        self, client: GameClient, *, build_commit: str, steps: int, seed: int, out_dir: Path
    ) -> QASessionResult:
        """`seed` is unused: a model's choices are its own; the trace records them."""
        if self.mode == "qa" and self.repo_dir is None:
            raise ValueError("QA mode needs the game's repository (prepare)")
        reader = RepoReader(self.repo_dir, self.qa_docs) if self.mode == "qa" and self.repo_dir else None
        campaign = GameMemory.load(self.memory_file, self.game_name)
        if campaign.set_aside and self.progress is not None:
            self.progress(f"QA memory starts afresh: {campaign.set_aside}")
        trace_path = out_dir / "trace.jsonl"
        started = time.monotonic()
        with SessionTrace(trace_path) as trace:
            session = LLMQASession(
                client,
                self.models,
                campaign,
                trace,
                build_commit=build_commit,
                max_steps=steps,
                game_title=self.game_title,
                reader=reader,
                settings=self.settings,
                progress=self.progress,
                # outside a loop run the repository's own commits, and its own ancestry
                origins=self.origins or CommitOrigins(view=self.repo_dir),
                this_run=self.this_run,
                walkthrough=self.walkthrough if reader is not None else (),
            )
            stopped_because = session.run()
        self._remember(session, campaign, session.commit)
        campaign.save(self.memory_file)
        totals = self.models.session.totals()
        counts = {
            **self.models.totals(),
            "hypotheses_confirmed": len(session.confirmed),
            "hypotheses_dropped": len(session.dropped),
            "replays": session.verifier.replays,
            "summary_folds": session.memory.folds,
            **session.depth_counts(),
        }
        return QASessionResult(
            reports=session.reports,
            steps=session.steps,
            games_started=session.games_started,
            wall_seconds=round(time.monotonic() - started, 3),
            trace_path=trace_path,
            tokens=totals.input_tokens + totals.output_tokens,
            cost_usd=round(totals.cost_usd, 6),
            stopped_because=stopped_because,
            game_failure=session.game_failure,
            first_report_seconds=session.first_report_seconds,
            counts=counts,
            agenda=session.agenda.agenda if session.agenda is not None else None,
        )

    def _remember(self, session: LLMQASession, campaign: GameMemory, commit: str) -> None:
        """Distil the session (role summary) into the commit's notes; without a model, keep what is known."""
        notes = campaign.notes(commit)
        notes.sessions += 1
        distilled = SessionDistillation()
        prompt = prompting.template("distill")
        text = prompt.render(
            game_title=self.game_title,
            max_items=10,
            summary=session.memory.summary.model_dump_json(indent=1),
            confirmed="; ".join(session.confirmed.values()) or "none",
            dropped="; ".join(session.dropped.values()) or "none",
        )
        # Without a distillation, the mechanical notes below still carry the session over.
        with contextlib.suppress(LLMError):
            distilled = self.models.ask("summary", [Message.user(text)], prompt.reply).parsed
        notes.explored_regions = bounded_notes(
            [*notes.explored_regions, *session.visited, *distilled.explored_regions]
        )
        notes.unresolved_leads = bounded_notes(
            [*distilled.unresolved_leads, *session.leads, *notes.unresolved_leads]
        )
        notes.priority_targets = bounded_notes([*distilled.priority_targets, *notes.priority_targets])
        notes.dropped_hypotheses = bounded_notes([*notes.dropped_hypotheses, *session.dropped.values()])
        session.note_reached()
        notes.leads = leads.merged(notes.leads, list(session.session_leads.values()))
        notes.checkpoints = checkpoints.keep(
            notes.checkpoints, session.found_checkpoint, session.broken_checkpoints
        )
        notes.walkthrough_broken = notes.walkthrough_broken or session.walkthrough_broken
        campaign.last_commit = commit

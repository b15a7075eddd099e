"""Local verification: a hypothesis counts only if its commands, replayed on a fresh game, show it again.

The judge (role reflection) reads the replay transcript and says whether the anomaly is there. Once it is, the
commands before the last one are shrunk by delta debugging, each candidate replayed and judged again, within a
fixed number of judged replays; the last command (where the anomaly was seen) always stays.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from loop.contract.game_client import GameClient
from loop.contract.models import BugReport
from loop.explorer.shrink import ddmin
from loop.explorer.transcript import Step, play
from loop.llm.errors import BudgetExceeded, LLMError
from loop.llm_qa import prompting
from loop.llm_qa.observations import clip, step_text, transcript_json
from loop.llm_qa.replies import Hypothesis, ReplayJudgement
from loop.llm_qa.roles import ModelRoles

EVIDENCE_STEPS = 4

Judge = Callable[[Hypothesis, str], bool]
"""(hypothesis, replay transcript as JSON) -> does the anomaly show? May raise LLMError."""
OnReplay = Callable[[str, Step], None]


@dataclass(frozen=True)
class Confirmed:
    repro: list[str]
    steps: list[Step]
    replays: int

    @property
    def evidence(self) -> str:
        return "\n".join(step_text(step, with_state=False) for step in self.steps[-EVIDENCE_STEPS:])

    def report(
        self, hypothesis: Hypothesis, *, build_commit: str, source: str, key: str, confidence: float
    ) -> BugReport:
        """The report this replay supports: the hypothesis's words, the replayed repro and its evidence."""
        return BugReport(
            title=hypothesis.title,
            symptom=clip(hypothesis.observed, 200),
            expected=hypothesis.expected,
            observed=hypothesis.observed,
            mechanic=hypothesis.mechanic,
            bug_type=hypothesis.bug_type,
            repro=list(self.repro),
            evidence=self.evidence,
            confidence=confidence,
            build_commit=build_commit,
            source=source,
            fingerprint_key=key,
        )


def judge_replay(models: ModelRoles, hypothesis: Hypothesis, transcript: str) -> ReplayJudgement:
    """Ask the reflection model whether `transcript` (JSON from transcript_json) shows the hypothesis."""
    messages, reply_model = prompting.conversation(
        "replay_judge",
        "replay_judge_step",
        title=hypothesis.title,
        observed=hypothesis.observed,
        expected=hypothesis.expected,
        check=hypothesis.check or "(see observed vs expected)",
        transcript=transcript,
    )
    return models.ask("reflection", messages, reply_model).parsed


class UndecidedReplay(Exception):
    """The judge could not answer (malformed replies, provider down): the hypothesis stays a lead."""


class LocalVerifier:
    def __init__(
        self,
        client: GameClient,
        judge: Judge,
        *,
        max_shrink_replays: int = 16,
        on_replay: OnReplay | None = None,
    ):
        self.client, self.judge = client, judge
        self.max_shrink_replays, self.on_replay = max_shrink_replays, on_replay
        self.replays = 0

    def shows(self, hypothesis: Hypothesis, commands: list[str]) -> tuple[bool, list[Step]]:
        """Replay `commands` on a fresh game and ask the judge. Judge failures raise UndecidedReplay."""
        self.replays += 1
        steps = play(self.client, commands, on_step=self.on_replay)
        try:
            return self.judge(hypothesis, transcript_json(steps)), steps
        except BudgetExceeded:
            raise
        except LLMError as exc:
            raise UndecidedReplay(str(exc)) from exc

    def confirm(self, hypothesis: Hypothesis, commands: list[str]) -> Confirmed | None:
        """None when the replay of `commands` does not show the anomaly. Raises UndecidedReplay."""
        if not commands:
            return None
        present, steps = self.shows(hypothesis, commands)
        if not present:
            return None
        started = self.replays
        *prefix, last = commands

        def still_shows(candidate: list[str]) -> bool:
            try:
                return self.shows(hypothesis, [*candidate, last])[0]
            except UndecidedReplay:
                return False  # keep the longer, proven sequence rather than trust an unjudged one

        shortest = ddmin(prefix, still_shows, self.max_shrink_replays) if prefix else []
        if shortest != prefix:
            present_again, shorter_steps = self.shows(hypothesis, [*shortest, last])
            if present_again:
                return Confirmed([*shortest, last], shorter_steps, self.replays - started + 1)
        return Confirmed(list(commands), steps, self.replays - started + 1)

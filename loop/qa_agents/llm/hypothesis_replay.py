"""Local verification: a hypothesis counts only if its commands, replayed on a fresh game, show it again.

The replay judge (loop.judge.model_judge) reads each replay and says present, absent or cannot judge. Once
present, the commands before the last one are shrunk by delta debugging, each candidate replayed and judged
again, within a fixed number of judged replays; the last command (where the anomaly was seen) always stays,
and a candidate counts only if that last command ends the same way (accepted, refused or failed) as in the
first replay, so the shrink cannot end on a last command that fails for another reason. The final repro is
replayed and judged once more: how many judged replays agree feeds the report's confidence.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from loop.contract.game_client import GameClient
from loop.contract.models import BugReport
from loop.judge.model_judge import Claim, Judged
from loop.llm.errors import BudgetExceeded, LLMError
from loop.llm.replies import Hypothesis
from loop.replay.clipping import clip
from loop.replay.observations import step_text
from loop.replay.shrink import ddmin
from loop.replay.transcript import Step, play

EVIDENCE_STEPS = 4

Judge = Callable[[Claim, list[Step]], Judged]
"""(claim, replayed steps) -> the judge's verdict. May raise LLMError."""
OnReplay = Callable[[str, Step], None]


@dataclass(frozen=True)
class Confirmed:
    repro: list[str]
    steps: list[Step]
    replays: int
    agreeing: int = 1
    judged: int = 1

    @property
    def evidence(self) -> str:
        return "\n".join(step_text(step, with_state=False) for step in self.steps[-EVIDENCE_STEPS:])

    def report(
        self, hypothesis: Hypothesis, *, build_commit: str, source: str, key: str, confidence: float
    ) -> BugReport:
        """The report this replay supports: the hypothesis's words, the replayed repro and its evidence."""
        evidence = self.evidence
        if hypothesis.evidence:
            evidence = f'{evidence}\nwhy it is a bug: "{clip(hypothesis.evidence, 300)}"'
        return BugReport(
            title=hypothesis.title,
            symptom=clip(hypothesis.observed, 200),
            expected=hypothesis.expected,
            observed=hypothesis.observed,
            mechanic=hypothesis.mechanic,
            bug_type=hypothesis.bug_type,
            repro=list(self.repro),
            evidence=evidence,
            confidence=confidence,
            build_commit=build_commit,
            source=source,
            fingerprint_key=key,
        )


def claim_of(hypothesis: Hypothesis, commands: list[str]) -> Claim:
    return Claim(
        title=hypothesis.title,
        expected=hypothesis.expected,
        observed=hypothesis.observed,
        repro=commands,
        evidence=hypothesis.evidence,
    )


class UndecidedReplay(Exception):
    """The judge could not answer (cannot judge, malformed replies, provider down): it stays a lead."""


def same_ending(a: Step, b: Step) -> bool:
    """Both final commands were accepted, or both refused, or both failed."""
    if (a.observation is None) != (b.observation is None):
        return False
    return a.observation is None or a.observation.success == b.observation.success  # type: ignore[union-attr]  # both None or neither


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
        """Replay `commands` on a fresh game and ask the judge. 'cannot judge' and judge failures raise
        UndecidedReplay."""
        self.replays += 1
        steps = play(self.client, commands, on_step=self.on_replay)
        try:
            judged = self.judge(claim_of(hypothesis, commands), steps)
        except BudgetExceeded:
            raise
        except LLMError as exc:
            raise UndecidedReplay(str(exc)) from exc
        if judged.verdict == "cannot judge":
            raise UndecidedReplay(f"cannot judge: {judged.reason}")
        return judged.present, steps

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
                shown, replayed = self.shows(hypothesis, [*candidate, last])
            except UndecidedReplay:
                return False  # keep the longer, proven sequence rather than trust an unjudged one
            return shown and same_ending(replayed[-1], steps[-1])

        shortest = ddmin(prefix, still_shows, self.max_shrink_replays) if prefix else []
        repro = [*shortest, last]
        try:
            again, again_steps = self.shows(hypothesis, repro)
        except UndecidedReplay:
            again, again_steps = False, steps
        if again and same_ending(again_steps[-1], steps[-1]):
            return Confirmed(repro, again_steps, self.replays - started + 1, agreeing=2, judged=2)
        return Confirmed(list(commands), steps, self.replays - started + 1, agreeing=1, judged=2)

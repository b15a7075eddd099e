"""Intake: a bug report written by a person becomes steps to reproduce, played on a fresh game and judged.

BugCraft's two stages, for a text game: a step synthesizer (role planner) turns the report into commands,
using the game's design docs as knowledge; the commands are played from a new game in the sandbox; the judge
(role reflection) reads the transcript and says whether the reported anomaly shows. When it does not, the
synthesizer sees the transcript once more and may revise the steps (bounded attempts). A reproduced report
becomes a BugReport with source "intake"; the answer always carries the transcript.
"""

from __future__ import annotations

import json

from pydantic import BaseModel, Field

from loop.contract.game_client import GameClient, GameError
from loop.contract.models import BugReport
from loop.explorer.transcript import play
from loop.llm.errors import BudgetExceeded, InvalidReply, LLMError, ProviderError
from loop.llm_qa import prompting
from loop.llm_qa.observations import clip, transcript_json
from loop.llm_qa.replies import Hypothesis, StepsToReproduce
from loop.llm_qa.roles import ModelRoles
from loop.llm_qa.verification import Confirmed, judge_replay

MAX_REPORT_CHARS = 8000


class IntakeAttempt(BaseModel):
    steps: StepsToReproduce
    transcript: list[dict]
    reproduced: bool
    reason: str = ""


class IntakeVerdict(BaseModel):
    reproduced: bool
    attempts: list[IntakeAttempt] = Field(default_factory=list)
    report: BugReport | None = None
    detail: str = ""

    @property
    def answer(self) -> str:
        return "reproduced" if self.reproduced else "not reproduced"


def intake(
    report_text: str,
    client: GameClient,
    models: ModelRoles,
    *,
    game_title: str,
    docs: str,
    build_commit: str = "",
    max_attempts: int = 2,
) -> IntakeVerdict:
    """Synthesize steps from `report_text`, play them on fresh games, judge. Never raises on a model failure:
    the verdict says what went wrong (BudgetExceeded still stops it, as a verdict)."""
    verdict = IntakeVerdict(reproduced=False)
    feedback = ""
    for _ in range(max_attempts):
        try:
            steps = _synthesize(models, report_text, game_title, docs, feedback)
        except (InvalidReply, ProviderError, BudgetExceeded) as exc:
            verdict.detail = f"step synthesis failed: {type(exc).__name__}: {clip(str(exc), 200)}"
            return verdict
        try:
            played = play(client, steps.commands)
        except GameError as exc:
            verdict.detail = f"the game failed to start a new game: {exc}"
            return verdict
        transcript = transcript_json(played)
        hypothesis = Hypothesis(
            title=steps.title or clip(steps.anomaly, 150),
            observed=steps.anomaly,
            expected=steps.expected,
            mechanic=steps.mechanic or "unknown",
            bug_type=steps.bug_type,
            check=steps.anomaly,
        )
        try:
            judgement = judge_replay(models, hypothesis, transcript)
        except LLMError as exc:
            verdict.detail = f"judging the transcript failed: {type(exc).__name__}: {clip(str(exc), 200)}"
            return verdict
        attempt = IntakeAttempt(
            steps=steps,
            transcript=json.loads(transcript),
            reproduced=judgement.anomaly_present,
            reason=judgement.reason,
        )
        verdict.attempts.append(attempt)
        if judgement.anomaly_present:
            verdict.reproduced, verdict.detail = True, judgement.reason
            verdict.report = Confirmed(list(steps.commands), played, 1).report(
                hypothesis,
                build_commit=build_commit,
                source="intake",
                key=f"intake|{steps.bug_type}|{hypothesis.mechanic}|{hypothesis.title}".lower(),
                confidence=0.7,
            )
            return verdict
        verdict.detail = judgement.reason
        feedback = (
            "\nA first try played these commands from a new game and the anomaly did not show:\n"
            f"{clip(transcript, 4000)}\nIf the steps missed something the report implies, give better ones; "
            "if they were right, give them again."
        )
    return verdict


def _synthesize(
    models: ModelRoles, report_text: str, game_title: str, docs: str, feedback: str
) -> StepsToReproduce:
    messages, reply_model = prompting.conversation(
        "intake_steps",
        "intake_report",
        game_title=game_title,
        docs=docs,
        report=clip(report_text, MAX_REPORT_CHARS),
        feedback=feedback,
    )
    return models.ask("planner", messages, reply_model).parsed

"""Intake: a bug report written by a person becomes steps to reproduce, played on a fresh game and judged.

BugCraft's two stages, for a text game: a step synthesizer (role planner) turns the report into commands,
with the game's design docs and its walkthrough as knowledge; the commands are played one by one from a new
game, and a step the game refuses before the last one stops the attempt (the steps went astray, not the
game); the replay judge (loop.judge.model_judge) reads the person's report itself, not a paraphrase, next to
the transcript. When the anomaly does not show, the synthesizer sees every command it sent with the game's
reply and the judge's reason, and may revise the steps (bounded attempts). A reproduced report becomes a
BugReport with source "intake"; the answer always carries the transcripts.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, Field

from loop.contract.game_client import GameClient, GameError
from loop.contract.models import BugReport
from loop.judge.model_judge import Claim, judge_replay
from loop.llm import prompting
from loop.llm.errors import BudgetExceeded, InvalidReply, LLMError, ProviderError
from loop.llm.replies import Hypothesis, StepsToReproduce
from loop.llm.roles import ModelRoles
from loop.qa_agents.llm.evidence import anomaly_key, confidence
from loop.qa_agents.llm.hypothesis_replay import Confirmed
from loop.replay.clipping import clip
from loop.replay.observations import step_text, transcript_json
from loop.replay.transcript import GameSession, Step, play

MAX_REPORT_CHARS = 8000
MAX_WALKTHROUGH_COMMANDS = 80
FEEDBACK_REPLY_CHARS = 240


class IntakeAttempt(BaseModel):
    steps: StepsToReproduce
    transcript: list[dict[str, Any]]
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
    walkthrough: list[str] | tuple[str, ...] = (),
    build_commit: str = "",
    max_attempts: int = 2,
) -> IntakeVerdict:
    """Synthesize steps from `report_text`, play them one by one on fresh games, judge. Never raises on a
    model failure: the verdict says what went wrong (BudgetExceeded still stops it, as a verdict)."""
    verdict = IntakeVerdict(reproduced=False)
    feedback = ""
    for _ in range(max_attempts):
        try:
            steps = write_steps(models, report_text, game_title, docs, walkthrough, feedback)
            played, astray = _play(client, steps.commands)
        except (InvalidReply, ProviderError, BudgetExceeded) as exc:
            verdict.detail = f"step synthesis failed: {type(exc).__name__}: {clip(str(exc), 200)}"
            return verdict
        except GameError as exc:
            verdict.detail = f"the game failed: {exc}"
            return verdict
        claim = Claim(
            title=steps.title or clip(steps.anomaly, 150),
            expected=steps.expected,
            observed=steps.anomaly,
            repro=list(steps.commands),
            report_text=report_text,
        )
        if astray:
            judged_verdict, reason = "cannot judge", astray
        else:
            try:
                judged = judge_replay(models, claim, played, knowledge=docs)
            except LLMError as exc:
                verdict.detail = f"judging the transcript failed: {type(exc).__name__}: {clip(str(exc), 200)}"
                return verdict
            judged_verdict, reason = judged.verdict, judged.reason
        present = judged_verdict == "present"
        rows = json.loads(transcript_json(played))
        attempt = IntakeAttempt(steps=steps, transcript=rows, reproduced=present, reason=reason)
        verdict.attempts.append(attempt)
        verdict.detail = reason
        if present:
            verdict.reproduced = True
            verdict.report = _report(client, steps, played, claim, build_commit)
            return verdict
        feedback = _feedback(played, judged_verdict, reason)
    return verdict


def _play(client: GameClient, commands: list[str]) -> tuple[list[Step], str]:
    """Play from a new game, one command at a time; stop at a step refused before the last one."""
    game = GameSession(client)
    for number, command in enumerate(commands, 1):
        if len(command) > client.max_command_length:  # the client would refuse to send it
            size, limit = len(command), client.max_command_length
            return game.steps, f"step {number} is {size} characters, longer than the game takes ({limit})"
        step = game.send(command)
        failed = step.observation is None or not step.observation.success
        if failed and number < len(commands):
            return game.steps, f"step {number} `{command}` did not go through: {clip(step.message, 200)}"
    return game.steps, ""


def _report(
    client: GameClient, steps: StepsToReproduce, played: list[Step], claim: Claim, commit: str
) -> BugReport:
    """The reproduced report; played once more (no judge) to see whether the final reply is the same."""
    again = play(client, list(steps.commands))[-1]
    same = anomaly_key(again.command or "", again.message) == anomaly_key(
        played[-1].command or "", played[-1].message
    )
    hypothesis = Hypothesis(
        title=claim.title,
        observed=claim.observed,
        expected=claim.expected,
        mechanic=steps.mechanic or "unknown",
        bug_type=steps.bug_type,
    )
    return Confirmed(list(steps.commands), played, 2).report(
        hypothesis,
        build_commit=commit,
        source="intake",
        key=anomaly_key(played[-1].command or "", played[-1].message),  # the QA agent's key for the same bug
        confidence=confidence(2 if same else 1, 2, "person's report"),
    )


def _feedback(played: list[Step], judged: str, reason: str) -> str:
    """Every command the attempt sent with the game's reply (not the raw states), and why it failed."""
    lines = [
        step_text(step, with_state=False).replace("\n", "\n  ", 1)[: FEEDBACK_REPLY_CHARS + 100]
        for step in played
        if step.command is not None
    ]
    return (
        f"\nA first try played these commands from a new game, and the anomaly did not show ({judged}: "
        f"{clip(reason, 300)}). The game answered:\n" + "\n".join(lines) + "\nIf the steps missed something "
        "the report implies, or a step went astray, give better ones; if they were right, give them again."
    )


def write_steps(
    models: ModelRoles,
    report_text: str,
    game_title: str,
    docs: str,
    walkthrough: list[str] | tuple[str, ...],
    feedback: str = "",
) -> StepsToReproduce:
    """The step writer (role planner): a report, with the docs and walkthrough as knowledge, as commands."""
    route = list(walkthrough)[:MAX_WALKTHROUGH_COMMANDS]
    messages, reply_model = prompting.conversation(
        "intake_steps",
        "intake_report",
        game_title=game_title,
        docs=docs,
        walkthrough=" / ".join(route) or "(none)",
        report=clip(report_text, MAX_REPORT_CHARS),
        feedback=feedback,
    )
    steps: StepsToReproduce = models.ask("planner", messages, reply_model).parsed
    return steps

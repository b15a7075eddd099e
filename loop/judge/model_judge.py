"""The replay judge: given a claim (a report's expected, observed and repro) and a replayed transcript, is the
claimed bug present, absent, or can it not be judged? A reusable function: the QA agent's local verification,
intake, and a re-judge of any report on a new build all call `judge_replay`.

What the judge reads is bounded: the earlier commands as a list, the last few steps in full (reply and what
each changed), the final step's state, and the game's documentation or command list. It is told that the
anomaly is claimed at the final command, and it must give its reason before its verdict.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pydantic import BaseModel, Field

from loop.contract.game_client import GameClient
from loop.contract.models import BugReport
from loop.llm import prompting
from loop.llm.errors import InvalidReply
from loop.llm.replies import ReplayJudgement
from loop.llm.roles import ModelRoles
from loop.llm.types import Message
from loop.replay.clipping import clip
from loop.replay.observations import MAX_MESSAGE_CHARS, without_reply_text
from loop.replay.state_diff import state_diff
from loop.replay.transcript import Step, play

if TYPE_CHECKING:  # the client pulls in both SDKs
    from loop.llm.client import ChatModel

FULL_STEPS = 3
MAX_KNOWLEDGE_CHARS = 2500
MAX_REPORT_CHARS = 3000
WHY = re.compile(r'why it is a bug: "(.*)"\s*$', re.DOTALL)  # as verification.Confirmed.report writes it


class Claim(BaseModel):
    """What a report says: enough for a judge that never saw the session that found it."""

    title: str
    expected: str
    observed: str
    repro: list[str] = Field(default_factory=list)
    evidence: str = Field(default="", description="the quoted words that say what a correct game does")
    report_text: str = Field(default="", description="a person's own words, when the claim comes from one")

    @classmethod
    def of_report(cls, report: BugReport) -> Claim:
        """A report's claim: its words, its repro, and the quote that made it a bug (if it kept one)."""
        why = WHY.search(report.evidence)
        return cls(
            title=report.title,
            expected=report.expected,
            observed=report.observed,
            repro=list(report.repro),
            evidence=why.group(1) if why else "",
        )


@dataclass(frozen=True)
class Judged:
    verdict: str  # present | absent | cannot judge
    reason: str

    @property
    def present(self) -> bool:
        return self.verdict == "present"


def transcript_text(steps: list[Step], full_steps: int = FULL_STEPS) -> str:
    """Earlier commands on one line; the last `full_steps` steps as JSON rows, the final one with state."""
    played = [s for s in steps if s.command is not None]
    earlier, last = played[:-full_steps], played[-full_steps:]
    rows = [
        {
            "command": s.command,
            "reply": clip(s.message, MAX_MESSAGE_CHARS),
            "refused": s.observation is not None and not s.observation.success,
            "error": s.observation is None,
            "changed": state_diff(s.before, s.state),
        }
        for s in last
    ]
    if rows:
        rows[-1]["state"] = without_reply_text(last[-1].state, last[-1].message)
    head = "Earlier commands, in order: " + (" / ".join(s.command or "" for s in earlier) or "(none)")
    table = ",\n".join(json.dumps(row, sort_keys=True) for row in rows)  # one step per line
    return f"{head}\n```json\n[\n{table}\n]\n```"


def judge_report(models: ModelRoles, client: GameClient, report: BugReport, *, knowledge: str = "") -> Judged:
    """Re-judge any report on the build `client` talks to: its repro played on a fresh game, then judged."""
    claim = Claim.of_report(report)
    return judge_replay(models, claim, play(client, claim.repro), knowledge=knowledge)


def judge_replay(models: ModelRoles, claim: Claim, steps: list[Step], *, knowledge: str = "") -> Judged:
    """Ask the judge (role reflection, counted with the session's roles). May raise LLMError."""
    messages, reply_model = judge_messages(claim, steps, knowledge)
    return _judged(models.ask("reflection", messages, reply_model).parsed)


def judge_with(model: ChatModel, claim: Claim, steps: list[Step], *, knowledge: str = "") -> Judged:
    """The same question to one chat model (a loop-level judge holds a model, not a session's roles)."""
    messages, reply_model = judge_messages(claim, steps, knowledge)
    return _judged(model.complete(messages, response_model=reply_model).parsed)


def _judged(parsed: object) -> Judged:
    if not isinstance(parsed, ReplayJudgement):
        raise InvalidReply("the judge answered with something else than a verdict")
    return Judged(parsed.verdict, parsed.reason)


def judge_messages(
    claim: Claim, steps: list[Step], knowledge: str = ""
) -> tuple[list[Message], type[BaseModel]]:
    """The judge's two turns for `claim` and the replayed `steps`, and the reply they expect."""
    return prompting.conversation(
        "replay_judge",
        "replay_judge_step",
        knowledge=clip(knowledge, MAX_KNOWLEDGE_CHARS) or "(none)",
        title=claim.title,
        expected=claim.expected,
        observed=claim.observed,
        evidence=f'"{clip(claim.evidence, 400)}"' if claim.evidence else "(none quoted)",
        report=clip(claim.report_text, MAX_REPORT_CHARS) or "(none: the claim comes from the QA agent)",
        transcript=transcript_text(steps),
        final_command=next((s.command for s in reversed(steps) if s.command is not None), "(new game)"),
    )

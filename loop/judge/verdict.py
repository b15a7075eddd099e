"""The judge: does a replayed report still show its bug? Every report is judged again by what produced it.

A report from the explorer names the oracle that found it: the oracle judges the replay again. Any other
report (the LLM QA agent's, intake's, a person's) is judged by a model reading the replayed transcript against
the report's expected and observed behaviour. The answer is `present`, `absent` or `cannot_judge` (no model
configured, the judge failed, the game could not start). `cannot_judge` never counts as fixed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from enum import StrEnum
from typing import cast

from pydantic import BaseModel

from loop.contract.game_client import GameClient, GameProtocolError, GameServerError, GameUnavailable
from loop.contract.models import BugReport
from loop.judge.model_judge import Claim, judge_with
from loop.llm.client import ChatModel
from loop.llm.errors import LLMError
from loop.replay.oracle import oracle_named
from loop.replay.report_replay import replay_report, transcript_of
from loop.replay.transcript import Step, play

log = logging.getLogger(__name__)


class JudgeAnswer(StrEnum):
    PRESENT = "present"
    ABSENT = "absent"
    CANNOT_JUDGE = "cannot_judge"


class ReplayVerdict(BaseModel):
    """One judged replay: the answer, the transcript it was judged on, and why."""

    answer: JudgeAnswer
    transcript: list[tuple[str, str]]
    detail: str
    crashed: bool = False
    judged_by: str = ""

    @property
    def anomaly_present(self) -> bool:
        return self.answer == JudgeAnswer.PRESENT


MODEL_VERDICTS = {"present": JudgeAnswer.PRESENT, "absent": JudgeAnswer.ABSENT}

ReplayJudge = Callable[[BugReport, GameClient], ReplayVerdict]
"""(report, a client of the build to judge on) -> verdict. The loop's one judge signature."""


def judged_by_oracle(report: BugReport) -> bool:
    return oracle_named(report.oracle) is not None


class Judge:
    """The loop's judge: the report's explorer oracle when it has one, else `model` (None: no model is
    configured, and such reports cannot be judged)."""

    def __init__(self, model: ChatModel | None = None):
        self.model = model
        self.model_calls = 0

    @property
    def tokens(self) -> int:
        """Tokens the judge's model has used (its client accounts every call, failed ones included)."""
        session = getattr(self.model, "session", None)
        if session is None:
            return 0
        totals = session.totals()
        used: int = totals.input_tokens + totals.output_tokens
        return used

    def __call__(self, report: BugReport, client: GameClient) -> ReplayVerdict:
        if judged_by_oracle(report):
            replay = replay_report(report, client)
            return ReplayVerdict(
                answer=JudgeAnswer.PRESENT if replay.anomaly_present else JudgeAnswer.ABSENT,
                transcript=replay.transcript,
                detail=replay.detail,
                crashed=replay.crashed,
                judged_by=f"oracle {report.oracle}",
            )
        if self.model is None:
            return ReplayVerdict(
                answer=JudgeAnswer.CANNOT_JUDGE,
                transcript=[],
                detail=f"a report from {report.source or 'a person'} is judged by a model: none configured",
            )
        try:
            steps = play(client, list(report.repro))
        except (GameServerError, GameProtocolError, GameUnavailable) as exc:
            return ReplayVerdict(
                answer=JudgeAnswer.CANNOT_JUDGE,
                transcript=[],
                detail=f"the game did not start: {exc}",
                crashed=True,
            )
        return self._ask(report, steps)

    def _ask(self, report: BugReport, steps: list[Step]) -> ReplayVerdict:
        crashed = any(step.observation is None for step in steps)
        transcript = transcript_of(steps)
        self.model_calls += 1
        try:
            # judge() returns before asking when there is no model
            judged = judge_with(cast(ChatModel, self.model), Claim.of_report(report), steps)
        except LLMError as exc:
            log.info("the judge failed on %s: %s", report.fingerprint, exc)
            return ReplayVerdict(
                answer=JudgeAnswer.CANNOT_JUDGE,
                transcript=transcript,
                detail=f"the judge failed: {exc}",
                crashed=crashed,
                judged_by="model",
            )
        answer = MODEL_VERDICTS.get(judged.verdict, JudgeAnswer.CANNOT_JUDGE)
        return ReplayVerdict(
            answer=answer,
            transcript=transcript,
            detail=f"judge: {judged.reason or judged.verdict}",
            crashed=crashed,
            judged_by="model",
        )


def with_repro(report: BugReport, repro: list[str]) -> BugReport:
    """`report`'s claim, replayed with other steps (to ask whether another report shows the same bug)."""
    return report.model_copy(update={"repro": list(repro)})

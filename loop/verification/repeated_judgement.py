"""A present/absent decision made on K replays of a report's repro, not one.

The bug is present when any replay shows it, absent only when every replay is judged absent, and cannot be
judged otherwise. A repro whose replays disagree (present on some, absent on others) is flaky: its rate is
kept, and the decision it gives is never "absent", so a flaky repro cannot claim a fix.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field

from loop.contract.game_client import GameClient
from loop.contract.models import BugReport, BugType
from loop.judge.verdict import JudgeAnswer, ReplayJudge, ReplayVerdict
from loop.run.record import ReproStability


@dataclass
class Judgement:
    """The decision of K replays: the answer, the replay it rests on, and how stable the repro was. `crash`:
    a replay crashed the game on a report that is not a crash, so the replays stopped there."""

    answer: JudgeAnswer
    verdict: ReplayVerdict
    stability: ReproStability
    crash: ReplayVerdict | None = None
    verdicts: list[ReplayVerdict] = field(default_factory=list)


def judge_repeatedly(
    judge: ReplayJudge,
    report: BugReport,
    client: Callable[[], AbstractContextManager[GameClient]],
    times: int,
    on_crash: Callable[[], None] = lambda: None,
) -> Judgement:
    """Replay `report` `times` times on the build `client()` reaches; `on_crash` is called after a replay
    that crashed the game (to restart it). A crash report is present when its replay crashes the game."""
    crash_report = report.bug_type == BugType.CRASH
    verdicts: list[ReplayVerdict] = []
    answers: list[JudgeAnswer] = []
    for _ in range(times):
        with client() as game:
            verdict = judge(report, game)
        verdicts.append(verdict)
        if verdict.crashed:
            on_crash()
        if verdict.crashed and not crash_report:
            stability = _stability(answers)
            return Judgement(JudgeAnswer.CANNOT_JUDGE, verdict, stability, crash=verdict, verdicts=verdicts)
        answers.append(JudgeAnswer.PRESENT if crash_report and verdict.crashed else verdict.answer)
    if JudgeAnswer.PRESENT in answers:
        answer = JudgeAnswer.PRESENT
    elif JudgeAnswer.CANNOT_JUDGE in answers:
        answer = JudgeAnswer.CANNOT_JUDGE
    else:
        answer = JudgeAnswer.ABSENT
    shown = next(v for v, a in zip(verdicts, answers, strict=True) if a == answer)
    return Judgement(answer, shown, _stability(answers), verdicts=verdicts)


def _stability(answers: list[JudgeAnswer]) -> ReproStability:
    judged = [a for a in answers if a != JudgeAnswer.CANNOT_JUDGE]
    return ReproStability(replays=len(judged), present=judged.count(JudgeAnswer.PRESENT))

"""When two reports are one bug: only on evidence, never because their steps start alike.

Evidence is either the same oracle judging the same subject, or a replay: the new report's steps, judged
against a tracked bug's claim, show that bug. A replay counts only when it could have said no: the claim must
not show on a bare new game (every repro starts with one, so a claim that fires there would swallow every
other report of the session). A crash and a report of another kind are never the same bug.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from loop.contract.game_client import GameClient
from loop.contract.models import BugReport, BugType
from loop.judge.verdict import JudgeAnswer, ReplayJudge, with_repro


def same_oracle_and_subject(claim: BugReport, report: BugReport) -> bool:
    return (
        bool(claim.oracle) and claim.oracle == report.oracle and claim.oracle_subject == report.oracle_subject
    )


def comparable(claim: BugReport, report: BugReport) -> bool:
    """Whether a replay could make `report` a duplicate of `claim` at all."""
    return (claim.bug_type == BugType.CRASH) == (report.bug_type == BugType.CRASH)


@dataclass
class DuplicateEvidence:
    """Judged replays that decide whether a report shows a claim's bug, within a budget of replays."""

    judge: ReplayJudge
    client: GameClient
    replays_left: int
    _shows_on_new_game: dict[str, bool] = field(default_factory=dict)

    def same_bug(self, claim: BugReport, report: BugReport) -> str | None:
        """Why `report` is `claim`'s bug, or None when there is no evidence that it is."""
        if same_oracle_and_subject(claim, report):
            return f"the same {claim.oracle} anomaly about {claim.oracle_subject!r} as {claim.fingerprint}"
        if not comparable(claim, report) or not report.repro or self.replays_left <= 0:
            return None
        if not self._present(claim, report.repro):
            return None
        if self._fires_on_a_new_game(claim):
            return None
        return f"its steps show {claim.fingerprint} ({claim.title})"

    def _present(self, claim: BugReport, repro: list[str]) -> bool:
        self.replays_left -= 1
        return self.judge(with_repro(claim, repro), self.client).answer == JudgeAnswer.PRESENT

    def _fires_on_a_new_game(self, claim: BugReport) -> bool:
        if claim.fingerprint not in self._shows_on_new_game:
            self._shows_on_new_game[claim.fingerprint] = self.replays_left <= 0 or self._present(claim, [])
        return self._shows_on_new_game[claim.fingerprint]

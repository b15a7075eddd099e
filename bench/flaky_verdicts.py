"""The scorer's view of the bug brought in flaky: every present/absent decision the loop made on it, which of
them it marked flaky, and whether any counted it fixed on fewer clean replays than it was asked to make.

The scorer knows the night the flaky bug arrived; a bug first reported that night is that bug (each night
brings one). Nothing here reaches the loop: it reads run.json after each night.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from loop.run.record import ReproStability, RunRecord


class Decision(BaseModel):
    night: int
    step: str = Field(description="confirm (the QA agent's replays) or verify")
    verdict: str
    present: int
    replays: int

    @property
    def flaky(self) -> bool:
        return ReproStability(replays=self.replays, present=self.present).flaky


class FlakyBug(BaseModel):
    """One report of the flaky bug, over the nights it was tracked."""

    fingerprint: str
    title: str
    decisions: list[Decision] = Field(default_factory=list)
    labelled_flaky: str | None = Field(default=None, description="its flaky label, as the loop shows it")
    bisection: str | None = None
    culprit: str | None = None
    status: str = "open"
    false_fix: bool = Field(default=False, description="fixed, flaky lines still in the tree")

    def fixed_on_too_few_clean_replays(self, replays: int) -> int:
        """Verdicts of 'verified fixed' resting on fewer than `replays` replays, or on one that showed it."""
        return sum(
            d.verdict == "verified_fixed" and (d.replays < replays or d.present > 0) for d in self.decisions
        )


def follow(
    record: RunRecord, night: int, arrival_night: int, known: dict[str, FlakyBug], earlier: set[str]
) -> None:
    """Add this night's decisions on the flaky bug's reports to `known`; `earlier` holds the fingerprints of
    reports from the nights before it arrived (another bug's, never this one's)."""
    for bug in record.bugs.values():
        fingerprint = bug.fingerprint
        if fingerprint in earlier:
            continue
        if night < arrival_night:
            earlier.add(fingerprint)
            continue
        if fingerprint not in known:
            if night != arrival_night:
                continue
            report = bug.report
            known[fingerprint] = FlakyBug(fingerprint=fingerprint, title=report.title)
            known[fingerprint].decisions.append(
                Decision(night=night, step="confirm", verdict="reported", present=report.replays_showing,
                         replays=report.replays)
            )  # fmt: skip
        followed = known[fingerprint]
        for session in record.sessions:
            for check in session.verifications:
                repro = check.repro
                if check.fingerprint == fingerprint and repro is not None:
                    followed.decisions.append(
                        Decision(night=night, step="verify", verdict=check.verdict, present=repro.present,
                                 replays=repro.replays)
                    )  # fmt: skip
        followed.labelled_flaky = bug.flaky.label() if bug.flaky else followed.labelled_flaky
        followed.status = str(bug.status)
        if bug.bisection is not None and bug.bisection.kind == "regression":
            followed.bisection, followed.culprit = bug.bisection.status, bug.bisection.culprit

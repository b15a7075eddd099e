"""A bug's life across sessions: open -> patched -> verified_fixed, back to open when a fix fails,
regressed when a later commit brings a verified bug back (and patched again from there). A verified bug goes
back to open when it is reported on a commit that does not contain its fix (another line of history: a team
branch the fixes branch was never merged into), as the ledger sees across runs. A bug that stops showing on
the team's own commits, with no fix of the loop's, is fixed_elsewhere (and regressed when it comes back).

Every change is an event with the session, the commit it was judged on and why, so a status can always be
traced to the session and build that produced it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum

from pydantic import BaseModel, Field


class BugStatus(StrEnum):
    OPEN = "open"
    PATCHED = "patched"
    VERIFIED_FIXED = "verified_fixed"
    REGRESSED = "regressed"
    FIXED_ELSEWHERE = "fixed_elsewhere"  # absent on a later commit of the team's, not by a fix of the loop's


ALLOWED: dict[BugStatus, frozenset[BugStatus]] = {
    BugStatus.OPEN: frozenset({BugStatus.PATCHED, BugStatus.FIXED_ELSEWHERE}),
    BugStatus.PATCHED: frozenset({BugStatus.VERIFIED_FIXED, BugStatus.OPEN}),
    BugStatus.VERIFIED_FIXED: frozenset({BugStatus.REGRESSED, BugStatus.OPEN}),
    BugStatus.REGRESSED: frozenset({BugStatus.PATCHED, BugStatus.FIXED_ELSEWHERE}),
    BugStatus.FIXED_ELSEWHERE: frozenset({BugStatus.REGRESSED, BugStatus.OPEN}),
}

#: statuses in which a bug still needs a repair
UNRESOLVED = frozenset({BugStatus.OPEN, BugStatus.REGRESSED})


class IllegalTransition(ValueError):
    """A status change the lifecycle does not allow (e.g. open -> verified_fixed without a patch)."""


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class LifecycleEvent(BaseModel):
    """One status change. `from_status` is None for the event that opens the bug. run.json and the ledger keep
    the same events."""

    session: int
    commit: str
    from_status: BugStatus | None
    to_status: BugStatus
    reason: str
    at: str = Field(default_factory=now)


def check_transition(current: BugStatus, target: BugStatus) -> None:
    if target not in ALLOWED[current]:
        allowed = ", ".join(sorted(ALLOWED[current])) or "nothing"
        raise IllegalTransition(f"a bug cannot go from {current} to {target} (from {current}: {allowed})")


@dataclass
class BugLifecycle:
    """The status of one bug and the events that led to it."""

    events: list[LifecycleEvent] = field(default_factory=list)

    @classmethod
    def opened(cls, session: int, commit: str, reason: str) -> BugLifecycle:
        opening = LifecycleEvent(
            session=session, commit=commit, from_status=None, to_status=BugStatus.OPEN, reason=reason
        )
        return cls([opening])

    @classmethod
    def replay(cls, events: list[LifecycleEvent]) -> BugLifecycle:
        """Rebuild a lifecycle from stored events, checking every step (a corrupt history raises)."""
        if not events or events[0].from_status is not None or events[0].to_status != BugStatus.OPEN:
            raise IllegalTransition("a bug's history must start with the event that opens it")
        lifecycle = cls([events[0]])
        for event in events[1:]:
            if event.from_status != lifecycle.status:
                raise IllegalTransition(f"event from {event.from_status} but the bug was {lifecycle.status}")
            lifecycle.move(event.to_status, event.session, event.commit, event.reason)
        return lifecycle

    @property
    def status(self) -> BugStatus:
        if not self.events:
            raise IllegalTransition("a bug without events has no status; open it first")
        return self.events[-1].to_status

    def move(self, target: BugStatus, session: int, commit: str, reason: str) -> LifecycleEvent:
        """Change the status, or raise IllegalTransition and leave the lifecycle as it was. The event is
        appended to `events`, the list this lifecycle was made with (a run's or the ledger's)."""
        current = self.status
        check_transition(current, target)
        event = LifecycleEvent(
            session=session, commit=commit, from_status=current, to_status=target, reason=reason
        )
        self.events.append(event)
        return event

"""Reading the ledger back: a game's bugs with their histories, a run's sessions as metrics input."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from loop.ledger.schema import BugEventRow, BugRow, GameRow, ReportRow, RunRow, SessionRow
from loop.run.lifecycle import BugStatus, LifecycleEvent
from loop.run.session_metrics import ReportFacts, SessionFacts


@dataclass
class BugHistory:
    """A bug as the ledger knows it: its key, status and every status change."""

    key: str
    fingerprint: str
    gt_bug_id: str | None
    title: str
    status: BugStatus
    events: list[LifecycleEvent] = field(default_factory=list)
    reports: int = 0
    culprit: str | None = None
    regression: str | None = None
    flaky: str | None = None


@dataclass
class RunSummary:
    run_id: str
    mode: str
    params: dict[str, Any]
    started_at: datetime
    finished_at: datetime | None
    sessions: int


def run_summaries(s: Session, game: str) -> list[RunSummary]:
    sessions = select(SessionRow.run_pk, func.count().label("n")).group_by(SessionRow.run_pk).subquery()
    rows = s.execute(
        select(RunRow, func.coalesce(sessions.c.n, 0))
        .join(GameRow, GameRow.id == RunRow.game_id)
        .outerjoin(sessions, sessions.c.run_pk == RunRow.id)
        .where(GameRow.name == game)
        .order_by(RunRow.started_at, RunRow.id)
    ).tuples()
    return [
        RunSummary(run.run_id, run.mode, run.params, run.started_at, run.finished_at, count)
        for run, count in rows
    ]


def lifecycle_event(row: BugEventRow) -> LifecycleEvent:
    return LifecycleEvent(
        from_status=BugStatus(row.from_status) if row.from_status else None,
        to_status=BugStatus(row.to_status),
        session=row.session_number,
        commit=row.commit,
        reason=row.reason,
    )


def bug_histories(s: Session, game: str) -> list[BugHistory]:
    game_row = s.scalar(select(GameRow).where(GameRow.name == game))
    if game_row is None:
        return []
    report_counts = dict(
        s.execute(
            select(ReportRow.bug_id, func.count())
            .where(ReportRow.bug_id.is_not(None))
            .group_by(ReportRow.bug_id)
        )
        .tuples()
        .all()
    )
    bugs = s.scalars(select(BugRow).where(BugRow.game_id == game_row.id).order_by(BugRow.id))
    return [
        BugHistory(
            key=bug.key,
            fingerprint=bug.fingerprint,
            gt_bug_id=bug.gt_bug_id,
            title=bug.title,
            status=BugStatus(bug.status),
            events=[lifecycle_event(e) for e in bug.events],
            reports=report_counts.get(bug.id, 0),
            culprit=bug.culprit,
            regression=bug.regression,
            flaky=bug.flaky,
        )
        for bug in bugs
    ]


def session_facts(s: Session, run: RunRow) -> list[SessionFacts]:
    """The run's sessions with their reports (as matched) and the status changes made in each."""
    facts: dict[int, SessionFacts] = {}
    for row in s.scalars(select(SessionRow).where(SessionRow.run_pk == run.id).order_by(SessionRow.number)):
        reports = s.scalars(select(ReportRow).where(ReportRow.session_id == row.id).order_by(ReportRow.id))
        facts[row.number] = SessionFacts(
            row.number,
            reports=[ReportFacts(r.fingerprint, r.matched_gt_id) for r in reports],
            steps=row.steps,
            tokens=row.tokens,
            cost_usd=row.cost_usd,
            wall_seconds=row.wall_seconds,
        )
    events = s.execute(select(BugEventRow, BugRow.key).join(BugRow).where(BugEventRow.run_pk == run.id))
    for event, key in events.tuples():
        target = facts.get(event.session_number)
        if target is None:
            continue
        changed = {
            BugStatus.VERIFIED_FIXED: target.verified_fixed,
            BugStatus.REGRESSED: target.regressed,
            BugStatus.PATCHED: target.patched,
        }.get(BugStatus(event.to_status))
        if changed is not None:
            changed.add(key)
    return list(facts.values())

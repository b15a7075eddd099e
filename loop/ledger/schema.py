"""The ledger's tables (SQLAlchemy 2.0 ORM). Natural ids are unique constraints: writes can be idempotent."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, Float, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(100), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class BuildRow(Base):
    __tablename__ = "builds"
    __table_args__ = (UniqueConstraint("game_id", "commit"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    commit: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class RunRow(Base):
    __tablename__ = "runs"
    id: Mapped[int] = mapped_column(primary_key=True)
    run_id: Mapped[str] = mapped_column(String(100), unique=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    mode: Mapped[str] = mapped_column(String(20), doc="benchmark (ground truth known) or free")
    params: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class SessionRow(Base):
    __tablename__ = "sessions"
    __table_args__ = (UniqueConstraint("run_pk", "number"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    run_pk: Mapped[int] = mapped_column(ForeignKey("runs.id"))
    number: Mapped[int] = mapped_column(Integer)
    build_id: Mapped[int] = mapped_column(ForeignKey("builds.id"))
    steps: Mapped[int] = mapped_column(Integer, default=0)
    tokens: Mapped[int] = mapped_column(Integer, default=0)
    cost_usd: Mapped[float] = mapped_column(Float, default=0.0)
    wall_seconds: Mapped[float] = mapped_column(Float, default=0.0)
    recorded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class BugRow(Base):
    __tablename__ = "bugs"
    __table_args__ = (UniqueConstraint("game_id", "key"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    key: Mapped[str] = mapped_column(String(100), doc="the matched ground-truth id, else the fingerprint")
    fingerprint: Mapped[str] = mapped_column(String(64), doc="of the first report of this bug")
    gt_bug_id: Mapped[str | None] = mapped_column(String(50), nullable=True)
    title: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(20))
    culprit: Mapped[str | None] = mapped_column(
        String(64), nullable=True, doc="the team's commit that brought the bug in, when bisected to one"
    )
    regression: Mapped[str | None] = mapped_column(Text, nullable=True, doc="the bisection's finding")
    flaky: Mapped[str | None] = mapped_column(Text, nullable=True, doc="how often its repro showed it")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    events: Mapped[list[BugEventRow]] = relationship(order_by="BugEventRow.seq", back_populates="bug")


class BugEventRow(Base):
    __tablename__ = "bug_events"
    __table_args__ = (
        UniqueConstraint("bug_id", "seq"),
        UniqueConstraint("bug_id", "run_pk", "session_number", "to_status"),
    )
    id: Mapped[int] = mapped_column(primary_key=True)
    bug_id: Mapped[int] = mapped_column(ForeignKey("bugs.id"))
    seq: Mapped[int] = mapped_column(Integer)
    run_pk: Mapped[int] = mapped_column(ForeignKey("runs.id"))
    session_number: Mapped[int] = mapped_column(Integer)
    commit: Mapped[str] = mapped_column(String(64))
    from_status: Mapped[str | None] = mapped_column(String(20), nullable=True)
    to_status: Mapped[str] = mapped_column(String(20))
    reason: Mapped[str] = mapped_column(Text, default="")
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    bug: Mapped[BugRow] = relationship(back_populates="events")


class ReportRow(Base):
    __tablename__ = "reports"
    __table_args__ = (UniqueConstraint("session_id", "fingerprint"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id"))
    fingerprint: Mapped[str] = mapped_column(String(64))
    bug_id: Mapped[int | None] = mapped_column(ForeignKey("bugs.id"), nullable=True)
    matched_gt_id: Mapped[str | None] = mapped_column(String(50), nullable=True)
    duplicate: Mapped[bool] = mapped_column(Boolean, default=False)
    score: Mapped[float | None] = mapped_column(Float, nullable=True)
    rationale: Mapped[str] = mapped_column(Text, default="")
    report_json: Mapped[dict[str, Any]] = mapped_column(JSON)


class AttemptRow(Base):
    __tablename__ = "attempts"
    id: Mapped[int] = mapped_column(primary_key=True)
    attempt_id: Mapped[str] = mapped_column(String(120), unique=True)
    run_pk: Mapped[int] = mapped_column(ForeignKey("runs.id"))
    session_number: Mapped[int] = mapped_column(Integer)
    agent: Mapped[str] = mapped_column(String(50))
    bug_keys: Mapped[list[str]] = mapped_column(JSON, default=list)
    outcome: Mapped[str] = mapped_column(String(30))
    commit: Mapped[str | None] = mapped_column(String(64), nullable=True)
    diff: Mapped[str] = mapped_column(Text, default="")
    tokens: Mapped[int] = mapped_column(Integer, default=0)
    cost_usd: Mapped[float] = mapped_column(Float, default=0.0)
    wall_seconds: Mapped[float] = mapped_column(Float, default=0.0)


class VerificationRow(Base):
    __tablename__ = "verifications"
    __table_args__ = (UniqueConstraint("bug_id", "run_pk", "session_number"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    bug_id: Mapped[int] = mapped_column(ForeignKey("bugs.id"))
    run_pk: Mapped[int] = mapped_column(ForeignKey("runs.id"))
    session_number: Mapped[int] = mapped_column(Integer)
    commit: Mapped[str] = mapped_column(String(64))
    verdict: Mapped[str] = mapped_column(String(40))
    replay_fixed: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    probe_fixed: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    detail: Mapped[str] = mapped_column(Text, default="")


class RealCommitRow(Base):
    """A run's view commit and the game's real commit it stands for (loop.contract.commit_origins)."""

    __tablename__ = "real_commits"
    __table_args__ = (UniqueConstraint("game_id", "view_commit"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    view_commit: Mapped[str] = mapped_column(String(64))
    real_commit: Mapped[str] = mapped_column(String(64))

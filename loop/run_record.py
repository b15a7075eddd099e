"""`runs/<run_id>/run.json`: everything a run did, schema-versioned, enough to regenerate every view.

Written atomically after every finished loop step, so a killed run resumes at the last finished step.
"""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from loop.lifecycle import BugStatus
from loop.models import BugReport

SCHEMA_VERSION = 1

StepName = Literal["build", "verify", "qa", "critic", "repair"]


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class LoopConfig(BaseModel):
    """The parameters of one loop run (the Prefect flow's parameters, resolved)."""

    game: str = "castle"
    qa_agent: str = "explorer"
    repair_agent: str = "gold"
    critic: Literal["differential", "llm", "both"] = "differential"
    max_rounds: int = Field(default=3, ge=1, le=50)
    steps: int = Field(default=300, ge=1, le=100_000)
    mode: Literal["player", "qa"] = "player"
    backend: str = "auto"
    seed: int = 0
    models: dict[str, str] = Field(default_factory=dict)
    reports_per_attempt: Literal["all", "one"] = "all"
    repair_timeout_s: float = Field(default=900.0, gt=0)


class LifecycleEvent(BaseModel):
    session: int
    commit: str
    from_status: BugStatus | None
    to_status: BugStatus
    reason: str
    at: str = Field(default_factory=now)


class TrackedBug(BaseModel):
    """A distinct bug the loop knows of (one fingerprint), with its lifecycle in this run."""

    fingerprint: str
    report: BugReport
    ground_truth_id: str | None = None
    status: BugStatus = BugStatus.OPEN
    found_in_session: int
    history: list[LifecycleEvent] = Field(default_factory=list)

    def repair_report(self) -> BugReport:
        """The report a repair agent gets; for a bug whose last patch did not fix it, the reason why."""
        patched = BugStatus.PATCHED
        reopened = [e for e in self.history if e.from_status == patched and e.to_status != patched]
        return self.report.model_copy(update={"reopened_because": reopened[-1].reason if reopened else ""})


class VerificationRecord(BaseModel):
    fingerprint: str
    ground_truth_id: str | None = None
    replay_fixed: bool
    probe_fixed: bool | None = None
    verdict: str = Field(description="loop.verification.Verdict")
    detail: str = ""


class AttemptRecord(BaseModel):
    agent: str
    fingerprints: list[str]
    outcome: str
    commit: str | None = None
    files_changed: int = 0
    lines_added: int = 0
    lines_removed: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    cost_usd: float = 0.0
    wall_seconds: float = 0.0
    patch_path: str | None = None
    transcript_path: str | None = None
    detail: str = ""


class CrashRecord(BaseModel):
    """The game died during a QA session: a finding candidate (not a report: nothing replayed it)."""

    after_step: int = Field(description="QA steps played in the session when the game was found dead")
    detail: str = Field(description="why the QA agent stopped, as it said it")
    game_logs: str = Field(default="", description="the tail of the game's output")
    recovery: str = Field(description="restarted in place, started anew, or not recovered")
    at: str = Field(default_factory=now)


class SessionMetrics(BaseModel):
    """Cumulative after this session, as in the paper's Table 7."""

    ground_truth_total: int | None = None
    discovered: int = 0
    fixed_verified: int = 0
    discovery_rate: float | None = None
    fixing_rate: float | None = None
    confirmed_bugs: int = 0
    new_reports: int = 0
    duplicates: int = 0
    false_positives: int = 0
    per_difficulty: dict[str, dict[str, int]] = Field(default_factory=dict)


class SessionRecord(BaseModel):
    number: int
    commit: str
    started_at: str = Field(default_factory=now)
    finished_steps: list[StepName] = Field(default_factory=list)
    verifications: list[VerificationRecord] = Field(default_factory=list)
    qa_steps: int = 0
    qa_wall_seconds: float = 0.0
    qa_tokens: int = 0
    qa_cost_usd: float = 0.0
    trace_path: str | None = None
    crashes: list[CrashRecord] = Field(default_factory=list, description="game deaths during QA")
    qa_counts: dict[str, int] = Field(
        default_factory=dict, description="the QA agent's own counters, e.g. model failures it survived"
    )
    new_bugs: list[str] = Field(default_factory=list, description="fingerprints first seen this session")
    duplicates: list[str] = Field(default_factory=list)
    false_positives: list[str] = Field(default_factory=list)
    matches: dict[str, str | None] = Field(default_factory=dict, description="fingerprint -> ground-truth id")
    attempts: list[AttemptRecord] = Field(default_factory=list)
    gate_passed: bool | None = None
    metrics: SessionMetrics = Field(default_factory=SessionMetrics)


class GroundTruthSummary(BaseModel):
    """What a report may say about the hidden ground truth: ids, types and difficulties, never repros."""

    id: str
    bug_type: str
    difficulty: str


class RunRecord(BaseModel):
    schema_version: int = SCHEMA_VERSION
    run_id: str
    config: LoopConfig
    status: Literal["running", "finished", "failed"] = "running"
    stop_reason: str | None = None
    started_at: str = Field(default_factory=now)
    finished_at: str | None = None
    repo_dir: str
    base_commit: str
    head_commit: str
    ground_truth: list[GroundTruthSummary] = Field(default_factory=list)
    bugs: dict[str, TrackedBug] = Field(default_factory=dict)
    ledger_baseline: dict[str, BugStatus] = Field(
        default_factory=dict, description="the ledger's status of this game's bugs when the run started"
    )
    sessions: list[SessionRecord] = Field(default_factory=list)

    @classmethod
    def load(cls, path: Path) -> RunRecord:
        data = json.loads(path.read_text())
        version = data.get("schema_version")
        if version != SCHEMA_VERSION:
            raise ValueError(f"{path}: run.json schema {version}, this version reads {SCHEMA_VERSION}")
        return cls.model_validate(data)

    def save(self, path: Path) -> None:
        """Atomic write: a kill mid-write leaves the previous run.json intact."""
        tmp = path.with_suffix(".json.tmp")
        try:
            tmp.write_text(self.model_dump_json(indent=2))
            os.replace(tmp, path)
        except OSError:  # e.g. a full disk: leave no half-written file next to the intact run.json
            tmp.unlink(missing_ok=True)
            raise

"""`runs/<run_id>/run.json`: everything a run did, schema-versioned, enough to regenerate every view.

Written atomically after every finished loop step, so a killed run resumes at the last finished step.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from loop.contract.agenda import TestAgenda
from loop.contract.models import BugReport
from loop.contract.origin import GameOrigin
from loop.run.config import LoopConfig
from loop.run.lifecycle import BugStatus, LifecycleEvent, now
from loop.run.session_metrics import SessionMetrics

SCHEMA_VERSION = 1

StepName = Literal["build", "verify", "qa", "critic", "bisect", "repair"]


class ReproStability(BaseModel):
    """How often the repro showed the bug over the replays of one decision."""

    replays: int = Field(description="replays judged present or absent")
    present: int = Field(description="of those, the replays that showed the bug")

    @property
    def flaky(self) -> bool:
        return 0 < self.present < self.replays

    @property
    def rate(self) -> float:
        return self.present / self.replays if self.replays else 0.0

    def label(self) -> str:
        return f"flaky repro: the bug showed in {self.present} of {self.replays} replays ({self.rate:.0%})"


class Bisection(BaseModel):
    """The search for the commit that brought a bug in: the team's first-parent history from `base`, a commit
    where the bug is expected absent, to `head`, where it was found. Saved after every commit tested, so a
    killed run resumes it without building again what it tested. A `fix` bisection searches the other way:
    from a commit the bug showed on to one it is gone from; its outcomes say whether the fix is present."""

    kind: Literal["regression", "fix"] = "regression"
    base: str
    head: str
    commits: list[str] = Field(description="base's first-parent descendants up to head, oldest first")
    tested: dict[str, str] = Field(
        default_factory=dict, description="commit -> present, absent, or skipped (why, after a colon)"
    )
    builds: int = 0
    replays: int = 0
    wall_seconds: float = 0.0
    status: Literal["running", "culprit", "range", "present_on_base", "stopped"] = "running"
    last_absent: str | None = Field(default=None, description="the newest commit the bug is absent on")
    first_present: str | None = Field(default=None, description="the oldest commit after it showing the bug")
    detail: str = ""

    @property
    def culprit(self) -> str | None:
        """The commit that brought the bug in (regression) or took it away (fix), when one was found."""
        return self.first_present if self.status == "culprit" else None

    def summary(self) -> str:
        """One line for the bug file, the report and `closed-loop bugs`."""
        spent = f"{self.builds} build(s), {self.replays} replay(s)"
        verb = "brought in" if self.kind == "regression" else "fixed"
        if self.status == "culprit" and self.first_present:
            return f"{verb} by {self.first_present[:10]} ({spent})"
        if self.status == "present_on_base":
            state = "present" if self.kind == "regression" else "gone"
            return f"already {state} on {self.base[:10]}, the earlier commit it was bisected from ({spent})"
        if self.status == "running":
            return f"bisection under way ({spent})"
        found = f"{(self.last_absent or self.base)[:10]}..{(self.first_present or self.head)[:10]}"
        return f"{verb} within {found}: {self.detail} ({spent})"


class TrackedBug(BaseModel):
    """A distinct bug the loop knows of (one fingerprint), with its lifecycle in this run."""

    fingerprint: str
    report: BugReport
    ground_truth_id: str | None = None
    status: BugStatus = BugStatus.OPEN
    found_in_session: int
    history: list[LifecycleEvent] = Field(default_factory=list)
    flaky: ReproStability | None = Field(
        default=None, description="the last decision whose replays disagreed: never counted as a fix"
    )
    bisection: Bisection | None = Field(
        default=None, description="the commit (or range) that brought it in, or that fixed it (`kind`)"
    )
    gone_on: str | None = Field(
        default=None, description="an open bug of the ledger's that no replay showed on this commit"
    )

    def repair_report(self) -> BugReport:
        """The report a repair agent gets; for a bug whose last patch did not fix it, the reason why."""
        patched = BugStatus.PATCHED
        reopened = [e for e in self.history if e.from_status == patched and e.to_status != patched]
        return self.report.model_copy(update={"reopened_because": reopened[-1].reason if reopened else ""})


class VerificationRecord(BaseModel):
    fingerprint: str
    ground_truth_id: str | None = None
    replay_fixed: bool
    probe_fixed: bool | None = Field(default=None, description="the hidden probe's score; None in user mode")
    verdict: str = Field(description="loop.verification.round_verification.Verdict")
    judge: str | None = Field(default=None, description="the judge's answer: present, absent, cannot_judge")
    false_fix: bool = Field(default=False, description="the loop says fixed, the ground-truth probe says not")
    detail: str = ""
    repro: ReproStability | None = Field(default=None, description="how the repro's replays agreed")


class DuplicateRecord(BaseModel):
    """A report the judge found to show a bug the loop already tracks (no ground truth involved)."""

    fingerprint: str
    of: str = Field(description="the tracked bug's fingerprint")
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
    agent_note: str = Field(default="", description="what the agent said it did")


class CrashRecord(BaseModel):
    """The game died during a QA session: a finding candidate (not a report: nothing replayed it)."""

    after_step: int = Field(description="QA steps played in the session when the game was found dead")
    detail: str = Field(description="why the QA agent stopped, as it said it")
    game_logs: str = Field(default="", description="the tail of the game's output")
    recovery: str = Field(description="restarted in place, started anew, or not recovered")
    at: str = Field(default_factory=now)


class SessionRecord(BaseModel):
    number: int
    commit: str
    started_at: str = Field(default_factory=now)
    finished_steps: list[StepName] = Field(default_factory=list)
    verifications: list[VerificationRecord] = Field(default_factory=list)
    corpus: dict[str, str] = Field(
        default_factory=dict, description="bugs verified fixed on earlier runs, replayed here: key -> answer"
    )
    qa_steps: int = 0
    qa_wall_seconds: float = 0.0
    qa_tokens: int = 0
    qa_cost_usd: float = 0.0
    trace_path: str | None = None
    crashes: list[CrashRecord] = Field(default_factory=list, description="game deaths during QA")
    judge_calls: int = Field(default=0, description="the judge's model calls this session (verify, dedupe)")
    judge_tokens: int = Field(default=0, description="the tokens of those calls")
    qa_counts: dict[str, int] = Field(
        default_factory=dict, description="the QA agent's own counters, e.g. model failures it survived"
    )
    qa_agenda: TestAgenda | None = Field(
        default=None, description="the docs' rules the QA agent tested this session, and those left"
    )
    new_bugs: list[str] = Field(default_factory=list, description="fingerprints first seen this session")
    duplicates: list[str] = Field(default_factory=list)
    duplicate_of: list[DuplicateRecord] = Field(
        default_factory=list, description="reports the judge found to show a bug tracked already"
    )
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


class FixesBranch(BaseModel):
    """What `publish_fixes` made (kept in run.json)."""

    branch: str
    repo: str = Field(default="", description="the repository holding the branch")
    base_commit: str = Field(default="", description="the commit the branch starts from")
    commits: list[str] = Field(default_factory=list, description="commits on the branch, oldest first")
    made_from: dict[str, str] = Field(
        default_factory=dict, description="the patch's commit in the agents' view -> its commit on the branch"
    )
    fixed: list[str] = Field(default_factory=list, description="fingerprints of the bugs it fixes")
    skipped: dict[str, str] = Field(default_factory=dict, description="fingerprint -> why it is not there")
    pushed_to: str | None = None
    push_error: str | None = None


class RunRecord(BaseModel):
    schema_version: int = SCHEMA_VERSION
    run_id: str
    config: LoopConfig
    game_name: str = Field(
        default="", description="the game's name from its manifest: the ledger's key, however it was given"
    )
    status: Literal["running", "finished", "failed"] = "running"
    stop_reason: str | None = None
    started_at: str = Field(default_factory=now)
    finished_at: str | None = None
    repo_dir: str
    base_commit: str
    origin: GameOrigin | None = Field(
        default=None, description="the team's repository and the commit the run started from"
    )
    head_commit: str
    regression_gate: str = Field(default="", description="what the regression gate runs on this game")
    ground_truth: list[GroundTruthSummary] = Field(default_factory=list)
    bugs: dict[str, TrackedBug] = Field(default_factory=dict)
    ledger_baseline: dict[str, BugStatus] = Field(
        default_factory=dict, description="the ledger's status of this game's bugs when the run started"
    )
    ledger_baseline_commits: dict[str, str] = Field(
        default_factory=dict, description="the commit each of those statuses was decided on"
    )
    ledger_fix_commits: dict[str, str] = Field(
        default_factory=dict, description="the commit a fix of the loop's was last verified on, per bug"
    )
    earlier_commit: str | None = Field(
        default=None,
        description="the newest commit an earlier run of this game started from that this run's contains",
    )
    sessions: list[SessionRecord] = Field(default_factory=list)
    ground_truth_withheld: bool = Field(
        default=False, description="user mode on a game that ships ground truth"
    )
    fixes: FixesBranch | None = Field(default=None, description="the verified fixes' branch, once published")

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

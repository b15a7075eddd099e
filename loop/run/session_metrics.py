"""Session-level metrics of the loop, per session and cumulative, as in GBQA's Table 7.

Benchmark mode (the game has ground truth): discovery rate = distinct ground-truth bugs matched by some
report so far / ground-truth bugs; fixing rate = ground-truth bugs whose fix is verified (replay and probe
agree) / ground-truth bugs. A user's own game has no ground truth: the denominator is then the confirmed
unique bugs (by fingerprint), and only the fixing rate (verified fixes / confirmed bugs) is defined.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pydantic import BaseModel, Field

from loop.contract.models import GroundTruthBug


@dataclass(frozen=True)
class ReportFacts:
    """One report of a session as the critic saw it: `bug_id` is the matched ground-truth id, or None."""

    fingerprint: str
    bug_id: str | None = None


@dataclass
class SessionFacts:
    """What happened in one session. Bug keys: ground-truth ids in benchmark mode, else fingerprints."""

    number: int
    reports: list[ReportFacts] = field(default_factory=list)
    verified_fixed: set[str] = field(default_factory=set)
    regressed: set[str] = field(default_factory=set)
    patched: set[str] = field(default_factory=set)
    steps: int = 0
    tokens: int = 0
    cost_usd: float = 0.0
    wall_seconds: float = 0.0


class DifficultyCounts(BaseModel):
    total: int
    discovered: int
    fixed: int


class SessionMetrics(BaseModel):
    """One row of Table 7, cumulative after its session, as run.json keeps it (session 0: the total row)."""

    session: int = 0
    ground_truth_total: int | None = Field(default=None, description="None in user mode (no ground truth)")
    discovered: int = 0
    fixed_verified: int = 0
    discovery_rate: float | None = None
    fixing_rate: float | None = None
    confirmed_bugs: int = 0
    new_reports: int = 0
    new_bugs: list[str] = Field(default_factory=list)
    duplicates: int = 0
    false_positives: int | None = Field(default=None, description="None in user mode")
    verified_fixed: list[str] = Field(default_factory=list)
    regressed: list[str] = Field(default_factory=list)
    patched: list[str] = Field(default_factory=list)
    per_difficulty: dict[str, DifficultyCounts] = Field(default_factory=dict)
    bugs_confirmed: int = Field(default=0, description="user mode: distinct bugs confirmed by replay so far")
    fixes_verified: int = Field(default=0, description="user mode: bugs whose fix the judge verified")
    regressions: int = Field(default=0, description="verified fixes that came back, so far")
    false_fixes: int = Field(default=0, description="this session: the loop said fixed, the probe said not")
    cannot_judge: int = Field(default=0, description="this session: replays the judge could not answer")
    steps: int = 0
    tokens: int = 0
    cost_usd: float = 0.0
    wall_seconds: float = 0.0

    @property
    def benchmark(self) -> bool:
        return self.ground_truth_total is not None

    @property
    def denominator(self) -> int:
        return self.ground_truth_total if self.ground_truth_total is not None else self.discovered

    @property
    def discovery_text(self) -> str:
        return f"{self.discovered}/{self.denominator}" if self.benchmark else f"{self.discovered} confirmed"

    @property
    def fixing_text(self) -> str:
        return f"{self.fixed_verified}/{self.denominator}"


class LoopMetrics(BaseModel):
    sessions: list[SessionMetrics]
    total: SessionMetrics | None


def _bug_key(report: ReportFacts, benchmark: bool) -> str | None:
    return report.bug_id if benchmark else report.fingerprint


def loop_metrics(
    history: Sequence[SessionFacts], ground_truth: Sequence[GroundTruthBug] | None
) -> LoopMetrics:
    """Per-session and cumulative metrics. `ground_truth` None means a game without a benchmark."""
    benchmark = ground_truth is not None
    known_ids = {bug.id for bug in ground_truth or ()}
    discovered: list[str] = []
    fixed: set[str] = set()
    rows: list[SessionMetrics] = []
    for facts in sorted(history, key=lambda f: f.number):
        new_bugs: list[str] = []
        duplicates = false_positives = 0
        for report in facts.reports:
            key = _bug_key(report, benchmark)
            if key is None:
                false_positives += 1
                continue
            if benchmark and key not in known_ids:
                raise ValueError(f"session {facts.number}: report matched unknown ground-truth id {key!r}")
            if key in discovered:
                duplicates += 1
            else:
                discovered.append(key)
                new_bugs.append(key)
        # verification opens a session, so regressions and confirmations apply before this session's reports
        fixed = (fixed - facts.regressed) | facts.verified_fixed
        denominator = len(known_ids) if benchmark else len(discovered)
        rows.append(
            SessionMetrics(
                session=facts.number,
                ground_truth_total=denominator if benchmark else None,
                new_reports=len(facts.reports),
                new_bugs=new_bugs,
                duplicates=duplicates,
                false_positives=false_positives if benchmark else None,
                verified_fixed=sorted(facts.verified_fixed),
                regressed=sorted(facts.regressed),
                patched=sorted(facts.patched),
                discovered=len(discovered),
                confirmed_bugs=len(discovered),
                fixed_verified=len(fixed),
                discovery_rate=(len(discovered) / denominator if denominator else 0.0) if benchmark else None,
                fixing_rate=len(fixed) / denominator if denominator else None,
                per_difficulty=_by_difficulty(ground_truth, set(discovered), fixed) if benchmark else {},
                steps=facts.steps,
                tokens=facts.tokens,
                cost_usd=facts.cost_usd,
                wall_seconds=facts.wall_seconds,
            )
        )
    return LoopMetrics(sessions=rows, total=_total(rows))


def _by_difficulty(
    ground_truth: Sequence[GroundTruthBug] | None, discovered: set[str], fixed: set[str]
) -> dict[str, DifficultyCounts]:
    counts: dict[str, DifficultyCounts] = {}
    for bug in ground_truth or ():
        row = counts.setdefault(str(bug.difficulty), DifficultyCounts(total=0, discovered=0, fixed=0))
        row.total += 1
        row.discovered += bug.id in discovered
        row.fixed += bug.id in fixed
    return counts


def _total(rows: list[SessionMetrics]) -> SessionMetrics | None:
    """The summary row: final rates, every session's findings and usage summed."""
    if not rows:
        return None
    last = rows[-1]
    return last.model_copy(
        update={
            "session": 0,
            "new_reports": sum(row.new_reports for row in rows),
            "new_bugs": [bug for row in rows for bug in row.new_bugs],
            "duplicates": sum(row.duplicates for row in rows),
            "false_positives": sum(row.false_positives or 0 for row in rows) if last.benchmark else None,
            "verified_fixed": sorted({bug for row in rows for bug in row.verified_fixed}),
            "regressed": sorted({bug for row in rows for bug in row.regressed}),
            "patched": sorted({bug for row in rows for bug in row.patched}),
            "steps": sum(row.steps for row in rows),
            "tokens": sum(row.tokens for row in rows),
            "cost_usd": sum(row.cost_usd for row in rows),
            "wall_seconds": sum(row.wall_seconds for row in rows),
        }
    )

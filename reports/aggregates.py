"""Numbers derived from run.json for charts and tables: per session, difficulty, agent and bug."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from loop.run.lifecycle import BugStatus
from loop.run.record import AttemptRecord, RunRecord
from reports.labels import natural_key


@dataclass
class AgentTotals:
    agent: str
    attempts: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    tokens_in: int = 0
    tokens_out: int = 0
    cost_usd: float = 0.0
    wall_seconds: float = 0.0
    files_changed: int = 0
    lines_added: int = 0
    lines_removed: int = 0

    def row(self) -> dict[str, str]:
        outcomes = ", ".join(f"{name} {count}" for name, count in sorted(self.outcomes.items()))
        return {
            "Agent": self.agent,
            "Attempts": str(self.attempts),
            "Outcomes": outcomes,
            "Tokens in / out": f"{self.tokens_in} / {self.tokens_out}",
            "Cost (USD)": f"{self.cost_usd:.4f}",
            "Wall time (s)": f"{self.wall_seconds:.1f}",
            "Patch size": f"{self.files_changed} files, +{self.lines_added}/-{self.lines_removed}",
        }


def agent_totals(attempts: list[AttemptRecord]) -> list[AgentTotals]:
    totals: dict[str, AgentTotals] = {}
    for a in attempts:
        t = totals.setdefault(a.agent, AgentTotals(a.agent))
        t.attempts += 1
        t.outcomes[a.outcome] += 1
        t.tokens_in += a.tokens_in
        t.tokens_out += a.tokens_out
        t.cost_usd += a.cost_usd
        t.wall_seconds += a.wall_seconds
        t.files_changed += a.files_changed
        t.lines_added += a.lines_added
        t.lines_removed += a.lines_removed
    return [totals[name] for name in sorted(totals)]


def run_attempts(run: RunRecord) -> list[AttemptRecord]:
    return [a for s in run.sessions for a in s.attempts]


@dataclass(frozen=True)
class DifficultyTotals:
    difficulty: str
    total: int
    discovered: int
    fixed: int

    def row(self) -> dict[str, str]:
        return {
            "Difficulty": self.difficulty,
            "Bugs": str(self.total),
            "Discovered": str(self.discovered),
            "Fixed (verified)": str(self.fixed),
        }


DIFFICULTY_ORDER = {"easy": 0, "medium": 1, "hard": 2}


def difficulty_totals(run: RunRecord) -> list[DifficultyTotals]:
    """Ground-truth bugs by difficulty: how many some report matched, and how many are verified fixed."""
    matched: dict[str, BugStatus] = {}
    for bug in run.bugs.values():
        if bug.ground_truth_id:
            previous = matched.get(bug.ground_truth_id)
            if previous != "verified_fixed":
                matched[bug.ground_truth_id] = bug.status
    groups: dict[str, list[str]] = {}
    for gt in run.ground_truth:
        groups.setdefault(gt.difficulty, []).append(gt.id)
    return [
        DifficultyTotals(
            difficulty=difficulty,
            total=len(ids),
            discovered=sum(i in matched for i in ids),
            fixed=sum(matched.get(i) == "verified_fixed" for i in ids),
        )
        for difficulty, ids in sorted(groups.items(), key=lambda kv: (DIFFICULTY_ORDER.get(kv[0], 9), kv[0]))
    ]


def status_by_session(run: RunRecord) -> dict[str, list[BugStatus | None]]:
    """Each bug's status at the end of each session (None before it was found), from its lifecycle history."""
    timeline: dict[str, list[BugStatus | None]] = {}
    numbers = [s.number for s in run.sessions]
    for fp, bug in run.bugs.items():
        statuses: list[BugStatus | None] = []
        for number in numbers:
            events = [e for e in bug.history if e.session <= number]
            if events:
                statuses.append(events[-1].to_status)
            elif number >= bug.found_in_session:
                statuses.append(BugStatus.OPEN)
            else:
                statuses.append(None)
        timeline[fp] = statuses
    return dict(
        sorted(timeline.items(), key=lambda kv: natural_key(run.bugs[kv[0]].ground_truth_id or "~" + kv[0]))
    )

"""Cross-session memory of one game, keyed by commit: one JSON file under the data directory.

It keeps, per commit, the regions explored, unresolved leads and priority targets; and, across commits, every
bug the agent confirmed with its status (open, fixed, regressed) on each commit it was judged on. In a loop
run the commits are the game's real ones (loop.contract.commit_origins): the commit the run started from, not
the agents' one-commit view of it, so two nights on the same commit share their notes. Statuses follow the
repository's history: a bug fixed at commit C counts as fixed, and comes back as a regression, only on commits
that descend from C (a fix not merged into the team's branch is not on it); on another line (another branch,
a commit without that fix) it is a known bug of that line, re-checked and reported under its own fingerprint,
neither new nor a regression. A session on a new commit re-checks the known bugs first, and a run reports
each known bug that still shows once. The file is rewritten once per session (atomically, one writer at a
time), never per step; what another session saved meanwhile is kept.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, PrivateAttr, ValidationError

from loop.contract.agenda import TestAgenda
from loop.contract.models import BugReport, BugType
from loop.contract.paths import data_dir, flocked
from loop.llm.replies import Hypothesis
from loop.qa_agents.llm.checkpoints import MAX_CHECKPOINTS, Checkpoint, longest_first
from loop.qa_agents.llm.leads import MAX_STORED_LEADS, Lead
from loop.replay.clipping import clip

SCHEMA_VERSION = 1
MAX_NOTES = 20
LOCK_TIMEOUT_S = 60.0
BugStatus = Literal["open", "fixed", "regressed"]
Descends = Callable[[str, str], bool]
"""(commit, ancestor) -> does `commit` contain `ancestor`? Git ancestry in the game's repository."""


def default_data_dir() -> Path:
    return data_dir()


def memory_path(game: str, data_dir: Path | None = None) -> Path:
    return (data_dir or default_data_dir()) / "llm_qa" / f"{game}.json"


class StatusChange(BaseModel):
    commit: str
    status: BugStatus
    at: float = Field(default_factory=time.time)


class KnownBug(BaseModel):
    id: str = Field(description="the report's fingerprint")
    key: str = Field(
        default="", description="the report's fingerprint_key: what makes two reports the same bug"
    )
    title: str
    mechanic: str
    bug_type: BugType = BugType.OTHER
    expected: str
    observed: str
    check: str = Field(default="", description="the quoted evidence that made it a bug")
    repro: list[str]
    status: BugStatus = "open"
    found_commit: str
    checked_commit: str
    history: list[StatusChange] = Field(default_factory=list)

    def hypothesis(self) -> Hypothesis:
        return Hypothesis(
            title=self.title,
            observed=self.observed,
            expected=self.expected,
            mechanic=self.mechanic,
            bug_type=self.bug_type,
            evidence=self.check,
        )

    def set_status(self, status: BugStatus, commit: str) -> None:
        self.checked_commit = commit
        if status != self.status or not self.history or commit not in {c.commit for c in self.history}:
            self.history.append(StatusChange(commit=commit, status=status))
        self.status = status

    def status_on(self, commit: str, descends: Descends) -> BugStatus | None:
        """The bug's status on `commit`'s line of history: the status decided on the newest (by git
        ancestry) of `commit` and its ancestors it was judged on, the latest decision there; None when it was
        only ever judged on other lines (another run, another branch). A decision on another line in between
        (a night on a branch without the fix) does not hide a fix this line merged."""
        judged = [change for change in self.history if descends(commit, change.commit)]
        commits = list(dict.fromkeys(change.commit for change in judged))
        newest = {c for c in commits if not any(other != c and descends(other, c) for other in commits)}
        latest = [change for change in judged if change.commit in newest]
        return latest[-1].status if latest else None


@dataclass
class RunMarks:
    """What one run did with the known bugs (ids): re-checked, reported. The memory outlives runs, but a
    run's loop tracks only the bugs reported to it, so a known bug still open on this line is reported once a
    run."""

    checked: set[str] = field(default_factory=set)
    reported: set[str] = field(default_factory=set)


class CommitNotes(BaseModel):
    sessions: int = 0
    explored_regions: list[str] = Field(default_factory=list)
    unresolved_leads: list[str] = Field(default_factory=list)
    priority_targets: list[str] = Field(default_factory=list)
    dropped_hypotheses: list[str] = Field(default_factory=list)
    leads: list[Lead] = Field(default_factory=list, description="suspicions still open, with a next check")
    checkpoints: list[Checkpoint] = Field(default_factory=list, description="prefixes a new game may replay")
    agenda: TestAgenda | None = None  # the docs' rules, read once per commit (QA mode; outcomes not kept)
    walkthrough_broken: str = Field(
        default="", description="why the walkthrough checkpoint no longer replays"
    )


class GameMemory(BaseModel):
    schema_version: int = SCHEMA_VERSION
    game: str
    last_commit: str = ""
    commits: dict[str, CommitNotes] = Field(default_factory=dict)
    bugs: list[KnownBug] = Field(default_factory=list)

    _loaded: GameMemory | None = PrivateAttr(default=None)  # the file as this session read it
    set_aside: str = Field(default="", exclude=True, description="why the file was unreadable, moved aside")

    @classmethod
    def load(cls, path: Path, game: str) -> GameMemory:
        """The memory in `path`; an unreadable file (cut short, hand-edited) is moved aside, not lost, and the
        memory starts afresh rather than ending the session."""
        set_aside = ""
        try:
            memory = cls.model_validate_json(path.read_bytes()) if path.is_file() else cls(game=game)
        except ValidationError as exc:
            aside = path.with_name(f"{path.name}.unreadable")
            path.replace(aside)
            memory = cls(game=game)
            set_aside = f"{path} is unreadable ({clip(exc.errors()[0]['msg'], 120)}): moved to {aside.name}"
        memory._loaded = memory._snapshot()
        memory.set_aside = set_aside
        return memory

    def save(self, path: Path) -> None:
        """Write the file atomically, keeping what another session on this game saved since this one loaded
        it (two sessions at once): its bugs, commits, leads, checkpoints, agenda and notes."""
        path.parent.mkdir(parents=True, exist_ok=True)
        with flocked(
            path.with_name(f".{path.name}.lock"), LOCK_TIMEOUT_S, f"{path} is busy: another session writes it"
        ):
            if path.is_file() and self._loaded is not None:
                with contextlib.suppress(
                    ValidationError
                ):  # unreadable now: this session's memory replaces it
                    self._keep_others(GameMemory.model_validate_json(path.read_bytes()), self._loaded)
            with tempfile.NamedTemporaryFile(
                "w", dir=path.parent, prefix=f".{path.name}-", suffix=".partial", delete=False
            ) as partial:
                partial.write(self.model_dump_json(indent=2) + "\n")
            os.replace(partial.name, path)
        self._loaded = self._snapshot()

    def _snapshot(self) -> GameMemory:
        copy = self.model_copy(deep=True)
        copy._loaded = None
        return copy

    def _keep_others(self, saved: GameMemory, loaded: GameMemory) -> None:
        """Add what is in `saved` (the file now) and was not in `loaded` (the file when this one read it)."""
        known = {bug.id for bug in [*loaded.bugs, *self.bugs]}
        self.bugs += [bug for bug in saved.bugs if bug.id not in known]
        for commit, theirs in saved.commits.items():
            before, mine = loaded.commits.get(commit, CommitNotes()), self.notes(commit)
            mine.sessions += max(0, theirs.sessions - before.sessions)
            mine.agenda = mine.agenda or theirs.agenda
            mine.walkthrough_broken = mine.walkthrough_broken or theirs.walkthrough_broken
            for name in ("explored_regions", "unresolved_leads", "priority_targets", "dropped_hypotheses"):
                added = [e for e in getattr(theirs, name) if e not in getattr(before, name)]
                setattr(mine, name, bounded_notes([*getattr(mine, name), *added]))
            seen = {lead.title for lead in [*before.leads, *mine.leads]}
            mine.leads = [*mine.leads, *(x for x in theirs.leads if x.title not in seen)][-MAX_STORED_LEADS:]
            added_checkpoints = [
                c for c in theirs.checkpoints if c not in before.checkpoints and c not in mine.checkpoints
            ]
            mine.checkpoints = longest_first([*mine.checkpoints, *added_checkpoints])[:MAX_CHECKPOINTS]

    def notes(self, commit: str) -> CommitNotes:
        return self.commits.setdefault(commit, CommitNotes())

    def bug(self, bug_id: str | None) -> KnownBug | None:
        return next((bug for bug in self.bugs if bug.id == bug_id), None) if bug_id else None

    def remember_report(self, report: BugReport, check: str, commit: str, descends: Descends) -> KnownBug:
        known = self.bug(report.fingerprint)
        if known is None:
            known = KnownBug(
                id=report.fingerprint,
                key=report.fingerprint_key,
                title=report.title,
                mechanic=report.mechanic,
                bug_type=report.bug_type,
                expected=report.expected,
                observed=report.observed,
                check=check,
                repro=list(report.repro),
                found_commit=commit,
                checked_commit=commit,
            )
            self.bugs.append(known)
        fixed_here = known.status_on(commit, descends) in ("fixed", "regressed")
        known.set_status("regressed" if fixed_here else "open", commit)
        return known

    def briefing(self, commit: str) -> str:
        """What a session on `commit` is told at its start (bounded)."""
        lines: list[str] = []
        same = self.commits.get(commit)
        earlier = (
            self.commits.get(self.last_commit) if self.last_commit and self.last_commit != commit else None
        )
        if same is not None:
            lines.append(f"Sessions on this build so far: {same.sessions}.")
            lines += _section("Explored here", same.explored_regions)
            lines += _section("Unresolved leads", same.unresolved_leads)
            lines += _section("Priority targets", same.priority_targets)
            lines += _section(
                "Did not replay on this build (re-test on a new build)", same.dropped_hypotheses
            )
        elif earlier is not None:
            lines.append(
                f"This is a new build ({commit[:12]}); the notes below are from {self.last_commit[:12]}."
            )
            lines += _section("Explored on the earlier build", earlier.explored_regions)
            lines += _section("Unresolved leads", earlier.unresolved_leads)
            lines += _section("Priority targets", earlier.priority_targets)
        for bug in self.bugs[-MAX_NOTES:]:
            lines.append(
                f"Known bug [{bug.status} as of {bug.checked_commit[:12]}]: {clip(bug.title, 120)} "
                f"(repro: {clipped_repro(bug.repro)})"
            )
        return "\n".join(lines) or "(nothing: this is the first session on this game)"


def _section(title: str, entries: list[str]) -> list[str]:
    return [f"{title}: " + "; ".join(clip(e, 120) for e in entries[:MAX_NOTES])] if entries else []


def clipped_repro(repro: list[str], keep: int = 4) -> str:
    """A repro as the planner reads it: the last commands (where the anomaly is) and how many came before."""
    if len(repro) <= keep:
        return " / ".join(repro)
    return f"({len(repro) - keep} earlier commands) ... " + " / ".join(repro[-keep:])


def bounded_notes(entries: list[str]) -> list[str]:
    return list(dict.fromkeys(clip(e.strip(), 200) for e in entries if e.strip()))[:MAX_NOTES]

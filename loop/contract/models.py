"""Domain objects shared by every layer: what a QA agent reports and what a benchmark knows.

These are the boundary types (files, ledger rows, prompts), so they are pydantic models.
"""

from __future__ import annotations

import hashlib
import os
from enum import StrEnum
from pathlib import Path

from pydantic import BaseModel, Field, TypeAdapter


class BugType(StrEnum):
    LOGIC_ERROR = "logic error"
    DESCRIPTION_FLAW = "description flaw"
    DATA_INCONSISTENCY = "data inconsistency"
    CRASH = "crash"
    BOUNDARY = "boundary"
    STATE_LEAK = "state leak"
    NON_DETERMINISM = "non-determinism"
    OTHER = "other"


class Difficulty(StrEnum):
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


class BugReport(BaseModel):
    """A bug report from a QA agent (explorer, LLM agent or intake): enough for anyone to act on."""

    title: str
    symptom: str
    expected: str
    observed: str
    mechanic: str = Field(description="the game mechanic involved, e.g. 'drop', 'room description'")
    bug_type: BugType = BugType.OTHER
    repro: list[str] = Field(description="commands from a new game that show the bug")
    evidence: str = Field(default="", description="an excerpt of the trace that shows the anomaly")
    confidence: float = Field(default=0.5, ge=0.0, le=1.0)
    build_commit: str = ""
    source: str = Field(default="explorer", description="which QA agent wrote it: explorer, llm, intake")
    oracle: str | None = Field(default=None, description="the explorer oracle that can re-judge it on replay")
    oracle_subject: str = Field(default="", description="what the oracle checks, e.g. an item name")
    fingerprint_key: str = Field(default="", description="what makes two reports the same bug")
    reopened_because: str = Field(
        default="", description="why the last patch of this bug did not fix it (set by the loop)"
    )
    replays: int = Field(default=0, description="replays of the repro when it was confirmed (0: not said)")
    replays_showing: int = Field(default=0, description="of those, the replays that showed the bug")
    came_in_with: str = Field(
        default="",
        description="the message and diff of the commit that brought the bug in (set by the loop)",
    )

    @property
    def fingerprint(self) -> str:
        """Stable id: the same bug found twice, in any session, has the same fingerprint."""
        key = self.fingerprint_key or f"{self.bug_type}|{self.mechanic}|{self.title}".lower()
        return hashlib.sha256(key.encode()).hexdigest()[:12]


class GroundTruthBug(BaseModel):
    """A benchmark bug shipped with a game (GBQA's fields). Never shown to an agent."""

    id: str
    bug_type: str
    difficulty: Difficulty
    minimal_reproduction: str
    observed_fault: str
    probe: str = Field(description="name of the function in benchmark/probes.py")
    gold_patch: str = Field(description="path of the gold patch, relative to benchmark/")


class ProbeResult(BaseModel):
    """A probe's answer: is this ground-truth bug present in this running build?"""

    bug_id: str
    present: bool
    evidence: str = ""


REPORTS_FILE = "reports.json"
"""A JSON list of BugReport: what a QA session found, what `closed-loop repair --reports` and intake read."""

_REPORT_LIST = TypeAdapter(list[BugReport])


def read_reports(path: Path) -> list[BugReport]:
    """Raises ValueError (pydantic's ValidationError) for a file that is not a JSON list of bug reports."""
    return _REPORT_LIST.validate_json(path.read_bytes())


def write_reports(path: Path, reports: list[BugReport]) -> Path:
    """Atomically: a full disk leaves the previous file, and no half-written one beside it."""
    tmp = path.with_suffix(".tmp")
    try:
        tmp.write_bytes(_REPORT_LIST.dump_json(reports, indent=2))
        os.replace(tmp, path)
    except OSError:
        tmp.unlink(missing_ok=True)
        raise
    return path

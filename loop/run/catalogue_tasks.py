"""A task set for comparing repair agents: every ground-truth bug of the given games is one task.

A task is a game at its shipped tree, one ground-truth bug, and the loop's verification of it. The list kept
on disk (`taskset.json`) holds no ground-truth text: only ids, difficulty, bug type and the hashes of the
game's tree and benchmark, so two task sets with the same hash verify the same bugs on the same code. The
report an agent gets is written here, on the host, from the ground truth's description, as a player would
file it; nothing else of the ground truth reaches an agent.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import tempfile
from pathlib import Path

import git
from pydantic import BaseModel, Field, ValidationError

from loop.contract.benchmark import Benchmark
from loop.contract.game import Game, materialize
from loop.contract.models import BugReport, BugType, GroundTruthBug

TASKSET_SCHEMA_VERSION = 1
TITLE_CHARS = 120


class UnreadableFile(ValueError):
    """A file of a comparison folder that is not what closed-loop wrote there (cut short or edited)."""

    def __init__(self, path: Path, what: str, error: Exception, remedy: str):
        if isinstance(error, ValidationError) and error.errors():
            reason = error.errors()[0]["msg"]
        else:
            reason = (str(error).strip().splitlines() or [type(error).__name__])[0]
        super().__init__(f"{path} is not a readable {what} ({reason}): {remedy}")


class Task(BaseModel):
    game: str
    bug_id: str
    difficulty: str
    bug_type: str
    tree: str = Field(description="git tree id of the game's source as agents get it")
    benchmark: str = Field(description="sha256 of the game's benchmark folder (ground truth, probes, gold)")

    @property
    def task_id(self) -> str:
        return f"{self.game}/{self.bug_id}"


class TaskSet(BaseModel):
    schema_version: int = TASKSET_SCHEMA_VERSION
    tasks: list[Task]

    @property
    def content_hash(self) -> str:
        """sha256 of the canonical task list; results are comparable only within one hash."""
        rows = [{"task_id": t.task_id, **t.model_dump()} for t in self.tasks]
        canonical = json.dumps(rows, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(canonical.encode()).hexdigest()

    def task(self, task_id: str) -> Task:
        return next(t for t in self.tasks if t.task_id == task_id)

    def save(self, path: Path) -> None:
        data = {"content_hash": self.content_hash, **self.model_dump()}
        path.write_text(json.dumps(data, indent=2))

    @classmethod
    def load(cls, path: Path) -> TaskSet:
        try:
            data = json.loads(path.read_text())
            data.pop("content_hash", None)
            return cls.model_validate(data)
        except (ValueError, AttributeError) as exc:  # JSONDecodeError and ValidationError are ValueErrors
            raise UnreadableFile(path, "task set", exc, "use another folder") from exc


def tree_id(game: Game) -> str:
    """The git tree id of the game's materialized source: the same files give the same id."""
    scratch = Path(tempfile.mkdtemp(prefix="closed-loop-taskset-"))
    try:
        repo_dir, _ = materialize(game, scratch)
        return str(git.Repo(repo_dir).head.commit.tree.hexsha)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def folder_hash(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def build_task_set(games: list[Game]) -> TaskSet:
    """One task per ground-truth bug of each game that ships ground truth, in game then bug order."""
    tasks: list[Task] = []
    for game in games:
        if game.benchmark_dir is None:
            continue
        benchmark = Benchmark(game)
        tree, bench_hash = tree_id(game), folder_hash(game.benchmark_dir)
        tasks += [
            Task(
                game=game.name,
                bug_id=bug.id,
                difficulty=str(bug.difficulty),
                bug_type=bug.bug_type,
                tree=tree,
                benchmark=bench_hash,
            )
            for bug in benchmark.bugs
        ]
    return TaskSet(tasks=tasks)


def user_report(bug: GroundTruthBug) -> BugReport:
    """The report a player would file for this bug: what went wrong and how to see it, in their words."""
    fault = bug.observed_fault.strip()
    title = fault.split(". ")[0].rstrip(".")
    try:
        bug_type = BugType(bug.bug_type)
    except ValueError:
        bug_type = BugType.OTHER
    return BugReport(
        title=title[:TITLE_CHARS],
        symptom=fault,
        expected="the game behaves as its design and descriptions say",
        observed=fault,
        mechanic="",
        bug_type=bug_type,
        repro=[],
        evidence=f"How to see it: {bug.minimal_reproduction.strip()}",
        confidence=1.0,
        source="user",
    )

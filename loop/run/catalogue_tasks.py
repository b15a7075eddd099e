"""A task set for comparing repair agents: every ground-truth bug of the given games is one task.

A task is a game at its shipped tree, one ground-truth bug, the report an agent gets, and the loop's
verification of it. Reports come in two flavours: `user-report`, written here, on the host, from the ground
truth's description as a player would file it (every bug has one), and `qa-report`, the QA agent's own
report from a frozen session that found the bug (loop.run.frozen_reports). The list kept on disk
(`taskset.json`) holds no ground-truth text: only ids, flavour, difficulty, bug type and the hashes of the
game's tree, benchmark and frozen report, so two task sets with the same hash verify the same bugs on the
same code from the same reports. Nothing else of the ground truth reaches an agent.
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
from loop.run.frozen_reports import load_frozen

TASKSET_SCHEMA_VERSION = 1
TITLE_CHARS = 120
USER_REPORT = "user-report"
QA_REPORT = "qa-report"
FLAVOURS = (USER_REPORT, QA_REPORT)


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
    flavour: str = Field(
        default=USER_REPORT, description="user-report or qa-report: where the report comes from"
    )
    tree: str = Field(description="git tree id of the game's source as agents get it")
    benchmark: str = Field(description="sha256 of the game's benchmark folder (ground truth, probes, gold)")
    report: str = Field(default="", description="qa-report: sha256 of the frozen report agents get")

    @property
    def task_id(self) -> str:
        base = f"{self.game}/{self.bug_id}"
        return base if self.flavour == USER_REPORT else f"{base}/{self.flavour}"


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


def build_task_set(
    games: list[Game], frozen_dir: Path | None = None, flavours: tuple[str, ...] = FLAVOURS
) -> TaskSet:
    """Per game that ships ground truth, in bug order: a user-report task for every bug, then a qa-report
    task for every bug the game's frozen session in `frozen_dir` found."""
    return TaskSet(tasks=[task for game in games for task in _game_tasks(game, frozen_dir, flavours)])


def _game_tasks(game: Game, frozen_dir: Path | None, flavours: tuple[str, ...]) -> list[Task]:
    if game.benchmark_dir is None:
        return []
    bugs = Benchmark(game).bugs
    tree, bench_hash = tree_id(game), folder_hash(game.benchmark_dir)
    chosen = [(bug, USER_REPORT, "") for bug in bugs] if USER_REPORT in flavours else []
    frozen = load_frozen(frozen_dir, game.name, tree) if QA_REPORT in flavours else None
    if frozen is not None:
        found = frozen.by_bug()
        chosen += [(bug, QA_REPORT, found[bug.id].digest) for bug in bugs if bug.id in found]
    return [
        Task(
            game=game.name,
            bug_id=bug.id,
            difficulty=str(bug.difficulty),
            bug_type=bug.bug_type,
            flavour=flavour,
            tree=tree,
            benchmark=bench_hash,
            report=report,
        )  # fmt: skip
        for bug, flavour, report in chosen
    ]


def task_report(task: Task, bug: GroundTruthBug, frozen_dir: Path | None) -> BugReport:
    """The report an agent gets for `task`: the user-style report, or the frozen QA report it was built
    from (refused when the frozen file changed since)."""
    if task.flavour == USER_REPORT:
        return user_report(bug)
    frozen = load_frozen(frozen_dir, task.game, task.tree)
    kept = frozen.by_bug().get(task.bug_id) if frozen is not None else None
    if kept is None or kept.digest != task.report:
        raise ValueError(f"{task.task_id}: the frozen QA report changed since the task set was built")
    return kept.report


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

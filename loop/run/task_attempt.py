"""One attempt of one repair agent on one task, verified the way the loop verifies, scored the way SWE-bench
scores: the hidden probe of the task's bug is the fail-to-pass check; the game's own tests, the walkthrough
and the other bugs' probes (each must still reach an answer on the patched build) are pass-to-pass.

The attempt works in its own folder: a fresh copy of the game's repository, the repair round's files
(`attempts/round-1/<agent>-01/`: patch, transcript, gate log) and `task_result.json`, written last and
atomically.
A folder with `task_result.json` is a finished attempt; any other folder is what a killed attempt left.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import os
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from pydantic import BaseModel, Field

from loop.contract.benchmark import Benchmark
from loop.contract.game import Game, materialize
from loop.contract.game_client import GameClient, GameError
from loop.contract.models import BugReport
from loop.repair.pipeline import RepairRound
from loop.repair.protocol import Outcome, RepairAgent, RepairBudget, attempt_record
from loop.run.catalogue_tasks import USER_REPORT, Task, UnreadableFile, task_report
from loop.run.choices import make_judge
from loop.run.lifecycle import BugStatus
from loop.run.record import AttemptRecord, TrackedBug
from loop.sandbox import BuildSpec, SandboxError, SandboxProvider
from loop.verification.round_verification import BugVerification, Verifier

RESULT_FILE = "task_result.json"
RESULT_SCHEMA_VERSION = 1

AgentFactory = Callable[[Benchmark, dict[str, str]], RepairAgent]
"""(the game's benchmark, report fingerprint -> ground-truth bug id) -> the agent. The composition root
builds it, so that ground truth reaches a harness agent (gold) and no other."""


class TaskResult(BaseModel):
    """One attempt's facts and score, as `task_result.json` keeps them; the leaderboard reads only these."""

    schema_version: int = RESULT_SCHEMA_VERSION
    task_set: str = Field(description="content hash of the task set the attempt belongs to")
    task_id: str
    game: str
    bug_id: str
    difficulty: str
    bug_type: str
    flavour: str = Field(default=USER_REPORT, description="where the task's report comes from")
    agent: str
    agent_model: str = ""
    agent_options: str = Field(
        default="", description="sha256 of the agent's options: attempts are comparable only within one"
    )
    closed_loop_version: str = ""
    repeat: int
    attempt: AttemptRecord | None = Field(
        default=None, description="the repair attempt: outcome, tokens, cost, agent time, patch size"
    )
    detail: str = ""
    judge: str | None = Field(default=None, description="the replay judge's verdict on the patched build")
    loop_verified: bool = False
    probe_fixed: bool | None = Field(default=None, description="fail-to-pass: the task's probe is quiet")
    tests_passed: bool | None = None
    walkthrough_won: bool | None = None
    other_probes: dict[str, str] = Field(
        default_factory=dict, description="other bug id -> present, absent or error (pass-to-pass: no error)"
    )
    resolved: bool = False
    wall_seconds: float = Field(default=0.0, description="the whole attempt: repair, build, verification")
    finished_at: str = Field(default_factory=lambda: datetime.now(UTC).isoformat(timespec="seconds"))

    @property
    def false_fix(self) -> bool:
        """Verified by the loop's judge, refused by the probe."""
        return self.loop_verified and self.probe_fixed is not True

    @property
    def outcome(self) -> str:
        return self.attempt.outcome if self.attempt is not None else str(Outcome.INFRASTRUCTURE_FAILURE)

    @property
    def patch_lines(self) -> int:
        return self.attempt.lines_added + self.attempt.lines_removed if self.attempt is not None else 0

    @classmethod
    def load(cls, path: Path) -> TaskResult:
        try:
            return cls.model_validate_json(path.read_text())
        except ValueError as exc:
            raise UnreadableFile(path, "task result", exc, "remove it to run that attempt again") from exc

    def save(self, path: Path) -> None:
        tmp = path.with_suffix(".json.tmp")
        tmp.write_text(self.model_dump_json(indent=2))
        os.replace(tmp, path)


@dataclass(frozen=True)
class AttemptSpec:
    task: Task
    task_set: str
    game: Game
    agent: str
    repeat: int
    attempt_dir: Path
    model: str = ""
    options: str = ""
    frozen_dir: Path | None = None


def options_hash(options: dict[str, str]) -> str:
    return hashlib.sha256(json.dumps(options, sort_keys=True).encode()).hexdigest()


def closed_loop_version() -> str:
    try:
        return importlib.metadata.version("closed-loop")
    except importlib.metadata.PackageNotFoundError:
        return ""


def run_task_attempt(
    spec: AttemptSpec,
    make_agent: AgentFactory,
    *,
    provider: SandboxProvider,
    wall_seconds: float,
) -> TaskResult:
    """Run, verify and score one attempt, then write its `task_result.json`. A killed attempt's folder is
    removed and the attempt redone."""
    started = time.monotonic()
    if spec.attempt_dir.exists():
        shutil.rmtree(spec.attempt_dir)
    spec.attempt_dir.mkdir(parents=True)
    benchmark = Benchmark(spec.game)
    bug = benchmark.bug(spec.task.bug_id)
    report: BugReport = task_report(spec.task, bug, spec.frozen_dir)
    agent = make_agent(benchmark, {report.fingerprint: bug.id})
    repo_dir, commit = materialize(spec.game, spec.attempt_dir / "workspace")
    result = TaskResult(
        task_set=spec.task_set, task_id=spec.task.task_id, game=spec.task.game, bug_id=bug.id,
        difficulty=spec.task.difficulty, bug_type=spec.task.bug_type, flavour=spec.task.flavour,
        agent=spec.agent, agent_model=spec.model, agent_options=spec.options,
        closed_loop_version=closed_loop_version(), repeat=spec.repeat,
    )  # fmt: skip
    run_id = f"task-{spec.agent}-r{spec.repeat}"
    repair = RepairRound(spec.game, repo_dir, spec.attempt_dir, run_id, 1, base=commit, provider=provider)
    with repair as round_:
        (attempt,) = round_.run(agent, [report], RepairBudget(wall_seconds=wall_seconds))
        result.attempt, result.detail = attempt_record(attempt), attempt.detail[:2000]
        if attempt.gate is not None:
            result.tests_passed = attempt.gate.tests_passed
            result.walkthrough_won = attempt.gate.walkthrough_won
        if attempt.outcome == Outcome.PATCHED:
            build = BuildSpec(round_.branch.worktree_dir, spec.game.manifest, round_.head, run_id=run_id)
            tracked = TrackedBug(
                fingerprint=report.fingerprint, report=report, status=BugStatus.PATCHED,
                ground_truth_id=bug.id, found_in_session=1,
            )  # fmt: skip
            (check,) = Verifier(provider, build, make_judge(), benchmark).run([tracked], gate=False).bugs
            _record_check(result, check)
            others = [b for b in benchmark.bugs if b.id != bug.id]
            result.other_probes = other_probes(provider, build, benchmark, [b.id for b in others])
    result.resolved = (
        result.outcome == Outcome.PATCHED
        and result.probe_fixed is True
        and result.tests_passed is not False
        and result.walkthrough_won is not False
        and "error" not in result.other_probes.values()
    )
    shutil.rmtree(spec.attempt_dir / "workspace", ignore_errors=True)
    shutil.rmtree(spec.attempt_dir / "worktrees", ignore_errors=True)
    result.wall_seconds = round(time.monotonic() - started, 2)
    result.save(spec.attempt_dir / RESULT_FILE)
    return result


def _record_check(result: TaskResult, check: BugVerification) -> None:
    result.judge = str(check.judge) if check.judge is not None else str(check.verdict)
    result.loop_verified = check.replay_fixed
    result.probe_fixed = check.probe_fixed
    result.detail = f"{result.detail}; {check.detail}"[:2000]


def other_probes(
    provider: SandboxProvider, spec: BuildSpec, benchmark: Benchmark, bug_ids: list[str]
) -> dict[str, str]:
    """Each other bug's probe on the patched build: present, absent, or error when it could not decide."""
    if not bug_ids:
        return {}
    try:
        build = provider.start(spec)
    except SandboxError:
        return dict.fromkeys(bug_ids, "error")
    answers: dict[str, str] = {}
    with build, GameClient(build.url, strip_fields=spec.manifest.strip_fields) as client:
        for bug_id in bug_ids:
            try:
                present = benchmark.run_probe(benchmark.bug(bug_id), client).present
            except GameError:
                answers[bug_id] = "error"
                continue
            answers[bug_id] = "present" if present else "absent"
    return answers


def read_results(root: Path) -> list[TaskResult]:
    """Every finished attempt under `root`, in a stable order."""
    results = [TaskResult.load(path) for path in sorted(root.rglob(RESULT_FILE))]
    return sorted(results, key=lambda r: (r.agent, r.task_id, r.repeat))

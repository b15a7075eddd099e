"""One discover-and-repair loop on one game, step by step, resumable at every step.

`LoopRun` owns `runs/<run_id>/`: run.json (the record, saved after every step), workspace/repo (the game's
repository), sessions/<k>/ (QA trace and reports), attempts/ and worktrees/ (repair). It is handed its parts
(`LoopParts`: the sandbox provider, the QA agent, the critics, the repair agent) by the composition root
(flows/assembly.py); `rounds.py` runs its steps. A step already recorded as finished is skipped, so a killed
run started again with the same run id continues where it stopped and duplicates nothing. An open `LoopRun`
holds its run's lock (`run_lock.py`): one process works on a run at a time; `close` releases it.
"""

from __future__ import annotations

import errno
import logging
import secrets
import shutil
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

import git

from loop.contract.benchmark import Benchmark
from loop.contract.commit_origins import CommitOrigins, is_ancestor
from loop.contract.game import Game, materialize
from loop.contract.game_client import GameClient
from loop.contract.models import REPORTS_FILE, BugReport, read_reports, write_reports
from loop.contract.origin import clone_history, find_origin
from loop.critic.base import Critic
from loop.host import settings
from loop.judge.verdict import ReplayJudge
from loop.ledger import Ledger
from loop.qa import QAAgent
from loop.repair.protocol import RepairAgent
from loop.run.config import LoopConfig
from loop.run.git_locks import remove_stale_locks
from loop.run.ledger_sync import mirror_run
from loop.run.lifecycle import BugStatus, now
from loop.run.real_commits import commit_origins
from loop.run.record import GroundTruthSummary, RunRecord, SessionRecord, StepName
from loop.run.run_id import check_run_id
from loop.run.run_lock import LOCK_FILE, RunBusy, RunLock
from loop.sandbox import BuildSpec, RunningBuild, SandboxProvider
from loop.verification.regression_gate import describe_gate

log = logging.getLogger(__name__)
UPSTREAM = "upstream"  # the run's clone of the team's repository, beside the agents' view ("repo")


def runs_root() -> Path:
    return Path(str(settings.RUNS.value())).resolve()


def new_run_id(game: str) -> str:
    return check_run_id(f"{game}-{datetime.now(UTC):%Y%m%d-%H%M%S}-{secrets.token_hex(2)}")


@dataclass
class LoopParts:
    """The instances a run works with, chosen by the composition root."""

    provider: SandboxProvider
    qa_agent: QAAgent
    judge: ReplayJudge
    critics: list[type[Critic]]  # made anew for each session's build (`Critic.from_context`)
    repair_agent: RepairAgent


@dataclass(frozen=True)
class RecordedMatches:
    """Which ground-truth bug the critic matched a report to, as run.json records it. Read when asked (so a
    key made before the run's first session works), and plain data (so it crosses into a repair worker)."""

    run_json: Path

    def __call__(self, fingerprint: str) -> str | None:
        bug = RunRecord.load(self.run_json).bugs.get(fingerprint)
        return bug.ground_truth_id if bug is not None else None


def run_dir_of(run_id: str, runs_dir: Path | None = None) -> Path:
    return (runs_dir or runs_root()) / check_run_id(run_id)


def check_resumable(run_id: str, *, game_named: bool, runs_dir: Path | None = None) -> None:
    """A run id with no game resumes a run, so it must name one on disk: a mistyped id would otherwise
    start a new run of the default game under that id. With a game, the id names a new run."""
    run_dir = run_dir_of(run_id, runs_dir)
    if game_named or (run_dir / "run.json").is_file():
        return
    known = sorted(p.parent.name for p in run_dir.parent.glob("*/run.json"))[-3:]
    hint = f" (latest: {', '.join(known)})" if known else ""
    raise ValueError(
        f"no run {run_id!r} to resume in {run_dir.parent}{hint}; to start a new run under this id, "
        f"name its game: closed-loop run GAME --run-id {run_id}"
    )


def recorded_config(run_id: str | None, runs_dir: Path | None = None) -> LoopConfig | None:
    """The config a run was started with, when `run_id` names a run on disk (to resume it)."""
    path = run_dir_of(run_id, runs_dir) / "run.json" if run_id else None
    return RunRecord.load(path).config if path is not None and path.is_file() else None


def fail_recorded(run_id: str | None, reason: str, runs_dir: Path | None = None) -> None:
    """Mark the run `run_id` failed when it is on disk and still running: a resumed run whose recorded
    choices can no longer be honoured (its game lost the ground truth `gold` needs, say) is over, not left
    `running` for ever."""
    path = run_dir_of(run_id, runs_dir) / "run.json" if run_id else None
    if path is None or not path.is_file():
        return
    try:
        lock = RunLock.take(path.parent)
    except RunBusy as exc:
        log.warning("run %s left as it is: %s", run_id, exc)
        return
    try:
        record = RunRecord.load(path)
        if record.status != "running":
            return
        record.status, record.stop_reason, record.finished_at = "failed", reason, now()
        record.save(path)
        with Ledger() as ledger:
            mirror_run(record, ledger)
    finally:
        lock.release()


class LoopRun:
    """A loop run on disk. Create or resume with `LoopRun.open`."""

    def __init__(
        self,
        run_dir: Path,
        record: RunRecord,
        game: Game,
        parts: LoopParts,
        benchmark: Benchmark | None,
        lock: RunLock,
    ):
        self.run_dir = run_dir
        self.lock = lock
        self.record = record
        self.game = game
        self.parts = parts
        self.provider = parts.provider
        self.benchmark = benchmark  # scores the run; None in user mode (no ground truth, or withheld)

    # ---- lifecycle of the run -------------------------------------------------------------------------

    @classmethod
    def open(
        cls,
        config: LoopConfig,
        game: Game,
        parts: LoopParts,
        *,
        benchmark: Benchmark | None,
        run_id: str,
        runs_dir: Path | None = None,
    ) -> LoopRun:
        """Resume the run `run_id` when it is on disk, else start it (config resolved, parts made). Holds the
        run's lock from here until `close`; raises RunBusy when another process holds it."""
        run_dir = run_dir_of(run_id, runs_dir)
        made = not run_dir.exists()
        lock = RunLock.take(run_dir)
        try:
            return cls._open_locked(config, game, parts, benchmark, run_dir, lock)
        except BaseException:
            if made and not (run_dir / "run.json").exists():
                shutil.rmtree(run_dir, ignore_errors=True)  # a start refused leaves no half-made run
            lock.release()
            raise

    @classmethod
    def _open_locked(
        cls,
        config: LoopConfig,
        game: Game,
        parts: LoopParts,
        benchmark: Benchmark | None,
        run_dir: Path,
        lock: RunLock,
    ) -> LoopRun:
        run_id = run_dir.name
        if (run_dir / "run.json").is_file():
            record = RunRecord.load(run_dir / "run.json")
            if record.status == "failed":  # the cause may be gone (a full disk, a dead engine): try again
                log.info("run %s %s; trying it again", run_id, record.stop_reason)
                record.status, record.stop_reason, record.finished_at = "running", "", None
            log.info("resuming run %s at session %d", run_id, len(record.sessions))
            repositories = [
                record.repo_dir,
                *([record.origin.clone] if record.origin and record.origin.clone else []),
            ]
            for stale in (found for repo in repositories for found in remove_stale_locks(Path(repo), lock)):
                log.warning("run %s: removed %s, left by a git command killed with the run", run_id, stale)
            return cls(run_dir, record, game, parts, benchmark, lock)
        if {p.name for p in run_dir.iterdir()} - {"workspace", LOCK_FILE}:
            raise FileExistsError(errno.EEXIST, "a folder that is not a run is in the way", str(run_dir))
        origin = find_origin(game.src_dir, config.ref)  # a bad ref leaves nothing: the new folder is removed
        shutil.rmtree(run_dir / "workspace", ignore_errors=True)  # a start killed before its first run.json
        repo_dir, commit = materialize(game, run_dir / "workspace", origin)
        if origin is not None:
            origin = clone_history(origin, run_dir / "workspace" / UPSTREAM)
        record = RunRecord(
            run_id=run_id,
            config=config,
            game_name=game.name,
            repo_dir=str(repo_dir),
            base_commit=commit,
            origin=origin,
            head_commit=commit,
            regression_gate=describe_gate(game),
            ground_truth=[
                GroundTruthSummary(id=bug.id, bug_type=bug.bug_type, difficulty=str(bug.difficulty))
                for bug in (benchmark.bugs if benchmark else [])
            ],
            ground_truth_withheld=config.withhold_ground_truth and game.benchmark_dir is not None,
        )
        with Ledger() as ledger:
            known = ledger.bugs(game.name)
            record.ledger_baseline = {bug.key: bug.status for bug in known}
            record.ledger_baseline_commits = {bug.key: bug.events[-1].commit for bug in known if bug.events}
            record.ledger_fix_commits = {
                bug.key: fixed[-1].commit
                for bug in known
                if (fixed := [e for e in bug.events if e.to_status == BugStatus.VERIFIED_FIXED])
            }
            if origin is not None and origin.clone:
                record.earlier_commit = next(
                    (
                        started
                        for started in ledger.started_on(game.name)
                        if started != origin.commit
                        and is_ancestor(Path(origin.clone), started, origin.commit)
                    ),
                    None,
                )
        run = cls(run_dir, record, game, parts, benchmark, lock)
        run.save()
        log.info("run %s: %s materialized at %s (commit %s)", run_id, game.name, repo_dir, commit[:10])
        return run

    def close(self) -> None:
        """Release the run's lock: another process may resume it from here."""
        self.lock.release()

    def __enter__(self) -> LoopRun:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def run_id(self) -> str:
        return self.record.run_id

    @property
    def config(self) -> LoopConfig:
        return self.record.config

    @property
    def repo_dir(self) -> Path:
        return Path(self.record.repo_dir)

    def save(self) -> None:
        self.record.save(self.run_dir / "run.json")

    def session(self, number: int) -> SessionRecord:
        return self.record.sessions[number - 1]

    def next_session(self) -> int | None:
        """The session to work on: an unfinished one (resume), a new one, or None when the run is over."""
        if self.record.status != "running":
            return None
        if self.record.sessions:
            last = self.record.sessions[-1]
            if "repair" not in last.finished_steps:
                return last.number
            if last.number >= self.config.max_rounds:
                self.finish(f"max rounds ({self.config.max_rounds}) reached")
                return None
        number = len(self.record.sessions) + 1
        self.record.sessions.append(SessionRecord(number=number, commit=self.record.head_commit))
        self.save()
        return number

    def finish(self, reason: str, status: Literal["finished", "failed"] = "finished") -> None:
        self.record.status = status
        self.record.stop_reason = reason
        self.record.finished_at = now()
        self.save()
        self.mirror()
        log.info("run %s %s: %s", self.run_id, status, reason)

    def mark(self, number: int, step: StepName) -> None:
        session = self.session(number)
        if step not in session.finished_steps:
            session.finished_steps.append(step)
        self.save()
        self.mirror()

    def mirror(self) -> None:
        """Bring the ledger up to date with run.json (idempotent)."""
        with Ledger() as ledger:
            mirror_run(self.record, ledger)

    def commit_origins(self) -> CommitOrigins:
        """Which real commit each of the view's commits stands for, this run's and earlier runs' (from the
        ledger), and the history they are compared in."""
        with Ledger() as ledger:
            earlier = ledger.real_commits(self.game.name)
        return commit_origins(self.record, earlier)

    def done(self, number: int, step: str) -> bool:
        return step in self.session(number).finished_steps

    def needs_build(self, number: int) -> bool:
        return not (self.done(number, "verify") and self.done(number, "qa"))

    def spec(self, commit: str, repo_dir: Path | None = None) -> BuildSpec:
        return BuildSpec(repo_dir or self.repo_dir, self.game.manifest, commit, run_id=self.run_id)

    def start_build(self, number: int) -> RunningBuild:
        """Build and start the session's commit. The run's checkout is moved to it first (QA mode and the
        walkthrough read the tree there), by force: it is the run's own, and a checkout a full disk cut short
        left it with half the files changed."""
        commit = self.session(number).commit
        repo = git.Repo(self.repo_dir)
        if repo.head.commit.hexsha != commit:
            repo.git.checkout("--force", "--detach", commit)
        log.info("session %d: starting build %s (%s)", number, commit[:10], self.provider.name)
        return self.provider.start(self.spec(commit))

    def client(self, build: RunningBuild) -> GameClient:
        """The one door between the build and an agent or judge: the game's hidden fields stripped."""
        manifest = self.game.manifest
        return GameClient(build.url, strip_fields=manifest.strip_fields, health_path=manifest.health_path)

    def session_dir(self, number: int) -> Path:
        path = self.run_dir / "sessions" / f"session-{number}"
        path.mkdir(parents=True, exist_ok=True)
        return path

    def session_reports(self, number: int) -> list[BugReport]:
        reports: list[BugReport] = []
        for name in ("findings.json", REPORTS_FILE):
            path = self.session_dir(number) / name
            if path.is_file():
                reports.extend(read_reports(path))
        return reports

    def write_session_reports(self, number: int, name: str, reports: list[BugReport]) -> Path:
        return write_reports(self.session_dir(number) / name, reports)

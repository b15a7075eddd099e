"""The patch pipeline of one round: agent -> commit -> diff -> protected paths and the files the test runner
reads (loop/verification/runner_files.py) -> rebuild -> regression gate.

Round k of run R works on branch `loop/<R>/round-<k>` in its own work tree. Every attempt starts from the
branch head; an attempt that is empty, rejected, breaks the build or the gate, times out or crashes leaves the
branch where it was. Each attempt leaves its evidence in its attempt dir:
`patch.diff`, `transcript.log` (the agent's), `agent.log`, `build.log`, `gate.log`, `result.json`.
"""

from __future__ import annotations

import dataclasses
import logging
import time
from pathlib import Path

from loop.contract.game import Game
from loop.contract.models import BugReport
from loop.host.disk_space import disk_full
from loop.limits import Progress
from loop.repair.branches import RepairGitError, RoundBranch, commit_message
from loop.repair.confinement import backend_choice, open_agent_sandbox
from loop.repair.diffs import diff_stats, protected_touched
from loop.repair.protocol import (
    Attempt,
    DiffStats,
    Outcome,
    RepairAgent,
    RepairBudget,
    RepairWorkspace,
)
from loop.repair.syntax import syntax_errors
from loop.repair.worker import run_agent
from loop.sandbox import BuildSpec, EngineUnavailable, SandboxError, SandboxProvider, failure_line
from loop.verification.regression_gate import QUIET_ENV, GateResult, run_gate
from loop.verification.runner_files import runner_files_touched

log = logging.getLogger(__name__)


# Ends an agent may declare itself (a CLI that hit its own time limit, a model endpoint that is down).
AGENT_DECLARED = frozenset({Outcome.AGENT_TIMEOUT, Outcome.AGENT_CRASH, Outcome.INFRASTRUCTURE_FAILURE})


def batches(reports: list[BugReport], per_report: bool) -> list[list[BugReport]]:
    """One attempt per report, or all open reports in one attempt."""
    if not reports:
        return []
    return [[report] for report in reports] if per_report else [list(reports)]


class RepairRound:
    """Repair attempts of one round on one branch. `close()` removes the work tree (the branch stays).

    Making one raises RepairGitError when the branch or its work tree cannot be made; after that, `attempt`
    and `run` never raise for what an agent, a build or git does. A full disk is the machine's: it is raised,
    never recorded as an attempt's outcome, so the run stops and resumes the round once there is room.
    """

    def __init__(
        self,
        game: Game,
        repo_dir: Path,
        run_dir: Path,
        run_id: str,
        round_number: int,
        *,
        base: str = "HEAD",
        provider: SandboxProvider,
        test_timeout: float = 300.0,
        ready_timeout: float = 60.0,
        on_progress: Progress | None = None,
        restart: bool = False,
        agent_sandbox: str | None = None,
    ):
        """`restart` resets a branch a killed run left behind to `base` instead of continuing it.
        `agent_sandbox`: the backend the agents run in (auto, docker, bubblewrap; default
        CLOSED_LOOP_REPAIR_SANDBOX, else auto)."""
        self.game = game
        self.run_dir = run_dir
        self.run_id = run_id
        self.round = round_number
        self.provider = provider
        self.test_timeout = test_timeout
        self.ready_timeout = ready_timeout
        self._progress = on_progress or (lambda message: log.info("%s", message))
        self.agent_sandbox = backend_choice(agent_sandbox)
        self.branch = RoundBranch.create(
            repo_dir,
            run_dir / "worktrees" / f"round-{round_number}",
            run_id,
            round_number,
            base,
            restart=restart,
        )
        self.attempts_dir = run_dir / "attempts" / f"round-{round_number}"
        self.attempts: list[Attempt] = []
        self._baseline_gates: dict[str, GateResult] = {}

    @property
    def head(self) -> str:
        """The branch head: the base plus every attempt that was kept."""
        return self.branch.head()

    def land(self) -> str:
        """Bring the kept attempts to the repository's checkout (fast-forward); return the new head."""
        return self.branch.land()

    def close(self) -> None:
        self.branch.remove()

    def __enter__(self) -> RepairRound:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def run(
        self, agent: RepairAgent, reports: list[BugReport], budget: RepairBudget, per_report: bool = False
    ) -> list[Attempt]:
        """Every batch of reports gets its attempt; an attempt that fails never stops the next one."""
        return [self.attempt(agent, batch, budget) for batch in batches(reports, per_report)]

    def _new_attempt_dir(self, agent_name: str) -> Path:
        index = (
            1 + sum(1 for _ in self.attempts_dir.glob(f"{agent_name}-*")) if self.attempts_dir.exists() else 1
        )
        path = self.attempts_dir / f"{agent_name}-{index:02d}"
        path.mkdir(parents=True, exist_ok=False)
        return path

    def attempt(self, agent: RepairAgent, reports: list[BugReport], budget: RepairBudget) -> Attempt:
        """One attempt, start to outcome. Never raises for what the agent, the build or git did; a full disk
        is raised."""
        attempt_dir = self._new_attempt_dir(agent.name)
        fingerprints = [r.fingerprint for r in reports]
        try:
            base = self.branch.head()
            self.branch.reset_to(base)
        except RepairGitError as exc:
            empty = Attempt(agent=agent.name, reports=fingerprints, attempt_dir=str(attempt_dir))
            return self._finish(empty, exc)
        workspace = RepairWorkspace(
            repo_dir=self.branch.worktree_dir,
            attempt_dir=attempt_dir,
            game_name=self.game.name,
            run_id=self.run_id,
            round=self.round,
            protected_paths=tuple(self.game.manifest.protected_paths),
            manifest=self.game.manifest,
        )
        self._progress(f"[{agent.name}] attempt {attempt_dir.name} on report(s) {', '.join(fingerprints)}")
        started = time.monotonic()
        checkout_before = self._checkout_changes()
        try:
            with open_agent_sandbox(
                workspace.repo_dir,
                self.agent_sandbox,
                model_url=getattr(agent, "model_url", None),
                tool_paths=getattr(agent, "tool_paths", ()),
                lifetime_s=budget.wall_seconds + 60.0,
                run_id=self.run_id,
            ) as sandbox:
                self._progress(f"[{agent.name}] runs in the {sandbox.backend} repair sandbox")
                sandboxed = dataclasses.replace(workspace, sandbox=sandbox)
                result = run_agent(agent, sandboxed, reports, budget, attempt_dir / "agent.log")
        except SandboxError as exc:
            _raise_if_disk_full(exc)
            empty = Attempt(agent=agent.name, reports=fingerprints, attempt_dir=str(attempt_dir))
            detail = f"no repair sandbox: {exc}"
            return self._finish(
                empty.model_copy(update={"outcome": Outcome.INFRASTRUCTURE_FAILURE, "detail": detail})
            )
        outside = self._outside_writes(checkout_before)
        attempt = (result.attempt or Attempt(agent=agent.name)).model_copy(
            update={
                "agent": agent.name,
                "reports": fingerprints,
                "run_id": self.run_id,
                "round": self.round,
                "branch": self.branch.branch,
                "base_commit": base,
                "wall_seconds": round(time.monotonic() - started, 3),
                "attempt_dir": str(attempt_dir),
                "agent_note": result.attempt.detail if result.attempt else "",
            }
        )
        if attempt.transcript is None and workspace.transcript_path.is_file():
            attempt.transcript = str(workspace.transcript_path)
        try:
            if result.timed_out:
                detail = f"stopped after {budget.wall_seconds:g}s"
                attempt = self._abandon(attempt, Outcome.AGENT_TIMEOUT, detail)
            elif result.attempt is None:
                last = result.traceback.strip().splitlines()[-1:] or ["no result"]
                attempt = self._abandon(attempt, Outcome.AGENT_CRASH, f"{last[0]} (traceback in agent.log)")
            elif outside:
                detail = f"wrote outside its work tree, into the game repository: {', '.join(outside[:5])}"
                attempt = self._abandon(attempt, Outcome.PATCH_REJECTED_PROTECTED, detail)
            elif not self.branch.intact():
                self.branch.reset_to(base)  # checks the branch out again at the attempt's base
                detail = "the agent deleted or broke its work tree; restored at the attempt's base"
                attempt = attempt.model_copy(update={"outcome": Outcome.AGENT_CRASH, "detail": detail})
            elif attempt.outcome in AGENT_DECLARED:
                attempt = self._abandon(attempt, attempt.outcome, attempt.detail)
            else:
                attempt = self._judge(attempt, reports)
        except RepairGitError as exc:
            self._restore(base)
            return self._finish(attempt, exc)
        self._restore(self.branch.head())
        return self._finish(attempt)

    def _finish(self, attempt: Attempt, git_error: RepairGitError | None = None) -> Attempt:
        """Write the attempt's evidence and remember it."""
        if git_error is not None:
            _raise_if_disk_full(git_error)
            failure = {"outcome": Outcome.INFRASTRUCTURE_FAILURE, "detail": str(git_error), "commit": None}
            attempt = attempt.model_copy(update=failure)
        attempt_dir = Path(attempt.attempt_dir)
        (attempt_dir / "patch.diff").write_text(attempt.diff)
        (attempt_dir / "result.json").write_text(attempt.model_dump_json(indent=2) + "\n")
        self._progress(f"[{attempt.agent}] {attempt.outcome}: {attempt.detail}")
        self.attempts.append(attempt)
        return attempt

    def _checkout_changes(self) -> list[str] | None:
        try:
            return self.branch.checkout_changes()
        except RepairGitError as exc:
            _raise_if_disk_full(exc)
            log.error("cannot read the repository's checkout: %s", exc)
            return None

    def _outside_writes(self, before: list[str] | None) -> list[str]:
        """Files an agent changed in the repository's own checkout (it may only edit its work tree). They are
        undone when the checkout was clean before the attempt; a checkout the user left dirty is not reset."""
        after = self._checkout_changes()
        if before is None or after is None or after == before:
            return []
        if not before:
            try:
                self.branch.restore_checkout()
            except RepairGitError as exc:
                _raise_if_disk_full(exc)
                log.error("cannot undo an agent's writes to the repository's checkout: %s", exc)
        return sorted(set(after) - set(before)) or after

    def _restore(self, commit: str) -> None:
        try:
            self.branch.reset_to(commit)
        except RepairGitError as exc:
            _raise_if_disk_full(exc)
            log.error("cannot restore the work tree to %s: %s", commit, exc)

    def _abandon(self, attempt: Attempt, outcome: Outcome, detail: str) -> Attempt:
        """Keep what the agent left as evidence, then put the work tree back to the attempt's base."""
        diff = self.branch.working_diff(attempt.base_commit)
        self.branch.reset_to(attempt.base_commit)
        return attempt.model_copy(
            update={"outcome": outcome, "detail": detail, "diff": diff, "diff_stats": _stats_or_empty(diff)}
        )

    def _reject(self, attempt: Attempt, outcome: Outcome, detail: str) -> Attempt:
        self.branch.reset_to(attempt.base_commit)
        self._progress(f"[{attempt.agent}] branch reset to {attempt.base_commit[:10]}")
        return attempt.model_copy(update={"outcome": outcome, "detail": detail, "commit": None})

    def _judge(self, attempt: Attempt, reports: list[BugReport]) -> Attempt:
        base = attempt.base_commit
        self.branch.stage_all()
        diff = self.branch.staged_diff(base)
        if not diff.strip():
            said = f" ({attempt.agent_note})" if attempt.agent_note else ""
            if attempt.declined:
                return attempt.model_copy(
                    update={"outcome": Outcome.DECLINED, "detail": f"the agent declined{said}"}
                )
            return attempt.model_copy(
                update={"outcome": Outcome.EMPTY_PATCH, "detail": f"the agent changed nothing{said}"}
            )
        attempt = attempt.model_copy(update={"diff": diff, "diff_stats": _stats_or_empty(diff)})
        self._progress(f"[{attempt.agent}] diff: {attempt.diff_stats.summary()}")
        # A hidden path exists in the team's history but not in the agents' view: a patch that writes there
        # would overwrite a file the agent never saw.
        manifest = self.game.manifest
        protected = protected_touched(diff, [*manifest.protected_paths, *manifest.hidden_paths])
        if protected:
            return self._reject(
                attempt, Outcome.PATCH_REJECTED_PROTECTED, f"edits protected paths: {', '.join(protected)}"
            )
        paths = self.branch.staged_paths(base)
        runner = runner_files_touched(paths, self.branch.paths_at(base), self.game.manifest)
        if runner:
            detail = f"changes files the test runner reads: {'; '.join(runner)}"
            return self._reject(attempt, Outcome.PATCH_REJECTED_PROTECTED, detail)
        commit = self.branch.commit(commit_message(attempt.agent, reports, self.run_id, self.round))
        attempt = attempt.model_copy(update={"commit": commit})
        self._progress(f"[{attempt.agent}] committed {commit[:10]}; building with {self.provider.name}")
        # Only where this interpreter is the one that runs the game is its verdict on syntax exact.
        try:
            host_python = self.provider.name == "process"
        except EngineUnavailable as exc:
            return self._reject(attempt, Outcome.INFRASTRUCTURE_FAILURE, f"no sandbox engine: {exc}")
        broken = syntax_errors(self.branch.worktree_dir, [f.path for f in attempt.diff_stats.files])
        if host_python and broken:
            (Path(attempt.attempt_dir) / "build.log").write_text("\n".join(broken) + "\n")
            return self._reject(attempt, Outcome.BUILD_FAILED, f"does not compile: {broken[0]}")
        return self._build_and_gate(attempt)

    def _baseline_note(self, failed: list[str]) -> str:
        """After a red gate (the branch is back at its base): is the base red too? Checked once per base."""
        base = self.branch.head()
        if base not in self._baseline_gates:
            spec = BuildSpec(self.branch.worktree_dir, self.game.manifest, base, self.run_id, dict(QUIET_ENV))
            try:
                with self.provider.start(spec, ready_timeout=self.ready_timeout) as build:
                    self._baseline_gates[base] = run_gate(
                        self.game, self.branch.worktree_dir, build, self.test_timeout
                    )
            except SandboxError as exc:
                _raise_if_disk_full(exc)
                log.warning("cannot build the base %s to compare the gate: %s", base[:10], exc)
                return ""
        red_at_base = [part for part in _failed_parts(self._baseline_gates[base]) if part in failed]
        return f" (red at the base too: {', '.join(red_at_base)})" if red_at_base else ""

    def _build_and_gate(self, attempt: Attempt) -> Attempt:
        attempt_dir = Path(attempt.attempt_dir)
        spec = BuildSpec(
            repo_dir=self.branch.worktree_dir,
            manifest=self.game.manifest,
            commit=attempt.commit or "",
            run_id=self.run_id,
            env=dict(QUIET_ENV),
        )
        try:
            build = self.provider.start(spec, ready_timeout=self.ready_timeout)
        except EngineUnavailable as exc:
            return self._reject(attempt, Outcome.INFRASTRUCTURE_FAILURE, f"no sandbox engine: {exc}")
        except SandboxError as exc:
            _raise_if_disk_full(exc)
            (attempt_dir / "build.log").write_text(f"{exc}\n")
            return self._reject(attempt, Outcome.BUILD_FAILED, failure_line(exc) or "build failed")
        with build:
            self._progress(f"[{attempt.agent}] build up at {build.url}; running the regression gate")
            gate = run_gate(self.game, self.branch.worktree_dir, build, self.test_timeout)
            (attempt_dir / "build.log").write_text(build.logs(400) + "\n")
        (attempt_dir / "gate.log").write_text(
            f"## game tests: {gate.tests_passed}\n{gate.tests_detail}\n\n"
            f"## walkthrough won: {gate.walkthrough_won}\n{gate.walkthrough_detail}\n"
        )
        attempt = attempt.model_copy(update={"gate": gate})
        if not gate.passed:
            failed = _failed_parts(gate)
            rejected = self._reject(
                attempt, Outcome.GATE_FAILED, f"regression gate failed: {', '.join(failed)}"
            )
            return rejected.model_copy(update={"detail": rejected.detail + self._baseline_note(failed)})
        return attempt.model_copy(
            update={"outcome": Outcome.PATCHED, "detail": "applied, gate green, awaiting verification"}
        )


def _raise_if_disk_full(exc: Exception) -> None:
    if disk_full(exc):
        raise exc


def _failed_parts(gate: GateResult) -> list[str]:
    parts = (("game tests", gate.tests_passed), ("walkthrough", gate.walkthrough_won))
    return [name for name, ok in parts if ok is False]


def _stats_or_empty(diff: str) -> DiffStats:
    try:
        return diff_stats(diff)
    except ValueError:
        return DiffStats()

"""Several repair agents on the same frozen reports and the same commit, verified the same way.

`freeze` plays one QA session on the shipped build and matches its reports to the ground truth;
`compare_agent` gives those reports to one agent in its own clone of the repository (so agents can run
side by side) and verifies what it patched by replay and probe. Results feed a ComparisonRecord.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

import git

from loop.contract.benchmark import Benchmark
from loop.contract.game import Game, materialize
from loop.contract.game_client import GameClient
from loop.contract.models import BugReport
from loop.critic.differential import DifferentialCritic
from loop.explorer.replay import replay_report
from loop.lifecycle import BugStatus
from loop.qa import get_qa_agent
from loop.repair.pipeline import RepairRound
from loop.repair.protocol import Outcome, RepairBudget, attempt_record
from loop.verification import TrackedBug, Verdict, Verifier
from repair_agents.registry import AgentContext, create_agent
from reports.compare import BugVerdict, ComparedBug
from sandboxes.base import BuildSpec
from sandboxes.registry import get_provider

log = logging.getLogger(__name__)

# What an attempt that kept no patch means for each of its bugs.
NO_PATCH_VERDICT = {
    Outcome.EMPTY_PATCH: "no_patch",
    Outcome.PATCH_REJECTED_PROTECTED: "no_patch",
    Outcome.BUILD_FAILED: "no_patch",
    Outcome.GATE_FAILED: "no_patch",
    Outcome.AGENT_TIMEOUT: "error",
    Outcome.AGENT_CRASH: "error",
    Outcome.INFRASTRUCTURE_FAILURE: "error",
}


@dataclass
class FrozenReports:
    """The input every agent gets: a repository at one commit and the reports found on it."""

    game: Game
    repo_dir: Path
    commit: str
    reports: list[BugReport]
    matches: dict[str, str] = field(default_factory=dict)  # fingerprint -> ground-truth id (benchmark mode)

    def bugs(self) -> list[ComparedBug]:
        return [
            ComparedBug(
                fingerprint=r.fingerprint, title=r.title, ground_truth_id=self.matches.get(r.fingerprint)
            )
            for r in self.reports
        ]


def freeze(
    game: Game, work_dir: Path, *, qa_agent: str, steps: int, seed: int, backend: str
) -> FrozenReports:
    """Materialize the game, play one QA session on it and match the reports (benchmark mode)."""
    repo_dir, commit = materialize(game, work_dir)
    provider = get_provider(backend)
    agent = get_qa_agent(qa_agent)
    spec = BuildSpec(repo_dir, game.manifest, commit, run_id=work_dir.name)
    with (
        provider.start(spec) as build,
        GameClient(build.url, strip_fields=game.manifest.strip_fields) as client,
    ):
        result = agent.run_session(
            client, build_commit=commit, steps=steps, seed=seed, out_dir=work_dir / "qa"
        )
    matches: dict[str, str] = {}
    if game.benchmark_dir and result.reports:
        critic = DifferentialCritic(
            provider, game.manifest, repo_dir, commit, replay_report, work_dir / "critic"
        )
        for match in critic.match(result.reports, Benchmark(game)):
            if match.bug_id and not match.duplicate:
                matches[match.fingerprint] = match.bug_id
    log.info("froze %d report(s) on %s at %s", len(result.reports), game.name, commit[:10])
    return FrozenReports(game, repo_dir, commit, result.reports, matches)


@dataclass
class AgentResult:
    agent: str
    attempts: list = field(default_factory=list)
    verdicts: list[BugVerdict] = field(default_factory=list)


def compare_agent(
    frozen: FrozenReports, agent_name: str, work_dir: Path, *, backend: str, wall_seconds: float, options=None
) -> AgentResult:
    """One agent's attempt on the frozen reports in its own clone, then replay-and-probe verification."""
    clone = work_dir / agent_name / "repo"
    git.Repo.clone_from(str(frozen.repo_dir), str(clone))
    benchmark = Benchmark(frozen.game) if frozen.game.benchmark_dir else None
    context = AgentContext(benchmark=benchmark, matches=dict(frozen.matches), options=dict(options or {}))
    agent = create_agent(agent_name, context)
    result = AgentResult(agent_name)
    with RepairRound(
        frozen.game,
        clone,
        work_dir / agent_name,
        f"compare-{agent_name}",
        1,
        base=frozen.commit,
        backend=backend,
        on_progress=lambda message: log.info("%s: %s", agent_name, message),
    ) as round_:
        attempts = round_.run(agent, frozen.reports, RepairBudget(wall_seconds=wall_seconds))
        head = round_.head
        worktree = round_.branch.worktree_dir
        result.attempts = [attempt_record(a) for a in attempts]
        patched = {fp for a in attempts if a.outcome == Outcome.PATCHED for fp in a.reports}
        for attempt in attempts:
            if attempt.outcome != Outcome.PATCHED:
                verdict = NO_PATCH_VERDICT.get(attempt.outcome, "error")
                result.verdicts += [
                    BugVerdict(
                        agent=agent_name,
                        fingerprint=fp,
                        verdict=verdict,
                        detail=f"{attempt.outcome}: {attempt.detail}",
                    )
                    for fp in attempt.reports
                ]
        if patched:
            checks = [
                TrackedBug(
                    key=r.fingerprint,
                    report=r,
                    status=BugStatus.PATCHED,
                    ground_truth=benchmark.bug(frozen.matches[r.fingerprint])
                    if benchmark and r.fingerprint in frozen.matches
                    else None,
                )
                for r in frozen.reports
                if r.fingerprint in patched
            ]
            spec = BuildSpec(worktree, frozen.game.manifest, head, run_id=f"compare-{agent_name}")
            verification = Verifier(get_provider(backend), spec, replay_report, benchmark).run(
                checks, gate=False
            )
            for check in verification.bugs:
                verdict = "verified_fixed" if check.verdict == Verdict.VERIFIED_FIXED else "not_fixed"
                result.verdicts.append(
                    BugVerdict(
                        agent=agent_name,
                        fingerprint=check.key,
                        verdict=verdict,
                        detail=f"{check.verdict}: {check.detail}",
                    )
                )
    return result

"""Several repair agents on the same frozen reports and the same commit, verified the same way.

`freeze` plays one QA session on the shipped build and matches its reports to the ground truth;
`compare_agent` gives those reports to one agent in its own clone of the repository (so agents can run
side by side) and verifies what it patched by replay and probe. Results feed a ComparisonRecord.
"""

from __future__ import annotations

import json
import logging
import os
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

import git
from pydantic import BaseModel, Field

from loop.contract.benchmark import Benchmark
from loop.contract.game import Game, materialize
from loop.contract.game_client import GameClient
from loop.contract.models import BugReport
from loop.critic.base import Critic, CriticContext
from loop.qa import QAAgent
from loop.repair.pipeline import RepairRound
from loop.repair.protocol import Outcome, RepairAgent, RepairBudget, attempt_record
from loop.run.choices import make_judge
from loop.run.lifecycle import BugStatus
from loop.run.record import AttemptRecord, TrackedBug
from loop.sandbox import BuildSpec, SandboxProvider
from loop.verification.round_verification import Verdict, Verifier

log = logging.getLogger(__name__)

COMPARISON_SCHEMA_VERSION = 1
COMPARISON_FILE = "comparison.json"

CompareVerdict = Literal[
    "verified_fixed", "patched_unverified", "not_fixed", "regression", "no_patch", "error"
]


class ComparedBug(BaseModel):
    fingerprint: str
    title: str
    ground_truth_id: str | None = None


class BugVerdict(BaseModel):
    agent: str
    fingerprint: str
    verdict: CompareVerdict
    detail: str = ""


class ComparisonRecord(BaseModel):
    """Several repair agents on the same frozen reports and commit; written as comparison.json."""

    schema_version: int = COMPARISON_SCHEMA_VERSION
    comparison_id: str
    game: str
    commit: str = Field(description="the commit every agent started from")
    created_at: str = Field(default_factory=lambda: datetime.now(UTC).isoformat(timespec="seconds"))
    agents: list[str]
    bugs: list[ComparedBug]
    attempts: dict[str, list[AttemptRecord]] = Field(
        default_factory=dict, description="agent -> its attempts"
    )
    verdicts: list[BugVerdict] = Field(default_factory=list)

    @classmethod
    def load(cls, path: Path) -> ComparisonRecord:
        data = json.loads(path.read_text())
        if data.get("schema_version") != COMPARISON_SCHEMA_VERSION:
            raise ValueError(f"{path}: comparison schema {data.get('schema_version')}, expected 1")
        return cls.model_validate(data)

    def save(self, path: Path) -> None:
        tmp = path.with_suffix(".json.tmp")
        tmp.write_text(self.model_dump_json(indent=2))
        os.replace(tmp, path)

    def verdict(self, agent: str, fingerprint: str) -> BugVerdict | None:
        return next((v for v in self.verdicts if v.agent == agent and v.fingerprint == fingerprint), None)

    def ordered_bugs(self) -> list[ComparedBug]:
        return sorted(self.bugs, key=lambda b: _natural_key(b.ground_truth_id or "~" + b.title))


def _natural_key(text: str) -> list[object]:
    """BUG-2 before BUG-10."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text)]


# What an attempt that kept no patch means for each of its bugs.
NO_PATCH_VERDICT: dict[Outcome | None, CompareVerdict] = {
    Outcome.EMPTY_PATCH: "no_patch",
    Outcome.DECLINED: "no_patch",
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
    game: Game,
    work_dir: Path,
    *,
    qa_agent: QAAgent,
    provider: SandboxProvider,
    steps: int,
    seed: int,
    benchmark: Benchmark | None,
    critic: type[Critic] | None = None,
) -> FrozenReports:
    """Materialize the game, play one QA session on it, and (benchmark mode) match its reports with
    `critic`."""
    repo_dir, commit = materialize(game, work_dir)
    agent = qa_agent
    agent.prepare(game, repo_dir, "player")
    spec = BuildSpec(repo_dir, game.manifest, commit, run_id=work_dir.name)
    with (
        provider.start(spec) as build,
        GameClient(build.url, strip_fields=game.manifest.strip_fields) as client,
    ):
        result = agent.run_session(
            client, build_commit=commit, steps=steps, seed=seed, out_dir=work_dir / "qa"
        )
    matches: dict[str, str] = {}
    if benchmark is not None and critic is not None and result.reports:
        context = CriticContext(
            provider=provider,
            manifest=game.manifest,
            repo_dir=repo_dir,
            commit=commit,
            judge=make_judge(),
            work_dir=work_dir / "critic",
            run_id=work_dir.name,
        )
        for match in critic.from_context(context).match(result.reports, benchmark):
            if match.bug_id and not match.duplicate:
                matches[match.fingerprint] = match.bug_id
    log.info("froze %d report(s) on %s at %s", len(result.reports), game.name, commit[:10])
    return FrozenReports(game, repo_dir, commit, result.reports, matches)


@dataclass
class AgentResult:
    agent: str
    attempts: list[AttemptRecord] = field(default_factory=list)
    verdicts: list[BugVerdict] = field(default_factory=list)


def compare_agent(
    frozen: FrozenReports,
    agent_name: str,
    agent: RepairAgent,
    work_dir: Path,
    *,
    provider: SandboxProvider,
    wall_seconds: float,
    benchmark: Benchmark | None,
) -> AgentResult:
    """One agent's attempt on the frozen reports in its own clone, then replay-and-probe verification."""
    clone = work_dir / agent_name / "repo"
    git.Repo.clone_from(str(frozen.repo_dir), str(clone))
    result = AgentResult(agent_name)
    with RepairRound(
        frozen.game,
        clone,
        work_dir / agent_name,
        f"compare-{agent_name}",
        1,
        base=frozen.commit,
        provider=provider,
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
                    fingerprint=r.fingerprint,
                    report=r,
                    status=BugStatus.PATCHED,
                    ground_truth_id=frozen.matches.get(r.fingerprint) if benchmark else None,
                    found_in_session=1,
                )
                for r in frozen.reports
                if r.fingerprint in patched
            ]
            spec = BuildSpec(worktree, frozen.game.manifest, head, run_id=f"compare-{agent_name}")
            verification = Verifier(provider, spec, make_judge(), benchmark).run(checks, gate=False)
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

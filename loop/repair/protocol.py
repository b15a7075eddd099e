"""The repair protocol: what a repair agent is given, what it returns, and how an attempt can end.

`RepairAgent.repair(workspace, reports, budget) -> Attempt`. The agent edits files in `workspace.repo_dir` and
nothing else; the pipeline (`loop.repair.pipeline`) owns git, the diff, the protected-path check, the rebuild,
the regression gate and the final outcome. An agent only reports what it knows: its transcript, tokens,
cost and, when it could not do its job for a reason outside the game (LLM endpoint down),
`infrastructure_failure`.
"""

from __future__ import annotations

import abc
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from pydantic import BaseModel, Field

from loop.contract.game import Manifest
from loop.contract.models import BugReport
from loop.plugins import Plugin
from loop.repair.confinement import AgentSandbox
from loop.run.record import AttemptRecord
from loop.verification.regression_gate import GateResult

ATTEMPT_SCHEMA_VERSION = 1


class Outcome(StrEnum):
    """How an attempt ended. Only `patched` goes on to verification; none of the others means "not fixed"."""

    PATCHED = "patched"
    EMPTY_PATCH = "empty_patch"
    DECLINED = "declined"
    PATCH_REJECTED_PROTECTED = "patch_rejected_protected"
    BUILD_FAILED = "build_failed"
    GATE_FAILED = "gate_failed"
    AGENT_TIMEOUT = "agent_timeout"
    AGENT_CRASH = "agent_crash"
    INFRASTRUCTURE_FAILURE = "infrastructure_failure"


class FileChange(BaseModel):
    path: str
    status: str = Field(description="added, modified, removed or renamed")
    hunks: int = 0
    added: int = 0
    removed: int = 0


class DiffStats(BaseModel):
    """What a diff touches, counted with unidiff."""

    files: list[FileChange] = Field(default_factory=list)

    @property
    def files_changed(self) -> int:
        return len(self.files)

    @property
    def hunks(self) -> int:
        return sum(f.hunks for f in self.files)

    @property
    def added(self) -> int:
        return sum(f.added for f in self.files)

    @property
    def removed(self) -> int:
        return sum(f.removed for f in self.files)

    def summary(self) -> str:
        return f"{self.files_changed} file(s), {self.hunks} hunk(s), +{self.added} -{self.removed}"


class Attempt(BaseModel):
    """One repair agent run on one or more reports, as written to `result.json` in its attempt dir."""

    schema_version: int = ATTEMPT_SCHEMA_VERSION
    agent: str
    reports: list[str] = Field(default_factory=list, description="fingerprints of the reports attempted")
    run_id: str = ""
    round: int = 0
    branch: str = ""
    base_commit: str = ""
    commit: str | None = Field(default=None, description="the attempt's commit; None when nothing was kept")
    transcript: str | None = Field(default=None, description="path of the agent's transcript")
    diff: str = ""
    diff_stats: DiffStats = Field(default_factory=DiffStats)
    tokens_in: int = 0
    tokens_out: int = 0
    cost_usd: float = 0.0
    wall_seconds: float = 0.0
    outcome: Outcome | None = Field(
        default=None, description="set by the pipeline; an agent may pre-set a failure"
    )
    detail: str = Field(default="", description="why the attempt ended as it did (the pipeline's words)")
    agent_note: str = Field(default="", description="what the agent said it did (its own `detail`)")
    declined: bool = Field(
        default=False, description="the agent chose to change nothing and said why (in its detail)"
    )
    gate: GateResult | None = None
    attempt_dir: str = ""


class RepairBudget(BaseModel):
    """Limits of one attempt. The pipeline enforces wall time; agents calling a model enforce tokens, cost."""

    wall_seconds: float = Field(default=900.0, gt=0)
    max_tokens: int | None = None
    max_cost_usd: float | None = None
    max_turns: int | None = None


@dataclass(frozen=True)
class RepairWorkspace:
    """What an agent may touch: a work tree of the game repository (never the hidden benchmark)."""

    repo_dir: Path
    attempt_dir: Path
    game_name: str
    run_id: str
    round: int
    protected_paths: tuple[str, ...] = ()
    sandbox: AgentSandbox | None = None  # where whatever the agent runs must run (the pipeline opens it)
    manifest: Manifest | None = None  # the game's manifest: its title, genre, start and test commands

    @property
    def transcript_path(self) -> Path:
        """Where an agent writes its transcript (plain text or JSONL, one event per line)."""
        return self.attempt_dir / "transcript.log"


@dataclass(frozen=True)
class AgentContext:
    """What a repair agent is made with: the user's settings (`--agent-option key=value`, a loop config's
    `agent_options`), such as a model name or `max_turns`. Never ground truth."""

    options: dict[str, str] = field(default_factory=dict)


class RepairAgent(Plugin[AgentContext], abc.ABC):
    """A repair agent. Registered by name as a `closed_loop.repair_agents` entry point that names the class.

    Lifecycle:
    1. `from_context(AgentContext)`, once per run, on the host: by default `cls(context)`. A wrong or missing
       option, a tool that cannot be installed, no model configured: raise `loop.repair.agents.UnknownAgent`
       with a message for the user (the command exits 2 with it). The instance holds settings only: it is
       pickled into a worker process for every attempt, so it must be picklable.
    2. For each attempt the pipeline resets the work tree to the branch head, opens the repair sandbox (the
       agent's `model_url` reachable through a relay, and no other address; its `tool_paths` mounted
       read-only) and calls `repair(workspace, reports, budget)` once, in a fresh worker process.
    3. The pipeline then commits, diffs, checks protected paths, rebuilds and runs the gate, and decides the
       outcome (an agent may pre-set `agent_timeout`, `agent_crash` or `infrastructure_failure`).

    Whatever the agent runs (a CLI, a shell command) it starts through `workspace.sandbox`. Cleanup holds
    even when the agent does not: past `budget.wall_seconds` the pipeline kills the worker's whole process
    group (`agent_timeout`); an exception, or a worker that dies, is `agent_crash` with the traceback in
    `agent.log`; in every case other than a kept patch the work tree goes back to the attempt's base, and the
    sandbox (its container, its private /tmp, the relay) is removed when the attempt ends.
    """

    name: str
    model_url: str | None = None  # the one endpoint its sandbox may reach (its model's base URL)
    tool_paths: tuple[Path, ...] = ()  # the installs its processes run from, mounted read-only
    needs_model: bool = False  # it cannot work without a model endpoint: the loop refuses it offline
    needs_ground_truth: bool = False  # a harness agent (gold); only closed-loop's own may say so
    needs_culprit: bool = False  # it works only on bugs bisected to a culprit commit: the loop gives it those

    @abc.abstractmethod
    def repair(self, workspace: RepairWorkspace, reports: list[BugReport], budget: RepairBudget) -> Attempt:
        """Edit `workspace.repo_dir` to fix `reports`; return the attempt's agent-side facts (tokens, cost,
        transcript, what it did in `detail`).

        Raise to signal a bug in the agent (-> agent_crash). Never touch git history: the pipeline commits.
        """


def attempt_record(attempt: Attempt) -> AttemptRecord:
    """The attempt as run.json keeps it (paths point into the attempt dir)."""
    patch = Path(attempt.attempt_dir) / "patch.diff" if attempt.attempt_dir else None
    return AttemptRecord(
        agent=attempt.agent,
        fingerprints=list(attempt.reports),
        outcome=str(attempt.outcome or Outcome.INFRASTRUCTURE_FAILURE),
        commit=attempt.commit,
        files_changed=attempt.diff_stats.files_changed,
        lines_added=attempt.diff_stats.added,
        lines_removed=attempt.diff_stats.removed,
        tokens_in=attempt.tokens_in,
        tokens_out=attempt.tokens_out,
        cost_usd=attempt.cost_usd,
        wall_seconds=attempt.wall_seconds,
        patch_path=str(patch) if patch else None,
        transcript_path=attempt.transcript,
        detail=attempt.detail,
        agent_note=attempt.agent_note,
    )

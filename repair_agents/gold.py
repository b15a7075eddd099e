"""`gold`: applies the shipped gold patch of the ground-truth bug the critic matched to each report.

Benchmark mode only. It validates the harness the way SWE-bench's gold runs do: if the gold patch does not end
as `patched` and then verify, the pipeline (or the benchmark) is wrong, not the agent. The composition root
hands it the run's ground-truth key on the host; a patch reaches the repository only as the edit it makes.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from loop.contract.models import BugReport
from loop.repair.agents import GroundTruthKey, HarnessContext
from repair_agents.base import Attempt, RepairAgent, RepairBudget, RepairWorkspace

NAME = "gold"

# SWE-bench's fallbacks, strictest first.
APPLY_COMMANDS: tuple[tuple[str, ...], ...] = (
    ("git", "apply", "--whitespace=nowarn"),
    ("git", "apply", "--whitespace=nowarn", "--3way"),
    ("patch", "--batch", "--forward", "-p1", "--fuzz=3"),
)


class GoldPatchError(Exception):
    """A gold patch that applies in none of the ways tried: the benchmark is broken."""


def apply_patch(repo_dir: Path, patch: str, timeout: float) -> str:
    """Apply a unified diff to the work tree; name the command that worked, or raise GoldPatchError."""
    failures: list[str] = []
    for command in APPLY_COMMANDS:
        try:
            done = subprocess.run(
                list(command), cwd=repo_dir, input=patch, capture_output=True, text=True, timeout=timeout
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            failures.append(f"{' '.join(command)}: {exc}")
            continue
        if done.returncode == 0:
            return " ".join(command)
        failures.append(f"{' '.join(command)}: {(done.stderr or done.stdout).strip()[:500]}")
        if command[0] == "patch":
            subprocess.run(["git", "checkout", "--", "."], cwd=repo_dir, capture_output=True, timeout=timeout)
    raise GoldPatchError("\n".join(failures))


class GoldAgent(RepairAgent):
    name = NAME
    needs_ground_truth = True

    def __init__(self, ground_truth: GroundTruthKey):
        self.ground_truth = ground_truth

    @classmethod
    def from_context(cls, context: HarnessContext) -> GoldAgent:  # type: ignore[override]  # harness only
        return cls(context.ground_truth)

    def repair(self, workspace: RepairWorkspace, reports: list[BugReport], budget: RepairBudget) -> Attempt:
        lines: list[str] = []
        applied: list[str] = []
        unmatched: list[str] = []
        for report in reports:
            match = self.ground_truth.gold_patch(report.fingerprint)
            if match is None:
                unmatched.append(report.fingerprint)
                lines.append(f"{report.fingerprint}: no ground-truth match, nothing to apply")
                continue
            bug_id, patch = match
            if bug_id in applied:
                lines.append(f"{report.fingerprint}: {bug_id} applied already in this attempt")
                continue
            how = apply_patch(workspace.repo_dir, patch, timeout=min(60.0, budget.wall_seconds))
            applied.append(bug_id)
            lines.append(f"{report.fingerprint}: applied the gold patch of {bug_id} with `{how}`")
        workspace.transcript_path.write_text("\n".join(lines) + "\n")
        detail = f"gold patches: {', '.join(applied) or 'none'}"
        if unmatched:
            detail += f"; {len(unmatched)} report(s) matched no ground-truth bug"
        return Attempt(agent=self.name, detail=detail)

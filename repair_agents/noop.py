"""`noop`: changes nothing. Proves that an empty patch is its own outcome, never counted as "not fixed"."""

from __future__ import annotations

from loop.contract.models import BugReport
from loop.repair.agents import AgentContext
from repair_agents.base import Attempt, RepairAgent, RepairBudget, RepairWorkspace

NAME = "noop"


class NoopAgent(RepairAgent):
    name = NAME

    @classmethod
    def from_context(cls, context: AgentContext) -> NoopAgent:
        return cls()

    def repair(self, workspace: RepairWorkspace, reports: list[BugReport], budget: RepairBudget) -> Attempt:
        lines = [f"noop: left {len(reports)} report(s) alone"] + [
            f"- {r.fingerprint} {r.title}" for r in reports
        ]
        workspace.transcript_path.write_text("\n".join(lines) + "\n")
        return Attempt(agent=self.name, detail="changed nothing by design")

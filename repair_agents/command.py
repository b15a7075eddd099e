"""`command`: runs a shell command of the user's in the work tree, with the reports as JSON on stdin.

It runs through `run_cli` like the coding-agent CLIs, which need a model endpoint and an install on top
(`repair_agents.cli_agent.CliRepairAgent`). Option `command` (required): the shell command line.
"""

from __future__ import annotations

import json

from loop.contract.models import BugReport
from loop.repair.agents import AgentContext, UnknownAgent
from repair_agents.base import Attempt, Outcome, RepairAgent, RepairBudget, RepairWorkspace
from repair_agents.cli_runner import run_cli

NAME = "command"


class CommandAgent(RepairAgent):
    name = NAME

    def __init__(self, command: str):
        self.command = command

    @classmethod
    def from_context(cls, context: AgentContext) -> CommandAgent:
        command = context.options.get("command")
        if not command:
            raise UnknownAgent("the command agent needs an option command=... (the shell command to run)")
        return cls(command)

    def repair(self, workspace: RepairWorkspace, reports: list[BugReport], budget: RepairBudget) -> Attempt:
        task = json.dumps([r.model_dump(mode="json") for r in reports])
        run = run_cli(["sh", "-c", self.command], workspace, budget, stdin_text=task)
        if run.timed_out:
            return Attempt(
                agent=self.name, outcome=Outcome.AGENT_TIMEOUT, detail=f"stopped after {run.seconds:.0f}s"
            )
        if run.returncode != 0:
            last = run.output.strip().splitlines()[-1:] or [""]
            detail = f"command exited {run.returncode}: {last[0][:200]}"
            return Attempt(agent=self.name, outcome=Outcome.AGENT_CRASH, detail=detail)
        return Attempt(agent=self.name, detail="command exited 0")

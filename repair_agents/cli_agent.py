"""The base of the coding-agent CLI adapters (Aider, Claude Code, Codex, mini-swe-agent): one attempt's flow.

`CliRepairAgent.repair` is the same for every tool: the task written from the bug reports, the model reached
through the repair sandbox's relay, the tool run headless in that sandbox within the wall budget, its output
kept in the attempt dir, a run stopped at its deadline ended as `agent_timeout`, and the tokens it reports
priced with our own table, so the agents compare fairly whatever each tool believes it cost. An adapter states
only what differs: how its tool is installed (`tool`), which API its model speaks (`api`), its settings
(`settings`), its command line (`command`) and environment (`environment`), what it leaves around a run
(`around_run`), and how its usage and its end are read from its output (`read_result`).

The task is written by `repair_agents.task_text` (the built-in agent gets the same one).
"""

from __future__ import annotations

import abc
import contextlib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from loop.contract.models import BugReport
from loop.host.tool_install import ToolInstallError, ToolSpec, find_or_install, tool_homes
from loop.llm.prices import PriceTable
from loop.llm.types import Usage
from loop.repair.agents import AgentContext, UnknownAgent
from repair_agents.base import Attempt, Outcome, RepairAgent, RepairBudget, RepairWorkspace
from repair_agents.cli_runner import CliRun, run_cli
from repair_agents.endpoint import Endpoint, endpoint_for, through_relay
from repair_agents.task_text import task_prompt

DEFAULT_MAX_TURNS = 30
TAIL_CHARS = 300


def relevant_files(repo_dir: Path, reports: list[BugReport], limit: int = 5) -> list[str]:
    """Source files that mention the most words of the reports' commands and titles (tests and docs left
    out): what a tool that edits only the files it is given (Aider) is given."""
    words = {
        w
        for report in reports
        for w in re.findall(r"[a-z_]{4,}", " ".join([report.title, *report.repro]).lower())
    }
    scored: list[tuple[int, str]] = []
    for path in sorted(repo_dir.rglob("*.py")):
        relative = path.relative_to(repo_dir)
        if {"tests", "docs", "benchmark", ".git"} & set(relative.parts) or path.stat().st_size > 400_000:
            continue
        text = path.read_text(errors="replace").lower()
        score = sum(1 for w in words if w in text)
        if score:
            scored.append((-score, str(relative)))
    return [name for _, name in sorted(scored)[:limit]]


def sandbox_tmp(workspace: RepairWorkspace, name: str) -> tuple[Path, str]:
    """A folder in the sandbox's private /tmp: (its host path, its path inside), made empty."""
    if workspace.sandbox is None:
        raise UnknownAgent("a CLI agent runs only in a repair sandbox")
    host = workspace.sandbox.host_tmp / name
    host.mkdir(parents=True, exist_ok=True)
    host.chmod(0o777)
    return host, workspace.sandbox.inside(host)


def max_turns(context: AgentContext) -> int:
    try:
        return int(context.options.get("max_turns", DEFAULT_MAX_TURNS))
    except ValueError:
        given = context.options["max_turns"]
        raise UnknownAgent(f"option max_turns must be a number, not {given!r}") from None


def priced_attempt(agent: str, model: str, tokens_in: int, tokens_out: int, detail: str = "") -> Attempt:
    """The attempt's agent-side facts, its cost computed from its tokens with our price table."""
    usage = Usage(input_tokens=tokens_in, output_tokens=tokens_out)
    cost = PriceTable.load().cost(model, usage) if tokens_in or tokens_out else 0.0
    return Attempt(agent=agent, tokens_in=tokens_in, tokens_out=tokens_out, cost_usd=cost, detail=detail)


def installed_tool(spec: ToolSpec) -> Path:
    """The tool's binary, installed into the shared cache if need be; a failure is the user's to fix."""
    try:
        return find_or_install(spec)
    except ToolInstallError as exc:
        raise UnknownAgent(f"cannot install {spec.name}: {exc}") from None


def output_tail(run: CliRun) -> str:
    return run.output.strip()[-TAIL_CHARS:]


@dataclass(frozen=True)
class ToolCall:
    """One run of a tool: the attempt's workspace and reports, the task written from them, and the model's
    address as the tool reaches it from inside the sandbox."""

    workspace: RepairWorkspace
    reports: list[BugReport]
    task: str
    base_url: str

    def folder(self, name: str) -> tuple[Path, str]:
        """A folder of the sandbox's private /tmp (its host path, its path inside), for the tool's home,
        config and leftovers: it goes with the sandbox."""
        return sandbox_tmp(self.workspace, name)


@dataclass(frozen=True)
class ToolResult:
    """What an adapter reads from its tool's output: the tokens it used, what it did, and how it failed, if it
    did (`infrastructure_failure`: its model endpoint; `agent_crash`: the tool itself)."""

    tokens_in: int = 0
    tokens_out: int = 0
    detail: str = ""
    failure: Outcome | None = None


class CliRepairAgent(RepairAgent):
    """A repair agent that runs a coding-agent CLI. Picklable: it holds the tool's path and its endpoint."""

    needs_model = True
    tool: ClassVar[ToolSpec]  # what to install, and which binary runs
    api: ClassVar[str] = "openai"  # the API its model endpoint speaks: "openai" or "anthropic"
    output_file: ClassVar[str | None] = None  # where the attempt dir keeps the tool's output

    def __init__(self, binary: Path, endpoint: Endpoint):
        self.binary = binary
        self.endpoint = endpoint
        self.model_url = endpoint.base_url
        self.tool_paths = tool_homes(binary)

    @classmethod
    def from_context(cls, context: AgentContext) -> CliRepairAgent:
        """The endpoint of the repair role's model, the tool (installed into the shared cache if need be),
        then the adapter's own settings; UnknownAgent for what the user must fix."""
        endpoint = endpoint_for(context, cls.api)
        binary = installed_tool(cls.tool)
        return cls(binary, endpoint, **cls.settings(context))

    @classmethod
    def settings(cls, context: AgentContext) -> dict[str, Any]:
        """The adapter's constructor arguments after the binary and the endpoint, read from the options."""
        return {}

    @abc.abstractmethod
    def command(self, call: ToolCall) -> list[str]:
        """The tool's argv, paths as the sandbox sees them; never a secret (the transcript keeps argv)."""

    @abc.abstractmethod
    def environment(self, call: ToolCall) -> dict[str, str]:
        """The tool's whole environment (the host's is not inherited): its key, its endpoint, its home."""

    def around_run(self, call: ToolCall) -> contextlib.AbstractContextManager[None]:
        """What the tool needs written before its run, and what is kept or removed after it."""
        return contextlib.nullcontext()

    @abc.abstractmethod
    def read_result(self, run: CliRun, call: ToolCall) -> ToolResult:
        """Its tokens, what it did and how it failed, from a run that ended before its deadline."""

    def repair(self, workspace: RepairWorkspace, reports: list[BugReport], budget: RepairBudget) -> Attempt:
        task = task_prompt(reports, workspace.manifest)
        call = ToolCall(workspace, reports, task, through_relay(self.endpoint, workspace).base_url)
        with self.around_run(call):
            run = run_cli(self.command(call), workspace, budget, env=self.environment(call))
        if self.output_file is not None:
            (workspace.attempt_dir / self.output_file).write_text(run.output)
        if run.timed_out:
            detail = f"{self.tool.binary} stopped after {run.seconds:.0f}s"
            return Attempt(agent=self.name, outcome=Outcome.AGENT_TIMEOUT, detail=detail)
        result = self.read_result(run, call)
        attempt = priced_attempt(
            self.name, self.endpoint.model, result.tokens_in, result.tokens_out, result.detail
        )
        return attempt.model_copy(update={"outcome": result.failure}) if result.failure else attempt

"""What the coding-agent CLI adapters share: the task they get, the model they reach, the cost they report.

The task is written from the bug reports alone (title, symptom, expected, observed, steps): never from the
benchmark's ground truth. The endpoint comes from the LLM configuration (`loop.llm.config`), and every tool's
tokens are priced with our own table, so the agents compare fairly whatever each tool believes it cost.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from pydantic import SecretStr

from loop.contract.models import BugReport
from loop.llm.config import LLMConfig
from loop.llm.prices import PriceTable
from loop.llm.types import Usage
from loop.repair.agents import AgentContext, UnknownAgent
from repair_agents.base import Attempt, Outcome, RepairWorkspace
from repair_agents.cli_runner import CliRun
from repair_agents.tool_install import ToolInstallError, ToolSpec, find_or_install

DEFAULT_MAX_TURNS = 30
DEFAULT_BASE_URLS = {"openai": "https://api.openai.com/v1", "anthropic": "https://api.anthropic.com"}
TAIL_CHARS = 300


def task_prompt(reports: list[BugReport]) -> str:
    """The instruction for the tool: fix the game so each report's steps no longer show its symptom."""
    parts = [
        "You are working in the source repository of a text adventure game (the current directory).",
        f"Players reported {'this bug' if len(reports) == 1 else f'these {len(reports)} bugs'}. "
        "Find the cause in the source code and fix it with the smallest change that makes the game behave "
        "as expected. Edit source files only: do not change tests or docs, do not commit.",
    ]
    for number, report in enumerate(reports, 1):
        steps = "\n".join(f"  {i}. {command}" for i, command in enumerate(report.repro, 1))
        parts.append(
            f"Bug {number}: {report.title}\n"
            f"Symptom: {report.symptom}\n"
            f"Expected: {report.expected}\n"
            f"Observed: {report.observed}\n"
            f"Steps to reproduce, from a new game:\n{steps or '  (a new game shows it)'}"
        )
    return "\n\n".join(parts) + "\n"


@dataclass(frozen=True)
class Endpoint:
    """A model and where to reach it, as one tool must be told (picklable: it travels to the worker)."""

    model: str
    base_url: str
    api_key: SecretStr
    max_retries: int = 3  # of a failed model call, for the tools that let us say


def through_relay(endpoint: Endpoint, workspace: RepairWorkspace) -> Endpoint:
    """The endpoint as the tool reaches it from its sandbox: the relay's address, the only one it reaches."""
    if workspace.sandbox is None or workspace.sandbox.model_url is None:
        return endpoint
    return replace(endpoint, base_url=workspace.sandbox.model_url)


def sandbox_tmp(workspace: RepairWorkspace, name: str) -> tuple[Path, str]:
    """A folder in the sandbox's private /tmp: (its host path, its path inside), made empty."""
    if workspace.sandbox is None:
        raise UnknownAgent("a CLI agent runs only in a repair sandbox")
    host = workspace.sandbox.host_tmp / name
    host.mkdir(parents=True, exist_ok=True)
    host.chmod(0o777)
    return host, workspace.sandbox.inside(host)


def endpoint_for(context: AgentContext, provider: str) -> Endpoint:
    """The repair role's model of `provider` ("openai" or "anthropic"); option `model` overrides the name."""
    config = LLMConfig.from_env()
    spec = config.spec_for("repair")
    model = context.options.get("model") or (spec.name if spec and spec.provider.startswith(provider) else "")
    if provider == "anthropic":
        key, base_url = config.anthropic_api_key, config.anthropic_base_url
    else:
        key, base_url = config.openai_api_key, config.openai_base_url
    if key is None:
        raise UnknownAgent(f"this agent calls the {provider} API: set {provider.upper()}_API_KEY")
    if not model:
        raise UnknownAgent(
            f"no {provider} model for the repair role: set CLOSED_LOOP_MODEL_REPAIR={provider}:<model> "
            "or give the option model=<name>"
        )
    # Always explicit: a tool must never fall back on a base URL left in the environment it inherits.
    base_url = base_url or DEFAULT_BASE_URLS[provider]
    return Endpoint(model=model, base_url=base_url, api_key=key, max_retries=config.max_retries)


def max_turns(context: AgentContext) -> int:
    try:
        return int(context.options.get("max_turns", DEFAULT_MAX_TURNS))
    except ValueError:
        given = context.options["max_turns"]
        raise UnknownAgent(f"option max_turns must be a number, not {given!r}") from None


def priced_attempt(agent: str, model: str, tokens_in: int, tokens_out: int, detail: str = "") -> Attempt:
    """The attempt's agent-side facts, its cost computed from its tokens with our price table."""
    cost = PriceTable.load().cost(model, Usage(input_tokens=tokens_in, output_tokens=tokens_out))
    return Attempt(agent=agent, tokens_in=tokens_in, tokens_out=tokens_out, cost_usd=cost, detail=detail)


def installed_tool(spec: ToolSpec) -> Path:
    """The tool's binary, installed into the shared cache if need be; a failure is the user's to fix."""
    try:
        return find_or_install(spec)
    except ToolInstallError as exc:
        raise UnknownAgent(f"cannot install {spec.name}: {exc}") from None


def timed_out(agent: str, run: CliRun, tool: str) -> Attempt | None:
    """The attempt of a tool stopped at its deadline; None when it ran to its own end."""
    if not run.timed_out:
        return None
    detail = f"{tool} stopped after {run.seconds:.0f}s"
    return Attempt(agent=agent, outcome=Outcome.AGENT_TIMEOUT, detail=detail)


def output_tail(run: CliRun) -> str:
    return run.output.strip()[-TAIL_CHARS:]

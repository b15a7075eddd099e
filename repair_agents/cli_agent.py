"""What the coding-agent CLI adapters share: the task they get, the model they reach, the cost they report.

The task is written from the bug reports (title, expected, observed, steps, evidence) and the game's manifest
(title, genre, start and test commands, design docs, walkthrough): never from the benchmark's ground truth.
The endpoint comes from the LLM configuration (`loop.llm.config`), and every tool's tokens are priced with
our own table, so the agents compare fairly whatever each tool believes it cost.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, replace
from pathlib import Path

from pydantic import SecretStr

from loop.contract.game import Manifest
from loop.contract.models import BugReport
from loop.host import settings
from loop.host.tool_install import ToolInstallError, ToolSpec, find_or_install
from loop.llm.config import LLMConfig
from loop.llm.prices import PriceTable
from loop.llm.types import Usage
from loop.repair.agents import AgentContext, UnknownAgent
from loop.repair.protocol import RepairWorkspace
from loop.replay.raw_request import shown
from repair_agents.base import Attempt, Outcome
from repair_agents.cli_runner import CliRun
from repair_agents.prompts import render

DEFAULT_MAX_TURNS = 30
LOCAL_API_KEY = "local"  # a server started without a key takes any; the tools refuse to run without one
DEFAULT_BASE_URLS = {"openai": "https://api.openai.com/v1", "anthropic": "https://api.anthropic.com"}
TAIL_CHARS = 300


def task_prompt(reports: list[BugReport], game: Manifest | None = None) -> str:
    """The instruction for the tool, written for the game at hand (prompts/task.md, prompts/task_report.md):
    each report's evidence and repro, how to reproduce and test locally, the gate, the design docs as the
    authority, and for a reopened bug why the last patch did not fix it."""
    sections = []
    for number, report in enumerate(reports, 1):
        steps = "\n".join(f"  {i}. {shown(command)}" for i, command in enumerate(report.repro, 1))
        evidence = "\n".join(f"  {line}" for line in report.evidence.splitlines()) or "  (none recorded)"
        why = report.reopened_because
        reopened = f"\n- an earlier patch did not fix it: {why}" if why else ""
        sections.append(
            render(
                "task_report.md",
                number=str(number),
                title=report.title,
                expected=report.expected,
                observed=report.observed,
                steps=steps or "  (a new game shows it)",
                evidence=evidence,
                reopened=reopened,
            )
        )
    game = game or Manifest(name="game", title="the game", genre="text", start_command=["(see README)"])
    return render(
        "task.md",
        game=game.title,
        genre=f"{'an' if game.genre[:1].lower() in 'aeiou' else 'a'} {game.genre}",
        description=f" {game.description}" if game.description else "",
        count="this bug" if len(reports) == 1 else f"these {len(reports)} bugs",
        design_docs=" and ".join(game.qa_docs) or "the docs in the repository",
        start_command=shlex.join(game.start_command),
        port_env=game.port_env,
        test_command=shlex.join(game.test_command) if game.test_command else "the repository's test suite",
        walkthrough=game.walkthrough or "if the game has one",
        reports="\n\n".join(sections),
    )


def game_manifest(workspace: RepairWorkspace) -> Manifest | None:
    """The manifest of the workspace's game, for the task text (None for a workspace made without one)."""
    return workspace.manifest


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


@dataclass(frozen=True)
class Endpoint:
    """A model and where to reach it, as one tool must be told (picklable: it travels to the worker)."""

    model: str
    base_url: str
    api_key: SecretStr
    max_retries: int = 3  # of a failed model call, for the tools that let us say
    # CLOSED_LOOP_LLM_MAX_OUTPUT_TOKENS, for the tools that let us say: a small local model that never ends
    # its turn otherwise writes until the context is full (minutes per reply)
    max_output_tokens: int | None = None


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
    """The repair role's model of `provider` ("openai" or "anthropic"); option `model` overrides the name.
    A `compat` repair model (a server of the user's own, e.g. `closed-loop model up`) serves every tool:
    llama.cpp answers OpenAI chat and responses under `/v1` and Anthropic messages at its root."""
    config = LLMConfig.from_env()
    spec = config.spec_for("repair")
    if spec is not None and spec.provider == "compat" and config.has_credentials("compat"):
        return _compat_endpoint(config, context.options.get("model") or spec.name, provider)
    model = context.options.get("model") or (spec.name if spec and spec.provider.startswith(provider) else "")
    if provider == "anthropic":
        key, base_url = config.anthropic_api_key, config.anthropic_base_url
    else:
        key, base_url = config.openai_api_key, config.openai_base_url
    if key is None:
        raise UnknownAgent(f"this agent calls the {provider} API: set {provider.upper()}_API_KEY")
    if not model:
        raise UnknownAgent(
            f"no {provider} model for the repair role: set {settings.MODEL_REPAIR.name}={provider}:<model> "
            "or give the option model=<name>"
        )
    # Always explicit: a tool must never fall back on a base URL left in the environment it inherits.
    base_url = base_url or DEFAULT_BASE_URLS[provider]
    return Endpoint(model, base_url, key, config.max_retries, reply_bound())


def reply_bound() -> int | None:
    """The user's ceiling on one reply (CLOSED_LOOP_LLM_MAX_OUTPUT_TOKENS), else None: each tool's own."""
    return LLMConfig.from_env().max_output_tokens if settings.LLM_MAX_OUTPUT_TOKENS.is_set() else None


def _compat_endpoint(config: LLMConfig, model: str, provider: str) -> Endpoint:
    from loop.llm.compat_provider import server_root  # imports the SDKs: only when a tool needs it

    base_url = (config.compat_base_url or config.openai_base_url or "").rstrip("/")
    if provider == "anthropic":
        base_url = server_root(base_url)  # the Anthropic clients add /v1/messages themselves
    key = config.compat_api_key or config.openai_api_key or SecretStr(LOCAL_API_KEY)
    return Endpoint(model, base_url, key, config.max_retries, reply_bound())


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

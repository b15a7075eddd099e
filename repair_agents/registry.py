"""Repair agents by name. Each agent is one module in this package with `NAME` and `create(context)`.

Adding an adapter (Claude Code, Codex, the built-in LLM agent) is adding one module; nothing here changes.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType

import repair_agents
from loop.contract.benchmark import Benchmark
from loop.repair.protocol import RepairAgent

NOT_AGENTS = frozenset({"base", "registry", "cli_runner"})


class UnknownAgent(LookupError):
    """No agent of that name, or an agent that cannot be made from what it was given. Meant for the user."""


@dataclass
class AgentContext:
    """What the loop can give an agent besides the workspace.

    `benchmark` and `matches` (report fingerprint -> ground-truth bug id, or None for no match, as run.json
    keeps them) exist in benchmark mode only, and only the `gold` agent may use them; `options` carries agent
    settings such as a model name.
    """

    benchmark: Benchmark | None = None
    matches: dict[str, str | None] = field(default_factory=dict)
    options: dict[str, str] = field(default_factory=dict)


Factory = Callable[[AgentContext], RepairAgent]


def _agent_modules() -> dict[str, ModuleType]:
    modules: dict[str, ModuleType] = {}
    for info in pkgutil.iter_modules(repair_agents.__path__):
        if info.name.startswith("_") or info.name in NOT_AGENTS:
            continue
        module = importlib.import_module(f"repair_agents.{info.name}")
        name = getattr(module, "NAME", None)
        if isinstance(name, str) and callable(getattr(module, "create", None)):
            modules[name] = module
    return modules


def agent_names() -> list[str]:
    return sorted(_agent_modules())


def create_agent(name: str, context: AgentContext | None = None) -> RepairAgent:
    modules = _agent_modules()
    if name not in modules:
        raise UnknownAgent(f"unknown repair agent {name!r} (choose from {', '.join(sorted(modules))})")
    return modules[name].create(context or AgentContext())

"""Repair agents by name (entry points of `closed_loop.repair_agents`), and the one door to ground truth.

An agent's factory takes an `AgentContext`, which carries settings and never ground truth. A harness agent
(`gold`) declares `needs_ground_truth = True` on its factory and is also handed a `GroundTruthKey`; only an
agent shipped with closed-loop may declare that, and only the composition root holds a key to hand over.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from loop.contract.benchmark import Benchmark
from loop.plugins import PluginKind, UnknownPlugin, is_builtin, load, names
from loop.repair.protocol import RepairAgent


class UnknownAgent(LookupError):
    """No agent of that name, or an agent that cannot be made from what it was given. Meant for the user."""


@dataclass(frozen=True)
class AgentContext:
    """What the loop gives every agent besides the workspace: settings such as a model name or `max_turns`."""

    options: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class GroundTruthKey:
    """The ground truth of a benchmark game, for a harness agent only: which ground-truth bug a report was
    matched to (as the run records it) and that bug's gold patch."""

    benchmark: Benchmark
    match_of: Callable[[str], str | None]

    def gold_patch(self, fingerprint: str) -> tuple[str, str] | None:
        """(ground-truth bug id, gold patch) for the report with this fingerprint, or None when unmatched."""
        bug_id = self.match_of(fingerprint)
        if bug_id is None:
            return None
        try:
            bug = self.benchmark.bug(bug_id)
        except KeyError as exc:
            raise UnknownAgent(f"match {fingerprint} -> {bug_id}: {exc.args[0]}") from None
        return bug_id, self.benchmark.gold_patch(bug)


def agent_names() -> list[str]:
    return names(PluginKind.REPAIR_AGENT)


def needs_ground_truth(name: str) -> bool:
    """True for a harness agent (`gold`): it runs only where the game ships ground truth."""
    try:
        return bool(getattr(load(PluginKind.REPAIR_AGENT, name), "needs_ground_truth", False))
    except UnknownPlugin as exc:
        raise UnknownAgent(str(exc).replace("repair agent", "repair agent", 1)) from None


def needs_model(name: str) -> bool:
    """True for an agent that cannot work without a model endpoint (the built-in agent, the CLI adapters)."""
    try:
        return bool(getattr(load(PluginKind.REPAIR_AGENT, name), "needs_model", False))
    except UnknownPlugin as exc:
        raise UnknownAgent(str(exc)) from None


def create_agent(
    name: str, context: AgentContext | None = None, ground_truth: GroundTruthKey | None = None
) -> RepairAgent:
    """The agent called `name`. Ground truth goes to a built-in harness agent and to no other."""
    try:
        factory = load(PluginKind.REPAIR_AGENT, name)
    except UnknownPlugin as exc:
        raise UnknownAgent(str(exc)) from None
    context = context or AgentContext()
    if not getattr(factory, "needs_ground_truth", False):
        return factory(context)  # type: ignore[operator]
    if not is_builtin(PluginKind.REPAIR_AGENT, name):
        raise UnknownAgent(
            f"repair agent {name!r} asks for ground truth; only closed-loop's own harness agents get it"
        )
    if ground_truth is None:
        raise UnknownAgent(
            f"the {name} agent needs ground truth, and this game ships none (no benchmark/bugs.json), "
            "or it was withheld"
        )
    return factory(context, ground_truth)  # type: ignore[operator]

"""Repair agents by name (entry points of `closed_loop.repair_agents`), and the one door to ground truth.

An agent is made from an `AgentContext`, which carries settings and never ground truth. An agent that cannot
work without a model declares `needs_model = True` on its class. A harness agent (`gold`) declares
`needs_ground_truth = True` on its class and is made from a `HarnessContext`, which also
carries a `GroundTruthKey`; only an agent shipped with closed-loop may declare that, and only the composition
root holds a key to hand over.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from loop.contract.benchmark import Benchmark
from loop.plugins import PluginKind, UnknownPlugin, is_builtin, names, plugin_class
from loop.repair.protocol import AgentContext as AgentContext  # where agents import it from
from loop.repair.protocol import RepairAgent


class UnknownAgent(LookupError):
    """No agent of that name, or an agent that cannot be made from what it was given. Meant for the user."""


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


@dataclass(frozen=True)
class HarnessContext(AgentContext):
    """What a harness agent (`needs_ground_truth = True`) is made with: the settings and the ground truth."""

    ground_truth: GroundTruthKey = field(kw_only=True)


def agent_names() -> list[str]:
    return names(PluginKind.REPAIR_AGENT)


def agent_class(name: str) -> type[RepairAgent]:
    """The agent class called `name`; raises UnknownAgent."""
    try:
        return plugin_class(PluginKind.REPAIR_AGENT, name, RepairAgent)
    except UnknownPlugin as exc:
        raise UnknownAgent(str(exc)) from None


def needs_ground_truth(name: str) -> bool:
    """True for a harness agent (`gold`): it runs only where the game ships ground truth."""
    return agent_class(name).needs_ground_truth


def needs_model(name: str) -> bool:
    """True for an agent that cannot work without a model endpoint (the built-in agent, the CLI adapters)."""
    return agent_class(name).needs_model


def create_agent(
    name: str, context: AgentContext | None = None, ground_truth: GroundTruthKey | None = None
) -> RepairAgent:
    """The agent called `name`. Ground truth goes to a built-in harness agent and to no other."""
    agent = agent_class(name)
    context = context or AgentContext()
    if not agent.needs_ground_truth:
        return agent.from_context(context)
    if not is_builtin(PluginKind.REPAIR_AGENT, name):
        raise UnknownAgent(
            f"repair agent {name!r} asks for ground truth; only closed-loop's own harness agents get it"
        )
    if ground_truth is None:
        raise UnknownAgent(
            f"the {name} agent needs ground truth, and this game ships none (no benchmark/bugs.json), "
            "or it was withheld"
        )
    return agent.from_context(HarnessContext(context.options, ground_truth=ground_truth))

"""The repair protocol, as agents import it (defined in `loop.repair.protocol`, which the pipeline owns)."""

from loop.repair.protocol import AgentContext, Attempt, Outcome, RepairAgent, RepairBudget, RepairWorkspace

__all__ = ["AgentContext", "Attempt", "Outcome", "RepairAgent", "RepairBudget", "RepairWorkspace"]

"""The repair protocol, as agents import it (defined in `loop.repair.protocol`, which the pipeline owns)."""

from loop.repair.protocol import Attempt, Outcome, RepairAgent, RepairBudget, RepairWorkspace

__all__ = ["Attempt", "Outcome", "RepairAgent", "RepairBudget", "RepairWorkspace"]

"""Repair: the protocol agents implement and the pipeline that keeps or reverts an agent's edit."""

from loop.repair.protocol import (
    Attempt,
    DiffStats,
    FileChange,
    GateResult,
    Outcome,
    RepairAgent,
    RepairBudget,
    RepairWorkspace,
    attempt_record,
)

__all__ = [
    "Attempt",
    "DiffStats",
    "FileChange",
    "GateResult",
    "Outcome",
    "RepairAgent",
    "RepairBudget",
    "RepairWorkspace",
    "attempt_record",
]

"""Repair: the protocol agents implement and the pipeline that keeps or reverts an agent's edit."""

from loop.repair.protocol import (
    Attempt,
    DiffStats,
    FileChange,
    Outcome,
    RepairAgent,
    RepairBudget,
    RepairWorkspace,
    attempt_record,
)
from loop.verification.regression_gate import GateResult

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

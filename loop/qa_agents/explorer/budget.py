"""The explorer's limits: a step budget and a wall-clock budget, and the two ways a session stops."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from loop.limits import LimitsExceeded


class Explored(Exception):
    """Every known state has had every command tried."""


@dataclass
class Budget:
    max_steps: int
    max_seconds: float
    steps: int = 0
    started: float = field(default_factory=time.monotonic)

    @property
    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def charge(self) -> None:
        if self.steps >= self.max_steps:
            raise LimitsExceeded(f"step budget of {self.max_steps} spent")
        if self.elapsed >= self.max_seconds:
            raise LimitsExceeded(f"wall-clock budget of {self.max_seconds:.0f}s spent")
        self.steps += 1

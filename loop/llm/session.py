"""Accounting and budgets for one session: every request is recorded; a spent budget stops the next one."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Literal

from pydantic import BaseModel, Field

from loop.llm.errors import BudgetExceeded


class Budget(BaseModel):
    """Limits over a whole session; None means no limit."""

    max_tokens: int | None = Field(default=None, gt=0, description="input + output tokens")
    max_cost_usd: float | None = Field(default=None, gt=0)
    max_wall_s: float | None = Field(default=None, gt=0)


class CallRecord(BaseModel):
    """One HTTP request to a provider (a retry or a repair round trip is its own record)."""

    role: str
    provider: str
    model: str
    input_tokens: int = 0
    output_tokens: int = 0
    latency_s: float = 0.0
    cost_usd: float = 0.0
    outcome: Literal["ok", "invalid", "error"] = "ok"
    error: str = ""


class SessionTotals(BaseModel):
    requests: int
    input_tokens: int
    output_tokens: int
    cost_usd: float
    latency_s: float
    failed_requests: int
    invalid_replies: int
    wall_s: float


class LLMSession:
    """Shared by every model a session uses (planner, reflection, ...), so one budget covers them all."""

    def __init__(self, budget: Budget | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.budget = budget or Budget()
        self._clock = clock
        self._started = clock()
        self._lock = threading.Lock()
        self.calls: list[CallRecord] = []

    def elapsed_s(self) -> float:
        return self._clock() - self._started

    def remaining_wall_s(self) -> float | None:
        if self.budget.max_wall_s is None:
            return None
        return max(0.0, self.budget.max_wall_s - self.elapsed_s())

    def record(self, call: CallRecord) -> None:
        with self._lock:
            self.calls.append(call)

    def check(self) -> None:
        """Raise BudgetExceeded if a limit is reached; called before every request."""
        totals = self.totals()
        budget = self.budget
        if budget.max_tokens is not None and totals.input_tokens + totals.output_tokens >= budget.max_tokens:
            used = totals.input_tokens + totals.output_tokens
            raise BudgetExceeded(f"token budget spent: {used} of {budget.max_tokens}", limit="tokens")
        if budget.max_cost_usd is not None and totals.cost_usd >= budget.max_cost_usd:
            raise BudgetExceeded(
                f"cost budget spent: ${totals.cost_usd:.4f} of ${budget.max_cost_usd:.4f}", limit="cost"
            )
        if budget.max_wall_s is not None and totals.wall_s >= budget.max_wall_s:
            raise BudgetExceeded(
                f"wall-clock budget spent: {totals.wall_s:.1f}s of {budget.max_wall_s:.1f}s", limit="wall"
            )

    def totals(self) -> SessionTotals:
        with self._lock:
            calls = list(self.calls)
        return SessionTotals(
            requests=len(calls),
            input_tokens=sum(c.input_tokens for c in calls),
            output_tokens=sum(c.output_tokens for c in calls),
            cost_usd=sum(c.cost_usd for c in calls),
            latency_s=sum(c.latency_s for c in calls),
            failed_requests=sum(1 for c in calls if c.outcome == "error"),
            invalid_replies=sum(1 for c in calls if c.outcome == "invalid"),
            wall_s=self.elapsed_s(),
        )

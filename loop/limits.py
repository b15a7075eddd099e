"""What every agent loop shares: its progress sink and the one way a bounded loop ends on a spent budget."""

from __future__ import annotations

from collections.abc import Callable

Progress = Callable[[str], None]
"""A one-line progress message sink (the CLI prints them, the flows log them)."""


class LimitsExceeded(Exception):
    """A budget is spent: `limit` names which (steps, turns, tokens, cost, wall, model failures)."""

    def __init__(self, message: str, limit: str = ""):
        super().__init__(message)
        self.limit = limit

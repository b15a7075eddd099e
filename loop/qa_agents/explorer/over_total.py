"""count-over-total: a count a reply gives out of its total ('Day 2 of 3', 'crate 4 of 6') does not pass the
total, once an earlier reply gave the same label and total with a count within it ('Day 4 of 3' after 'Day 1
of 3'). Only 'label N of M': '4 of 3 guests' may count two things."""

from __future__ import annotations

import re

from loop.contract.models import BugType
from loop.qa_agents.explorer.vocabulary import stem
from loop.replay.oracle import Anomaly, Oracle
from loop.replay.transcript import Step

_OUT_OF = re.compile(r"\b([a-z][a-z-]*)\s+(\d+)\s+of\s+(\d+)\b", re.IGNORECASE)


def counts(text: str) -> list[tuple[str, int, int]]:
    """(label, count, total) for every 'label N of M' of a text."""
    return [(stem(label), int(n), int(m)) for label, n, m in _OUT_OF.findall(text[:4000])]


class OverTotalOracle(Oracle):
    name = "count-over-total"

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        if step.observation is None:
            return []
        over = [(label, n, m) for label, n, m in counts(step.message) if n > m]
        if not over:
            return []
        within = {
            (label, m)
            for earlier in steps[:-1]
            if earlier.observation is not None
            for label, n, m in counts(earlier.message)
            if n <= m
        }
        return [
            Anomaly(
                self.name,
                f"{label} of {m}",
                step.index,
                f"The reply to '{step.command or 'new game'}' counts {label} {n} of {m}",
                f"{label} stays within its total of {m}, as earlier replies gave it",
                f"{label} {n} of {m}: {step.message[:200]!r}",
                step.verb or "new game",
                BugType.BOUNDARY,
            )
            for label, n, m in over
            if (label, m) in within
        ]

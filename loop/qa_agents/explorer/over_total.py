"""count-over-total: a count a reply gives out of its total ('Day 2 of 3', 'crate 4 of 6', '(2 of 3 today)')
does not pass the total, once an earlier reply gave the same label and total with a count within it ('Day 4
of 3' after 'Day 1 of 3'). Only 'label N of M', or 'N of M label' opening a bracket or a clause: after a
word, '4 of 3 guests' may count two things."""

from __future__ import annotations

import re

from loop.contract.models import BugType
from loop.qa_agents.explorer.vocabulary import stem
from loop.replay.oracle import Anomaly, Oracle
from loop.replay.transcript import Step

_OUT_OF = re.compile(r"\b([a-z][a-z-]*)\s+(\d+)\s+of\s+(\d+)\b", re.IGNORECASE)
_OUT_OF_BEFORE = re.compile(
    r"(?:^|[(\[:;,]\s*)(\d+)\s+of\s+(\d+)\s+([a-z][a-z-]*)", re.IGNORECASE | re.MULTILINE
)


def counts(text: str) -> list[tuple[str, int, int]]:
    """(label, count, total) for every 'label N of M' and '(N of M label' of a text."""
    found = [(stem(label), int(n), int(m)) for label, n, m in _OUT_OF.findall(text[:4000])]
    return found + [(stem(label), int(n), int(m)) for n, m, label in _OUT_OF_BEFORE.findall(text[:4000])]


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

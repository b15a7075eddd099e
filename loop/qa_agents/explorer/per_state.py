"""What is read from a state once, not at every step that asks: the oracles read each step's state when it
is judged and again as an earlier step of every later one."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
MAX_RECENT = 256


def per_state(read: Callable[[Any], T]) -> Callable[[Any], T]:
    """`read(state)`, made once per state object, or per step (the object is held with its reading, so its
    id is not reused while the reading is kept)."""
    recent: dict[int, tuple[Any, T]] = {}

    @functools.wraps(read)
    def cached(state: Any) -> T:
        hit = recent.get(id(state))
        if hit is None or hit[0] is not state:
            if len(recent) >= MAX_RECENT:
                recent.clear()
            hit = recent[id(state)] = (state, read(state))
        return hit[1]

    return cached


class Running:
    """What earlier steps taught, kept per step: the facts of every step up to one (`facts(step)` each),
    made once per step object and extended from the step before it, so a long session is not read again
    at every step. A step object always follows the same steps (a session only appends), which is what
    makes the step the key."""

    def __init__(self, facts: Callable[[Any], tuple[Any, ...]]) -> None:
        self.facts = facts
        self.upto: dict[int, tuple[Any, tuple[Any, ...]]] = {}

    def __call__(self, steps: list[Any]) -> tuple[Any, ...]:
        """The facts of all of `steps`, in order."""
        start, known = len(steps), ()
        while start > 0:
            hit = self.upto.get(id(steps[start - 1]))
            if hit is not None and hit[0] is steps[start - 1]:
                known = hit[1]
                break
            start -= 1
        if len(self.upto) >= MAX_STEPS:
            self.upto.clear()
        for step in steps[start:]:
            new = self.facts(step)
            known = known + new if new else known
            self.upto[id(step)] = (step, known)
        return known


MAX_STEPS = 8192

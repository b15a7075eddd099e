"""What is read from a state once, not at every step that asks: the oracles read each step's state when it
is judged and again as an earlier step of every later one."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
MAX_RECENT = 256


def per_state(read: Callable[[Any], T]) -> Callable[[Any], T]:
    """`read(state)`, made once per state object (the state is held with its reading, so its id is not
    reused while the reading is kept)."""
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

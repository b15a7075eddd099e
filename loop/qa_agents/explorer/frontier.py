"""Where the next game goes: the known states with commands left untried (the frontier), the shortest way
back to the least-visited of them, and a random walk from the start once none is left."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from loop.replay import view


@dataclass
class KnownState:
    prefix: list[str]  # from a new game, only the commands that changed the state
    state: view.State


def frontier_prefix(
    states: list[KnownState], is_open: Callable[[view.State], bool], room_counts: dict[tuple[str, str], int]
) -> list[str] | None:
    """The way to the open state in the least-visited place (shortest way first); None when none is open."""
    open_states = [known for known in states if is_open(known.state)]
    if not open_states:
        return None
    visits = {room: 0 for room in (view.place(k.state) for k in open_states)}
    for (room, _), count in room_counts.items():
        if room in visits:
            visits[room] += count
    best = min(open_states, key=lambda k: (visits[view.place(k.state)], len(k.prefix)))
    return list(best.prefix)


def random_walk(rng: random.Random, candidates: list[str], depth: int) -> list[str]:
    """A random walk of up to half `depth` commands from the start (new seeds, longer prefixes)."""
    length = rng.randint(1, max(1, depth // 2))
    return [rng.choice(candidates) for _ in range(length)] if candidates else []

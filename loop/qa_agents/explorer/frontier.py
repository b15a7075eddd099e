"""Where the next game goes: the known states with commands left untried (the frontier), the shortest way
back to the least-visited of them, and a random walk from the start once none is left. A way back that
leads elsewhere when replayed (a counter it skipped, chance) is forgotten with its state: else every new
game would replay it, find nothing left where it lands, and start again."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from loop.replay import view


@dataclass
class KnownState:
    prefix: list[str]  # from a new game, only the commands that changed the state
    state: view.State


def frontier(
    states: dict[str, KnownState],
    is_open: Callable[[view.State], bool],
    room_counts: dict[tuple[str, str], int],
) -> str | None:
    """The key of the open state in the least-visited place (shortest way first); None when none is open."""
    open_states = {key: known for key, known in states.items() if is_open(known.state)}
    if not open_states:
        return None
    visits = {room: 0 for room in (view.place(k.state) for k in open_states.values())}
    for (room, _), count in room_counts.items():
        if room in visits:
            visits[room] += count
    return min(
        open_states, key=lambda k: (visits[view.place(open_states[k].state)], len(open_states[k].prefix))
    )


def random_walk(rng: random.Random, candidates: list[str], depth: int) -> list[str]:
    """A random walk of up to half `depth` commands from the start (new seeds, longer prefixes)."""
    length = rng.randint(1, max(1, depth // 2))
    return [rng.choice(candidates) for _ in range(length)] if candidates else []

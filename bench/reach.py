"""How far an explorer session reached, read from its trace alone: the distinct commands the game accepted
and the distinct states it showed. Used by bench.explorer_sessions.

A counter that moves on nearly every command (a turn, an order count, a clock) would make every step a new
state and every refused command one that 'changed the state': a leaf of the state that changed on at least
COUNTER_SHARE of the session's commands is left out of both. A command is accepted when the game said it
succeeded or the state (without those counters) changed.
"""

from __future__ import annotations

import json
from collections import Counter

from loop.replay import view
from loop.trace import TraceEvent

COUNTER_SHARE = 0.9


def reach(events: list[TraceEvent]) -> dict[str, int]:
    """`valid_commands`: distinct commands the game accepted; `states_reached`: distinct states seen."""
    states: list[dict[str, object]] = []
    steps: list[tuple[str, bool, int]] = []  # (command, success, index of the state after it)
    for event in events:
        observation = event.observation or {}
        state = observation.get("state")
        if event.kind != "step" or not isinstance(state, dict):
            continue
        states.append(view.leaves(state))
        if event.command is not None and len(states) > 1:
            steps.append((event.command, bool(observation.get("success")), len(states) - 1))
    changed: Counter[str] = Counter()
    for _, _, index in steps:
        before, after = states[index - 1], states[index]
        changed.update(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    counters = {k for k, n in changed.items() if steps and n >= COUNTER_SHARE * len(steps)}

    def key(leaves: dict[str, object]) -> str:
        return json.dumps({k: v for k, v in leaves.items() if k not in counters}, sort_keys=True, default=str)

    keys = [key(leaves) for leaves in states]
    # A new game's first state follows the last step of the one before: a step's own change is by index.
    valid = {command for command, ok, i in steps if ok or keys[i] != keys[i - 1]}
    return {"valid_commands": len(valid), "states_reached": len(set(keys))}

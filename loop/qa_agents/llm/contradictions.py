"""Where a game's reply and its own state disagree, found by code: leads for the planner, quotable evidence.

A contradiction is a hint, never a report: it goes to the planner and the reflection as a lead, and a bug
made of it is replayed and judged like any other. Each names the reply's sentence and the state's field, both
of which a reflection may quote (evidence.py checks those quotes against the step's reply and state).

What is checked, on the conventions of GBQA-like states (loop.replay.view), never one game's names:
- the reply says an item was taken, and the inventory does not hold it;
- the reply says an item was dropped, and the inventory still holds it;
- the reply is the room's description, and an item the state shows here is not named in it;
- a number next to a state field's name in the reply differs from that field's value.
"""

from __future__ import annotations

import json
import re
from typing import Any

from loop.replay import view
from loop.replay.clipping import clip
from loop.replay.transcript import Step

# Plain English a game says when an item changes hands; generic words of the genre, not one game's phrases.
TAKEN = re.compile(
    r"\b(you (take|pick up|picked up|get|got|grab|now have|are now carrying)|taken|added to)\b", re.I
)
DROPPED = re.compile(r"\b(you (drop|put down|set down|leave)|dropped)\b", re.I)
SENTENCE = re.compile(r"[^.!?\n]+[.!?]?")
NUMBER = r"-?\d+(?:\.\d+)?"
MAX_LEADS = 4
MIN_FIELD_CHARS = 3


def contradictions(step: Step) -> list[str]:
    """What `step`'s reply says that its state does not, one line each (at most MAX_LEADS)."""
    if step.observation is None or step.command is None:
        return []
    reply, state = step.message, step.state
    found = _items_changing_hands(reply, step.before, state)
    found += _unnamed_items(reply, state)
    found += _numbers(reply, state)
    return found[:MAX_LEADS]


def _sentences(reply: str) -> list[str]:
    return [s.strip() for s in SENTENCE.findall(reply) if s.strip()]


def _items_changing_hands(reply: str, before: view.State, state: view.State) -> list[str]:
    if not view.has_inventory(state):
        return []
    held = [name.casefold() for name in view.inventory(state)]
    known = {*view.visible_items(before), *view.inventory(before), *view.visible_items(state), *held}
    found = []
    for sentence in _sentences(reply):
        for item in sorted(known):
            if not view.mentions(sentence, item):
                continue
            holds = item.casefold() in held
            if TAKEN.search(sentence) and not holds:
                found.append(
                    f'the reply says "{clip(sentence, 120)}" but the state\'s inventory has no {item}'
                )
            elif DROPPED.search(sentence) and holds and item.casefold() in _lower(view.inventory(before)):
                found.append(
                    f'the reply says "{clip(sentence, 120)}" but the state\'s inventory still has {item}'
                )
    return found


def _unnamed_items(reply: str, state: view.State) -> list[str]:
    described = view.description(state)
    if not described or _plain(described) not in _plain(reply):
        return []
    return [
        f"the state shows {item} here (visible items) but the room description in the reply does not name it"
        for item in view.visible_items(state)
        if not view.mentions(reply, item)
    ]


def _numbers(reply: str, state: view.State) -> list[str]:
    found = []
    for path, value in view.leaves(state).items():
        if isinstance(value, bool) or not isinstance(value, int | float):
            continue
        name = path.rsplit(".", 1)[-1].replace("_", " ")
        if len(name) < MIN_FIELD_CHARS:
            continue
        label = re.escape(name)
        said = re.findall(rf"\b{label}s?\b\W{{0,3}}({NUMBER})\b|\b({NUMBER})\s+{label}s?\b", reply, re.I)
        numbers = {float(a or b) for a, b in said}
        if numbers and float(value) not in numbers:
            shown = ", ".join(_number_text(n) for n in sorted(numbers))
            found.append(f"the reply gives {name} as {shown} but the state's {path} is {value}")
    return found


def _number_text(number: float) -> str:
    return str(int(number)) if number.is_integer() else str(number)


def _lower(names: list[str]) -> list[str]:
    return [name.casefold() for name in names]


def _plain(text: str) -> str:
    return " ".join(text.casefold().split())


def state_quotes(state: dict[str, Any]) -> str:
    """The state as a reflection may quote it: its compact JSON, and each leaf as `path: value`."""
    lines = [json.dumps(state, separators=(",", ":"), sort_keys=True)]
    for path, value in view.leaves(state).items():
        shown = ", ".join(map(str, value)) if isinstance(value, list) else str(value)
        lines.append(f"{path}: {shown}")
    return "\n".join(lines)

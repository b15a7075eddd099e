"""typed-quantity: a reply that repeats the number its command typed, held to the change the command made.

A command that types one number ('repair north 3', 'REPAIR:5'), was accepted, changed a field by exactly that
number (in one direction) and repeated it in its reply shows what commands of its shape do with the number
(a command that set a field to its number, 'assign 5 farmers', shows nothing of the kind). Once two such steps
of one shape (the command with its number blanked) with different numbers agree on a field, a later step of
that shape whose reply repeats its number while the field moved by another amount says one thing and does
another ('mended 30' while the wheel rose by 10). A reply that also gives the amount that really moved ('30
asked, 10 mended') says so, and is not judged; nor is a step that left the field as it was.

Learning comes from the steps alone, so a repro replayed on a new game learns the shape again.
"""

from __future__ import annotations

import re

from loop.contract.models import BugType
from loop.qa_agents.explorer import numbers
from loop.qa_agents.explorer.per_state import Running, per_state
from loop.qa_agents.explorer.reply_units import judged
from loop.qa_agents.explorer.step_facts import as_said
from loop.replay.oracle import Anomaly, Oracle
from loop.replay.transcript import Step

_TYPED = re.compile(r"(?<![\w.-])(\d+)(?![\w.])")
_SAID = re.compile(r"(?<![\d.:])(\d+)(?![\d:]|\.\d)")
AGREEMENTS = 2  # steps of one shape, with different numbers, that moved a field by the number they typed


def typed(command: str) -> tuple[str, float] | None:
    """The command's shape ('repair north #') and its one number, if it types exactly one above zero."""
    found = _TYPED.findall(command)
    if len(found) != 1 or int(found[0]) == 0:
        return None
    return _TYPED.sub("#", command.strip().lower()), float(found[0])


def _said(text: str) -> set[float]:
    return {float(n) for n in _SAID.findall(text[:4000])}


@per_state  # read as the step judged, and again as one that may teach
def _repeating(step: Step) -> tuple[str, float, dict[str, tuple[float, float]]] | None:
    """(shape, number, changes) of an accepted step whose reply repeats the one number its command typed."""
    if not judged(step) or step.command is None:
        return None
    shaped = typed(step.command)
    if shaped is None or shaped[1] not in _said(step.message):
        return None
    changes = numbers.changed(step.before, step.state)
    return (shaped[0], shaped[1], changes) if changes and not sets_to(shaped[1], changes) else None


def sets_to(number: float, changes: dict[str, tuple[float, float]]) -> bool:
    """Whether the command set a field to its number ('assign 5 farmers': farmers 1 -> 5): then the others
    moved by what that field had before, not by the number. From 0 it may as well have added it."""
    return any(new == number and old != 0 for old, new in changes.values())


def taught(step: Step) -> tuple[tuple[str, str, float], ...]:
    """(shape, path, change) for each field the step moved by exactly the number it typed and repeated."""
    repeating = _repeating(step)
    if repeating is None:
        return ()
    shape, number, changes = repeating
    # a field now at the number ('level 2' from 0) is stated, not moved by it
    return tuple(
        (shape, p, numbers.delta(old, new))
        for p, (old, new) in changes.items()
        if abs(numbers.delta(old, new)) == number and new != number
    )


_repeated_so_far = Running(taught)


def learned(steps: list[Step], shape: str) -> set[str]:
    """The fields steps of this shape moved by their number, in one direction, with at least two different
    numbers."""
    agreeing: dict[tuple[str, bool], set[float]] = {}
    for taught_shape, path, moved in _repeated_so_far(steps):
        if taught_shape == shape:
            agreeing.setdefault((path, moved > 0), set()).add(abs(moved))
    return {path for (path, _), seen in agreeing.items() if len(seen) >= AGREEMENTS}


class TypedQuantityOracle(Oracle):
    name = "typed-quantity"

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        repeating = _repeating(step)
        if repeating is None:
            return []
        shape, number, changes = repeating
        if any(new == number for _, new in changes.values()):
            return []  # the reply may give that field's value ('level 2'), not repeat the number
        said = _said(step.message)
        moved = {
            path: (old, new)
            for path, (old, new) in changes.items()
            if abs(numbers.delta(old, new)) != number
            and abs(numbers.delta(old, new)) not in said
            and not numbers.wrapped(old, new, number)
        }
        if not moved:
            return []
        paths = sorted(learned(steps[:-1], shape) & moved.keys())
        if not paths:
            return []
        went = ", ".join(f"{p} {as_said(moved[p][0])} -> {as_said(moved[p][1])}" for p in paths)
        return [
            Anomaly(
                self.name,
                shape,
                step.index,
                f"The reply to '{step.command}' repeats {as_said(number)} while {paths[0]} moved by "
                f"{as_said(abs(moved[paths[0]][1] - moved[paths[0]][0]))}",
                f"commands '{shape}' move {', '.join(paths)} by their number, as the reply says, or say "
                "how much",
                f"the reply repeats {as_said(number)} but {went}: {step.message[:200]!r}",
                step.verb or shape,
                BugType.DATA_INCONSISTENCY,
            )
        ]


@per_state  # read as the step judged, and again as an earlier step of the next
def _moves(step: Step) -> tuple[str, float, dict[str, tuple[float, float]]] | None:
    """(shape, number, changes) of an accepted step whose command typed one number and changed the state."""
    shaped = typed(step.command or "") if judged(step) else None
    if shaped is None:
        return None
    changes = numbers.changed(step.before, step.state)
    return (shaped[0], shaped[1], changes) if changes and not sets_to(shaped[1], changes) else None


def _moved_facts(step: Step) -> tuple[tuple[str, float, dict[str, tuple[float, float]]], ...]:
    moves = _moves(step)
    return () if moves is None else (moves,)


_moves_so_far = Running(_moved_facts)


def rates(steps: list[Step], shape: str, below: float | None = None) -> dict[str, float]:
    """path -> what steps of this shape move it by per unit of their number: one rate, seen with at least two
    different numbers, and no other (a bulk price, a drift that only sometimes matched, leaves it out);
    `below`: only from numbers below it."""
    seen: dict[str, dict[float, list[float]]] = {}
    for moved_shape, number, changes in _moves_so_far(steps):
        if moved_shape == shape and (below is None or number < below):
            for path, (old, new) in changes.items():
                seen.setdefault(path, {}).setdefault(_round(new - old) / number, []).append(number)
    learned = {}
    for path, by_rate in seen.items():
        # one rate only: a field that also moved at other rates (a wind's drift) moves with no number
        numbers_seen = next(iter(by_rate.values()))
        if len(by_rate) == 1 and len(set(numbers_seen)) >= AGREEMENTS:
            learned[path] = next(iter(by_rate))
    return learned


def _round(change: float) -> float:
    """A change as a game means it: 5 coins taken as 4.999999999999998 are 5."""
    return round(change, 6)


class ExchangeOracle(Oracle):
    """exchange: fields that commands of one shape move in step with their number ('buy 2 timber': timber +2,
    crowns -6) move together. A step of that shape where a field moving one unit per unit fell short of the
    number (the merchant had 7 of the 15 asked) while another still moved by the whole number (45 crowns
    paid for 15) took or gave something for nothing. A field moving several units per unit that falls short
    (a bulk price) is not judged."""

    name = "exchange"

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        moves = _moves(steps[-1])
        if moves is None:
            return []
        shape, number, changes = moves
        learned = rates(steps[:-1], shape)
        if len(learned) < 2:
            return []
        by = {p: _round(changes[p][1] - changes[p][0]) if p in changes else 0 for p in learned}
        # sorted: a state's changes come in a set's order, and the subject names the first short field
        whole = sorted(p for p, rate in learned.items() if p in changes and by[p] == rate * number)
        short = sorted(
            p for p, rate in learned.items() if abs(rate) == 1 and abs(by[p]) < number and by[p] * rate >= 0
        )
        step = steps[-1]
        if not whole or not short or {float(number), abs(by[short[0]])} <= _said(step.message):
            return []  # the reply gives both amounts: the game says what it charged ('10 apples for 9 coins')
        went = ", ".join(
            f"{p} {as_said(changes[p][0])} -> {as_said(changes[p][1])}" for p in whole + short if p in changes
        )
        return [
            Anomaly(
                self.name,
                f"{shape} {short[0]}",
                step.index,
                f"'{step.command}' moves {', '.join(whole)} for {as_said(number)} but {short[0]} by "
                f"{as_said(abs(by[short[0]]))}",
                f"commands '{shape}' move {', '.join(sorted(learned))} together, in step with their number",
                f"{went}; the reply: {step.message[:200]!r}",
                step.verb or shape,
                BugType.DATA_INCONSISTENCY,
            )
        ]

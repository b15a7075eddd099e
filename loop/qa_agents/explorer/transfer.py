"""transfer: what commands of one shape move from one field into another arrives whole.

A command that takes an amount out of one field and puts exactly that amount into another (ore shovelled
from a pile into the carts: pile -6, carts +6) shows that commands of its shape (the command with its
numbers blanked) move that thing without loss. Once two steps of one shape, moving different amounts, each
did so for the same pair of fields, and none of its steps broke the pair, a later step of that shape that
takes one amount out of the first and puts another into the second (12 out of the carts, 6 into the
hopper) made or lost the difference: something counted appeared or vanished across one command. A reply
that gives the difference as an amount of its own (a fee, a spill: 'fee 2'), or both amounts ('2 loaves for
4 coins': a price that moved), says so, and is not judged.

Learning comes from the steps alone, so a repro replayed on a new game learns the pair again.
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

AGREEMENTS = 2  # steps of one shape, moving different amounts, that moved a pair of fields in step
_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])")
_SAID = re.compile(r"(?<![\d.:])(\d+(?:\.\d+)?)(?![\d:])")
Move = tuple[str, str, float, float]  # (from, into, taken out, put in)


def shape(command: str) -> str:
    return _NUMBER.sub("#", " ".join(command.lower().split()))


@per_state  # read as the step judged, and again as an earlier step of the next
def _moves(step: Step) -> tuple[str, tuple[Move, ...]] | None:
    """(shape, moves): for an accepted step, each pair of fields one fell and the other rose in, with the
    amounts; the clock left out."""
    if not judged(step) or step.command is None:
        return None
    changes = {
        path: numbers.delta(old, new)
        for path, (old, new) in numbers.changed_counts(step.before, step.state).items()
    }
    fell = [(p, -d) for p, d in changes.items() if d < 0]
    rose = [(p, d) for p, d in changes.items() if d > 0]
    moves = tuple((src, dst, out, into) for src, out in fell for dst, into in rose)
    return (shape(step.command), moves) if moves else None


def _facts(step: Step) -> tuple[tuple[str, tuple[Move, ...]], ...]:
    moves = _moves(step)
    return () if moves is None else (moves,)


_moves_so_far = Running(_facts)


def pairs(steps: list[Step], command_shape: str) -> set[tuple[str, str]]:
    """The (from, into) pairs steps of this shape moved whole, with at least two different amounts, and
    never otherwise."""
    whole: dict[tuple[str, str], set[float]] = {}
    broken: set[tuple[str, str]] = set()
    for moved_shape, moves in _moves_so_far(steps):
        if moved_shape != command_shape:
            continue
        for src, dst, out, into in moves:
            if out == into:
                whole.setdefault((src, dst), set()).add(out)
            else:
                broken.add((src, dst))
    return {pair for pair, amounts in whole.items() if len(amounts) >= AGREEMENTS and pair not in broken}


def said_numbers(text: str) -> set[float]:
    return {float(n) for n in _SAID.findall(text[:4000])}


class TransferOracle(Oracle):
    name = "transfer"

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        moved = _moves(step)
        if moved is None:
            return []
        command_shape, moves = moved
        uneven = [(src, dst, out, into) for src, dst, out, into in moves if out != into]
        if not uneven:
            return []
        learned = pairs(steps[:-1], command_shape)
        said = said_numbers(step.message)
        for src, dst, out, into in sorted(uneven):
            difference = abs(out - into)
            if (src, dst) not in learned or (difference in said and difference not in (out, into)):
                continue
            if out in said and into in said:
                continue  # the reply gives both amounts: the game tells what it did (a price that moved)
            lost = "lost" if out > into else "made"
            return [
                Anomaly(
                    self.name,
                    f"{command_shape} {src}>{dst}",
                    step.index,
                    f"'{step.command}' takes {as_said(out)} out of {src} but puts {as_said(into)} into {dst}",
                    f"commands '{command_shape}' move from {src} into {dst} what they take, no more, no less",
                    f"{src} fell by {as_said(out)} and {dst} rose by {as_said(into)}: "
                    f"{as_said(difference)} {lost} with no word of it; the reply: {step.message[:200]!r}",
                    step.verb or command_shape,
                    BugType.LOGIC_ERROR,
                )
            ]
        return []

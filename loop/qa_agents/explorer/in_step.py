"""in-step: two fields that commands of one shape always move together, by the same amount, keep doing so.

A command that moves two fields the same way by the same amount (a sale: the till +8 and the day's takings +8;
a toll: cash +15 and tolls taken +15) shows that commands of its shape (the command with its numbers blanked)
keep the two in step: one is a tally of the other. Once two steps of one shape, moving different amounts,
each did so for the same pair, and none of its steps moved the pair apart, a later step of that shape that
moves both by different amounts (the till +8, the takings +4) left one of them wrong: the state disagrees with
itself though the reply may read right. A reply that gives both amounts says the game meant them.

Learning comes from the steps alone, so a repro replayed on a new game learns the pair again.
"""

from __future__ import annotations

from loop.contract.models import BugType
from loop.qa_agents.explorer import numbers
from loop.qa_agents.explorer.per_state import Running, per_state
from loop.qa_agents.explorer.reply_units import judged
from loop.qa_agents.explorer.step_facts import as_said, typed_numbers
from loop.qa_agents.explorer.transfer import AGREEMENTS, said_numbers, shape
from loop.replay.oracle import Anomaly, Oracle
from loop.replay.transcript import Step

Together = tuple[str, str, float, float]  # (one field, another, what the one moved by, what the other did)
MAX_FIELDS = 12  # changes beyond this are a new day or a reset, not one command's effect


@per_state  # read as the step judged, and again as an earlier step of the next
def _together(step: Step) -> tuple[str, tuple[Together, ...]] | None:
    """(shape, pairs): for an accepted step, each pair of fields that moved the same way, with the amounts."""
    if not judged(step) or step.command is None:
        return None
    changes = numbers.changed_counts(step.before, step.state)
    if len(changes) > MAX_FIELDS:
        return None
    moved = sorted((path, numbers.delta(old, new)) for path, (old, new) in changes.items())
    # two fields that moved by the number the command typed ('burn 2': up 2 levels, 2 km downwind) are each
    # driven by the number, not one the tally of the other
    typed = typed_numbers(step)
    pairs = tuple(
        (one, other, by, other_by)
        for i, (one, by) in enumerate(moved)
        for other, other_by in moved[i + 1 :]
        if (by > 0) == (other_by > 0) and not (by == other_by and abs(by) in typed)
    )
    return (shape(step.command), pairs) if pairs else None


def _facts(step: Step) -> tuple[tuple[str, tuple[Together, ...]], ...]:
    together = _together(step)
    return () if together is None else (together,)


_together_so_far = Running(_facts)


def in_step(steps: list[Step], command_shape: str) -> set[tuple[str, str]]:
    """The pairs steps of this shape moved by the same amount, with at least two different amounts, and never
    apart."""
    same: dict[tuple[str, str], set[float]] = {}
    apart: set[tuple[str, str]] = set()
    for moved_shape, pairs in _together_so_far(steps):
        if moved_shape != command_shape:
            continue
        for one, other, by, other_by in pairs:
            if by == other_by:
                same.setdefault((one, other), set()).add(by)
            else:
                apart.add((one, other))
    return {pair for pair, amounts in same.items() if len(amounts) >= AGREEMENTS and pair not in apart}


class InStepOracle(Oracle):
    name = "in-step"

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        together = _together(step)
        if together is None:
            return []
        command_shape, pairs = together
        apart = [(one, other, by, other_by) for one, other, by, other_by in pairs if by != other_by]
        if not apart:
            return []
        learned = in_step(steps[:-1], command_shape)
        said = said_numbers(step.message)
        for one, other, by, other_by in apart:
            if (one, other) not in learned or (abs(by) in said and abs(other_by) in said):
                continue
            return [
                Anomaly(
                    self.name,
                    f"{command_shape} {one}={other}",
                    step.index,
                    f"'{step.command}' moves {one} by {as_said(by)} but {other} by {as_said(other_by)}",
                    f"commands '{command_shape}' move {one} and {other} by the same amount, as before",
                    f"{one} moved by {as_said(by)} and {other} by {as_said(other_by)}, where every earlier "
                    f"'{command_shape}' moved them alike; the reply: {step.message[:200]!r}",
                    step.verb or command_shape,
                    BugType.DATA_INCONSISTENCY,
                )
            ]
        return []

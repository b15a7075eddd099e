"""What one step did, as the state oracles ask it: did the game accept it, did it change anything but the
clock, and a number as a reply would write it."""

from __future__ import annotations

import re

from loop.qa_agents.explorer.per_state import per_state
from loop.replay import view
from loop.replay.transcript import Step

# A state's leaves, read once: the refusal and the unblocker compare each step's before and after.
leaves = per_state(view.leaves)


def ok(step: Step) -> bool:
    return step.observation is not None and step.observation.success


def changed(step: Step) -> bool:
    """The state moved apart from its clock (a refused or failed step may still have changed it)."""
    return view.without_clock(step.before) != view.without_clock(step.state)


def quiet(step: Step) -> bool:
    """A step that changed nothing but the clock: its reply describes the state as it is."""
    return step.observation is not None and not changed(step)


def typed_numbers(step: Step) -> set[float]:
    """The numbers the step's command typed ('sell 2 water': 2)."""
    return {float(n) for n in re.findall(r"\d+", step.command or "")}


def as_said(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)

"""refusal-takes: a command the game refused takes nothing. A refusal that still uses up a plate, takes a
crate off a wreck or drops a thing from a room is a fault in any game, once this game's refusals are seen to
leave the state alone.

Learned, not assumed, in the game at hand: a count a refusal lowered (a number anywhere in the state, the
length of a list) is judged only after QUIET_REFUSALS earlier refusals of this game changed nothing, and only
if no earlier refusal lowered it too (a fuse that burns down on every command). A count the reply names (a
word of its path: 'the plate is spoiled') is what the refusal owns up to, by design; a clock or a cooldown is
time passing.
"""

from __future__ import annotations

import re

from loop.contract.models import BugType
from loop.qa_agents.explorer import numbers
from loop.qa_agents.explorer.bounds import sizes_of
from loop.qa_agents.explorer.step_facts import as_said
from loop.qa_agents.explorer.vocabulary import stem
from loop.replay import view
from loop.replay.oracle import Anomaly, Oracle
from loop.replay.transcript import Step

QUIET_REFUSALS = 2
# A count that runs down by itself, a turn at a time, whatever the command did ('potion_cooldown').
_COUNTDOWN = re.compile(r"cooldown|timer|countdown|delay|ttl|until", re.IGNORECASE)
_WORD = re.compile(r"[a-z]+")


def _refused(step: Step) -> bool:
    observation = step.observation
    return (
        step.command is not None
        and observation is not None
        and not observation.success
        and not observation.game_over
    )


def _lowered(step: Step) -> dict[str, tuple[float, float]]:
    before, after = sizes_of(step.before), sizes_of(step.state)
    return {
        path: (before[path], after[path])
        for path in before.keys() & after.keys()
        if after[path] < before[path] and not numbers.is_clock(path) and not _COUNTDOWN.search(path)
    }


def _owned_up(reply: str, path: str) -> bool:
    """Does the reply name the count (a word of its path, in any form: 'plate' for 'plates.unexposed')?"""
    said = {stem(w) for w in _WORD.findall(reply[:2000].lower())}
    named = {stem(w) for w in _WORD.findall(re.sub(r"\[[^\]]*\]", "", path).lower()) if len(w) > 2}
    return bool(said & named)


class RefusalTakesOracle(Oracle):
    name = "refusal-takes"

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        if not _refused(step):
            return []
        lowered = _lowered(step)
        if not lowered:
            return []
        earlier = [s for s in steps[1:-1] if _refused(s)]
        quiet = sum(view.state_key(s.before) == view.state_key(s.state) for s in earlier)
        if quiet < QUIET_REFUSALS:
            return []
        drifting = {path for s in earlier for path in _lowered(s)}
        for path, (old, new) in sorted(lowered.items()):
            if path in drifting or _owned_up(step.message, path):
                continue
            return [
                Anomaly(
                    self.name,
                    f"{step.verb} {path}",
                    step.index,
                    f"'{step.command}' is refused yet {path} drops",
                    f"a refused command leaves {path} as it was ({as_said(old)})",
                    f"{path} went {as_said(old)} -> {as_said(new)} on a refusal: {step.message[:200]!r}",
                    step.verb,
                    BugType.DATA_INCONSISTENCY,
                )
            ]
        return []

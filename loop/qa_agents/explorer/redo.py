"""The redo-history oracle: after 'undo', a new command that changes the state ends the redo history (the
convention of every undo/redo), so 'redo' must not then change the state: it would replay an undone
command from a position it was never made in. It reads verbs and state changes, never a game's names.
"""

from __future__ import annotations

import re

from loop.contract.models import BugType
from loop.qa_agents.explorer.step_facts import ok
from loop.replay import view
from loop.replay.oracle import Anomaly, Oracle
from loop.replay.transcript import Step

UNDO, REDO = "undo", "redo"
# Fields that keep the books of undo, save and load themselves: a change there ('save') is not a new move.
BOOKKEEPING = re.compile(r"undo|redo|save|load|slot|history", re.IGNORECASE)
# Tries of 'redo' as a lead before a game that never accepted it counts as having none.
LEADS_WITHOUT_REDO = 2


def _changed(step: Step) -> bool:
    return ok(step) and view.state_key(step.before) != view.state_key(step.state)


def _moved(step: Step) -> bool:
    """A command that changed the game itself, not only the books of undo and save."""
    return ok(step) and any(not BOOKKEEPING.search(k) for k in view.changed_keys(step.before, step.state))


def _since_undo(steps: list[Step]) -> list[Step] | None:
    """The steps after this game's last successful undo (None without one, or after a redo since)."""
    for i in range(len(steps) - 1, 0, -1):
        if steps[i].verb == REDO and not steps[i].noun:
            return None
        if steps[i].verb == UNDO and not steps[i].noun and ok(steps[i]):
            return steps[i + 1 :]
    return None


class RedoHistoryOracle(Oracle):
    name = "redo-history"

    def __init__(self) -> None:
        self.redo_known = False
        self.offered = 0

    def leads(self, steps: list[Step], known_items: set[str]) -> list[str]:
        """Right after undo and a new command that changed the state: try 'redo'."""
        after = _since_undo(steps)
        if not after or not _moved(after[-1]) or after[-1].verb in (UNDO, REDO):
            return []
        if not self.redo_known and self.offered >= LEADS_WITHOUT_REDO:
            return []
        self.offered += 1
        return [REDO]

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        if step.verb != REDO or step.noun or not ok(step):
            return []
        self.redo_known = True
        moved = [s for s in _since_undo(steps[:-1]) or [] if s.verb not in (UNDO, REDO) and _moved(s)]
        if not moved or not _changed(step):
            return []
        return [
            Anomaly(
                self.name,
                "redo after a new command",  # one report: which command came after the undo does not matter
                step.index,
                f"'redo' still replays an undone command after a new '{moved[0].verb}'",
                f"'{moved[0].command}' after 'undo' ends the redo history: 'redo' is refused",
                f"'redo' succeeds and changes the state: {step.message[:160]!r}",
                REDO,
                BugType.LOGIC_ERROR,
            )
        ]

"""zero-entry: a thing the player no longer carries that stays listed as carried, at a count of 0.

Judged only where the game itself shows how it spells "none left": in the same game a counted thing that ran
out left its list (its key went away), and the thing now at 0 was not carried when the game began (a game that
lists every good from the start, at 0 when it has none, is keeping a ledger, not leaking an entry).
"""

from __future__ import annotations

from loop.contract.models import BugType
from loop.qa_agents.explorer.counts import holdings
from loop.qa_agents.explorer.step_facts import ok
from loop.replay.oracle import Anomaly, Oracle
from loop.replay.transcript import Step


def _ran_out_and_left(step: Step) -> bool:
    """Whether a counted thing the step used up left its list (the game drops what runs out)."""
    before, after = holdings(step.before), holdings(step.state)
    return any(
        n > 0 and thing not in now
        for was, now in ((before.carried, after.carried), (before.local, after.local))
        for thing, n in was.items()
    )


class ZeroEntryOracle(Oracle):
    name = "zero-entry"

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        if len(steps) < 2 or step.command is None or step.observation is None or not ok(step):
            return []
        before, after = holdings(step.before).carried, holdings(step.state).carried
        emptied = [t for t, n in after.items() if n == 0 and before.get(t, 0) > 0]
        start = holdings(steps[0].state).carried
        emptied = [t for t in emptied if t not in start]
        if not emptied or not any(_ran_out_and_left(s) for s in steps[1:] if s.observation is not None):
            return []
        thing = sorted(emptied)[0]
        return [
            Anomaly(
                self.name,
                f"{thing} at 0",
                step.index,
                f"'{thing}' stays listed as carried at 0 after '{step.verb}'",
                f"'{thing}' leaves what is carried when none is left, as other things that ran out did",
                f"after '{step.command}' the state still lists '{thing}' as carried with a count of 0",
                step.verb,
                BugType.DATA_INCONSISTENCY,
            )
        ]

"""Conservation of what a state counts (counts.py), across one command.

- item-conservation: a take or drop moves the thing it names between what is carried and the room, all of
  it or part of a stack, and nothing else; a refused one moves nothing. Only where the state shows both
  sides and the room is not marked dark (a room too dark to see in may hide a drop: the experiment of
  experiments.py looks again where the state would show it);
- count-conservation: a counted thing appears or disappears across a command (in the room: only when the
  player stayed there) while neither the command, the reply nor the room text names it.
"""

from __future__ import annotations

from collections import Counter

from loop.contract.models import BugType
from loop.qa_agents.explorer.counts import Holdings, holdings
from loop.qa_agents.explorer.oracles import DROP_VERBS, TAKE_VERBS
from loop.qa_agents.explorer.step_facts import ok
from loop.qa_agents.explorer.vocabulary import stem
from loop.replay import view
from loop.replay.oracle import Anomaly, Oracle
from loop.replay.transcript import Step


def named(counts: Counter[str], noun: str) -> str | None:
    """The counted thing a command's noun names ('potions' names 'potion')."""
    wanted = view.plain_name(noun).casefold()
    if wanted in counts:
        return wanted
    return next((key for key in counts if stem(key) == stem(wanted)), None)


def _shown(counts: Counter[str]) -> list[str]:
    return sorted(f"{name} x{n}" if n != 1 else name for name, n in counts.items() if n)


class ItemConservationOracle(Oracle):
    name = "item-conservation"

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        if step.verb not in TAKE_VERBS | DROP_VERBS or not step.noun or step.observation is None:
            return []
        if view.room_id(step.before) != view.room_id(step.state) or view.is_dark(step.before):
            return []
        if view.is_dark(step.state):
            return []
        before, after = holdings(step.before), holdings(step.state)
        if not (before.found_carried and before.found_local and after.found_carried and after.found_local):
            return []
        moved = self._moved(step, before, after)
        if moved is None:
            return []
        expected_carried, expected_local = moved
        if (after.carried, after.local) == (expected_carried, expected_local):
            return []
        outcome = "succeeded" if ok(step) else "was refused"
        return [
            Anomaly(
                self.name,
                f"{step.verb} {'ok' if ok(step) else 'refused'}",
                step.index,
                f"Items vanish or duplicate when '{step.verb}' {outcome}",
                f"room {_shown(expected_local)}, carried {_shown(expected_carried)}",
                f"room {_shown(after.local)}, carried {_shown(after.carried)} after '{step.command}' "
                f"{outcome}",
                step.verb,
                BugType.LOGIC_ERROR,
            )
        ]

    @staticmethod
    def _moved(step: Step, before: Holdings, after: Holdings) -> tuple[Counter[str], Counter[str]] | None:
        """What carried and room should hold after the step (a take or drop may move a whole stack or part
        of it: as many as left the one side arrive on the other); None when the step is not judged."""
        if not ok(step):
            return before.carried, before.local
        taking = step.verb in TAKE_VERBS
        source, target = (before.local, before.carried) if taking else (before.carried, before.local)
        thing = named(source, step.noun or "")
        if thing is None:
            return None  # taking something not shown is the interaction oracle's call
        left_behind = (after.local if taking else after.carried)[thing]
        count = min(source[thing], max(1, source[thing] - left_behind))
        left, arrived = source - Counter({thing: count}), target + Counter({thing: count})
        return (arrived, left) if taking else (left, arrived)


class CountConservationOracle(Oracle):
    name = "count-conservation"

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        if step.command is None or step.observation is None or step.observation.game_over:
            return []
        stayed = view.place(step.before) == view.place(step.state)
        before = holdings(step.before).total(with_local=stayed)
        after = holdings(step.state).total(with_local=stayed)
        if before == after:
            return []
        said = " ".join([step.command, step.message, view.description(step.state) or ""])
        for thing in sorted(set(before) | set(after)):
            change = after[thing] - before[thing]
            if change and not view.mentions(said, thing):
                went = "appears" if change > 0 else "disappears"
                return [
                    Anomaly(
                        self.name,
                        f"{step.verb} {thing} {went}",
                        step.index,
                        f"'{thing}' {went} on '{step.verb}' with nothing saying so",
                        f"'{thing}' stays {before[thing]} unless the game says what took or gave it",
                        f"'{thing}' went {before[thing]} -> {after[thing]} after '{step.command}', which "
                        f"answers {step.message[:160]!r}",
                        step.verb,
                        BugType.LOGIC_ERROR,
                    )
                ]
        return []

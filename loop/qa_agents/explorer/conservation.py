"""Conservation of what a state counts (counts.py), across one command.

- item-conservation: a take or drop moves the thing it names between what is carried and the room, all of
  it or part of a stack, and nothing else; a refused one moves nothing. Only where the state shows both
  sides and the room is not marked dark (a room too dark to see in may hide a drop: the experiment of
  experiments.py looks again where the state would show it);
- count-conservation: a counted thing appears or disappears across a command (in the room: only when the
  player stayed there) while neither the command, the reply, the room text nor the command's help line
  ('feed -- add coal to the forge') names it. Not judged: an exchange the game speaks of (something named
  appears while something else is used up: a recipe), and a command that puts an earlier state back (undo,
  load, restart: undo-restores' to judge), and a step that moves the game to its next stage: a number of
  the state that is no count of things rose by one while the reply names it ('Day 3 begins', 'level 2':
  what is carried may be reset or topped up there).
"""

from __future__ import annotations

import re
from collections import Counter

from loop.contract.models import BugType
from loop.qa_agents.explorer import numbers
from loop.qa_agents.explorer.counts import Holdings, holdings
from loop.qa_agents.explorer.help_range import HELP_VERBS
from loop.qa_agents.explorer.oracles import DROP_VERBS, TAKE_VERBS
from loop.qa_agents.explorer.state_oracles import RESTORING
from loop.qa_agents.explorer.step_facts import ok
from loop.qa_agents.explorer.vocabulary import object_of, stem
from loop.replay import view
from loop.replay.oracle import Anomaly, Oracle
from loop.replay.transcript import Step


def named(counts: Counter[str], noun: str) -> str | None:
    """The counted thing a command's noun names ('potions' and '3 potions' name 'potion')."""
    wanted = view.plain_name(object_of(noun)).casefold()
    if not wanted:
        return None
    if wanted in counts:
        return wanted
    return next((key for key in counts if stem(key) == stem(wanted)), None)


def _named_in(text: str, thing: str) -> bool:
    """Whether a text speaks of the thing, by its name or its last word ('take lamp' of the brass lamp)."""
    return view.mentions(text, thing) or view.mentions(
        text, view.plain_name(thing).replace("_", " ").split()[-1]
    )


def _shown(counts: Counter[str]) -> list[str]:
    return sorted(f"{name} x{n}" if n != 1 else name for name, n in counts.items() if n)


class ItemConservationOracle(Oracle):
    name = "item-conservation"

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        if not step.noun or step.observation is None:
            return []
        if not ok(step) and step.verb not in TAKE_VERBS | DROP_VERBS:
            return []  # a refused command moves nothing; only a known take or drop is judged for it
        if view.room_id(step.before) != view.room_id(step.state) or view.is_dark(step.before):
            return []
        if view.is_dark(step.state) or next_stage(step):
            return []
        before, after = holdings(step.before), holdings(step.state)
        if not (before.found_carried and before.found_local and after.found_carried and after.found_local):
            return []
        taking = _taking(step, before, after)
        if taking is None:
            return []
        moved = self._moved(step, before, after, taking)
        if moved is None:
            return []
        expected_carried, expected_local = moved
        if (after.carried, after.local) == (expected_carried, expected_local):
            return []
        if ok(step) and self._into_a_counter(step, taking):
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
    def _into_a_counter(step: Step, taking: bool) -> bool:
        """Whether a number named for the thing moved the way the thing did ('take gold' from the floor raises
        the purse's gold): the thing went into a counter, not out of the game."""
        if named(holdings(step.before).carried + holdings(step.state).carried, step.noun or "") is not None:
            return False  # the thing is counted where it is carried: that count is what was judged
        wanted = stem(view.plain_name(object_of(step.noun or "")).casefold().split(" ")[-1])
        rise = 1 if taking else -1
        return any(
            stem(path.rsplit(".", 1)[-1]) == wanted and (new - old) * rise > 0
            for path, (old, new) in numbers.changed(step.before, step.state).items()
        )

    @staticmethod
    def _moved(
        step: Step, before: Holdings, after: Holdings, taking: bool
    ) -> tuple[Counter[str], Counter[str]] | None:
        """What carried and room should hold after the step (a take or drop may move a whole stack or part
        of it: as many as left the one side arrive on the other); None when the step is not judged."""
        if not ok(step):
            return before.carried, before.local
        source, target = (before.local, before.carried) if taking else (before.carried, before.local)
        thing = named(source, step.noun or "")
        if thing is None:
            return None  # taking something not shown is the interaction oracle's call
        left_behind = (after.local if taking else after.carried)[thing]
        count = min(source[thing], max(1, source[thing] - left_behind))
        left, arrived = source - Counter({thing: count}), target + Counter({thing: count})
        return (arrived, left) if taking else (left, arrived)


def _taking(step: Step, before: Holdings, after: Holdings) -> bool | None:
    """Whether the step is a take (True) or a drop (False), None when it is neither. A verb the explorer does
    not know by name ('pocket', 'toss') is one by what it did: the thing it names left the room while the
    player's count of it rose (a take), or the reverse (a drop); a refused one of those is not judged."""
    if step.verb in TAKE_VERBS or step.verb in DROP_VERBS:
        return step.verb in TAKE_VERBS
    if not ok(step):
        return None
    thing = named(before.local + before.carried, step.noun or "")
    if thing is None:
        return None
    room = after.local[thing] - before.local[thing]
    carried = after.carried[thing] - before.carried[thing]
    if room < 0 < carried:
        return True
    return False if carried < 0 < room else None


def _judged_counts(step: Step) -> tuple[Counter[str], Counter[str]]:
    """What the step's conservation is judged on. In the same known place: everything counted. After a move,
    or where the state names no place, only what the player carries: what the state shows of a place is a
    view, and a move changes the view without anything vanishing."""
    here = view.place(step.before)
    if here and here == view.place(step.state):
        return holdings(step.before).total(), holdings(step.state).total()
    return holdings(step.before).carried, holdings(step.state).carried


def _changes(before: Counter[str], after: Counter[str]) -> dict[str, int]:
    changed = {thing: after[thing] - before[thing] for thing in set(before) | set(after)}
    return {thing: change for thing, change in changed.items() if change}


def next_stage(step: Step) -> bool:
    """Whether the step moved the game to its next stage: a number that counts no thing (`day`, `level`,
    `stage`, the clock aside) rose by one and the reply names it."""
    counted = {stem(thing) for thing in holdings(step.before).total() | holdings(step.state).total()}
    for path, (old, new) in numbers.changed(step.before, step.state).items():
        field = path.rsplit(".", 1)[-1]
        if new != old + 1 or field in view.CLOCK_KEYS or stem(field) in counted:
            continue
        if view.mentions(step.message, field.replace("_", " ")):
            return True
    return False


class CountConservationOracle(Oracle):
    name = "count-conservation"

    def __init__(self) -> None:
        self.help_lines: list[str] = []  # the help text's lines, once the game gave it

    def _help_of(self, verb: str) -> str:
        """The help lines that start with the verb ('feed -- add coal to the forge'): what the game says the
        command uses up or gives."""
        return " ".join(line for line in self.help_lines if verb in re.findall(r"[a-z]+", line.lower())[:3])

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        if step.verb in HELP_VERBS and ok(step) and not self.help_lines:
            self.help_lines = step.message.splitlines()
        if step.command is None or step.observation is None or step.observation.game_over:
            return []
        if step.verb in RESTORING:
            return []
        before, after = _judged_counts(step)
        if before == after or next_stage(step):
            return []
        said = " ".join(
            [step.command, step.message, view.description(step.state) or "", self._help_of(step.verb)]
        )
        changes = _changes(before, after)
        everything = _changes(holdings(step.before).total(), holdings(step.state).total())
        if not everything:
            return []  # things moved between collections the state keeps (a locker to the pack): none lost
        named = {thing for thing in everything | changes if _named_in(said, thing)}
        if named and min(everything.values()) < 0 < max(everything.values()):
            return []  # an exchange the game speaks of: 'You bottle a draught' uses up a vial
        for thing, change in sorted(changes.items()):
            if thing not in named:
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

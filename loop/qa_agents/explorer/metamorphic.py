"""Metamorphic relation: a query (look, status, inventory) changes nothing.

Learned, not assumed: a bare query verb counts as a query of this game only once it succeeded QUIET_TIMES
times without changing anything, and more often so than not (a game where looking takes time, or ticks the
world, never makes it one). Then a query that succeeds and changes a number, the place, or takes something
away from a list is an anomaly; the clock and the keys that change by themselves (seen changing on a refused
command) are left out, and a key that only gained (a room marked seen, a map revealed) is not a loss.

A query that advances the game's clock is a turn in this game (a game may say every command takes a turn, a
look included): the numbers that change the same way on the turns of other commands in the same place, without
those commands naming them (warmth falling outdoors, a fuse burning), are the turn's, not the query's, and are
left out of its changes.
"""

from __future__ import annotations

from collections import Counter

from loop.contract.models import BugType
from loop.qa_agents.explorer import numbers
from loop.qa_agents.explorer.step_facts import ok
from loop.replay import view
from loop.replay.oracle import Anomaly, Oracle
from loop.replay.transcript import Step

QUERY_VERBS = frozenset({"look", "l", "status", "stats", "inventory", "inv", "i", "score", "map", "info"})
QUIET_TIMES = 5


def _changes(
    before: view.State,
    after: view.State,
    drifting: set[str],
    by_turn: frozenset[str] | set[str] = frozenset(),
) -> list[str]:
    """What a step changed that a query must not: numbers, the place, entries taken from a list; `by_turn`:
    the numbers the turn the query took changes."""
    a, b = view.without_clock(before), view.without_clock(after)
    a_numbers, b_numbers = numbers.numeric_fields(a), numbers.numeric_fields(b)
    changed = [
        f"{key}: {a_numbers.get(key)} -> {b_numbers.get(key)}"
        for key in sorted(set(a_numbers) | set(b_numbers))
        if a_numbers.get(key) != b_numbers.get(key)
        and key.split(".")[0] not in drifting
        and key not in by_turn
    ]
    if view.place(a) != view.place(b) and "place" not in drifting:
        changed.append(f"place: {view.place(a)} -> {view.place(b)}")
    for key in sorted(set(a) - drifting):
        old, new = a.get(key), b.get(key)
        if isinstance(old, list) and isinstance(new, list):
            lost = [v for v in old if v not in new]
            if lost:
                changed.append(f"{key} lost {lost!r:.80}")
    return changed


def _ticked(step: Step) -> bool:
    before, after = view.clock(step.before), view.clock(step.state)
    return bool(before) and len(before) == len(after) and after > before


def _turn_changes(step: Step) -> set[tuple[str, str, bool]]:
    """(place, number, whether it rose) for each number a command that took a turn changed without naming it,
    in the place it ended in: what a turn itself does there (warmth falls outdoors, rises indoors)."""
    if not ok(step) or step.command is None or not _ticked(step):
        return set()
    words = set(step.command.lower().replace(".", " ").replace("_", " ").split())
    here = view.place(step.state)
    return {
        (here, path, new > old)
        for path, (old, new) in numbers.changed_counts(step.before, step.state).items()
        if not words & set(path.lower().replace("_", ".").split("."))
    }


class _TurnEffects:
    """What the turns of other commands than the queries change by themselves, by place."""

    def __init__(self) -> None:
        self.seen: set[tuple[str, str, bool]] = set()

    def add(self, step: Step) -> None:
        if QueryOracle.query_of(step) is None:
            self.seen |= _turn_changes(step)

    def of(self, step: Step) -> set[str]:
        """The numbers a query that took a turn changed as such a turn does in the same place."""
        if not _ticked(step):
            return set()
        here = view.place(step.state)
        return {
            path
            for path, (old, new) in numbers.changed(step.before, step.state).items()
            if (here, path, new > old) in self.seen
        }


def _drifted(step: Step) -> set[str]:
    """Top-level keys a refused command changed: they change by themselves (a clock, patrols, a log)."""
    if step.observation is None or step.observation.success or step.command is None:
        return set()
    a, b = view.without_clock(step.before), view.without_clock(step.state)
    drifted = {k for k in set(a) | set(b) if a.get(k) != b.get(k)}
    return drifted | ({"place"} if view.place(a) != view.place(b) else set())


class QueryOracle(Oracle):
    name = "query-changes-nothing"

    def __init__(self) -> None:
        self.quiet: Counter[str] = Counter()
        self.effective: Counter[str] = Counter()
        self.drifting: set[str] = set()
        self.turns = _TurnEffects()

    @staticmethod
    def query_of(step: Step) -> str | None:
        ok = step.observation is not None and step.observation.success
        verb = (step.command or "").strip().lower()
        return verb if ok and verb in QUERY_VERBS else None

    def anomaly(self, step: Step, changes: list[str]) -> Anomaly:
        return Anomaly(
            self.name,
            step.verb,
            step.index,
            f"'{step.command}' changes the game",
            f"'{step.command}' only reports: the state is the same before and after it",
            f"after '{step.command}': {'; '.join(changes)[:300]}",
            step.verb,
            BugType.LOGIC_ERROR,
        )

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        self.drifting |= _drifted(step)
        self.turns.add(step)
        verb = self.query_of(step)
        if verb is None:
            return []
        changes = _changes(step.before, step.state, self.drifting, self.turns.of(step))
        learned = self.quiet[verb] >= QUIET_TIMES and self.quiet[verb] > self.effective[verb]
        if view.state_key(step.before) == view.state_key(step.state):
            self.quiet[verb] += 1
        else:
            self.effective[verb] += 1
        return [self.anomaly(step, changes)] if learned and changes else []

    def rejudge(self, steps: list[Step], subject: str) -> Anomaly | None:
        """On a replay the query is the report's: does it change what it changed, with the same drift?"""
        drifting: set[str] = set()
        turns = _TurnEffects()
        turns.seen = set(self.turns.seen)
        for step in steps:
            drifting |= _drifted(step)
            turns.add(step)
            if step.command is not None and step.verb == subject and self.query_of(step):
                changes = _changes(step.before, step.state, drifting, turns.of(step))
                if changes:
                    return self.anomaly(step, changes)
        return None

"""derived-total: a number the state keeps as the total of its records stays their total: a `Wage Bill` the
sum of the troupe's wages, an `animal_count` the number of animals in every enclosure, a `crew_size` the
length of the crew's list. A command that changes the records and leaves the total behind (a dismissed
juggler's wage still billed) is a fault in any game.

Learned in the game at hand, never assumed: a field and an aggregate (the sum of one number over a
collection's records, or how many entries it holds; the same collection in each record of a dict is one)
whose names share a word, or two collections of one name (a ledger's `loans` and each member's `loans`),
count as a total once they agreed in MIN_AGREED states of this game, with as many different values, one of
them not zero, over a collection that held two entries at least once, and never disagreed. A field inside
the collection is never its total.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from loop.contract.models import BugType
from loop.qa_agents.explorer import numbers
from loop.qa_agents.explorer.per_state import per_state
from loop.qa_agents.explorer.step_facts import as_said
from loop.qa_agents.explorer.vocabulary import stem
from loop.replay import view
from loop.replay.oracle import Anomaly, Oracle
from loop.replay.transcript import Step

MIN_AGREED = 2
MAX_DEPTH = 4
_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
# Words of a total's name that say it is one, never what it counts.
# A word naming what was ever done: a running tally, never what a collection holds now.
_TALLY = re.compile(
    r"(?:^|[_\s.-]|(?<=[a-z]))(?:made|sold|done|seen|won|lost|spent|paid|built|taken|given|caught|served|"
    r"[a-z]{2,}[a-df-z]ed)(?:$|[_\s.-]|(?=[A-Z]))",
    re.IGNORECASE,
)
_TOTAL_WORDS = frozenset({"total", "count", "num", "number", "sum", "all", "today", "current", "bill"})


def _words(name: str) -> set[str]:
    return {stem(w.lower()) for w in _WORD.findall(name) if len(w) > 1}


def _is_record(value: Any) -> bool:
    return isinstance(value, dict) and bool(value)


def _collect(value: Any, pattern: str, found: dict[str, tuple[float, int]], depth: int) -> None:
    """Add each collection's aggregates to `found`: 'count:PATTERN' -> (entries, most entries of one
    collection), 'sum:PATTERN.FIELD' -> (sum, most entries)."""
    if depth > MAX_DEPTH:
        return
    entries: list[Any] | None = None
    if not pattern:  # the state itself is no collection
        pass
    elif isinstance(value, list):
        entries = value
    elif isinstance(value, dict) and all(_is_record(v) for v in value.values()):
        entries = list(value.values())  # records keyed by their names (none yet: an empty one)
    if entries is not None:
        _add(found, f"count:{pattern}", len(entries), len(entries))
        for entry in entries:
            for key, field in entry.items() if isinstance(entry, dict) else ():
                number = numbers.as_number(field)
                if number is not None:
                    _add(found, f"sum:{pattern}.{key}", number, len(entries))
            _collect(entry, f"{pattern}.*", found, depth + 1)
        return
    if isinstance(value, dict):
        for key, inner in value.items():
            if isinstance(inner, dict | list):
                _collect(inner, f"{pattern}.{key}" if pattern else str(key), found, depth + 1)


def _add(found: dict[str, tuple[float, int]], key: str, amount: float, entries: int) -> None:
    total, most = found.get(key, (0.0, 0))
    found[key] = (total + amount, max(most, entries))


@per_state
def aggregates(state: view.State) -> dict[str, tuple[float, int]]:
    """Every collection's count and every sum of one number over its records, with its most entries."""
    found: dict[str, tuple[float, int]] = {}
    _collect(view.without_clock(state), "", found, 0)
    return found


@functools.lru_cache(maxsize=4096)
def _related(target: str, aggregate: str) -> bool:
    """Does the field's name share a word with what the aggregate counts or sums ('Wage Bill', 'Wage';
    'animal_count', 'animals'), the field standing outside the collection? A running tally is none
    ('loans_made', 'Shows Staged': what was ever done, not what is held)."""
    if _TALLY.search(target.rsplit(".", 1)[-1]):
        return False
    kind, _, path = aggregate.partition(":")
    if {stem(target.rsplit(".", 1)[-1].lower()), stem(path.rsplit(".", 1)[-1].lower())} & numbers.CLOCK_STEMS:
        return False  # a day or an hour is a moment: the day is no sum of the days the events happened on
    collection = path if kind == "count" else path.rsplit(".", 1)[0]
    if not collection or _inside(target, collection):
        return False
    counted = path.replace("*", "").rsplit(".", 1)[-1] if kind == "sum" else collection.replace(".*", "")
    counted = counted.rsplit(".", 1)[-1]
    return bool((_words(target.rsplit(".", 1)[-1]) - _TOTAL_WORDS) & _words(counted))


def _inside(path: str, collection: str) -> bool:
    """Is the path the collection or inside it (a '*' standing for any one key)?"""
    pattern = r"\.".join("[^.]+" if part == "*" else re.escape(part) for part in collection.split("."))
    return re.fullmatch(rf"{pattern}(?:\..+)?", path) is not None


@functools.lru_cache(maxsize=4096)
def _same_collection(one: str, other: str) -> bool:
    """Two collections of the same name, neither inside the other: a ledger's `loans` and each member's
    `loans`, which hold the same entries between them."""
    a, b = one.partition(":")[2], other.partition(":")[2]
    last = [p.rsplit(".", 1)[-1] for p in (a.replace(".*", ""), b.replace(".*", ""))]
    inside = _inside(a, b) or _inside(b, a)
    return one < other and not inside and last[0] == last[1] and bool(_words(last[0]))


def _value(state: view.State, name: str) -> float | None:
    """A field's value, or an aggregate's ('count:...', 'sum:...')."""
    if name.startswith(("count:", "sum:")):
        found = aggregates(state).get(name)
        return None if found is None else found[0]
    return numbers.numeric_fields(state).get(name)


@per_state
def _pairs(state: view.State) -> dict[tuple[str, str], tuple[float, float]]:
    """(field or count, aggregate) -> (their values) for every related pair of a state."""
    fields, found = numbers.numeric_fields(state), aggregates(state)
    pairs = {
        (target, aggregate): (value, found[aggregate][0])
        for target, value in fields.items()
        for aggregate in found
        if _related(target, aggregate)
    }
    counts = [name for name in found if name.startswith("count:")]
    pairs.update(
        ((one, other), (found[one][0], found[other][0]))
        for one in counts
        for other in counts
        if _same_collection(one, other)
    )
    return pairs


class DerivedTotalOracle(Oracle):
    name = "derived-total"

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        if step.command is None or step.observation is None:
            return []
        broken = {pair: values for pair, values in _pairs(step.state).items() if values[0] != values[1]}
        for (target, aggregate), (value, total) in sorted(broken.items()):
            if not self._learned(steps[:-1], target, aggregate):
                continue
            what = aggregate.partition(":")[2].replace(".*", "[*]")
            kind = "entries of" if aggregate.startswith("count:") else "sum of"
            shown = (
                f"the count of {target.partition(':')[2].replace('.*', '[*]')}" if ":" in target else target
            )
            return [
                Anomaly(
                    self.name,
                    f"{target} {aggregate}",
                    step.index,
                    f"{shown} no longer matches the {kind} {what} after '{step.command}'",
                    f"{shown} stays the {kind} {what} ({as_said(total)}), as it was until then",
                    f"{shown} is {as_said(value)} while the {kind} {what} is {as_said(total)}",
                    step.verb,
                    BugType.DATA_INCONSISTENCY,
                )
            ]
        return []

    @staticmethod
    def _learned(steps: list[Step], target: str, aggregate: str) -> bool:
        agreed: list[float] = []
        several = False
        for step in steps:
            if step.observation is None:
                continue
            value = _value(step.state, target)
            found = aggregates(step.state).get(aggregate)
            if value is None or found is None:
                continue
            if value != found[0]:
                return False
            agreed.append(value)
            held = aggregates(step.state).get(target, (0.0, 0))[1]  # a count's own entries, for two counts
            several = several or max(found[1], held) >= 2
        return len(agreed) >= MIN_AGREED and len(set(agreed)) >= 2 and any(agreed) and several

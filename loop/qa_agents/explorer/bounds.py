"""The bounds oracle: a value above its own maximum, or a count below zero where it never was, anywhere in
the state (an object in a list is named by its id: `engines[otter].fuel`).

A field's maximum is a sibling named for it (`hp` and `max_hp`, `hp_max`, `hpMax`, `maxHp`, `hp_cap`,
`hp_limit`, `hp_capacity`) or a bare `max`/`cap`/`limit`/`capacity` beside it. A bare one bounds only the one
number or the one list of records (or records keyed by name) beside it (an enclosure's animals, not its
visitors), and only once it was within it earlier in the game (a room's rate beside its guest capacity is no
level). A list's maximum is a sibling named for the list (`cars` and `max_cars`). A count that went negative
must have been seen at zero or above in the same game, and must not be a coordinate, a score, a balance, a
change or a signed measure such as a temperature or an angle (they go below zero by design), nor one the
reply shows below zero or calls a debt ('PURSE -4s 0d': the game lets it go there), nor one whose fall the
reply states by name and amount ('100p off your pay').
"""

from __future__ import annotations

import re
from typing import Any

from loop.contract.models import BugType
from loop.qa_agents.explorer import numbers
from loop.qa_agents.explorer.counts import entry_name
from loop.qa_agents.explorer.per_state import per_state
from loop.qa_agents.explorer.step_facts import as_said, typed_numbers
from loop.qa_agents.explorer.vocabulary import key_words, names_money
from loop.replay import view
from loop.replay.oracle import Anomaly, Oracle
from loop.replay.transcript import Step

BOUND_NAMES = ("cap", "max", "limit", "capacity")
NON_NEGATIVE_EXEMPT = re.compile(r"(^|[._\]])(x|y|z|dx|dy|score|balance|delta|change)$", re.IGNORECASE)
# Measures with no zero of their own: a field named by one of these words (`tempC`, `water_temp`, `heading`)
# is below zero by design, not a count gone negative.
SIGNED_MEASURES = frozenset({
    "temp", "temperature", "celsius", "fahrenheit", "degrees", "altitude", "elevation", "latitude",
    "longitude", "lat", "lon", "lng", "angle", "heading", "bearing", "offset", "tilt",
})  # fmt: skip


def _signed_measure(path: str) -> bool:
    """Whether the field's own name has a word of a signed measure (`pools[Hot Pool].tempC`)."""
    return not SIGNED_MEASURES.isdisjoint(key_words(path))


# A bound's key and the field it bounds: max_hp, hp_max, hpMax, maxHp (and cap, limit, capacity alike).
_BOUND_KEY = re.compile(
    r"^(?:(?:cap|max|limit|capacity)_(?P<a>.+)|(?P<b>.+)_(?:cap|max|limit|capacity)"
    r"|(?P<c>[a-z].*?)(?:Cap|Max|Limit|Capacity)|(?:cap|max|limit|capacity)(?P<d>[A-Z].*))$"
)


def _bounded(key: str) -> str | None:
    """The field a key is the maximum of ('' for a bare max, cap, limit or capacity), or None."""
    if key in BOUND_NAMES:
        return ""
    found = _BOUND_KEY.match(key)
    if found is None:
        return None
    name = next(group for group in found.groups() if group)
    return name[:1].lower() + name[1:] if found.group("d") else name


def over_bounds(state: Any, path: str = "") -> list[tuple[str, float, str, float]]:
    """(path, value, bound's path, bound) for every value above its own maximum in the state."""
    found: list[tuple[str, float, str, float]] = []
    if isinstance(state, dict):
        prefix = f"{path}." if path else ""
        bounds = [(str(k), _bounded(str(k)), v) for k, v in state.items() if numbers.is_number(v)]
        for key, field, limit in bounds:
            if field is None:
                continue
            targets = [field] if field else _beside_bare_bound(state)
            for target in targets:
                value = state.get(target)
                sized = _size(value)
                if sized is not None and target not in view.CLOCK_KEYS and sized > limit:
                    found.append((f"{prefix}{target}", float(sized), f"{prefix}{key}", float(limit)))
        for key, value in state.items():  # '7/6': a value written against its own maximum
            written = numbers.fraction(value)
            if written is not None and written[0] > written[1]:
                found.append((f"{prefix}{key}", written[0], f"{prefix}{key}/max", written[1]))
    for inner, inner_path in _inside(state, path):
        found.extend(over_bounds(inner, inner_path))
    return found


def _beside_bare_bound(record: dict[Any, Any]) -> list[str]:
    """What a bare `capacity` beside them bounds: the one number beside it (a tank's level), and the one list
    of records (an enclosure's animals). Of two numbers, either may count something else (an enclosure's
    visitors beside the animals it holds): neither is judged."""
    levels = [
        str(k)
        for k, v in record.items()
        if numbers.is_number(v) and _bounded(str(k)) is None and k not in view.CLOCK_KEYS
    ]
    records = [str(k) for k, v in record.items() if _records(v)]
    return [*(levels if len(levels) == 1 else []), *(records if len(records) == 1 else [])]


def _size(value: Any) -> float | None:
    """A number, or how many entries a list or records keyed by name hold; None for anything else."""
    if isinstance(value, list) or _records(value):
        return len(value)
    return value if numbers.is_number(value) else None


def _records(value: Any) -> bool:
    """A list of records, or records keyed by name (`{"cup-1": {...}, "cup-2": {...}}`), not empty."""
    entries = value if isinstance(value, list) else list(value.values()) if isinstance(value, dict) else []
    return bool(entries) and all(isinstance(e, dict) for e in entries)


def _inside(state: Any, path: str) -> list[tuple[Any, str]]:
    """The dicts and lists a dict or list holds, with their paths (an object in a list named by its id)."""
    if isinstance(state, dict):
        prefix = f"{path}." if path else ""
        return [(value, f"{prefix}{key}") for key, value in state.items() if isinstance(value, dict | list)]
    if isinstance(state, list):
        return [
            (entry, _entry_path(path, i, entry))
            for i, entry in enumerate(state)
            if isinstance(entry, dict | list)
        ]
    return []


def _entry_path(path: str, index: int, entry: Any) -> str:
    name = entry_name(entry) if isinstance(entry, dict) else None
    return f"{path}[{name if name is not None else index}]"


@per_state
def bounds_of(state: view.State) -> list[tuple[str, float, str, float]]:
    """`over_bounds` of a state without its clock."""
    return over_bounds(view.without_clock(state))


@per_state
def numbers_of(state: view.State) -> dict[str, float]:
    """`all_numbers` of a state without its clock."""
    return all_numbers(view.without_clock(state))


@per_state
def sizes_of(state: view.State) -> dict[str, float]:
    """`all_numbers` of a state without its clock, and the length of each list."""
    return all_numbers(view.without_clock(state), lengths=True)


def all_numbers(state: Any, path: str = "", lengths: bool = False) -> dict[str, float]:
    """path -> value for every number of the state, in lists too (an object named by its id); with
    `lengths`, each list's length (and the count of records keyed by name) at its path too."""
    found: dict[str, float] = {}
    if isinstance(state, dict):
        prefix = f"{path}." if path else ""
        found.update({f"{prefix}{key}": value for key, value in state.items() if numbers.is_number(value)})
        written = {key: numbers.fraction(value) for key, value in state.items() if isinstance(value, str)}
        found.update({f"{prefix}{key}": pair[0] for key, pair in written.items() if pair is not None})
        if lengths:
            found.update(
                {
                    f"{prefix}{key}": len(value)
                    for key, value in state.items()
                    if isinstance(value, list) or _records(value)
                }
            )
    for inner, inner_path in _inside(state, path):
        found.update(all_numbers(inner, inner_path, lengths))
    return found


_DEBT = re.compile(r"\b(?:debt|in the red|overdrawn|owes?|owing)\b", re.IGNORECASE)


def _owned_up(reply: str, path: str) -> bool:
    """Does the reply own up to the value below zero ('PURSE -4s 0d', 'you are in debt')? Then the game lets
    it go there by design."""
    name = re.escape(re.split(r"[.\]]", path)[-1] or path)
    shown = re.search(rf"\b{name}\b\W{{0,3}}(?:is |at |now )?-\s?\D?\d", reply[:2000], re.IGNORECASE)
    return bool(shown or _DEBT.search(reply[:2000]))


def _stated_change(step: Step, path: str, before: float | None, after: float) -> bool:
    """Does the reply give the field's name and the amount it just fell by, an amount the command did not
    type ('4 items missed their day: 100p off your pay', not 'You buy -99999 seed')? Then the game took it
    below zero on purpose, and said so."""
    if before is None or before == after:
        return False
    if abs(before - after) in typed_numbers(step):
        return False
    amount = as_said(abs(before - after))
    name = re.escape(re.split(r"[.\]]", path)[-1] or path)
    clauses = re.split(r"[;!?\n]|\.(?!\d)", step.message[:2000])
    # a field of money may be named by the amount's currency instead, for a running cost a bare command
    # charges ('end': 'You pay $120 in wages'), not for what a command chose to buy
    bare = len((step.command or "").split()) <= 2 and not typed_numbers(step)
    money = bare and names_money(path)
    return any(
        (re.search(rf"\b{name}\b", c, re.IGNORECASE) or money and re.search(r"[$£€]", c))
        and re.search(rf"(?<![\d.]){re.escape(amount)}(?![\d.])", c)
        for c in clauses
    )


class BoundsOracle(Oracle):
    name = "bounds"

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        if step.observation is None:
            return []
        for path, value, bound, limit in bounds_of(step.state):
            bare = bound.rsplit(".", 1)[-1] in BOUND_NAMES or bound.endswith("/max")
            if bare and not self._crossed(steps, path, limit):
                continue  # a bare 'capacity' may be no bound of that number (a room's rate beside its guests)
            return [self._anomaly(step, path, value, f"{bound}={as_said(limit)}")]
        numbers = numbers_of(step.state)
        before = numbers_of(step.before)
        negative = [
            p
            for p, v in numbers.items()
            if v < 0
            and not NON_NEGATIVE_EXEMPT.search(p)
            and not _signed_measure(p)
            and not _owned_up(step.message, p)
            and not _stated_change(step, p, before.get(p), v)
        ]
        if not negative:
            return []
        earlier = [numbers_of(s.state) for s in steps[:-1] if s.observation is not None]
        for path in negative:
            seen = [values[path] for values in earlier if path in values]
            if seen and min(seen) >= 0:
                return [self._anomaly(step, path, numbers[path], "0")]
        return []

    @staticmethod
    def _crossed(steps: list[Step], path: str, limit: float) -> bool:
        """Was the value within the bound earlier in this game (it went past it, rather than always was)?"""
        earlier = (sizes_of(s.state).get(path) for s in steps[:-1] if s.observation is not None)
        return any(value is not None and value <= limit for value in earlier)

    def _anomaly(self, step: Step, path: str, value: float, bound: str) -> Anomaly:
        return Anomaly(
            self.name,
            path,
            step.index,
            f"{path} goes past its bound ({as_said(value)} against {bound})",
            f"{path} stays within {bound}",
            f"{path} is {as_said(value)} after '{step.command or 'new game'}'",
            step.verb or "new game",
            BugType.BOUNDARY,
        )

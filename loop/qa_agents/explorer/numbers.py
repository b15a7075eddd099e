"""Numbers in a state and in a reply: the numeric fields of any state, and what a text says about them.

A text mentions a field when a number stands right next to the field's name ('Lives 3', 'gold: 30',
'15 coin'), compared by stem so plurals and case do not matter. A name that more than one field shares
('archer' in both costs and cooldowns) is ambiguous and never used: precision first.
"""

from __future__ import annotations

import functools
import re
from typing import Any, TypeGuard

from loop.qa_agents.explorer.counts import QUANTITY_KEYS
from loop.qa_agents.explorer.per_state import per_state
from loop.qa_agents.explorer.vocabulary import stem
from loop.replay.view import CLOCK_KEYS, State

MAX_RECENT = 256
MAX_READINGS = 50
_NUMBER_START = frozenset("0123456789-£$€¥")
_WITH_UNIT = re.compile(r"[£$€¥]?\s*(-?\d+(?:\.\d+)?)\s*(?:%|[a-z]{1,12})?", re.IGNORECASE)
_WORD_NUMBER = re.compile(r"\b([a-z][a-z-]*)\s*:?\s+(-?\d+)\b(?!\s*[/%.]\d)", re.IGNORECASE)
# 'N word', but not 'of N word' ('0 of 12 moves used': 12 is a limit) nor 'N word each' (a unit price).
_NUMBER_WORD = re.compile(
    r"(?<![\w/])(?<!\bof )([+-]?\d+)\s+([a-z][a-z-]*)\b(?!\s+(?:each|per|apiece|a\b))", re.IGNORECASE
)
# What follows 'Name N': a unit word and what comes after it ('food 2 gold a ration': 2 is a price in gold).
_UNIT_AFTER = re.compile(r"\s+([a-z][a-z-]*)\b\s*(\S*)", re.IGNORECASE)
_PER = frozenset({"a", "an", "each", "per", "apiece", "every", "/"})
_WHERE = frozenset({"on", "in", "at", "into", "onto", "aboard", "inside", "under", "behind"})


def numeric_fields(state: Any, path: str = "") -> dict[str, float]:
    """path -> value for every number in nested dicts (not in lists: their entries have no stable name).
    Made once per state: several oracles ask for them at every step, and again for earlier steps."""
    if path or not isinstance(state, dict):
        return _numeric_fields(state, path)
    return dict(_top_fields(state))


@per_state
def _top_fields(state: State) -> dict[str, float]:
    return _numeric_fields(state, "")


def _numeric_fields(state: Any, path: str) -> dict[str, float]:
    found: dict[str, float] = {}
    if isinstance(state, dict):
        for key, value in state.items():
            sub = f"{path}.{key}" if path else str(key)
            number = as_number(value)
            if number is not None:
                if sub not in CLOCK_KEYS:
                    found[sub] = number
            elif isinstance(value, dict):  # a list or null has no field: no call for it
                found.update(_numeric_fields(value, sub))
            elif isinstance(value, list):
                found.update(_numeric_fields(_readings(value), sub))
    return found


_FRACTION = re.compile(r"(-?\d+(?:\.\d+)?)\s*/\s*(\d+(?:\.\d+)?)")


def is_number(value: object) -> TypeGuard[float]:
    """A JSON number (a bool is none)."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def as_number(value: Any) -> float | None:
    """A number, or a string that is one number with its currency or unit ('£40.00', '3 kg', '58%') or its
    maximum ('30/120': 30)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return value
    if isinstance(value, str) and len(value) <= 24 and value[:1] in _NUMBER_START:
        match = _WITH_UNIT.fullmatch(value.strip()) or _FRACTION.fullmatch(value.strip())
        if match:
            number = float(match.group(1))
            return int(number) if number.is_integer() and "." not in match.group(1) else number
    return None


def fraction(value: Any) -> tuple[float, float] | None:
    """A value written against its maximum ('7/6' seats, '30/120' lb): the value and the maximum."""
    match = _FRACTION.fullmatch(value.strip()) if isinstance(value, str) and len(value) <= 24 else None
    return (float(match.group(1)), float(match.group(2))) if match else None


_SETTING = re.compile(r"\s*([a-z_][\w-]{0,40})\s*[=:]\s*(\S.{0,40}?)\s*", re.IGNORECASE)


def _readings(entries: list[Any]) -> dict[str, Any]:
    """A list of name/value records ([{'name': 'oxygen', 'value': 40}]) or of settings written out
    (['cash=100', 'day: 3']) as the fields it stands for; any other list has no field."""
    named: dict[str, Any] = {}
    for entry in entries[:MAX_READINGS]:
        setting = _SETTING.fullmatch(entry) if isinstance(entry, str) else None
        if setting is not None:
            named[setting.group(1)] = setting.group(2)
        elif isinstance(entry, dict) and isinstance(entry.get("name"), str) and "value" in entry:
            named[entry["name"]] = entry["value"]
        else:
            return {}
    return named


def names(fields: dict[str, float], prefer: frozenset[str] = frozenset()) -> dict[str, str]:
    """stem of a field's last name -> its path, for the names exactly one field has (or, among the fields
    sharing a name, exactly one in `prefer`: the one that just changed is the one a reply talks about)."""
    return dict(_names(tuple(fields), frozenset(prefer)))


@functools.lru_cache(maxsize=MAX_RECENT)
def _names(paths: tuple[str, ...], prefer: frozenset[str]) -> dict[str, str]:
    """`names` from the paths alone (the values do not count), made once per set of paths."""
    by_stem: dict[str, list[str]] = {}
    for path in paths:
        *_, owner, last = ["", *path.split(".")]
        if re.fullmatch(r"[a-z]+", last, re.IGNORECASE):
            by_stem.setdefault(stem(last), []).append(path)
        if last.lower() in HOW_MANY and re.fullmatch(r"[a-z]+", owner, re.IGNORECASE):
            by_stem.setdefault(stem(owner), []).append(path)  # {'flour': {'amount': 4}}: how much flour
    chosen = {}
    for name, sharing in by_stem.items():
        preferred = [p for p in sharing if p in prefer]
        if len(sharing) == 1 or len(preferred) == 1:
            chosen[name] = sharing[0] if len(sharing) == 1 else preferred[0]
    return chosen


_NUMBER_WORDS = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
)  # fmt: skip
_SPELLED = re.compile(rf"\b({'|'.join(_NUMBER_WORDS)})\b(?=\s+[a-z])", re.IGNORECASE)


@functools.lru_cache(maxsize=MAX_RECENT)
def in_digits(text: str) -> str:
    """The text with a number written as a word before another word in digits ('three measures left')."""
    return _SPELLED.sub(lambda m: str(_NUMBER_WORDS.index(m.group(1).lower())), text)


def mentions(
    text: str, fields: dict[str, float], *, number_first: bool = True, prefer: frozenset[str] = frozenset()
) -> dict[str, list[float]]:
    """path -> the numbers `text` puts next to a field's name ('Lives 3'; '15 coin' too if number_first;
    'three coins' as '3 coins')."""
    text = in_digits(text)
    lookup = names(fields, prefer)
    said: dict[str, list[float]] = {}
    for match in _WORD_NUMBER.finditer(text):
        word, number = match.groups()
        path = lookup.get(stem(word))
        # 'Name N' only with the field's own spelling: 'Levels: 1, 2' lists levels, it does not state one.
        spelled = path is not None and path.rsplit(".", 1)[-1].lower() == word.lower()
        if path is not None and spelled and not _counts_a_unit(text, match.end(), fields):
            said.setdefault(path, []).append(float(number))
    for number, word in _NUMBER_WORD.findall(text) if number_first else []:
        path = lookup.get(stem(word))
        if path is not None:
            # '+3 food' is one part of a change: count it twice so the whole field is left out below.
            said.setdefault(path, []).extend([float(number)] * (2 if number[0] in "+-" else 1))
    # A name given several numbers in one text is a list or a breakdown ('+3 food ... eats 3 food'), not
    # one statement.
    return {path: values for path, values in said.items() if len(values) == 1}


# The value a field has once the command is done: 'now holds 3 coins', 'Housing is now 15', '3 coins left'.
# The thing a unit measures is what is named: 'The pantry now holds 4 kg of flour' states the flour.
_NOW_NUMBER_WORD = re.compile(
    r"\bnow(?: [a-z]+){0,2} (-?\d+) (?:[a-z]+ of (?:the |your )?)?([a-z][a-z-]*)\b", re.IGNORECASE
)
_WORD_IS_NOW = re.compile(r"\b([a-z][a-z-]*) (?:is|are) now (-?\d+)\b(?![.,]\d)", re.IGNORECASE)
_LEFT = re.compile(r"(?<![\w/])(-?\d+) ([a-z][a-z-]*) (?:left|remaining)\b", re.IGNORECASE)


# A record's field that says how many of it there are: the record's own name stands for it.
HOW_MANY = frozenset(k for k in QUANTITY_KEYS if k not in ("n", "number")) | {"level", "stock", "on_hand"}
CLOCK_STEMS = frozenset(stem(word) for word in (*CLOCK_KEYS, "day", "days", "hour", "hours", "week", "weeks"))


# A number given as a value now, whatever it is the value of: 'which now stands at 200 units', 'is now 15'.
_NOW_SAID = re.compile(
    r"\bnow(?: [a-z]+){0,3} (-?\d+(?:\.\d+)?)(?![\d:.,/]\d|\d)"
    r"|\b(?:is|are) now (?:at )?(-?\d+(?:\.\d+)?)\b(?![:.,/]\d)",
    re.IGNORECASE,
)


def _flat(text: str) -> str:
    """A reply on one line, its numbers in digits, as the 'now' and 'left' readers take it."""
    return in_digits(" ".join(text[:4000].split()))


def said_now(text: str) -> set[float]:
    """The numbers a text gives as something's value now ('the pound, which now stands at 200 units')."""
    return {float(a or b) for a, b in _NOW_SAID.findall(_flat(text))}


def stated_left(
    text: str, fields: dict[str, float], prefer: frozenset[str] = frozenset()
) -> dict[str, float]:
    """path -> the number a text gives as what is left of a field ('2 calls left in the room today')."""
    lookup = names(fields, prefer)
    said = {lookup.get(stem(w)): float(n) for n, w in _LEFT.findall(_flat(text))}
    return {path: number for path, number in said.items() if path is not None}


def stated_after(
    text: str, fields: dict[str, float], prefer: frozenset[str] = frozenset()
) -> dict[str, float]:
    """path -> the number a text gives as a field's value once the command is done ('our purse now holds 3
    coins', 'Housing is now 15', '3 coins left'); only a field given one such number."""
    lookup = names(fields, prefer)
    said: dict[str, set[float]] = {}
    text = _flat(text)
    # '2 days left' is time to go (a house's building time), never the clock's value
    left = [(n, w) for n, w in _LEFT.findall(text) if stem(w) not in CLOCK_STEMS]
    pairs = [(w, n) for n, w in _NOW_NUMBER_WORD.findall(text) + left]
    for word, number in pairs + _WORD_IS_NOW.findall(text):
        path = lookup.get(stem(word))
        if path is not None:
            said.setdefault(path, set()).add(float(number))
    return {path: next(iter(values)) for path, values in said.items() if len(values) == 1}


# 'Purse: 9 shillings': a field's own name as a label, and its value, as a status line gives it
# 'Purse: 9', 'Balance due: $8.00', 'Funds now: 150 coins': a field's name, a word saying when, a number.
_LABEL = re.compile(
    r"\b([a-z][a-z_-]*)(?: (?:due|now|left|owed|remaining|today))?:"
    r"[ \t]*[$£€]?(-?\d+(?:\.\d+)?)\b(?![.,:/]\d)",
    re.IGNORECASE,
)


def labelled(text: str, fields: dict[str, float], prefer: frozenset[str] = frozenset()) -> dict[str, float]:
    """path -> the number a text gives under the field's own name as a label ('Purse: 9', 'Balance due:
    $8.00'); only a field labelled once."""
    lookup = names(fields, prefer)
    said: dict[str, list[float]] = {}
    for word, number in _LABEL.findall(text[:4000]):
        path = lookup.get(stem(word))
        if path is not None and path.rsplit(".", 1)[-1].lower() == word.lower():
            said.setdefault(path, []).append(float(number))
    return {path: values[0] for path, values in said.items() if len(values) == 1}


def _counts_a_unit(text: str, end: int, fields: dict[str, float]) -> bool:
    """Whether the number ending at `end` counts the word after it rather than the name before it: 'food 2
    gold a ration' prices food in gold (the unit names a field, or a rate follows it), 'C: 2 on the hook'
    counts what stands somewhere, while in 'Gold 30 Food 10' the next word labels a number of its own."""
    after = _UNIT_AFTER.match(text, end)
    if after is None:
        return False
    unit, following = after.group(1), after.group(2).lower().strip(".,;:)")
    if re.fullmatch(r"[+-]?\d+", following):
        return False
    if unit.lower() in _WHERE:
        return True  # 'C: 2 on the hook, 1 free of 3': what stands somewhere, not C's own number
    unit_is_field = stem(unit) in {stem(path.rsplit(".", 1)[-1]) for path in fields}
    return unit_is_field or following in _PER or following.startswith("/")


def changed(before: State, after: State) -> dict[str, tuple[float, float]]:
    a, b = numeric_fields(before), numeric_fields(after)
    return {path: (a[path], b[path]) for path in a.keys() & b.keys() if a[path] != b[path]}


def delta(old: float, new: float) -> float:
    """The change from `old` to `new`, without the binary noise of decimals (27.6 - 15.1 is 12.5, not
    12.500000000000002)."""
    return round(new - old, 9)


# The periods a clock's field counts round: hours of a day or half-day, minutes, degrees.
CLOCK_PERIODS = (24, 12, 60, 360)


def wrapped(old: float, new: float, by: float) -> bool:
    """Whether a field that went from `old` to `new` moved by `by` round a clock's dial (18 h + 10 h is 4 h):
    both values on the dial, and `by` hours or minutes onwards, or back, lands on `new`."""
    if not all(float(v).is_integer() for v in (old, new, by)):
        return False
    return any(
        0 <= old < period
        and 0 <= new < period
        and ((old + by - new) % period == 0 or (old - by - new) % period == 0)
        for period in CLOCK_PERIODS
    )


def is_clock(path: str) -> bool:
    """A field that is a clock, at the top or nested ('counters.ticks')."""
    return path.rsplit(".", 1)[-1] in CLOCK_KEYS


def changed_counts(before: State, after: State) -> dict[str, tuple[float, float]]:
    """`changed` without a clock nested in the state: what the command moved, not the time it took."""
    return {path: move for path, move in changed(before, after).items() if not is_clock(path)}

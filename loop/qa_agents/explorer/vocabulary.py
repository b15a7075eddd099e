"""Words a game's state offers as command arguments: names, ids, enum values, coordinates, neighbours.

Nothing here knows a game: a token is any short string value or nested key of the state, found by walking
it; a slot kind like 'unit' prefers the tokens found under a key that looks like it ('units').
"""

from __future__ import annotations

import functools
import re
from typing import Any

MAX_TOKEN = 30
MAP_KEY = "{}"  # marks a token that is a key of a map ({'lamp': 2}): the name of a thing the game counts
_COORDINATE = re.compile(r"([a-z])(\d{1,2})")


# What may come before a thing's name in a command: a count ('take 3 coins', 'drop all coins') and, first, the
# particle of a two-word verb ('put down 2 coins', 'pick up the lamp').
COUNT_WORDS = frozenset(
    {"a", "an", "the", "all", "every", "each", "some", "one", "two", "three", "four", "five", "six", "seven",
     "eight", "nine", "ten", "eleven", "twelve"}
)  # fmt: skip


def names_money(path: str) -> bool:
    """Whether a field's own name is a word money goes by (`ledger.cash`, `till`), or one of its words is
    (`till_pence`)."""
    key = path.rsplit(".", 1)[-1]
    words = re.split(r"[_\s-]+", key)
    return any(stem(word.lower()) in MONEY for word in [key, *words] if word)


_KEY_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")


def key_words(path: str) -> list[str]:
    """The words of a field's own name, lower case, camelCase and snake_case split (`pools[Hot].tempC`:
    temp, c; `day_number`: day, number)."""
    key = re.split(r"[.\]]", path)[-1] or path
    return [word.lower() for word in _KEY_WORD.findall(key)]


PARTICLES = frozenset({"down", "up", "away", "out", "off"})


# The little words that join a command's two arguments ('give lamp to guard', 'put gem into box').
JOINING = frozenset({"to", "on", "onto", "at", "from", "into", "in", "with", "for", "under", "over", "off"})


def _count(word: str) -> bool:
    return word.lower() in COUNT_WORDS or word.lstrip("-").isdigit()


def object_of(noun: str) -> str:
    """The thing a command's argument names, without a leading particle or count ('down 10 coins' -> 'coins');
    empty when it names none ('all'). Of two arguments, the first thing named: before the word joining them
    ('lamp to guard'), without a count after it ('coins 3'), or the first `name=value` that is no number
    ('item=coin qty=3')."""
    words = noun.split()
    if any("=" in word for word in words):
        values = [word.partition("=")[2] for word in words if "=" in word]
        return next((value for value in values if value and not _count(value)), "")
    start = 1 if words and words[0].lower() in PARTICLES else 0
    while start < len(words) and _count(words[start]):
        start += 1
    words = words[start:]
    cut = next((i for i, word in enumerate(words) if i > 0 and word.lower() in JOINING), len(words))
    words = words[:cut]
    while len(words) > 1 and _count(words[-1]):
        words.pop()
    return " ".join(words)


def stem(word: str) -> str:
    """A crude English stem: lower case, no plural or possessive ending ('boxes' -> 'box')."""
    word = word.lower().strip("'\"")
    for ending in ("'s", "ies", "es", "s"):
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            word = word[: -len(ending)] + ("y" if ending == "ies" else "")
            if ending == "es" and not word.endswith(("x", "s", "sh", "ch", "z")):
                word += "e"
            break
    return word


# The words a field of money goes by (a till, a purse, coins), as stems.
MONEY = frozenset(
    stem(word)
    for word in (
        "cash", "money", "gold", "coins", "funds", "purse", "till", "balance", "credits", "crowns",
        "shillings", "pence", "pounds", "dollars", "silver", "copper", "dinars", "rupees", "takings",
        "revenue", "wallet", "bank", "savings", "florins", "ducats", "marks", "budget", "treasury",
    )
)  # fmt: skip


def state_tokens(state: Any, path: str = "", in_list: bool = False) -> list[tuple[str, str]]:
    """(path, token) for every short string value and every key of a nested dict in `state`."""
    found: list[tuple[str, str]] = []
    if isinstance(state, dict) and not path:
        found.extend(dotted_names(state))
    if isinstance(state, dict):
        # A map's keys are names ({'c3': null, 'e6': 'you'}); a record's keys are field names: skip those.
        kinds = {type(v) for v in state.values() if v is not None}
        is_map = bool(path) and not in_list and len(kinds) <= 1 and not kinds & {dict, list, bool}
        is_map = is_map or (bool(path) and not in_list and _records_by_name(state))
        for key, value in state.items():
            sub = f"{path}.{key}" if path else str(key)
            if is_map:
                found.append((f"{path}{MAP_KEY}", str(key).lower()))
            found.extend(state_tokens(value, sub))
    elif isinstance(state, list):
        for value in state:
            found.extend(state_tokens(value, path, in_list=True))
    elif isinstance(state, str) and _is_token(state):
        if "_" in state.strip("_") and path.rsplit(".", 1)[-1] in ("name", "id"):
            found.append((path, state.lower().replace("_", " ")))  # an id 'brass_key' as a text says it
        found.append((path, state.lower()))
        found.extend((path, part) for part in apposed(state))
    return found


def _records_by_name(state: dict[str, Any]) -> bool:
    """Records of one shape keyed by their names ({'Mira': {'health': 3}, 'Jonas': {'health': 2}})."""
    values = list(state.values())
    if len(values) < 2 or not all(isinstance(v, dict) and v for v in values):
        return False
    return len({frozenset(v) for v in values}) == 1


_APPOSED = re.compile(r"^([^,()]{2,40}?)\s*(?:,\s*|\s\()(?:the |a |an )?([^,()]{2,40}?)\)?$", re.IGNORECASE)


def apposed(text: str) -> list[str]:
    """The two names of a name and its role ('Mr Pryce, the butler', 'Vera (the cook)'): each is what a
    command may call the one thing."""
    match = _APPOSED.match(text.strip())
    if match is None or any(len(part.split()) > 3 for part in match.groups()):
        return []
    return [part.lower() for part in match.groups()]


def dotted_names(state: dict[str, Any]) -> list[tuple[str, str]]:
    """The names a flat state spells in its dotted keys: the part that varies between keys alike around it
    ('train.T1.at', 'train.T2.at': T1 and T2 under 'train'), never the last part (a field's name)."""
    shapes: dict[tuple[str, int, str], list[str]] = {}
    for key in state:
        parts = str(key).split(".")
        for i in range(1, len(parts) - 1):  # the last part names a field ('at', 'status'), never a thing
            shape = (".".join(parts[:i]), len(parts) - i, ".".join(parts[i + 1 :]))
            shapes.setdefault(shape, []).append(parts[i])
    found: list[tuple[str, str]] = []
    for (prefix, _, _), names in shapes.items():
        distinct = list(dict.fromkeys(names))
        if len(distinct) >= 2 and all(_is_token(n) for n in distinct):
            found += [(f"{prefix}{MAP_KEY}", n.lower()) for n in distinct]
    return list(dict.fromkeys(found))


def _is_token(text: str) -> bool:
    """Short, one line, with a letter, and not a row of a drawn map ('#..#')."""
    short = 0 < len(text) <= MAX_TOKEN and "\n" not in text
    return short and re.search(r"[a-z]", text, re.IGNORECASE) is not None and not re.search(r"[#.]{3}", text)


def neighbours(token: str) -> list[str]:
    """For a coordinate-like token ('c3'), those one letter or one number away ('b3', 'd3', 'c2', 'c4')."""
    match = _COORDINATE.fullmatch(token)
    if not match:
        return []
    letter, number = match.group(1), int(match.group(2))
    around = [(chr(ord(letter) + d), number) for d in (-1, 1)] + [(letter, number + d) for d in (-1, 1)]
    return [f"{column}{row}" for column, row in around if "a" <= column <= "z" and row >= 0]


def _rank(path: str, token: str) -> int:
    """Names first (of counted things, or a record's name or id), then ids and coordinates ('u1', 'c3'), then
    any other word, and last what reads as a field's name ('max_hp', 'x')."""
    if len(token) < 2 or "_" in token:
        return 3
    if _names_a_thing(path):
        return 0
    return 1 if re.fullmatch(r"[a-z]+\d+", token) else 2


@functools.lru_cache(maxsize=4096)  # a state's paths recur in every state and for every slot
def _path_stems(path: str) -> frozenset[str]:
    return frozenset(stem(w) for w in re.split(r"\W", path))


def kind_tokens(kind: str, tokens: list[tuple[str, str]]) -> list[str]:
    """The tokens under a key like a slot's kind ('engine': those under 'engines'), id-like ones ('u1')
    first, then names and ids: those name a thing better than its type word."""
    kind_stem = stem(kind.split()[-1]) if kind.split() else ""
    preferred = [(p, t) for p, t in tokens if kind_stem and kind_stem in _path_stems(p)]
    preferred.sort(key=lambda pt: (not re.fullmatch(r"[a-z]+\d+", pt[1]), not _names_a_thing(pt[0])))
    return list(dict.fromkeys(t for _, t in preferred))


def _names_a_thing(path: str) -> bool:
    """A token under 'name' or 'id' of its record, or a map's key, is a thing's name (not its type)."""
    return path.endswith(MAP_KEY) or path.rsplit(".", 1)[-1] in ("name", "id")


def counted_stems(state: Any, found: set[str] | None = None) -> frozenset[str]:
    """The stems of the keys under which the state keeps a number ('fuel': {'units': 10}: 'unit')."""
    found = set() if found is None else found
    if isinstance(state, dict):
        for key, value in state.items():
            if isinstance(value, int | float) and not isinstance(value, bool):
                found.add(stem(str(key)))
            else:
                counted_stems(value, found)
    elif isinstance(state, list):
        for value in state:
            counted_stems(value, found)
    return frozenset(found)


def is_counted(kind: str, counted: frozenset[str]) -> bool:
    """Is an argument of `kind` a quantity: does the state keep a number under a key like it (`counted`)?"""
    return bool(kind.split()) and stem(kind.split()[-1]) in counted


def tokens_for(kind: str, tokens: list[tuple[str, str]], strict: bool = False) -> list[str]:
    """Tokens for a slot of `kind`: those under a key like the kind first, then (unless `strict` and some
    were found) every other token."""
    preferred = kind_tokens(kind, tokens)
    if strict and preferred:
        return list(dict.fromkeys(preferred))
    others = [t for _, t in sorted(tokens, key=lambda pt: _rank(*pt))]
    nearby = [n for t in others for n in neighbours(t)]
    return list(dict.fromkeys([*preferred, *others, *nearby]))


def related_tokens(state: Any, token: str) -> list[str]:
    """The other words of the record that holds `token` ({'id': 'x9', 'at': 'k4'}: 'k4'), and the coordinates
    next to them: a second argument often concerns the thing the first one names (a place beside it)."""
    found: list[str] = []
    if isinstance(state, dict):
        values = [v for v in state.values() if isinstance(v, str)]
        if any(v.lower() == token for v in values):
            own = [v.lower() for v in values if v.lower() != token and _is_token(v)]
            found += own + [n for v in own for n in neighbours(v)]
        for value in state.values():
            found += related_tokens(value, token)
    elif isinstance(state, list):
        for value in state:
            found += related_tokens(value, token)
    return list(dict.fromkeys(found))

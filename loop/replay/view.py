"""Generic reading of a GBQA-like game state: the conventional keys, never one game's names.

Games differ in spelling (`room` as an object or an id, `location`, `items` or `visible_items`), so every
accessor tries the common conventions and answers an empty value when the game has no such notion.
"""

from __future__ import annotations

import functools
import json
import re
from typing import Any

State = dict[str, Any]

# Markup tags by name ('<b>', '</span>', '<font color=red>'); a name in angle marks ('<KEYCARD L1>') stays.
_MARKUP = re.compile(
    r"</?(?:a|b|i|u|s|em|strong|code|tt|pre|br|p|span|div|font|small|big|kbd|samp|mark|sup|sub|h[1-6]|li|ul|ol)"
    r"(?:\s[^<>]{0,60})?\s*/?>",
    re.IGNORECASE,
)
# A quote mark at the edge of a word (not the apostrophe inside "mott's"), a bracket, an emphasis mark.
_QUOTING = re.compile(
    r"(?<!\w)[\"'`\u2018\u2019\u201c\u201d\u00ab\u00bb]|[\"'`\u2018\u2019\u201c\u201d\u00ab\u00bb](?!\w)|[\[\](){}*<>]"
)


def plain_name(name: str) -> str:
    """A name as a player would type it: without markup (`<b>`), quotes (straight or curly), brackets or
    emphasis marks, and with single spaces. Case is kept: comparisons fold it."""
    return " ".join(_QUOTING.sub(" ", _MARKUP.sub(" ", name)).split()) or name


def _names(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [plain_name(str(k)) for k in value]
    if isinstance(value, list):
        names = []
        for entry in value:
            if isinstance(entry, dict):
                entry = entry.get("name") or entry.get("id") or entry.get("item")
            elif isinstance(entry, list) and entry and isinstance(entry[0], str):
                entry = entry[0]  # a [name, count] pair
            if entry is not None:
                names.append(plain_name(str(entry)))
        return names
    return []


_LOCAL_WORDS = frozenset({"here", "room", "floor", "ground", "visible", "local", "nearby"})
_THING_WORDS = frozenset({"items", "things", "objects", "loot", "floor", "ground"})
_KEY_PARTS = re.compile(r"[^a-zA-Z]+|(?<=[a-z])(?=[A-Z])")


def local_items_key(key: str, value: Any = ()) -> bool:
    """Whether a key names what lies where the player is: 'items', 'floor', 'ground', or a thing word joined
    to a place word ('items_here', 'room_items', 'visibleItems', 'floor_items'), holding a list or a dict (a
    number under 'floor' is a storey)."""
    return isinstance(value, list | dict) and _local_key_name(key)


@functools.lru_cache(maxsize=4096)  # asked for every key of every state the oracles read
def _local_key_name(key: str) -> bool:
    parts = [p.lower() for p in _KEY_PARTS.split(key) if p]
    if len(parts) == 1:
        return parts[0] in ("items", "floor", "ground")
    return len(parts) == 2 and bool(_LOCAL_WORDS & set(parts)) and bool(_THING_WORDS & set(parts))


def _room(state: State) -> dict[str, Any]:
    room = state.get("room", state.get("location"))
    if isinstance(room, dict):
        return room
    if room is None and "exits" not in state:
        # A state nested its own way ({"scene": {"exits": [...]}}): the object that has exits, else the one
        # that holds what lies here ({"scene": {"ground": [...]}}), is the room.
        nested = [v for v in state.values() if isinstance(v, dict)]
        holding = (v for v in nested if any(local_items_key(k, x) for k, x in v.items()))
        return next((v for v in nested if "exits" in v), next(holding, {}))
    return {}


def room_id(state: State) -> str:
    room = state.get("room", state.get("location", state.get("current_room", state.get("place"))))
    if room is None:
        room = _room(state)  # nested its own way: the object with exits, named by an id-like key
    if isinstance(room, dict):
        return str(next((room[k] for k in ROOM_NAME_KEYS if isinstance(room.get(k), str | int)), ""))
    return "" if room is None else str(room)


ROOM_NAME_KEYS = ("id", "name", "place", "title", "where")


def description(state: State) -> str | None:
    """The room text the state claims the player sees, or None when the state carries none."""
    text = _room(state).get("description", state.get("description", state.get("room_description")))
    return text if isinstance(text, str) else None


def exits(state: State) -> list[str]:
    return _names(_room(state).get("exits", state.get("exits")))


def _local_items(state: State) -> Any:
    """What the state lists as lying where the player is (None when it lists nothing of the kind)."""
    for where in (state, _room(state)):
        key = next((k for k, v in where.items() if local_items_key(str(k), v)), None)
        if key is not None:
            return where[key]
    return None


def visible_items(state: State) -> list[str]:
    return _names(_local_items(state))


def has_visible_items(state: State) -> bool:
    return _local_items(state) is not None


def fixtures(state: State) -> list[str]:
    return _names(state.get("fixtures", _room(state).get("fixtures")))


def inventory(state: State) -> list[str]:
    return _names(state.get("inventory"))


def has_inventory(state: State) -> bool:
    return "inventory" in state


def turn(state: State) -> int | None:
    value = state.get("turn", state.get("turns", state.get("moves")))
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def is_dark(state: State) -> bool:
    return str(state.get("visibility", "")).lower() == "dark" or state.get("dark") is True


def _stem(word: str) -> str:
    word = word.lower()
    for ending, keep in (("ies", "y"), ("ves", "f"), ("es", ""), ("s", "")):
        if word.endswith(ending) and len(word) - len(ending) >= 3 and not word.endswith("ss"):
            return word[: -len(ending)] + keep
    return word


@functools.lru_cache(maxsize=1024)
def _stems(text: str) -> tuple[str, ...]:
    """The stemmed words of a text, markup, quotes and brackets left out ('<b>lamp</b>' and "'lamp'" are the
    word lamp; "mott's" stays one word; an id's underscores part words: brass_key is brass key); a reply is
    matched against every item name, so its words are made once."""
    words = re.findall(r"[\w'\u2019-]+", _MARKUP.sub(" ", text.lower()).replace("_", " "))
    return tuple(_stem(w.strip("'\u2019-").replace("\u2019", "'")) for w in words if w.strip("'\u2019-"))


def mentions(text: str, name: str, window: int = 4) -> bool:
    """True when `text` names `name` as whole words, allowing a plural and adjectives between its words:
    'worn red carpets' names 'worn carpet', 'brass keys' names 'key', 'keyhole' does not name 'key'."""
    words, wanted = _stems(text), _stems(name)
    if not wanted:
        return False
    head, modifiers = wanted[-1], wanted[:-1]
    for index, word in enumerate(words):
        if word == head or (word.endswith("e") and word[:-1] == head) or word == head.rstrip("e"):
            before = words[max(0, index - window - len(modifiers)) : index]
            if all(m in before for m in modifiers):
                return True
    return False


def signature(state: State) -> str:
    """What makes two states the same for exploration: place, what is where, flags; not the turn counter."""
    flags = state.get("flags")
    flag_text = ",".join(f"{k}={v}" for k, v in sorted(flags.items())) if isinstance(flags, dict) else ""
    return "|".join(
        [
            room_id(state),
            ",".join(sorted(visible_items(state))),
            ",".join(sorted(inventory(state))),
            ",".join(sorted(exits(state))),
            flag_text,
            "dark" if is_dark(state) else "",
            str(state.get("game_over", "")),
        ]
    )


CLOCK_KEYS = frozenset({"turn", "turns", "tick", "ticks"})


def without_clock(state: State) -> State:
    """The state without the counters that advance on every command, whatever else happens: at the top, or
    one level down in a state nested its own way (`{"meta": {"turn": 3}}`)."""
    return {k: _unclocked(v) for k, v in state.items() if not _is_clock(k)}


def _is_clock(key: str) -> bool:
    """A counter's key, also as the last part of a flat dotted key (`{"game.turn": 3}`)."""
    return key.rsplit(".", 1)[-1] in CLOCK_KEYS


def clock(state: State) -> tuple[int, ...]:
    """The values of the counters `without_clock` leaves out, where it finds them (at the top, then one level
    down)."""
    found = [v for k, v in state.items() if _is_clock(k) and type(v) is int]
    for sub in state.values():
        if isinstance(sub, dict):
            found += [v for k, v in sub.items() if k in CLOCK_KEYS and type(v) is int]
    return tuple(found)


def _unclocked(value: Any) -> Any:
    if isinstance(value, dict) and not CLOCK_KEYS.isdisjoint(value):
        return {k: v for k, v in value.items() if not (k in CLOCK_KEYS and type(v) is int)}
    return value


def changed_keys(first: State, second: State) -> set[str]:
    """The top-level keys whose values differ between two states, the clock left out."""
    a, b = without_clock(first), without_clock(second)
    return {key for key in set(a) | set(b) if a.get(key) != b.get(key)}


def leaves(value: Any, path: str = "", found: dict[str, Any] | None = None) -> dict[str, Any]:
    """The state's leaves by dotted path: its scalars, and each list as one leaf (its contents and order)."""
    found = {} if found is None else found
    if isinstance(value, dict):
        for key, sub in value.items():
            leaves(sub, f"{path}.{key}" if path else str(key), found)
    else:
        found[path] = value
    return found


def state_key(state: State) -> str:
    """The whole state as one string for novelty: two states are the same when everything but the clock is."""
    return json.dumps(without_clock(state), sort_keys=True, default=str)


def place(state: State) -> str:
    """Where the player is, for exploration: the room, else a position the state gives ('player': {x, y})."""
    room = room_id(state)
    if room:
        return room
    for key in ("player", "position", "pos", "you"):
        spot = state.get(key)
        if isinstance(spot, dict) and "x" in spot and "y" in spot:
            return f"{spot['x']},{spot['y']}"
    return ""

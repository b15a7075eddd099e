"""What a state counts, wherever it keeps it: lists of names, lists of {id, qty} objects, dicts of counts.

A collection is found by its shape and by the generic word it sits under (inventory, pack, cargo, stock,
floor, ...), never by a game's names. A list of objects with a quantity key counts wherever it is; a list of
names or a dict of counts only under such a word (a dict of numbers elsewhere is a record of stats). Each
collection is carried (it goes with the player), local (the room's: under the room object, or a top-level
list of what is visible) or other (a merchant's stock, a world map): moving between places changes what is
local, so across a move the local ones are not compared.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from loop.qa_agents.explorer.per_state import per_state
from loop.replay import view

CONTAINERS = frozenset(
    {
        "inventory", "items", "visible_items", "room_items", "pack", "bag", "backpack", "satchel", "cargo",
        "hold", "floor", "ground", "stock", "goods", "wares", "stores", "supplies", "shelf", "shelves",
        "contents", "belongings", "possessions", "loot", "carrying", "carried",
    }
)  # fmt: skip
CARRIED = frozenset(
    {"inventory", "pack", "bag", "backpack", "satchel", "cargo", "hold", "belongings", "possessions",
     "carrying", "carried"}
)  # fmt: skip
QUANTITY_KEYS = ("qty", "quantity", "count", "amount", "units", "number", "n")
NAME_KEYS = ("id", "name", "item", "good", "kind", "type")


# A dict of numbers with one of these keys is a record of a store (capacity, free space), not its contents.
RECORD_KEYS = frozenset(
    {"capacity", "free", "max", "cap", "limit", "used", "total", "size", "space", "slots"}
)


@dataclass
class Holdings:
    carried: Counter[str] = field(default_factory=Counter)
    local: Counter[str] = field(default_factory=Counter)
    other: Counter[str] = field(default_factory=Counter)
    found_carried: bool = False  # a carried collection exists, even an empty one
    found_local: bool = False

    def total(self, with_local: bool = True) -> Counter[str]:
        return self.carried + self.other + (self.local if with_local else Counter())


def entry_name(entry: dict[str, Any]) -> str | None:
    """The name of an object in a list: its id or name (or the first such key it has)."""
    for key in NAME_KEYS:
        value = entry.get(key)
        if isinstance(value, str | int) and not isinstance(value, bool):
            return str(value)
    return None


def _quantity(entry: dict[str, Any]) -> int | None:
    for key in QUANTITY_KEYS:
        value = entry.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def _valued(entry: dict[str, Any]) -> bool:
    """A name/value record whose value is a count (under a container's word only: elsewhere such records are
    readings, an oxygen level or a score)."""
    value = entry.get("value")
    return isinstance(value, int) and not isinstance(value, bool)


def _key(name: str) -> str:
    return view.plain_name(name).casefold()


def _collection(key: str, value: Any) -> Counter[str] | None:
    """The counts a value holds if it is a collection under `key`, else None."""
    container = key.lower() in CONTAINERS or view.local_items_key(key, value)
    if isinstance(value, list):
        if value and all(isinstance(e, dict) and entry_name(e) and _quantity(e) is not None for e in value):
            return Counter({_key(entry_name(e) or ""): _quantity(e) or 0 for e in value})
        if container and all(isinstance(e, str) for e in value):
            return Counter(_key(e) for e in value)
        if container and all(isinstance(e, dict) and entry_name(e) and _valued(e) for e in value):
            return Counter({_key(entry_name(e) or ""): e["value"] for e in value})  # [{name, value: 2}]
        if container and all(_is_pair(e) for e in value):  # [["SALT", 3], ...]
            return Counter({_key(e[0]): e[1] for e in value})
        if container and all(isinstance(e, dict) and entry_name(e) for e in value):
            return Counter(_key(entry_name(e) or "") for e in value)
        return Counter() if container and not value else None
    counts = container and isinstance(value, dict) and not RECORD_KEYS & {str(k).lower() for k in value}
    if counts and all(isinstance(v, int) and not isinstance(v, bool) for v in value.values()):
        return Counter({_key(str(k)): v for k, v in value.items()})
    return None


def _is_pair(entry: Any) -> bool:
    return (
        isinstance(entry, list)
        and len(entry) == 2
        and isinstance(entry[0], str)
        and isinstance(entry[1], int)
        and not isinstance(entry[1], bool)
    )


@per_state
def holdings(state: view.State) -> Holdings:
    """Every counted thing of the state, by where it is kept (read-only: it is shared)."""
    found = Holdings()
    room = view._room(state)
    _walk(state, "", room, found, local=False, carried=False, top=True)
    return found


def _walk(value: Any, key: str, room: Any, found: Holdings, *, local: bool, carried: bool, top: bool) -> None:
    if isinstance(value, dict):
        local = local or (value is room and bool(room))
        for sub, inner in value.items():
            sub_key = str(sub)
            counts = _collection(sub_key, inner)
            if counts is not None:
                if local or (top and view.local_items_key(sub_key, inner)):
                    found.local.update(counts)
                    found.found_local = True
                elif carried or sub_key.lower() in CARRIED:
                    found.carried.update(counts)
                    found.found_carried = True
                else:
                    found.other.update(counts)
                continue
            held = carried or sub_key.lower() in CARRIED
            _walk(inner, sub_key, room, found, local=local, carried=held, top=False)
    elif isinstance(value, list):
        for entry in value:
            if isinstance(entry, dict | list):
                _walk(entry, key, room, found, local=local, carried=carried, top=False)

"""The shape of a generated game's state: the engine's `state()` method, where the probes read it, the docs'
description of its fields and the manifest's `won_field`, for each shape.

In every shape the creature is `{"name", "hp", "max_hp"}` or null, and counts of items are keyed by the
item's singular name.
"""

from __future__ import annotations

from dataclasses import dataclass

TURN_MARK = "#TURN#"


@dataclass(frozen=True)
class Shape:
    state_code: str  # the engine's state() method; TURN_MARK stands where `turn` goes when the state has it
    paths: dict[str, str]  # where the probes read place, hp, bag, floor and creature (dotted)
    entry_keys: tuple[str, str] | None  # (name, count) of an entry of a list-shaped bag or floor
    fields: tuple[tuple[str, str], ...]  # (field, meaning) for the docs
    won_field: str
    turn_field: str


SHAPES: dict[str, Shape] = {
    "flat": Shape(
        state_code="""    def state(self) -> dict:
        exits = self.exits_here()
        return {
            "place": self.place,
            "exits": [direction for direction, _ in exits],
            "locked_exits": [direction for direction, locked in exits if locked],
            "hp": self.hp,
            "max_hp": self.max_hp,
            "inventory": dict(self.bag),
            "items_here": dict(self.floors[self.place]),
            "creature": self.creature_here(),
            "for_sale": {item: {"price": price, "stock": stock} for item, price, stock in self.wares_here()},
            "won": self.won,
            "lost": self.lost,
            #TURN#
        }
""",
        paths={
            "place": "place",
            "hp": "hp",
            "bag": "inventory",
            "floor": "items_here",
            "creature": "creature",
        },
        entry_keys=None,
        fields=(
            ("place", "the name of the place you are in"),
            ("exits", "the directions you can leave by"),
            ("locked_exits", "those of the exits a locked door closes"),
            ("hp, max_hp", "your hit points and their maximum"),
            ("inventory", "what you carry: item name to count"),
            ("items_here", "what lies here: item name to count"),
            ("creature", "the creature here (name, hp, max_hp), or null"),
            ("for_sale", "the shop's wares here: item name to price and stock"),
            ("won, lost", "true once the game is won or lost"),
        ),
        won_field="won",
        turn_field="turn",
    ),
    "nested": Shape(
        state_code="""    def state(self) -> dict:
        exits = self.exits_here()
        wares = self.wares_here()
        return {
            "player": {"hp": self.hp, "max_hp": self.max_hp, "inventory": dict(self.bag)},
            "location": {
                "name": self.place,
                "exits": {direction: "locked" if locked else "open" for direction, locked in exits},
                "items": dict(self.floors[self.place]),
                "creature": self.creature_here(),
                "shop": {item: {"price": price, "stock": stock} for item, price, stock in wares} or None,
            },
            "status": {
                "won": self.won,
                "lost": self.lost,
                #TURN#
            },
        }
""",
        paths={
            "place": "location.name",
            "hp": "player.hp",
            "bag": "player.inventory",
            "floor": "location.items",
            "creature": "location.creature",
        },
        entry_keys=None,
        fields=(
            ("player.hp, player.max_hp", "your hit points and their maximum"),
            ("player.inventory", "what you carry: item name to count"),
            ("location.name", "the name of the place you are in"),
            ("location.exits", 'each direction you can leave by, "open" or "locked"'),
            ("location.items", "what lies here: item name to count"),
            ("location.creature", "the creature here (name, hp, max_hp), or null"),
            ("location.shop", "the shop's wares here (item name to price and stock), or null"),
            ("status.won, status.lost", "true once the game is won or lost"),
        ),
        won_field="status.won",
        turn_field="status.turn",
    ),
    "flat-lists": Shape(
        state_code="""    def state(self) -> dict:
        return {
            "room": self.place,
            "exits": [{"direction": direction, "locked": locked} for direction, locked in self.exits_here()],
            "hp": self.hp,
            "max_hp": self.max_hp,
            "carrying": [{"item": item, "count": count} for item, count in self.bag.items()],
            "floor": [{"item": item, "count": count} for item, count in self.floors[self.place].items()],
            "creature": self.creature_here(),
            "wares": [
                {"item": item, "price": price, "stock": stock} for item, price, stock in self.wares_here()
            ],
            "won": self.won,
            "lost": self.lost,
            #TURN#
        }
""",
        paths={"place": "room", "hp": "hp", "bag": "carrying", "floor": "floor", "creature": "creature"},
        entry_keys=("item", "count"),
        fields=(
            ("room", "the name of the place you are in"),
            ("exits", "one entry per way out: direction, and whether a locked door closes it"),
            ("hp, max_hp", "your hit points and their maximum"),
            ("carrying", "what you carry: one entry per item, with its count"),
            ("floor", "what lies here: one entry per item, with its count"),
            ("creature", "the creature here (name, hp, max_hp), or null"),
            ("wares", "the shop's wares here: item, price and stock"),
            ("won, lost", "true once the game is won or lost"),
        ),
        won_field="won",
        turn_field="turn",
    ),
    "nested-lists": Shape(
        state_code="""    def state(self) -> dict:
        exits = self.exits_here()
        return {
            "character": {
                "health": {"hp": self.hp, "max_hp": self.max_hp},
                "bag": [{"name": item, "n": count} for item, count in self.bag.items()],
            },
            "scene": {
                "title": self.place,
                "ways": [direction for direction, _ in exits],
                "barred": [direction for direction, locked in exits if locked],
                "ground": [{"name": item, "n": count} for item, count in self.floors[self.place].items()],
                "monster": self.creature_here(),
                "counter": [
                    {"name": item, "price": price, "left": stock} for item, price, stock in self.wares_here()
                ],
            },
            "progress": {
                "won": self.won,
                "lost": self.lost,
                #TURN#
            },
        }
""",
        paths={
            "place": "scene.title",
            "hp": "character.health.hp",
            "bag": "character.bag",
            "floor": "scene.ground",
            "creature": "scene.monster",
        },
        entry_keys=("name", "n"),
        fields=(
            ("character.health.hp, character.health.max_hp", "your hit points and their maximum"),
            ("character.bag", "what you carry: one entry per item (name, n)"),
            ("scene.title", "the name of the place you are in"),
            ("scene.ways", "the directions you can leave by"),
            ("scene.barred", "those of the ways a locked door closes"),
            ("scene.ground", "what lies here: one entry per item (name, n)"),
            ("scene.monster", "the creature here (name, hp, max_hp), or null"),
            ("scene.counter", "the shop's wares here: name, price and how many are left"),
            ("progress.won, progress.lost", "true once the game is won or lost"),
        ),
        won_field="progress.won",
        turn_field="progress.turn",
    ),
}


def state_code(shape: str, turn_in_state: bool) -> str:
    """The engine's state() method for a shape, with `turn` in the state or not."""
    lines = []
    for line in SHAPES[shape].state_code.splitlines():
        if line.strip() == TURN_MARK:
            if turn_in_state:
                lines.append(line.replace(TURN_MARK, '"turn": self.turn,'))
        else:
            lines.append(line)
    return "\n".join(lines) + "\n"

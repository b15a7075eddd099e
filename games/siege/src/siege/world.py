"""The map and the numbers of SIEGE: terrain, unit types, starting armies. docs/design.md explains them."""

from __future__ import annotations

from dataclasses import dataclass

COLUMNS = "abcdefg"
ROWS = 7
Tile = tuple[int, int]

# Row 7 first, as the map is printed; "B" is a base, "V" a village.
TERRAIN_ROWS = (
    "..F...B",
    ".MF.V..",
    ".M...F.",
    "...M.F.",
    "F.VM...",
    "..F..M.",
    "B...F..",
)


@dataclass(frozen=True)
class Terrain:
    name: str
    move_cost: int | None  # None: impassable
    defense: int


TERRAIN = {
    ".": Terrain("plains", 1, 0),
    "F": Terrain("forest", 2, 1),
    "M": Terrain("mountain", None, 0),
    "V": Terrain("village", 1, 0),
    "B": Terrain("base", 1, 0),
}


@dataclass(frozen=True)
class UnitType:
    name: str
    cost: int
    hp: int
    attack: int
    move: int
    range: int
    cooldown: int


UNIT_TYPES = {
    "soldier": UnitType("soldier", cost=10, hp=10, attack=4, move=2, range=1, cooldown=1),
    "archer": UnitType("archer", cost=15, hp=6, attack=3, move=2, range=2, cooldown=2),
    "knight": UnitType("knight", cost=20, hp=14, attack=6, move=3, range=1, cooldown=3),
}


@dataclass
class Unit:
    id: str
    kind: str
    hp: int
    at: Tile
    moved: bool = False
    attacked: bool = False

    @property
    def type(self) -> UnitType:
        return UNIT_TYPES[self.kind]


PLAYER_BASE: Tile = (0, 0)
ENEMY_BASE: Tile = (6, 6)
START_GOLD = 30
ENEMY_START_GOLD = 20
BASE_INCOME = 8
VILLAGE_INCOME = 3
SUPPLY_CAP = 6
VISION = 2
GUARD_ZONE = 4
ENEMY_MAX_UNITS = 4
ENEMY_TRAIN_EVERY = 4
LAST_ROUND = 30

PLAYER_START = (("soldier", (0, 1)), ("archer", (1, 0)))
ENEMY_GARRISON = (
    Unit("e1", "soldier", UNIT_TYPES["soldier"].hp, (5, 6)),
    Unit("e2", "soldier", UNIT_TYPES["soldier"].hp, (6, 5)),
    Unit("e3", "archer", UNIT_TYPES["archer"].hp, (5, 5)),
)


def terrain_at(tile: Tile) -> Terrain:
    x, y = tile
    return TERRAIN[TERRAIN_ROWS[ROWS - 1 - y][x]]


def on_map(tile: Tile) -> bool:
    x, y = tile
    return 0 <= x < len(COLUMNS) and 0 <= y < ROWS


def villages() -> list[Tile]:
    return [(x, y) for y in range(ROWS) for x in range(len(COLUMNS)) if terrain_at((x, y)).name == "village"]


VILLAGE_OWNERS_AT_START: dict[Tile, str | None] = dict.fromkeys(villages())


def name_of(tile: Tile) -> str:
    return f"{COLUMNS[tile[0]]}{tile[1] + 1}"


def parse_tile(text: str) -> Tile | None:
    """'c4' -> (2, 3); None for anything that is not a tile on the map."""
    if len(text) < 2 or text[0] not in COLUMNS or not text[1:].isdigit():
        return None
    tile = (COLUMNS.index(text[0]), int(text[1:]) - 1)
    return tile if on_map(tile) else None


def distance(a: Tile, b: Tile) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def neighbours(tile: Tile) -> list[Tile]:
    x, y = tile
    around = [(x, y + 1), (x + 1, y), (x, y - 1), (x - 1, y)]
    return [t for t in around if on_map(t)]

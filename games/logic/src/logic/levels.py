"""The level set of LOGIC: box-pushing puzzles, played in order."""

from __future__ import annotations

from dataclasses import dataclass

Cell = tuple[int, int]


@dataclass(frozen=True)
class Level:
    number: int
    name: str
    rows: tuple[str, ...]
    move_limit: int

    def cells(self, *chars: str) -> set[Cell]:
        return {(x, y) for y, row in enumerate(self.rows) for x, c in enumerate(row) if c in chars}

    @property
    def walls(self) -> frozenset[Cell]:
        return frozenset(self.cells("#"))

    @property
    def targets(self) -> frozenset[Cell]:
        return frozenset(self.cells(".", "*", "+"))

    @property
    def boxes(self) -> frozenset[Cell]:
        return frozenset(self.cells("$", "*"))

    @property
    def start(self) -> Cell:
        return next(iter(self.cells("@", "+")))


# @ you, + you on a target, $ box, * box on a target, . target, # wall, space floor.
LEVELS = (
    Level(
        1,
        "First push",
        (
            "#######",
            "#     #",
            "#@ $ .#",
            "#     #",
            "#######",
        ),
        move_limit=12,
    ),
    Level(
        2,
        "Two of a kind",
        (
            "########",
            "#  .   #",
            "# $ $@ #",
            "#   .  #",
            "########",
        ),
        move_limit=30,
    ),
    Level(
        3,
        "The corner",
        (
            "#######",
            "#.   ##",
            "# $   #",
            "# #$# #",
            "#.  @ #",
            "#######",
        ),
        move_limit=40,
    ),
)

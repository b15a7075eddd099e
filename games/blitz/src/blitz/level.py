"""The arena of BLITZ: the map, the patrols and the numbers every rule uses."""

from __future__ import annotations

from dataclasses import dataclass

# P start, * gem, # wall, % cracked wall (a bomb breaks it), ^ spikes, E exit, . floor.
LAYOUT = (
    "P...#...*",
    ".##...#..",
    "..^..#...",
    "#.####.#.",
    "*%.......",
    "##.###.#.",
    "...^..*.E",
)
WIDTH = len(LAYOUT[0])
HEIGHT = len(LAYOUT)
LIVES = 3
BOMBS = 2
BOMB_FUSE = 3
DASH_COOLDOWN = 4
DASH_LENGTH = 2
GEM_POINTS = 100
ENEMY_POINTS = 50


@dataclass
class Enemy:
    """A patroller: walks its path one cell per tick, back to the start of the path after the last cell."""

    name: str
    path: tuple[tuple[int, int], ...]
    step: int = 0

    @property
    def position(self) -> tuple[int, int]:
        return self.path[self.step]

    def advance(self) -> None:
        self.step = (self.step + 1) % len(self.path)


def cells(char: str) -> list[tuple[int, int]]:
    return [(x, y) for y, row in enumerate(LAYOUT) for x, c in enumerate(row) if c == char]


START = cells("P")[0]
EXIT = cells("E")[0]
GEMS = set(cells("*"))
PATROLS = (
    ("guard", ((6, 2), (7, 2), (8, 2), (7, 2))),
    ("hound", ((4, 4), (5, 4), (6, 4), (7, 4), (6, 4), (5, 4))),
)

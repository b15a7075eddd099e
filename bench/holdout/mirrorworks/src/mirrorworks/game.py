"""The rules of Mirrorworks: one puzzle session, driven by typed commands."""

from __future__ import annotations

import re

from mirrorworks.levels import LEVELS, MIRROR_KINDS

COLUMNS = "abcdef"
SIZE = 6
EMITTERS = {">": (1, 0), "<": (-1, 0), "^": (0, 1), "v": (0, -1)}
FLIP = {"/": "\\", "\\": "/"}
# Travelling (dx, dy) with y growing towards row 6: how each mirror turns the beam.
BOUNCE = {
    "/": {(1, 0): (0, 1), (0, 1): (1, 0), (-1, 0): (0, -1), (0, -1): (-1, 0)},
    "\\": {(1, 0): (0, -1), (0, -1): (1, 0), (-1, 0): (0, 1), (0, 1): (-1, 0)},
}
KIND_WORDS = {"/": "/", "\\": "\\", "slash": "/", "backslash": "\\"}
COORD = re.compile(r"^([a-z])(\d+)$")
SOLVE_POINTS = 100
MISS_PENALTY = 10
SPARE_BONUS = 5

COMMANDS_HELP = """Commands:
- `rotate <coord>`: turn the mirror at <coord> a quarter turn (`/` becomes `\\`, `\\` becomes `/`)
- `place mirror <kind> at <coord>`: set a mirror from your inventory (<kind> is `/` or `\\`) on an empty cell
- `remove <coord>`: take a mirror you placed back into your inventory
- `fire`: shoot the laser (uses one shot)
- `undo`: take back your last rotate, place or remove on this level
- `reset`: start the current level over
- `level`: show the current level, your shots and your mirrors
- `commands`: show this list"""


class Refusal(Exception):
    """A command the rules do not allow; its text is shown to the player."""


def parse_coord(text: str) -> tuple[int, int]:
    """`c4` -> (column index, row index), both from 0; row 1 is index 0."""
    found = COORD.match(text.strip().lower())
    if not found:
        raise Refusal(f"'{text}' is not a board square: use a letter a-f and a number 1-6, like c4.")
    column, row = found.group(1), int(found.group(2))
    if column not in COLUMNS or not 1 <= row <= SIZE:
        raise Refusal(f"{text} is off the board: columns run a-f and rows 1-6.")
    return COLUMNS.index(column), row - 1


def coord_name(x: int, y: int) -> str:
    return f"{COLUMNS[x]}{y + 1}"


class Session:
    def __init__(self) -> None:
        self.level = 1
        self.score = 0
        self.solved_levels: list[int] = []
        self.beam: list[str] = []
        self.won = False
        self.inventory: dict[str, int] = {kind: 0 for kind in MIRROR_KINDS}
        self.start_level()

    # --- level setup -------------------------------------------------------------------------------------

    def start_level(self) -> None:
        spec = LEVELS[self.level - 1]
        # rows are stored bottom-up so that cells[y][x] matches the square name
        self.cells = [list(row) for row in reversed(spec["rows"])]
        self.inventory.update(spec["mirrors"])
        self.shots = 0
        self.shots_allowed = spec["shots"]
        self.placed: list[str] = []
        self.history: list[tuple[str, str, str]] = []

    def spec(self) -> dict:
        return LEVELS[self.level - 1]

    # --- views ---------------------------------------------------------------------------------------------

    def grid(self) -> list[str]:
        return ["".join(row) for row in reversed(self.cells)]

    def board(self) -> str:
        lines = [f"{y + 1} " + " ".join(self.cells[y]) for y in range(SIZE - 1, -1, -1)]
        lines.append("  " + " ".join(COLUMNS))
        return "\n".join(lines)

    def mirrors_text(self) -> str:
        return ", ".join(f"{self.inventory[kind]} x {kind}" for kind in MIRROR_KINDS)

    def status_text(self) -> str:
        left = self.shots_allowed - self.shots
        return (
            f"Level {self.level} of {len(LEVELS)}: {self.spec()['name']}. "
            f"Shots left: {left} of {self.shots_allowed}. Mirrors: {self.mirrors_text()}. Score: {self.score}."
        )

    def state(self) -> dict:
        return {
            "level": self.level,
            "grid": self.grid(),
            "inventory": dict(self.inventory),
            "shots": self.shots,
            "shots_allowed": self.shots_allowed,
            "solved_levels": list(self.solved_levels),
            "beam": list(self.beam),
            "placed": list(self.placed),
            "score": self.score,
            "won": self.won,
        }

    def intro(self) -> str:
        return (
            "Welcome to Mirrorworks. Steer the laser (> < ^ v) onto the target T; # is a wall.\n"
            f"{self.status_text()}\n{self.board()}\nType `commands` for what you can do."
        )

    # --- commands ------------------------------------------------------------------------------------------

    def handle(self, text: str) -> tuple[bool, str]:
        words = text.strip().split()
        if not words:
            return False, "Say something: type `commands` for the list."
        verb, args = words[0].lower(), words[1:]
        if verb in ("commands", "help"):
            return True, COMMANDS_HELP
        if verb == "level":
            return True, f"{self.status_text()}\n{self.board()}"
        if self.won:
            return False, f"All {len(LEVELS)} levels are solved; final score {self.score}. The workshop is closed."
        actions = {
            "rotate": self.rotate,
            "place": self.place,
            "remove": self.remove,
            "fire": self.fire,
            "undo": self.undo,
            "reset": self.reset,
        }
        action = actions.get(verb)
        if action is None:
            return False, f"Unknown command '{words[0]}'. Type `commands` for the list."
        try:
            return True, action(args)
        except Refusal as refusal:
            return False, str(refusal)

    def _one_coord(self, args: list[str], usage: str) -> tuple[int, int]:
        if len(args) != 1:
            raise Refusal(f"Usage: {usage}")
        return parse_coord(args[0])

    def rotate(self, args: list[str]) -> str:
        x, y = self._one_coord(args, "rotate <coord>")
        name = coord_name(x, y)
        piece = self.cells[y][x]
        if piece not in FLIP:
            raise Refusal(f"There is no mirror at {name} to rotate.")
        self.cells[y][x] = FLIP[piece]
        self.history.append(("rotate", name, piece))
        return f"You turn the mirror at {name}: it now reads {piece}.\n{self.board()}"

    def place(self, args: list[str]) -> str:
        words = [w for w in args if w.lower() not in ("mirror", "at")]
        if len(words) != 2:
            raise Refusal("Usage: place mirror <kind> at <coord>, for example: place mirror / at b2")
        kind = KIND_WORDS.get(words[0].lower())
        if kind is None:
            raise Refusal(f"'{words[0]}' is not a mirror kind: use / or \\.")
        x, y = parse_coord(words[1])
        name = coord_name(x, y)
        if self.cells[y][x] != ".":
            raise Refusal(f"{name} is not empty.")
        if self.inventory[kind] < 1:
            raise Refusal(f"You have no {kind} mirrors left.")
        self.inventory[kind] -= 1
        self.cells[y][x] = kind
        self.placed.append(name)
        self.history.append(("place", name, kind))
        return f"You set a {kind} mirror at {name}. Mirrors: {self.mirrors_text()}.\n{self.board()}"

    def remove(self, args: list[str]) -> str:
        x, y = self._one_coord(args, "remove <coord>")
        name = coord_name(x, y)
        piece = self.cells[y][x]
        if piece not in FLIP:
            raise Refusal(f"There is no mirror at {name}.")
        if name not in self.placed:
            raise Refusal(f"The mirror at {name} is bolted to the bench: you can rotate it, not remove it.")
        self.cells[y][x] = "."
        self.placed.remove(name)
        self.inventory[piece] += 1
        self.history.append(("remove", name, piece))
        return f"You lift the {piece} mirror off {name}. Mirrors: {self.mirrors_text()}.\n{self.board()}"

    def undo(self, args: list[str]) -> str:
        action, name, piece = self.history.pop()
        x, y = parse_coord(name)
        if action == "rotate":
            self.cells[y][x] = piece
            told = f"The mirror at {name} turns back to {piece}."
        elif action == "place":
            self.cells[y][x] = "."
            self.placed.remove(name)
            self.inventory[piece] += 1
            told = f"The {piece} mirror at {name} goes back into your inventory."
        else:
            self.cells[y][x] = piece
            self.placed.append(name)
            told = f"The {piece} mirror goes back onto {name}."
        return f"{told} Mirrors: {self.mirrors_text()}.\n{self.board()}"

    def reset(self, args: list[str]) -> str:
        self.start_level()
        return f"The bench is set up afresh.\n{self.status_text()}\n{self.board()}"

    def trace(self) -> str:
        """Follow the beam from the emitter; return how it ended ('target', 'wall' or 'edge')."""
        x, y, direction = next(
            (x, y, EMITTERS[cell]) for y, row in enumerate(self.cells) for x, cell in enumerate(row) if cell in EMITTERS
        )
        for _ in range(SIZE * SIZE * 4):
            x, y = x + direction[0], y + direction[1]
            if not (0 <= x < SIZE and 0 <= y < SIZE):
                return "edge"
            self.beam.append(coord_name(x, y))
            cell = self.cells[y][x]
            if cell == "T":
                return "target"
            if cell == "#" or cell in EMITTERS:
                return "wall"
            if cell in BOUNCE:
                direction = BOUNCE[cell][direction]
        return "loop"

    def fire(self, args: list[str]) -> str:
        if self.shots >= self.shots_allowed:
            raise Refusal(f"No shots left on level {self.level}. Type `reset` to start the level over.")
        self.shots += 1
        ending = self.trace()
        end = self.beam[-1] if self.beam else "the emitter"
        if ending != "target":
            where = {"edge": f"leaves the board after {end}", "wall": f"stops dead at {end}"}.get(
                ending, "runs in circles"
            )
            left = self.shots_allowed - self.shots
            return f"Zzzap! The beam {where}. Shots left: {left} of {self.shots_allowed}.\n{self.board()}"
        spare = sum(self.inventory.values())
        points = SOLVE_POINTS - MISS_PENALTY * self.shots + SPARE_BONUS * spare
        self.score += points
        self.solved_levels.append(self.level)
        told = f"Zzzap! The beam strikes the target at {end}. Level {self.level} solved: +{points} points."
        if self.level == len(LEVELS):
            self.won = True
            return f"{told}\nEvery bench in the workshop is lit. You win with {self.score} points!"
        self.level += 1
        self.start_level()
        return f"{told}\n{self.status_text()}\n{self.board()}"

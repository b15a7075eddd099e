"""The rules of LOGIC: one player's way through the level set, with undo, redo and a save slot.

Pure and deterministic: the same commands from a new game always give the same replies.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from logic.levels import LEVELS, Cell, Level

DIRECTIONS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
ALIASES = {"u": "up", "d": "down", "l": "left", "r": "right",
           "n": "up", "s": "down", "w": "left", "e": "right",
           "north": "up", "south": "down", "west": "left", "east": "right"}  # fmt: skip
HELP_TEXT = (
    "Commands: up/down/left/right (u/d/l/r, or north/south/west/east), undo, redo, restart, save, load, "
    "level <n>, levels, look, help. Push every box ($) onto a target (.) to solve a level."
)


@dataclass(frozen=True)
class Reply:
    success: bool
    message: str


@dataclass(frozen=True)
class Position:
    """Where the player and the boxes stand, and how many moves it took to get there."""

    player: Cell
    boxes: frozenset[Cell]
    moves: int


class Logic:
    """One game of LOGIC: the levels in order, each solved by pushing every box onto a target."""

    def __init__(self, unlocked: list[int] = [1]) -> None:
        self.unlocked = unlocked
        self.solved: list[int] = []
        self.saved: tuple[int, Cell, set[Cell], int] | None = None
        self.turn = 0
        self.won = False
        self._enter(LEVELS[0])

    def _enter(self, level: Level) -> None:
        self.level = level
        self.player = level.start
        self.boxes = set(level.boxes)
        self.moves = 0
        self.history: list[Position] = []
        self.future: list[Position] = []

    # --- what the player sees -------------------------------------------------------------------

    def board(self) -> list[str]:
        rows = []
        for y, row in enumerate(self.level.rows):
            line = []
            for x, char in enumerate(row):
                cell = (x, y)
                on_target = cell in self.level.targets
                if cell == self.player:
                    line.append("+" if on_target else "@")
                elif cell in self.boxes:
                    line.append("$")
                elif on_target:
                    line.append(".")
                else:
                    line.append("#" if char == "#" else " ")
            rows.append("".join(line))
        return rows

    def on_target(self) -> int:
        return len(self.boxes & self.level.targets)

    def describe(self) -> str:
        level = self.level
        return (
            f"Level {level.number} of {len(LEVELS)}, '{level.name}': {self.on_target()} of {len(self.boxes)} "
            f"box(es) on target, {self.moves} of {level.move_limit} moves used."
        )

    def state(self) -> dict[str, Any]:
        return {
            "level": self.level.number,
            "level_name": self.level.name,
            "board": self.board(),
            "player": {"x": self.player[0], "y": self.player[1]},
            "boxes": [{"x": x, "y": y} for x, y in sorted(self.boxes)],
            "boxes_on_target": self.on_target(),
            "moves": self.moves,
            "move_limit": self.level.move_limit,
            "undo_steps": len(self.history),
            "redo_steps": len(self.future),
            "saved_level": self.saved[0] if self.saved else None,
            "unlocked": sorted(self.unlocked),
            "solved": list(self.solved),
            "turn": self.turn,
            "won": self.won,
            "game_over": self.won,
        }

    def full_state(self) -> dict[str, Any]:
        """Everything, targets included: an inspection view that a player must never be shown."""
        return {
            "targets": sorted(self.level.targets),
            "saved": None if self.saved is None else [self.saved[0], self.saved[1], sorted(self.saved[2])],
            "won": self.won,
        }

    # --- commands -------------------------------------------------------------------------------

    def command(self, text: str) -> Reply:
        self.turn += 1
        if self.won:
            return Reply(False, "Every level is solved. Start a new game to play again.")
        words = text.lower().split()
        if not words:
            return Reply(False, "Say something. Type 'help' for the commands.")
        verb, rest = words[0], words[1:]
        verb = ALIASES.get(verb, verb)
        if verb in DIRECTIONS:
            return self._move(verb)
        handler = getattr(self, f"_do_{verb}", None)
        if handler is None:
            return Reply(False, f"I don't know the command '{verb}'. Type 'help' for the commands.")
        return handler(rest)

    def _position(self) -> Position:
        return Position(self.player, frozenset(self.boxes), self.moves)

    def _restore(self, position: Position) -> None:
        self.player = position.player
        self.boxes = set(position.boxes)
        self.moves = position.moves

    def _move(self, direction: str) -> Reply:
        if self.moves >= self.level.move_limit:
            return Reply(False, f"Out of moves ({self.level.move_limit}): undo, load or restart.")
        dx, dy = DIRECTIONS[direction]
        x, y = self.player
        ahead, beyond = (x + dx, y + dy), (x + 2 * dx, y + 2 * dy)
        if ahead in self.level.walls:
            return Reply(False, f"A wall blocks the way {direction}.")
        pushed = ahead in self.boxes
        if pushed and (beyond in self.level.walls or beyond in self.boxes):
            return Reply(False, f"The box will not move {direction}.")
        self.history.append(self._position())
        if pushed:
            self.boxes.remove(ahead)
            self.boxes.add(beyond)
        self.player = ahead
        self.moves += 1
        return self._after_move(f"You push a box {direction}." if pushed else f"You move {direction}.")

    def _after_move(self, message: str) -> Reply:
        if self.boxes != self.level.targets:
            return Reply(True, message)
        number = self.level.number
        if number not in self.solved:
            self.solved.append(number)
        if number == len(LEVELS):
            self.won = True
            return Reply(True, f"{message} Level {number} solved: every level is solved. You win!")
        if number + 1 not in self.unlocked:
            self.unlocked.append(number + 1)
        self._enter(LEVELS[number])
        return Reply(True, f"{message} Level {number} solved! On to level {number + 1}. {self.describe()}")

    def _do_help(self, rest: list[str]) -> Reply:
        return Reply(True, HELP_TEXT)

    def _do_look(self, rest: list[str]) -> Reply:
        return Reply(True, self.describe() + "\n" + "\n".join(self.board()))

    def _do_undo(self, rest: list[str]) -> Reply:
        previous = self.history.pop()
        self.future.append(self._position())
        self._restore(previous)
        return Reply(True, f"Undone: back to {self.moves} move(s).")

    def _do_redo(self, rest: list[str]) -> Reply:
        if not self.future:
            return Reply(False, "Nothing to redo.")
        self.history.append(self._position())
        self._restore(self.future.pop())
        return self._after_move(f"Redone: {self.moves} move(s).")

    def _do_restart(self, rest: list[str]) -> Reply:
        self._enter(self.level)
        return Reply(True, f"Level {self.level.number} starts again. {self.describe()}")

    def _do_save(self, rest: list[str]) -> Reply:
        self.saved = (self.level.number, self.player, self.boxes, self.moves)
        return Reply(True, f"Saved level {self.level.number} at {self.moves} move(s).")

    def _do_load(self, rest: list[str]) -> Reply:
        if self.saved is None:
            return Reply(False, "Nothing is saved yet: use 'save' first.")
        number, player, boxes, moves = self.saved
        self._enter(LEVELS[number - 1])
        self._restore(Position(player, frozenset(boxes), moves))
        return Reply(True, f"Loaded level {number} at {moves} move(s). {self.describe()}")

    def _do_levels(self, rest: list[str]) -> Reply:
        names = ", ".join(
            f"{lv.number} '{lv.name}'" + (" (locked)" if lv.number not in self.unlocked else "") for lv in LEVELS
        )
        return Reply(True, f"Levels: {names}.")

    def _do_level(self, rest: list[str]) -> Reply:
        if len(rest) != 1 or not rest[0].lstrip("-").isdigit():
            return Reply(False, f"Which level? Give a number from 1 to {len(LEVELS)}.")
        number = int(rest[0])
        if number > len(LEVELS):
            return Reply(False, f"There are only {len(LEVELS)} levels.")
        if number > max(self.unlocked):
            return Reply(False, f"Level {number} is locked: solve level {number - 1} first.")
        self._enter(LEVELS[number - 1])
        return Reply(True, f"Level {self.level.number} starts. {self.describe()}")


def play(commands: list[str]) -> tuple[Logic, list[Reply]]:
    """Play commands from a new game; used by the tests and the walkthrough check."""
    game = Logic()
    return game, [game.command(text) for text in commands]

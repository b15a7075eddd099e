"""The rules of BLITZ: one run through the arena and what every command does to it.

Pure and deterministic: enemies walk fixed patrols and there is no clock but the game's own ticks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from blitz.level import (
    BOMB_FUSE,
    BOMBS,
    DASH_COOLDOWN,
    DASH_LENGTH,
    ENEMY_POINTS,
    EXIT,
    GEM_POINTS,
    GEMS,
    HEIGHT,
    LAYOUT,
    LIVES,
    PATROLS,
    START,
    WIDTH,
    Enemy,
)

DIRECTIONS = {"north": (0, -1), "south": (0, 1), "east": (1, 0), "west": (-1, 0)}
SHORT = {"n": "north", "s": "south", "e": "east", "w": "west", "up": "north", "down": "south",
         "right": "east", "left": "west"}  # fmt: skip
HELP_TEXT = (
    "Commands: move <direction> (or north/south/east/west, n/s/e/w), dash <direction>, wait, bomb, "
    "look, status, help. Actions (move, dash, wait, bomb) take one tick; look, status and help take none."
)
Cell = tuple[int, int]


@dataclass(frozen=True)
class Reply:
    success: bool
    message: str


@dataclass
class Bomb:
    x: int
    y: int
    fuse: int


def blast(x: int, y: int) -> set[Cell]:
    """The cells a bomb at (x, y) hits: its own and the four next to it."""
    return {(x, y), (x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)}


class Blitz:
    """One run of BLITZ: collect every gem, then reach the exit."""

    def __init__(self) -> None:
        self.grid = [list(row.replace("P", ".")) for row in LAYOUT]
        self.x, self.y = START
        self.gems = GEMS
        self.enemies = [Enemy(name, path) for name, path in PATROLS]
        self.bombs: list[Bomb] = []
        self.bombs_left = BOMBS
        self.lives = LIVES
        self.score = 0
        self.dash_cooldown = 0
        self.turn = 0
        self.tick = 0
        self.won = False

    # --- what the player sees -------------------------------------------------------------------

    @property
    def game_over(self) -> bool:
        return self.won or self.lives == 0

    def render(self) -> list[str]:
        rows = [list(row) for row in self.grid]
        for bomb in self.bombs:
            rows[bomb.y][bomb.x] = "o"
        for enemy in self.enemies:
            x, y = enemy.position
            rows[y][x] = enemy.name[0].upper()
        if not self.game_over or self.won:
            rows[self.y][self.x] = "@"
        return ["".join(row) for row in rows]

    def describe(self) -> str:
        gems = len(self.gems)
        exit_text = "The exit is open!" if gems == 0 else f"{gems} gem(s) still seal the exit."
        return f"You are at ({self.x}, {self.y}). {exit_text} Lives {LIVES}, score {self.score}."

    def state(self) -> dict[str, Any]:
        return {
            "map": self.render(),
            "player": {"x": self.x, "y": self.y},
            "lives": self.lives,
            "score": self.score,
            "gems_left": len(self.gems),
            "bombs_left": self.bombs_left,
            "bombs": [{"x": b.x, "y": b.y, "fuse": b.fuse} for b in self.bombs],
            "dash_cooldown": self.dash_cooldown,
            "enemies": [{"name": e.name, "x": e.position[0], "y": e.position[1]} for e in self.enemies],
            "tick": self.tick,
            "turn": self.turn,
            "won": self.won,
            "game_over": self.game_over,
        }

    def full_state(self) -> dict[str, Any]:
        """Everything, patrol paths included: an inspection view that a player must never be shown."""
        return {
            "gems": sorted(self.gems),
            "patrols": {e.name: {"path": list(e.path), "step": e.step} for e in self.enemies},
            "won": self.won,
        }

    # --- the map --------------------------------------------------------------------------------

    def _inside(self, x: int, y: int) -> bool:
        return 0 <= x <= WIDTH and 0 <= y < HEIGHT

    def _open(self, x: int, y: int) -> bool:
        return self._inside(x, y) and self.grid[y][x] not in "#%"

    # --- commands -------------------------------------------------------------------------------

    def command(self, text: str) -> Reply:
        self.turn += 1
        if self.game_over:
            return Reply(False, "The game is over. Start a new game to play again.")
        words = text.lower().split()
        if not words:
            return Reply(False, "Say something. Type 'help' for the commands.")
        verb, rest = words[0], words[1:]
        if verb in SHORT or verb in DIRECTIONS:
            verb, rest = "move", [verb]
        if verb == "go":
            verb = "move"
        handler = getattr(self, f"_do_{verb}", None)
        if handler is None:
            return Reply(False, f"I don't know the command '{verb}'. Type 'help' for the commands.")
        return handler(rest)

    def _direction(self, rest: list[str]) -> str | None:
        word = rest[0] if rest else ""
        word = SHORT.get(word, word)
        return word if word in DIRECTIONS else None

    def _do_help(self, rest: list[str]) -> Reply:
        return Reply(True, HELP_TEXT)

    def _do_look(self, rest: list[str]) -> Reply:
        return Reply(True, self.describe() + "\n" + "\n".join(self.render()))

    def _do_status(self, rest: list[str]) -> Reply:
        return Reply(
            True,
            f"Lives {self.lives}, score {self.score}, gems left {len(self.gems)}, bombs {self.bombs_left}, "
            f"dash ready in {self.dash_cooldown} tick(s).",
        )

    def _do_move(self, rest: list[str]) -> Reply:
        direction = self._direction(rest)
        if direction is None:
            return Reply(False, "Move where? north, south, east or west.")
        dx, dy = DIRECTIONS[direction]
        if not self._open(self.x + dx, self.y + dy):
            return Reply(False, f"A wall blocks the way {direction}.")
        events = self._land(self.x + dx, self.y + dy)
        return self._advance(f"You move {direction}.", events)

    def _do_dash(self, rest: list[str]) -> Reply:
        direction = self._direction(rest)
        if direction is None:
            return Reply(False, "Dash where? north, south, east or west.")
        if self.dash_cooldown > 0:
            return Reply(False, f"You are out of breath: dash is ready in {self.dash_cooldown} tick(s).")
        dx, dy = DIRECTIONS[direction]
        x, y = self.x + DASH_LENGTH * dx, self.y + DASH_LENGTH * dy
        if not self._open(x, y):
            x, y = self.x + dx, self.y + dy
        if not self._open(x, y):
            return Reply(False, f"A wall blocks the way {direction}.")
        cells = abs(x - self.x) + abs(y - self.y)
        events = self._land(x, y)
        self.dash_cooldown = DASH_COOLDOWN + 1
        return self._advance(f"You dash {cells} cell(s) {direction}.", events)

    def _do_wait(self, rest: list[str]) -> Reply:
        return self._advance("You wait.", [])

    def _do_bomb(self, rest: list[str]) -> Reply:
        if self.bombs_left == 0:
            return Reply(False, "You have no bombs left.")
        if any((b.x, b.y) == (self.x, self.y) for b in self.bombs):
            return Reply(False, "A bomb already lies here.")
        self.bombs_left -= 1
        self.bombs.append(Bomb(self.x, self.y, BOMB_FUSE + 1))
        return self._advance(f"You drop a bomb. It goes off in {BOMB_FUSE} ticks.", [])

    # --- one tick of the world ------------------------------------------------------------------

    def _land(self, x: int, y: int) -> list[str]:
        """Put the player on (x, y) and apply what lies there."""
        self.x, self.y = x, y
        events = []
        if (x, y) in self.gems:
            self.gems.discard((x, y))
            self.grid[y][x] = "."
            self.score += GEM_POINTS
            events.append(f"You pick up a gem (+{GEM_POINTS}). {len(self.gems)} left.")
        if self.grid[y][x] == "^":
            return [*events, self._lose_life("Spikes!")]
        if (x, y) == EXIT:
            if self.gems:
                return [*events, f"The exit is sealed: {len(self.gems)} gem(s) left."]
            self.won = True
            return [*events, "You step through the open exit. You win!"]
        return events + self._collide()

    def _collide(self) -> list[str]:
        for enemy in self.enemies:
            if enemy.position == (self.x, self.y):
                return [self._lose_life(f"The {enemy.name} catches you!")]
        return []

    def _lose_life(self, why: str) -> str:
        self.lives -= 1
        if self.lives == 0:
            return f"{why} You lose your last life. Game over."
        self.x, self.y = START
        return f"{why} You lose a life ({self.lives} left) and start again at the entrance."

    def _advance(self, action: str, events: list[str]) -> Reply:
        """Finish the tick: enemies walk, fuses burn, the dash recovers."""
        self.tick += 1
        if not self.game_over:
            for enemy in self.enemies:
                enemy.advance()
            events += self._collide()
        for bomb in self.bombs:
            bomb.fuse -= 1
            if bomb.fuse == 0:
                self.bombs.remove(bomb)
                events += self._explode(bomb)
        if self.dash_cooldown > 0:
            self.dash_cooldown -= 1
        return Reply(True, " ".join([action, *events]))

    def _explode(self, bomb: Bomb) -> list[str]:
        hit = blast(bomb.x, bomb.y)
        events = [f"The bomb at ({bomb.x}, {bomb.y}) explodes!"]
        for x, y in hit:
            if self._inside(x, y) and self.grid[y][x] == "%":
                self.grid[y][x] = "."
                events.append(f"The cracked wall at ({x}, {y}) crumbles.")
        for enemy in [e for e in self.enemies if e.position in hit]:
            self.enemies.remove(enemy)
            self.score += ENEMY_POINTS
            events.append(f"The {enemy.name} is blown away (+{ENEMY_POINTS}).")
        if (self.x, self.y) in hit and not self.game_over:
            events.append(self._lose_life("You are caught in the blast!"))
        return events


def play(commands: list[str]) -> tuple[Blitz, list[Reply]]:
    """Play commands from a new game; used by the tests and the walkthrough check."""
    game = Blitz()
    return game, [game.command(text) for text in commands]

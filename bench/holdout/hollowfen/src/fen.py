"""Hollowfen: a turn-based skirmish on a 7x7 fen. Three wardens against the bog's raiders.

Coordinates are [x, y]: x counts columns from the west edge (0..6), y counts rows from the north edge (0..6).
Distances are steps along the grid (no diagonals).
"""

from __future__ import annotations

import math
import re
from collections import deque
from dataclasses import dataclass, field
from typing import Any

WIDTH = 7
HEIGHT = 7
# One string per row, north first: "." is firm ground, "~" deep bog water.
TERRAIN = (
    ".......",
    ".......",
    "......~",
    ".~~.~~.",
    ".......",
    ".......",
    ".......",
)
WATER = frozenset((x, y) for y, row in enumerate(TERRAIN) for x, tile in enumerate(row) if tile == "~")
TONIC_HEAL = 5
MENDER_HEAL = 4
ENRAGE_AT = 6
ENRAGE_BONUS = 2
LOG_KEEP = 8


@dataclass
class Unit:
    id: str
    name: str
    side: str
    hp: int
    max_hp: int
    atk: int
    move: int
    range: int
    at: tuple[int, int] | None
    items: dict[str, int] = field(default_factory=dict)
    hide: int = 0
    moved: bool = False
    acted: bool = False
    kills: int = 0
    enraged: bool = False

    @property
    def alive(self) -> bool:
        return self.hp > 0

    def view(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": self.id,
            "name": self.name,
            "side": self.side,
            "hp": self.hp,
            "maxHp": self.max_hp,
            "atk": self.atk,
            "move": self.move,
            "range": self.range,
            "at": list(self.at) if self.at else None,
            "down": not self.alive,
        }
        if self.side == "blue":
            data.update(items=dict(self.items), moved=self.moved, acted=self.acted, kills=self.kills)
        if self.name == "troll":
            data.update(hide=self.hide, enraged=self.enraged)
        return data


def starting_units() -> list[Unit]:
    return [
        Unit("u1", "knight", "blue", 12, 12, 4, 2, 1, (3, 5), {"tonic": 1}),
        Unit("u2", "archer", "blue", 8, 8, 3, 2, 3, (2, 6), {"tonic": 0}),
        Unit("u3", "mender", "blue", 9, 9, 1, 2, 1, (4, 6), {"tonic": 2}),
        Unit("e1", "goblin", "red", 6, 6, 2, 2, 1, (1, 1)),
        Unit("e2", "goblin", "red", 6, 6, 2, 2, 1, (5, 1)),
        Unit("e3", "troll", "red", 12, 12, 3, 1, 1, (3, 0), hide=1),
    ]


def steps(a: tuple[int, int], b: tuple[int, int]) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def in_reach(unit: Unit, target: Unit) -> bool:
    assert unit.at and target.at
    return math.hypot(unit.at[0] - target.at[0], unit.at[1] - target.at[1]) <= unit.range


HELP = """| command | what it does |
|---|---|
| `help` | shows this table |
| `look` | describes the fen: the map, every unit's hp and where it stands |
| `move <unit> <x> <y>` | walks a warden up to its move steps to the free tile [x, y] (once per turn) |
| `attack <unit> <target>` | the warden strikes an enemy within its range (one action per turn) |
| `heal <mender> <ally>` | the mender restores 4 hp to an adjacent ally (the mender's action) |
| `use <unit> tonic` | the warden drinks a tonic from its own pack: +5 hp (its action) |
| `give <unit> <ally> tonic` | hands one tonic to an adjacent ally (free, any number of times) |
| `end` | ends the wardens' turn; then the enemies act |

Units are named by id (`u1`, `e2`) or, when only one has it, by name (`knight`, `troll`)."""

INTRO = (
    "Mist lies over Hollowfen. Three wardens stand at the south edge: the knight (u1), the archer (u2) and "
    "the mender (u3). Two goblins (e1, e2) and a troll (e3) wade out of the northern reeds. "
    "Type `help` for the orders the wardens understand."
)


class Skirmish:
    """One game: the units, the turn counter and the narration so far."""

    def __init__(self) -> None:
        self.units = starting_units()
        self.turn = 1
        self.log: list[str] = []
        self.won = False
        self.lost = False

    # ----- lookups -----
    def living(self, side: str | None = None) -> list[Unit]:
        return [u for u in self.units if u.alive and (side is None or u.side == side)]

    def occupant(self, x: int, y: int) -> Unit | None:
        return next((u for u in self.living() if u.at == (x, y)), None)

    def find(self, ref: str) -> Unit | None:
        ref = ref.lower()
        for unit in self.units:
            if unit.id == ref:
                return unit
        named = [u for u in self.units if u.name == ref]
        return named[0] if len(named) == 1 else None

    def label(self, unit: Unit) -> str:
        if unit.side == "blue" or unit.name == "troll":
            return f"the {unit.name}"
        return f"the {unit.name} {unit.id}"

    # ----- state -----
    def state(self) -> dict[str, Any]:
        return {
            "units": [u.view() for u in self.units],
            "board": {"width": WIDTH, "height": HEIGHT, "water": [list(t) for t in sorted(WATER)]},
            "turn": self.turn,
            "won": self.won,
            "lost": self.lost,
            "log": list(self.log),
        }

    @property
    def over(self) -> bool:
        return self.won or self.lost

    # ----- commands -----
    def command(self, text: str) -> tuple[bool, str]:
        words = text.strip().lower().split()
        if not words:
            return False, "The wardens wait for an order. Type `help` for the list."
        verb, args = words[0], words[1:]
        if verb == "help":
            return True, HELP
        if verb in ("look", "status", "map"):
            return True, self.describe()
        if self.over:
            outcome = "won" if self.won else "lost"
            return False, f"The skirmish is over: the wardens have {outcome}. Start a new game to play again."
        handlers = {
            "move": self.do_move,
            "attack": self.do_attack,
            "heal": self.do_heal,
            "use": self.do_use,
            "give": self.do_give,
            "end": self.do_end,
        }
        handler = handlers.get(verb)
        if handler is None:
            return False, f"The wardens do not know the order '{verb}'. Type `help` for the list."
        ok, message = handler(args)
        if ok:
            self.log.append(message)
            del self.log[:-LOG_KEEP]
        return ok, message

    def warden(self, ref: str) -> tuple[Unit | None, str]:
        unit = self.find(ref)
        if unit is None:
            return None, f"No unit answers to '{ref}'."
        if unit.side != "blue":
            return None, f"{self.label(unit).capitalize()} does not take orders from the wardens."
        if not unit.alive:
            return None, f"{self.label(unit).capitalize()} has fallen and cannot act."
        return unit, ""

    def do_move(self, args: list[str]) -> tuple[bool, str]:
        if len(args) != 3 or not all(re.fullmatch(r"\d+", a) for a in args[1:]):
            return False, "The order reads `move <unit> <x> <y>`, with x and y from 0 to 6."
        unit, why = self.warden(args[0])
        if unit is None:
            return False, why
        x, y = int(args[1]), int(args[2])
        if unit.moved:
            return False, f"{self.label(unit).capitalize()} has already moved this turn."
        if x >= WIDTH:
            return False, f"[{x}, {y}] lies beyond the edge of the fen."
        if TERRAIN[y][x] == "~":
            return False, f"[{x}, {y}] is deep bog water; no warden can stand there."
        if (x, y) == unit.at:
            return False, f"{self.label(unit).capitalize()} is already standing at [{x}, {y}]."
        other = self.occupant(x, y)
        if other is not None:
            return False, f"{self.label(other).capitalize()} already stands at [{x}, {y}]."
        distance = self.path_length(unit, (x, y))
        if distance is None or distance > unit.move:
            return False, (
                f"{self.label(unit).capitalize()} cannot reach [{x}, {y}] this turn: "
                f"it moves at most {unit.move} steps around water and other units."
            )
        unit.at = (x, y)
        unit.moved = True
        return True, f"{self.label(unit).capitalize()} wades to [{x}, {y}]."

    def path_length(self, unit: Unit, goal: tuple[int, int]) -> int | None:
        distances = self.reachable(unit)
        return distances.get(goal)

    def reachable(self, unit: Unit) -> dict[tuple[int, int], int]:
        """Every free tile the unit can walk to, with its number of steps (no passing through units)."""
        assert unit.at
        blocked = {u.at for u in self.living() if u is not unit}
        seen = {unit.at: 0}
        queue = deque([unit.at])
        while queue:
            here = queue.popleft()
            if seen[here] == unit.move:
                continue
            for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
                nxt = (here[0] + dx, here[1] + dy)
                if not (0 <= nxt[0] < WIDTH and 0 <= nxt[1] < HEIGHT):
                    continue
                if nxt in WATER or nxt in blocked or nxt in seen:
                    continue
                seen[nxt] = seen[here] + 1
                queue.append(nxt)
        return seen

    def do_attack(self, args: list[str]) -> tuple[bool, str]:
        if len(args) != 2:
            return False, "The order reads `attack <unit> <target>`."
        unit, why = self.warden(args[0])
        if unit is None:
            return False, why
        target = self.find(args[1])
        if target is None:
            return False, f"No unit answers to '{args[1]}'."
        if target.side == "blue":
            return False, f"{self.label(unit).capitalize()} will not strike a fellow warden."
        if not target.alive:
            return False, f"{self.label(target).capitalize()} has already fallen."
        if unit.acted:
            return False, f"{self.label(unit).capitalize()} has already acted this turn."
        if not in_reach(unit, target):
            return False, (
                f"{self.label(target).capitalize()} is out of reach: {self.label(unit)} strikes at most "
                f"{unit.range} step{'s' if unit.range > 1 else ''} away."
            )
        unit.acted = True
        dealt = self.strike(unit, target)
        verb = "looses an arrow at" if unit.name == "archer" else "strikes"
        text = f"{self.label(unit).capitalize()} {verb} {self.label(target)}: {unit.atk} damage."
        if not target.alive:
            unit.kills += 1
            text += f" {self.label(target).capitalize()} falls into the mud."
            self.check_end()
            if self.won:
                text += " The last raider is down: the wardens hold Hollowfen!"
        elif dealt < unit.atk:
            text += f" The {target.name}'s thick hide soaks some of the blow."
        return True, text

    def strike(self, attacker: Unit, target: Unit) -> int:
        dealt = max(1, attacker.atk - target.hide)
        target.hp -= dealt
        if not target.alive:
            target.at = None
        return dealt

    def do_heal(self, args: list[str]) -> tuple[bool, str]:
        if len(args) != 2:
            return False, "The order reads `heal <mender> <ally>`."
        unit, why = self.warden(args[0])
        if unit is None:
            return False, why
        if unit.name != "mender":
            return False, f"Only the mender knows the healing herbs, not {self.label(unit)}."
        ally, why = self.warden(args[1])
        if ally is None:
            return False, why
        if ally is unit:
            return False, "The mender cannot tend to herself; a tonic will do that."
        if unit.acted:
            return False, "The mender has already acted this turn."
        if steps(unit.at, ally.at) != 1:  # type: ignore[arg-type]
            return False, f"The mender must stand next to {self.label(ally)} to heal."
        gained = min(MENDER_HEAL, ally.max_hp - ally.hp)
        if gained == 0:
            return False, f"{self.label(ally).capitalize()} is unhurt; the herbs would be wasted."
        ally.hp += gained
        unit.acted = True
        return True, (
            f"The mender presses herbs to {self.label(ally)}'s wounds: +{gained} hp "
            f"({ally.hp}/{ally.max_hp})."
        )

    def do_use(self, args: list[str]) -> tuple[bool, str]:
        if len(args) != 2 or args[1] not in ("tonic", "tonics"):
            return False, "The order reads `use <unit> tonic`."
        unit, why = self.warden(args[0])
        if unit is None:
            return False, why
        if unit.items.get("tonic", 0) < 1:
            return False, f"{self.label(unit).capitalize()} carries no tonic."
        if unit.acted:
            return False, f"{self.label(unit).capitalize()} has already acted this turn."
        gained = min(TONIC_HEAL, unit.max_hp - unit.hp)
        if gained == 0:
            return False, f"{self.label(unit).capitalize()} is unhurt and keeps the tonic."
        unit.items["tonic"] -= 1
        unit.hp += gained
        unit.acted = True
        return True, (
            f"{self.label(unit).capitalize()} drinks a tonic: +{gained} hp ({unit.hp}/{unit.max_hp})."
        )

    def do_give(self, args: list[str]) -> tuple[bool, str]:
        if len(args) != 3 or args[2] not in ("tonic", "tonics"):
            return False, "The order reads `give <unit> <ally> tonic`."
        unit, why = self.warden(args[0])
        if unit is None:
            return False, why
        ally, why = self.warden(args[1])
        if ally is None:
            return False, why
        if ally is unit:
            return False, f"{self.label(unit).capitalize()} already holds its own pack."
        if unit.items.get("tonic", 0) < 1:
            return False, f"{self.label(unit).capitalize()} has no tonic to give."
        if steps(unit.at, ally.at) != 1:  # type: ignore[arg-type]
            return False, f"{self.label(unit).capitalize()} must stand next to {self.label(ally)} to hand it over."
        unit.items["tonic"] -= 1
        ally.items.update({"tonic": 1})
        return True, f"{self.label(unit).capitalize()} hands a tonic to {self.label(ally)}."

    def do_end(self, args: list[str]) -> tuple[bool, str]:
        if args:
            return False, "The order is just `end`."
        lines = [f"The wardens end turn {self.turn}."]
        for enemy in self.living("red"):
            lines.extend(self.enemy_acts(enemy))
            self.check_end()
            if self.lost:
                lines.append("The last warden falls. The raiders take Hollowfen.")
                break
        if not self.lost:
            self.turn += 1
            for unit in self.units:
                unit.moved = unit.acted = False
            lines.append(f"Turn {self.turn} begins.")
        return True, " ".join(lines)

    def enemy_acts(self, enemy: Unit) -> list[str]:
        lines: list[str] = []
        if enemy.name == "troll" and enemy.hp <= ENRAGE_AT:
            enemy.atk += ENRAGE_BONUS
            enemy.enraged = True
            lines.append(f"The troll roars in rage: its blows now deal {enemy.atk}.")
        if self.adjacent_wardens(enemy):
            lines.append(self.enemy_strikes(enemy))
            return lines
        wardens = self.living("blue")
        if not wardens:
            return lines
        options = self.reachable(enemy)

        def score(tile: tuple[int, int]) -> tuple[int, int, int, int]:
            nearest = min(steps(tile, w.at) for w in wardens)  # type: ignore[arg-type]
            return (nearest, options[tile], tile[1], tile[0])

        best = min(options, key=score)
        if best != enemy.at:
            enemy.at = best
            lines.append(f"{self.label(enemy).capitalize()} splashes to [{best[0]}, {best[1]}].")
        if self.adjacent_wardens(enemy):
            lines.append(self.enemy_strikes(enemy))
        return lines

    def adjacent_wardens(self, enemy: Unit) -> list[Unit]:
        return [w for w in self.living("blue") if in_reach(enemy, w)]

    def enemy_strikes(self, enemy: Unit) -> str:
        target = min(self.adjacent_wardens(enemy), key=lambda w: (w.hp, w.id))
        dealt = self.strike(enemy, target)
        text = f"{self.label(enemy).capitalize()} hits {self.label(target)}: {dealt} damage."
        if not target.alive:
            text += f" {self.label(target).capitalize()} collapses in the reeds."
        return text

    def check_end(self) -> None:
        if not self.living("red"):
            self.won = True
        elif not self.living("blue"):
            self.lost = True

    # ----- narration -----
    def describe(self) -> str:
        rows = ["    " + " ".join(f"{x:>2}" for x in range(WIDTH))]
        for y in range(HEIGHT):
            cells = []
            for x in range(WIDTH):
                unit = self.occupant(x, y)
                cells.append(unit.id if unit else ("~~" if (x, y) in WATER else " ."))
            rows.append(f"{y:>2}  " + " ".join(cells))
        lines = [f"Turn {self.turn}. The fen, north at the top (~~ is deep water):", *rows, ""]
        for unit in self.units:
            if not unit.alive:
                lines.append(f"{unit.id}: {self.label(unit)} has fallen.")
                continue
            extra = ""
            if unit.side == "blue":
                ready = [] if unit.moved else ["can move"]
                ready += [] if unit.acted else ["can act"]
                tonics = unit.items.get("tonic", 0)
                extra = f", {tonics} tonic{'s' if tonics != 1 else ''}, " + (" and ".join(ready) or "done")
            at = unit.at or (0, 0)
            lines.append(
                f"{unit.id}: {self.label(unit)} at [{at[0]}, {at[1]}], {unit.hp}/{unit.max_hp} hp{extra}."
            )
        if self.won:
            lines.append("The raiders are beaten: the wardens hold Hollowfen.")
        elif self.lost:
            lines.append("Every warden has fallen.")
        return "\n".join(lines)

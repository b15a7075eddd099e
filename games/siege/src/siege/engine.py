"""The rules of SIEGE: one game's state and what every command does to it.

Pure and deterministic: the same commands from a new game always give the same replies.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from siege.enemy import enemy_phase
from siege.world import (
    BASE_INCOME,
    COLUMNS,
    ENEMY_BASE,
    ENEMY_GARRISON,
    ENEMY_START_GOLD,
    LAST_ROUND,
    PLAYER_BASE,
    PLAYER_START,
    ROWS,
    START_GOLD,
    SUPPLY_CAP,
    TERRAIN_ROWS,
    UNIT_TYPES,
    VILLAGE_INCOME,
    VILLAGE_OWNERS_AT_START,
    VISION,
    Tile,
    Unit,
    distance,
    name_of,
    neighbours,
    parse_tile,
    terrain_at,
)

HELP_TEXT = (
    "Commands: status, map, move <unit> <tile>, attack <unit> <tile>, train <soldier|archer|knight>, "
    "undo, end (ends the round), help. Units are named u1, u2, ...; tiles a1 to g7."
)
END_WORDS = ("end", "end turn", "end round", "next")
GLYPHS = {"soldier": "s", "archer": "a", "knight": "k"}


@dataclass(frozen=True)
class Reply:
    success: bool
    message: str


class Siege:
    """One game of SIEGE, from round 1 to a captured base or the end of the last round."""

    def __init__(self) -> None:
        self.round = 1
        self.gold = START_GOLD
        self.enemy_gold = ENEMY_START_GOLD
        self.units = [Unit(f"u{n}", kind, UNIT_TYPES[kind].hp, at) for n, (kind, at) in enumerate(PLAYER_START, 1)]
        self.enemies = copy.deepcopy(list(ENEMY_GARRISON))
        self.enemy_home: dict[str, Tile] = {unit.id: unit.at for unit in self.enemies}
        self.trained = len(self.units)
        self.enemy_trained = len(self.enemies)
        self.cooldowns = dict.fromkeys(UNIT_TYPES, 0)
        self.village_owner = VILLAGE_OWNERS_AT_START
        self.history: list[dict[str, Any]] = []
        self.turn = 0
        self.won = False
        self.lost = False

    # --- what the player sees -------------------------------------------------------------------

    @property
    def game_over(self) -> bool:
        return self.won or self.lost

    def income(self) -> int:
        return BASE_INCOME + VILLAGE_INCOME * sum(owner == "you" for owner in self.village_owner.values())

    def visible(self) -> set[Tile]:
        eyes = [PLAYER_BASE, *(unit.at for unit in self.units)]
        return {(x, y) for x in range(len(COLUMNS)) for y in range(ROWS) if any(distance((x, y), e) <= VISION for e in eyes)}

    def visible_enemies(self) -> list[Unit]:
        seen = self.visible()
        return [enemy for enemy in self.enemies if enemy.at in seen]

    def unit_at(self, tile: Tile) -> Unit | None:
        return next((unit for unit in [*self.units, *self.enemies] if unit.at == tile), None)

    def state(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "last_round": LAST_ROUND,
            "gold": self.gold,
            "income": self.income(),
            "supply": {"used": len(self.units), "cap": SUPPLY_CAP},
            "cooldowns": dict(self.cooldowns),
            "costs": {kind: t.cost for kind, t in UNIT_TYPES.items()},
            "units": [_unit_view(unit, own=True) for unit in self.units],
            "enemies": [_unit_view(enemy, own=False) for enemy in self.visible_enemies()],
            "villages": {name_of(tile): owner for tile, owner in self.village_owner.items()},
            "bases": {"you": name_of(PLAYER_BASE), "enemy": name_of(ENEMY_BASE)},
            "turn": self.turn,
            "won": self.won,
            "lost": self.lost,
            "game_over": self.game_over,
        }

    def full_state(self) -> dict[str, Any]:
        """Everything, hidden enemies included: a debug view that a player must never be shown."""
        return {
            **self.state(),
            "enemies": [_unit_view(enemy, own=False) for enemy in self.enemies],
            "enemy_gold": self.enemy_gold,
            "undo_depth": len(self.history),
        }

    def status_text(self) -> str:
        units = "; ".join(_unit_text(unit) for unit in self.units) or "none"
        enemies = "; ".join(_unit_text(enemy) for enemy in self.visible_enemies()) or "none in sight"
        cooldowns = ", ".join(f"{kind} {left}" for kind, left in self.cooldowns.items())
        owned = ", ".join(f"{name_of(t)} ({owner or 'nobody'})" for t, owner in self.village_owner.items())
        return (
            f"Round {self.round} of {LAST_ROUND}. Gold {self.gold} (+{self.income()} next round). "
            f"Supply {len(self.units)}/{SUPPLY_CAP}. Cooldowns: {cooldowns}. Your units: {units}. "
            f"Enemies: {enemies}. Villages: {owned}."
        )

    def map_text(self) -> str:
        seen = self.visible()
        lines = ["  " + " ".join(COLUMNS)]
        for y in reversed(range(ROWS)):
            cells = []
            for x in range(len(COLUMNS)):
                cell = TERRAIN_ROWS[ROWS - 1 - y][x]
                unit = self.unit_at((x, y))
                if unit in self.units:
                    cell = GLYPHS[unit.kind].upper()
                elif unit is not None and (x, y) in seen:
                    cell = GLYPHS[unit.kind]
                cells.append(cell)
            lines.append(f"{y + 1} " + " ".join(cells))
        legend = "Legend: . plains, F forest, M mountain, V village, B base; S/A/K yours, s/a/k enemies in sight."
        return "\n".join(lines) + "\n" + legend

    # --- commands -------------------------------------------------------------------------------

    def command(self, text: str) -> Reply:
        self.turn += 1
        words = " ".join(text.lower().split())
        if self.game_over:
            outcome = "captured the enemy base" if self.won else "lost the siege"
            return Reply(False, f"The game is over: you {outcome}. Start a new game to play again.")
        if not words:
            return Reply(False, "Say something. Type 'help' for the commands.")
        if words in END_WORDS:
            return self._end_round()
        verb, _, rest = words.partition(" ")
        handler = getattr(self, f"_do_{verb}", None)
        if handler is None:
            return Reply(False, f"I don't know the command '{verb}'. Type 'help' for the commands.")
        return handler(rest.split())

    def _do_help(self, args: list[str]) -> Reply:
        return Reply(True, HELP_TEXT)

    def _do_status(self, args: list[str]) -> Reply:
        return Reply(True, self.status_text())

    def _do_map(self, args: list[str]) -> Reply:
        return Reply(True, self.map_text())

    def _own_unit(self, name: str) -> Unit | None:
        return next((unit for unit in self.units if unit.id == name), None)

    def reachable(self, unit: Unit) -> dict[Tile, int]:
        """Every tile the unit can end its move on, with the movement it costs."""
        friends = self.units if unit in self.units else self.enemies
        blocked = {other.at for other in [*self.units, *self.enemies] if other not in friends}
        best = {unit.at: 0}
        frontier = [unit.at]
        while frontier:
            frontier.sort(key=lambda t: best[t])
            here = frontier.pop(0)
            for step in neighbours(here):
                cost = terrain_at(step).move_cost
                if cost is None or step in blocked:
                    continue
                total = best[here] + cost
                if total <= unit.type.move and total < best.get(step, total + 1):
                    best[step] = total
                    frontier.append(step)
        return {tile: cost for tile, cost in best.items() if self.unit_at(tile) is None}

    def _unit_and_tile(self, args: list[str], usage: str) -> tuple[Unit, Tile] | Reply:
        """The player's unit and the tile a `move` or `attack` names, or the refusal that says what is wrong."""
        if len(args) != 2:
            return Reply(False, f"Usage: {usage}.")
        unit, tile = self._own_unit(args[0]), parse_tile(args[1])
        if unit is None:
            return Reply(False, f"You have no unit {args[0]}.")
        if tile is None:
            return Reply(False, f"{args[1]} is not a tile: columns a-g, rows 1-7.")
        return unit, tile

    def _do_move(self, args: list[str]) -> Reply:
        named = self._unit_and_tile(args, "move <unit> <tile>, e.g. move u1 b3")
        if isinstance(named, Reply):
            return named
        unit, tile = named
        if unit.moved:
            return Reply(False, f"{unit.id} cannot move again this round.")
        cost = self.reachable(unit).get(tile)
        if cost is None:
            return Reply(False, f"{unit.id} cannot reach {name_of(tile)} this round.")
        self._checkpoint()
        unit.at, unit.moved = tile, True
        message = f"{unit.id} moves to {name_of(tile)} ({terrain_at(tile).name}, {cost} movement)."
        if tile in self.village_owner and self.village_owner[tile] != "you":
            self.village_owner[tile] = "you"
            message += f" You take the village at {name_of(tile)}."
        if tile == ENEMY_BASE:
            self.won = True
            message += " You capture the enemy base: you win!"
        return Reply(True, message)

    def _do_attack(self, args: list[str]) -> Reply:
        named = self._unit_and_tile(args, "attack <unit> <tile>, e.g. attack u2 f6")
        if isinstance(named, Reply):
            return named
        unit, tile = named
        if unit.attacked:
            return Reply(False, f"{unit.id} has already attacked this round.")
        target = next((e for e in self.visible_enemies() if e.at == tile), None)
        if target is None:
            return Reply(False, f"You see no enemy at {name_of(tile)}.")
        if distance(unit.at, tile) > unit.type.range:
            return Reply(False, f"{name_of(tile)} is out of {unit.id}'s range ({unit.type.range}).")
        self._checkpoint()
        unit.attacked = unit.moved = True
        return Reply(True, " ".join(self.fight(unit, target)))

    def fight(self, attacker: Unit, defender: Unit) -> list[str]:
        """One attack and, when the defender survives and can reach back, its counter-attack."""
        report = [self._strike(attacker, defender)]
        if defender.hp > 0 and distance(attacker.at, defender.at) <= defender.type.range:
            report.append(self._strike(defender, attacker) + " (counter-attack)")
        return report

    def _strike(self, attacker: Unit, defender: Unit) -> str:
        damage = max(1, attacker.type.attack - terrain_at(defender.at).defense)
        defender.hp -= damage
        text = f"{attacker.kind} {attacker.id} hits {defender.kind} {defender.id} for {damage}"
        if defender.hp > 0:
            return f"{text}; {defender.hp} hp left."
        for side in (self.units, self.enemies):
            if defender in side:
                side.remove(defender)
        return f"{text}; {defender.id} is destroyed."

    def _do_train(self, args: list[str]) -> Reply:
        if len(args) != 1 or args[0] not in UNIT_TYPES:
            return Reply(False, f"Train what? One of: {', '.join(UNIT_TYPES)}.")
        kind = UNIT_TYPES[args[0]]
        if self.cooldowns[kind.name] > 0:
            return Reply(False, f"The next {kind.name} can be trained in {self.cooldowns[kind.name]} rounds.")
        if self.gold < kind.cost:
            return Reply(False, f"{_article(kind.name).capitalize()} costs {kind.cost} gold; you have {self.gold}.")
        if len(self.units) > SUPPLY_CAP:
            return Reply(False, f"Your supply is full: at most {SUPPLY_CAP} units.")
        spawn = self._spawn_tile()
        if spawn is None:
            return Reply(False, "There is no free tile at your base for a new unit.")
        self._checkpoint()
        self.trained += 1
        self.gold -= kind.cost
        self.cooldowns[kind.name] = kind.cooldown
        unit = Unit(f"u{self.trained}", kind.name, kind.hp, spawn, moved=True, attacked=True)
        self.units.append(unit)
        return Reply(True, f"{_article(kind.name).capitalize()} ({unit.id}) joins at {name_of(spawn)} for {kind.cost} gold; it can act next round.")

    def _do_undo(self, args: list[str]) -> Reply:
        if not self.history:
            return Reply(False, "Nothing to undo this round.")
        self._restore(self.history.pop())
        return Reply(True, "Undone. " + self.status_text())

    def _spawn_tile(self) -> Tile | None:
        """Where a new unit appears: the base, or else the first free tile next to it (N, E, S, W)."""
        return next(t for t in [PLAYER_BASE, *neighbours(PLAYER_BASE)] if self.unit_at(t) is None)

    def _checkpoint(self) -> None:
        self.history.append(
            copy.deepcopy(
                {
                    "gold": self.gold,
                    "units": self.units,
                    "enemies": self.enemies,
                    "trained": self.trained,
                    "village_owner": self.village_owner,
                    "won": self.won,
                }
            )
        )

    def _restore(self, saved: dict[str, Any]) -> None:
        for key, value in saved.items():
            setattr(self, key, value)

    # --- the end of a round ---------------------------------------------------------------------

    def _end_round(self) -> Reply:
        report = [f"Round {self.round} ends."]
        report += enemy_phase(self)
        if self.round >= LAST_ROUND:
            self.lost = True
            report.append("The enemy base still stands after the last round: you lose.")
            return Reply(True, " ".join(report))
        self.round += 1
        self.gold += self.income()
        self.enemy_gold += BASE_INCOME
        for kind in self.cooldowns:
            self.cooldowns[kind] = max(0, self.cooldowns[kind] - 1)
        for unit in self.units:
            unit.moved = unit.attacked = False
        self.history.clear()
        report.append(f"Round {self.round} begins: +{self.income()} gold, {self.gold} in the treasury.")
        if not self.units and self.gold < min(t.cost for t in UNIT_TYPES.values()):
            self.lost = True
            report.append("You have no units and no gold to train one: you lose.")
        return Reply(True, " ".join(report))


def _unit_view(unit: Unit, own: bool) -> dict[str, Any]:
    view: dict[str, Any] = {"id": unit.id, "type": unit.kind, "hp": unit.hp, "at": name_of(unit.at)}
    if own:
        view |= {"moved": unit.moved, "attacked": unit.attacked}
    return view


def _article(noun: str) -> str:
    return f"{'an' if noun[0] in 'aeiou' else 'a'} {noun}"


def _unit_text(unit: Unit) -> str:
    return f"{unit.id} {unit.kind} {unit.hp}hp at {name_of(unit.at)}"


def play(commands: list[str]) -> tuple[Siege, list[Reply]]:
    """A new game after `commands`, with every reply (for tests and walkthroughs)."""
    game = Siege()
    return game, [game.command(text) for text in commands]

"""The scripted opponent: it guards its base, strikes what comes close and trains soldiers on a schedule.

Deterministic: units act in id order, and every choice breaks ties by a fixed order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from siege.world import (
    ENEMY_BASE,
    ENEMY_MAX_UNITS,
    ENEMY_TRAIN_EVERY,
    GUARD_ZONE,
    UNIT_TYPES,
    Tile,
    Unit,
    distance,
    name_of,
)

if TYPE_CHECKING:
    from siege.engine import Siege


def _in_range(game: Siege, enemy: Unit) -> Unit | None:
    targets = [u for u in game.units if distance(u.at, enemy.at) <= enemy.type.range]
    return min(targets, key=lambda u: (u.hp, u.id), default=None)


def _goal(game: Siege, enemy: Unit) -> Tile:
    intruders = [u for u in game.units if distance(u.at, ENEMY_BASE) <= GUARD_ZONE]
    if not intruders:
        return game.enemy_home[enemy.id]
    return min(intruders, key=lambda u: (distance(u.at, enemy.at), u.id)).at


def _advance(game: Siege, enemy: Unit, goal: Tile) -> str | None:
    options = game.reachable(enemy)
    if not options:
        return None
    best = min(options, key=lambda t: (distance(t, goal), options[t], t))
    if distance(best, goal) >= distance(enemy.at, goal):
        return None
    enemy.at = best
    if best in game.village_owner:
        game.village_owner[best] = "enemy"
    return name_of(best) if best in game.visible() else None


def enemy_phase(game: Siege) -> list[str]:
    """The opponent's whole turn; returns what the player can see of it."""
    report: list[str] = []
    for enemy in list(game.enemies):
        if enemy not in game.enemies:
            continue
        target = _in_range(game, enemy)
        if target is None:
            seen_at = _advance(game, enemy, _goal(game, enemy))
            if seen_at:
                report.append(f"Enemy {enemy.kind} {enemy.id} moves to {seen_at}.")
            target = _in_range(game, enemy)
        if target is not None:
            report += game.fight(enemy, target)
    soldier = UNIT_TYPES["soldier"]
    base_free = game.unit_at(ENEMY_BASE) is None
    if game.round % ENEMY_TRAIN_EVERY == 0 and len(game.enemies) < ENEMY_MAX_UNITS and base_free:
        if game.enemy_gold >= soldier.cost:
            game.enemy_gold -= soldier.cost
            game.enemy_trained += 1
            unit = Unit(f"e{game.enemy_trained}", soldier.name, soldier.hp, ENEMY_BASE)
            game.enemies.append(unit)
            game.enemy_home[unit.id] = ENEMY_BASE
    return report

"""The rules of CRAWL: one hero's state and what every command does to it.

Pure and deterministic: no randomness and no clock, so the same commands always give the same replies.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from crawl.world import (
    BASE_ATTACK,
    BASE_DEFENSE,
    BASE_HP,
    GEAR,
    INN_PRICE,
    LEVEL_ATTACK,
    LEVEL_DEFENSE,
    LEVEL_HP,
    LEVEL_XP,
    POTION_COOLDOWN,
    POTION_HEAL,
    ROOMS,
    SHOP,
    START_COINS,
    START_POTIONS,
    START_ROOM,
)

DIRECTIONS = {"n": "north", "s": "south", "e": "east", "w": "west"}
DIRECTIONS.update({name: name for name in DIRECTIONS.values()})
HELP_TEXT = (
    "Commands: look, status, go <direction> (or north/south/east/west, n/s/e/w), attack, "
    "drink potion, shop, buy <item>, equip <item>, rest, inventory (i), help."
)


@dataclass(frozen=True)
class Reply:
    success: bool
    message: str


def damage(attack: int, defense: int) -> int:
    """Every blow deals attack minus defense, and never less than 1."""
    return max(1, attack - defense)


class Crawl:
    """One game of CRAWL, from the town to the dread warden."""

    defeated: list[str] = []

    def __init__(self) -> None:
        self.room = START_ROOM
        self.hp = BASE_HP
        self.max_hp = BASE_HP
        self.attack = BASE_ATTACK
        self.defense = BASE_DEFENSE
        self.level = 1
        self.xp = 0
        self.coins = START_COINS
        self.potions = START_POTIONS
        self.potion_cooldown = 0
        self.gear: list[str] = []
        self.equipped: dict[str, str | None] = {"weapon": None, "armour": None}
        self.monster_hp = {room.id: room.monster.hp for room in ROOMS.values() if room.monster}
        self.turn = 0
        self.won = False
        self.dead = False

    # --- what the player sees -------------------------------------------------------------------

    def monster_here(self) -> bool:
        return self.monster_hp.get(self.room, 0) > 0

    def describe(self) -> str:
        room = ROOMS[self.room]
        parts = [room.text]
        if room.monster and self.monster_here():
            hp = self.monster_hp[self.room]
            parts.append(f"A {room.monster.name} ({hp}/{room.monster.hp} HP) stands in your way.")
        elif room.monster:
            parts.append(f"The {room.monster.name} lies dead.")
        parts.append(f"Exits: {', '.join(room.exits)}.")
        return " ".join(parts)

    def next_level_xp(self) -> int | None:
        return LEVEL_XP[self.level - 1] if self.level - 1 < len(LEVEL_XP) else None

    def state(self) -> dict[str, Any]:
        room = ROOMS[self.room]
        monster = None
        if room.monster and self.monster_here():
            monster = {
                "name": room.monster.name,
                "hp": self.monster_hp[self.room],
                "max_hp": room.monster.hp,
                "attack": room.monster.attack,
                "defense": room.monster.defense,
            }
        return {
            "room": {"id": room.id, "name": room.name, "description": self.describe(), "exits": list(room.exits)},
            "monster": monster,
            "player": {
                "hp": self.hp,
                "max_hp": self.max_hp,
                "attack": self.attack,
                "defense": self.defense,
                "level": self.level,
                "xp": self.xp,
                "next_level_xp": self.next_level_xp(),
                "coins": self.coins,
            },
            "potions": self.potions,
            "potion_cooldown": self.potion_cooldown,
            "gear": list(self.gear),
            "equipped": dict(self.equipped),
            "defeated": list(self.defeated),
            "turn": self.turn,
            "won": self.won,
            "game_over": self.won or self.dead,
        }

    def full_state(self) -> dict[str, Any]:
        """Everything, monster stats included: an inspection view that a player must never be shown."""
        return {
            "room": self.room,
            "monster_hp": dict(self.monster_hp),
            "monsters": {room.id: asdict(room.monster) for room in ROOMS.values() if room.monster},
            "won": self.won,
        }

    # --- commands -------------------------------------------------------------------------------

    def command(self, text: str) -> Reply:
        self.turn += 1
        words = text.lower().split()
        reply = self._dispatch(words)
        if self.potion_cooldown > 0:
            self.potion_cooldown -= 1
        return reply

    def _dispatch(self, words: list[str]) -> Reply:
        if self.won or self.dead:
            return Reply(False, "The game is over. Start a new game to play again.")
        if not words:
            return Reply(False, "Say something. Type 'help' for the commands.")
        verb, target = words[0], " ".join(words[1:])
        if verb in DIRECTIONS and not target:
            verb, target = "go", verb
        verb = {"i": "inventory", "l": "look", "walk": "go", "quaff": "drink", "fight": "attack"}.get(verb, verb)
        handler = getattr(self, f"_do_{verb}", None)
        if handler is None:
            return Reply(False, f"I don't know the command '{verb}'. Type 'help' for the commands.")
        return handler(target)

    def _do_help(self, target: str) -> Reply:
        return Reply(True, HELP_TEXT)

    def _do_look(self, target: str) -> Reply:
        return Reply(True, self.describe())

    def _do_status(self, target: str) -> Reply:
        nxt = self.next_level_xp()
        goal = f"{nxt} XP for level {self.level + 1}" if nxt else "the highest level"
        return Reply(
            True,
            f"Level {self.level}, {self.xp} XP ({goal}). HP {self.hp}/{self.max_hp}, attack {self.attack}, "
            f"defense {self.defense}, {self.coins} coins, {self.potions} potion(s).",
        )

    def _do_inventory(self, target: str) -> Reply:
        gear = ", ".join(f"{name} (equipped)" if name in self.equipped.values() else name for name in self.gear)
        return Reply(True, f"You carry {self.potions} potion(s) and {self.coins} coins. Gear: {gear or 'none'}.")

    def _do_go(self, target: str) -> Reply:
        direction = DIRECTIONS.get(target)
        if direction is None:
            return Reply(False, "Go where? north, south, east or west.")
        room = ROOMS[self.room]
        if direction not in room.exits:
            return Reply(False, "You can't go that way.")
        if room.monster and self.monster_here() and direction in room.guarded:
            return Reply(False, f"The {room.monster.name} blocks the way {direction}.")
        self.room = room.exits[direction]
        return Reply(True, self.describe())

    def _do_attack(self, target: str) -> Reply:
        monster = ROOMS[self.room].monster
        if monster.hp <= 0 or not self.monster_here():
            return Reply(False, "There is nothing left to fight here.")
        dealt = damage(self.attack, monster.defense)
        left = max(0, self.monster_hp[self.room] - dealt)
        self.monster_hp[self.room] = left
        if left == 0:
            return Reply(True, f"You hit the {monster.name} for {dealt}. It dies. {self._reward()}")
        taken = damage(monster.attack, self.defense)
        self.hp = max(0, self.hp - taken)
        message = f"You hit the {monster.name} for {dealt} ({left} HP left). It hits you for {taken}."
        if self.hp == 0:
            self.dead = True
            return Reply(True, f"{message} You fall, and the dungeon keeps you. Game over.")
        return Reply(True, f"{message} You have {self.hp}/{self.max_hp} HP.")

    def _reward(self) -> str:
        monster = ROOMS[self.room].monster
        assert monster is not None
        self.defeated.append(monster.name)
        if self.room == "throne":
            self.won = True
            return "The dread warden is slain and the dungeon falls silent. You have won!"
        self.xp += monster.xp
        self.coins += monster.coins
        text = f"You gain {monster.xp} XP and {monster.coins} coins."
        while self.next_level_xp() is not None and self.xp >= self.next_level_xp():
            self.level += 1
            self.max_hp += LEVEL_HP
            self.attack = BASE_ATTACK + LEVEL_ATTACK * (self.level - 1)
            self.defense += LEVEL_DEFENSE
            self.hp = self.max_hp
            text += f" You reach level {self.level}!"
        return text

    def _do_drink(self, target: str) -> Reply:
        if target not in ("potion", "a potion", "potions"):
            return Reply(False, "Drink what? You can drink a potion.")
        if self.potions == 0:
            return Reply(False, "You have no potions left.")
        if self.potion_cooldown > 1:
            return Reply(False, f"You are still queasy from the last potion: you can drink again in {self.potion_cooldown} turn(s).")
        self.potions -= 1
        healed = min(POTION_HEAL, self.max_hp - self.hp)
        self.hp += healed
        # One more than the cooldown: the turn that is ending now counts down one at once.
        self.potion_cooldown = POTION_COOLDOWN + 1
        return Reply(True, f"You drink a potion and heal {healed} HP ({self.hp}/{self.max_hp}).")

    def _do_shop(self, target: str) -> Reply:
        if self.room != "town":
            return Reply(False, "The shop is in the town.")
        prices = ", ".join(f"{name} {price} coins" for name, price in SHOP.items())
        return Reply(True, f"The shopkeeper sells: {prices}. You have {self.coins} coins.")

    def _do_buy(self, target: str) -> Reply:
        if self.room != "town":
            return Reply(False, "The shop is in the town.")
        name = target.removeprefix("a ").strip()
        if name not in SHOP:
            return Reply(False, f"The shop sells no '{target}'. Type 'shop' to see what it sells.")
        if name in self.gear:
            return Reply(False, f"You already own a {name}.")
        price = GEAR[name].price if name in GEAR else SHOP[name]
        if self.coins < price:
            return Reply(False, f"The {name} costs {price} coins; you have {self.coins}.")
        self.coins -= price
        if name in GEAR:
            self.gear.append(name)
        else:
            self.potions += 1
        return Reply(True, f"You buy a {name} for {price} coins. {self.coins} coins left.")

    def _do_equip(self, target: str) -> Reply:
        name = target.removeprefix("the ").strip()
        if name not in self.gear:
            return Reply(False, f"You don't own a {target or 'thing to equip'}.")
        gear = GEAR[name]
        if self.equipped[gear.slot] == name:
            return Reply(False, f"The {name} is already equipped.")
        self.equipped[gear.slot] = name
        self.attack += gear.attack
        self.defense += gear.defense
        return Reply(True, f"You equip the {name}. Attack {self.attack}, defense {self.defense}.")

    def _do_rest(self, target: str) -> Reply:
        if self.room != "town":
            return Reply(False, "You can only rest at the inn in the town.")
        if self.coins < INN_PRICE:
            return Reply(False, f"A room at the inn costs {INN_PRICE} coins; you have {self.coins}.")
        self.coins -= INN_PRICE
        self.hp = self.max_hp
        return Reply(True, f"You sleep at the inn for {INN_PRICE} coins and wake at full health ({self.hp} HP).")


def play(commands: list[str]) -> tuple[Crawl, list[Reply]]:
    """Play commands from a new game; used by the tests and the walkthrough check."""
    game = Crawl()
    return game, [game.command(text) for text in commands]

"""What every generated game shares: the map, the numbers, and the commands that play it.

Five places: the start, with the shop north, the store west and the lair east; the vault lies east of the
lair behind a locked door. The creature in the lair drops the key when defeated; taking the treasure in the
vault wins.
"""

from __future__ import annotations

from bench.variation.arguments import command
from bench.variation.surface import Surface

PLAYER_HP = 20
FIST_DAMAGE = 2
WEAPON_DAMAGE = 5
HEAL = 6
CREATURE_HP = 12
STRIKE = 3
SHIPPED_STRIKE = 4  # BUG-2: the shipped creature strikes harder than the docs say
START_COINS = 3
STORE_COINS = 5
STORE_JUNK = 2
WEAPON_PRICE, WEAPON_STOCK = 5, 1
POTION_PRICE, POTION_STOCK = 3, 2
TOO_MANY = 5  # what a probe asks to take where START_COINS lie

EXITS: dict[str, dict[str, str]] = {
    "start": {"north": "shop", "west": "store", "east": "lair"},
    "shop": {"south": "start"},
    "store": {"east": "start"},
    "lair": {"west": "start", "east": "vault"},
    "vault": {"west": "lair"},
}
START_ITEMS: dict[str, dict[str, int]] = {
    "start": {"coin": START_COINS},
    "store": {"coin": STORE_COINS, "junk": STORE_JUNK},
    "vault": {"treasure": 1},
}
WARES: dict[str, tuple[int, int]] = {
    "weapon": (WEAPON_PRICE, WEAPON_STOCK),
    "potion": (POTION_PRICE, POTION_STOCK),
}


class Commands:
    """The commands of one seed's game, in the verbs and names its docs use."""

    def __init__(self, surface: Surface):
        self.surface = surface
        self.names = surface.names

    def item(self, role: str) -> str:
        return self.names.items[role][0]

    def items(self, role: str) -> str:
        return self.names.items[role][1]

    def place(self, role: str) -> str:
        return self.names.places[role][0]

    def say(self, action: str, *words: str) -> str:
        return " ".join([self.surface.verb(action), *words])

    def move(self, direction: str) -> str:
        return self.say("move", direction)

    def _in_style(self, action: str, item: str, count: int | None = None, target: str = "") -> str:
        return command(self.surface.arguments, self.surface.verb(action), action, item, count, target)

    def take(self, what: str, place_role: str, count: int | None = None) -> str:
        """`take` of `count` (None: all) of what lies at the place."""
        return self._in_style("take", what, count, self.place(place_role))

    def take_all(self, role: str, place_role: str, there: int) -> str:
        """Take every one of a pile of `there`: a style whose commands need a count names it."""
        count = None if self.surface.arguments in ("single", "particle") else there
        plural = self.items(role) if there != 1 else self.item(role)
        return self.take(plural, place_role, count)

    def drop_all(self, role: str, place_role: str, held: int) -> str:
        count = None if self.surface.arguments in ("single", "particle") else held
        return self._in_style("drop", self.items(role), count, self.place(place_role))

    def buy(self, role: str) -> str:
        return self._in_style("buy", self.item(role), None, self.place("shop"))

    @property
    def take_coins(self) -> str:
        return self.take_all("coin", "start", START_COINS)

    def unlock_from(self, door: str) -> str:
        return self._in_style("unlock", door, None, self.item("key"))

    @property
    def unlock(self) -> str:
        return self.unlock_from(self.names.door)

    @property
    def to_shop_with_coins(self) -> list[str]:
        return [
            self.take_coins,
            self.move("west"),
            self.take_all("coin", "store", STORE_COINS),
            self.move("east"),
            self.move("north"),
        ]

    @property
    def armed_to_lair(self) -> list[str]:
        return [*self.to_shop_with_coins, self.buy("weapon"), self.move("south"), self.move("east")]

    def walkthrough(self) -> list[str]:
        attacks = [self.say("attack")] * 3  # the weapon's 5 damage, three times, fells 12 hp
        return [
            *self.armed_to_lair,
            *attacks,
            self.take_all("key", "lair", 1),
            self.unlock,
            self.move("east"),
            self.take_all("treasure", "vault", 1),
        ]

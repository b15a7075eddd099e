"""The dungeon of CRAWL: rooms, monsters, the shop and the numbers every rule uses."""

from __future__ import annotations

from dataclasses import dataclass, field

START_ROOM = "town"
START_COINS = 15
START_POTIONS = 1
BASE_HP = 30
BASE_ATTACK = 5
BASE_DEFENSE = 1
LEVEL_HP = 6
LEVEL_ATTACK = 2
LEVEL_DEFENSE = 1
# Total experience needed to reach level 2, 3, 4 and 5.
LEVEL_XP = (10, 25, 45, 70)
POTION_HEAL = 12
POTION_COOLDOWN = 3
INN_PRICE = 3


@dataclass(frozen=True)
class Monster:
    name: str
    hp: int
    attack: int
    defense: int
    xp: int
    coins: int


@dataclass(frozen=True)
class Gear:
    name: str
    slot: str
    attack: int
    defense: int
    price: int


@dataclass(frozen=True)
class Room:
    id: str
    name: str
    text: str
    exits: dict[str, str]
    monster: Monster | None = None
    guarded: tuple[str, ...] = field(default=())


MONSTERS = {
    "rat": Monster("giant rat", hp=6, attack=3, defense=0, xp=4, coins=3),
    "goblin": Monster("goblin", hp=12, attack=5, defense=1, xp=8, coins=6),
    "spider": Monster("cave spider", hp=10, attack=6, defense=1, xp=6, coins=5),
    "skeleton": Monster("skeleton", hp=18, attack=8, defense=2, xp=14, coins=10),
    "warden": Monster("dread warden", hp=36, attack=11, defense=3, xp=40, coins=0),
}

GEAR = {
    "sword": Gear("sword", slot="weapon", attack=4, defense=0, price=15),
    "shield": Gear("shield", slot="armour", attack=0, defense=2, price=14),
}

# What the shop sells and what it asks for each.
SHOP = {"potion": 6, "sword": 15, "shield": 12}

ROOMS = {
    "town": Room(
        "town",
        "Town",
        "A muddy square above the dungeon. A shop and an inn face the well; a stair leads north into the dark.",
        {"north": "gate"},
    ),
    "gate": Room(
        "gate",
        "Dungeon Gate",
        "A low arch of wet stone. Gnawed bones cover the floor.",
        {"south": "town", "north": "hall"},
        MONSTERS["rat"],
        ("north",),
    ),
    "hall": Room(
        "hall",
        "Pillared Hall",
        "Broken pillars hold up a sagging vault. Passages lead east and north.",
        {"south": "gate", "east": "cellar", "north": "crypt"},
        MONSTERS["goblin"],
        ("east", "north"),
    ),
    "cellar": Room(
        "cellar",
        "Webbed Cellar",
        "Thick webs hang from the barrels of a forgotten cellar.",
        {"west": "hall"},
        MONSTERS["spider"],
    ),
    "crypt": Room(
        "crypt",
        "Crypt",
        "Stone coffins line the walls, their lids pushed aside.",
        {"south": "hall", "north": "throne"},
        MONSTERS["skeleton"],
        ("north",),
    ),
    "throne": Room(
        "throne",
        "Throne of the Deep",
        "A cold throne of black iron at the bottom of the dungeon.",
        {"south": "crypt"},
        MONSTERS["warden"],
        ("south",),
    ),
}

"""The numbers of COLONY: starting stock, buildings, jobs, market and the goal. docs/design.md explains them."""

from __future__ import annotations

from dataclasses import dataclass

GOODS = ("food", "wood")
START_STOCK = {"food": 30, "wood": 20, "coin": 40}
START_POPULATION = 5
LAST_DAY = 20
TARGET_POPULATION = 12
TARGET_COIN = 200

BASE_HOUSING = 6
HOUSE_ROOM = 2
BASE_STORAGE = 60
STOREHOUSE_ROOM = 40
GROWTH_FOOD = 10

JOBS = ("farmer", "woodcutter")
JOB_NAMES = {"farmer": "farmer", "farmers": "farmer", "woodcutter": "woodcutter", "woodcutters": "woodcutter"}
FARMER_YIELD = 3
MILL_BONUS = 1
WOODCUTTER_YIELD = 2
FOOD_PER_COLONIST = 1

BASE_PRICES = {"food": 3, "wood": 4}
MIN_PRICE = 2
MAX_PRICE = 12
SELL_MARGIN = 1

SLOT_NUMBERS = (1, 2, 3)
EMPTY_SLOTS: dict[int, dict | None] = dict.fromkeys(SLOT_NUMBERS)


@dataclass(frozen=True)
class Blueprint:
    kind: str
    wood: int
    coin: int
    days: int
    effect: str

    def cost_text(self) -> str:
        parts = [f"{self.wood} wood"] + ([f"{self.coin} coin"] if self.coin else [])
        return " and ".join(parts)


BLUEPRINTS = {
    "house": Blueprint("house", wood=10, coin=0, days=3, effect=f"+{HOUSE_ROOM} housing"),
    "storehouse": Blueprint("storehouse", wood=15, coin=10, days=3, effect=f"+{STOREHOUSE_ROOM} storage"),
    "mill": Blueprint("mill", wood=20, coin=20, days=2, effect=f"+{MILL_BONUS} food per farmer"),
}

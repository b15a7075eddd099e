"""Every number of the workshop. docs/rules.md states the same figures."""

from __future__ import annotations

START_PURSE = 10
START_INVENTORY = [("ROSEMARY", 2), ("SALT", 3), ("VIAL", 2)]

# What the market stall sells, coins per unit.
MARKET = {
    "ROSEMARY": 2,
    "SALT": 1,
    "MOONWATER": 4,
    "EMBERROOT": 5,
    "NIGHTSHADE": 6,
    "VIAL": 1,
}
BULK_MIN_UNITS = 4  # this many units of one item in one order...
BULK_PERCENT_OFF = 25  # ...take this much off that order, rounded up to a whole coin

# What the market stall pays per dose.
POTION_PRICES = {
    "CALM DRAUGHT": 6,
    "SIGHT TONIC": 12,
    "FIRE CORDIAL": 16,
    "DREAM ELIXIR": 24,
}

# (ingredients in alphabetical order) -> (potion, exact flame)
RECIPES = {
    ("ROSEMARY", "SALT"): ("CALM DRAUGHT", 2),
    ("MOONWATER", "ROSEMARY"): ("SIGHT TONIC", 3),
    ("MOONWATER", "NIGHTSHADE"): ("DREAM ELIXIR", 4),
    ("EMBERROOT", "SALT"): ("FIRE CORDIAL", 5),
}

FLAME_MAX = 5
DOSES_PER_BATCH = 2  # one bottling fills this many VIALs
BENCH_SHIFTS_PER_DAY = 2  # bottlings per day
RENT = 3  # paid at every sleep
DEADLINE_DAY = 6
COMMISSION = [("DREAM ELIXIR", 2), ("FIRE CORDIAL", 2)]
COMMISSION_FEE = 40

HELP = [
    "BREWING: mix <a> <b>, heat <n> (or heat), bottle, empty",
    "TRADE: sell <item> [qty], buy <item> [qty], prices",
    "WORKSHOP: look, recipes, commission, deliver, sleep, help",
]

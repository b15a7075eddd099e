"""The fixed facts of the estuary: harbours, legs, prices, timetables."""

HARBOURS = ("Saltmarsh", "Wexmoor", "Gullhaven", "Brinecombe")
GOODS = ("salt", "wool", "cider", "peat")

HOME_GOOD = {"Saltmarsh": "salt", "Wexmoor": "wool", "Gullhaven": "cider", "Brinecombe": "peat"}
HOME_STOCK = 30

PRICES = {
    "Saltmarsh": {"salt": 2, "wool": 6, "cider": 7, "peat": 5},
    "Wexmoor": {"salt": 5, "wool": 2, "cider": 8, "peat": 6},
    "Gullhaven": {"salt": 6, "wool": 7, "cider": 2, "peat": 7},
    "Brinecombe": {"salt": 7, "wool": 8, "cider": 6, "peat": 2},
}

OPENING_STOCK = {
    "Saltmarsh": {"salt": 30, "wool": 4, "cider": 2, "peat": 3},
    "Wexmoor": {"salt": 3, "wool": 30, "cider": 2, "peat": 4},
    "Gullhaven": {"salt": 2, "wool": 3, "cider": 30, "peat": 2},
    "Brinecombe": {"salt": 4, "wool": 2, "cider": 3, "peat": 30},
}

# Passengers waiting on each quay at dawn, by where they want to go.
PASSENGER_TIMETABLE = {
    "Saltmarsh": {"Wexmoor": 4, "Gullhaven": 2, "Brinecombe": 3},
    "Wexmoor": {"Saltmarsh": 3, "Gullhaven": 3, "Brinecombe": 2},
    "Gullhaven": {"Saltmarsh": 2, "Wexmoor": 3, "Brinecombe": 4},
    "Brinecombe": {"Saltmarsh": 2, "Wexmoor": 2, "Gullhaven": 3},
}

# (from, to): (hours under way, fuel burned)
LEGS = {
    ("Saltmarsh", "Wexmoor"): (3, 2),
    ("Wexmoor", "Saltmarsh"): (3, 2),
    ("Saltmarsh", "Gullhaven"): (4, 3),
    ("Gullhaven", "Saltmarsh"): (4, 3),
    ("Saltmarsh", "Brinecombe"): (5, 4),
    ("Brinecombe", "Saltmarsh"): (5, 4),
    ("Wexmoor", "Gullhaven"): (2, 2),
    ("Gullhaven", "Wexmoor"): (2, 2),
    ("Wexmoor", "Brinecombe"): (4, 4),
    ("Brinecombe", "Wexmoor"): (4, 3),
    ("Gullhaven", "Brinecombe"): (3, 2),
    ("Brinecombe", "Gullhaven"): (3, 2),
}

HOLD_CAPACITY = 10
SEATS = 6
FARE = 6
TANK = 12
FUEL_PRICE = 2
START_COINS = 30
TARGET_COINS = 250
DEADLINE_HOUR = 48
MAX_WAIT = 12

TIDE_CYCLE = 12
HIGH_WATER_HOURS = 6
DAY = 24


def tide_at(hour: int) -> str:
    return "high" if hour % TIDE_CYCLE < HIGH_WATER_HOURS else "low"


def tide_turns_at(hour: int) -> int:
    return hour - hour % TIDE_CYCLE + HIGH_WATER_HOURS

"""Fixed numbers of the tea house. docs/rules.md states every one of them in words."""

OPENS = 8 * 60            # 08:00
CLOSES = 17 * 60          # 17:00
GOAL = 8                  # satisfied guests needed to win
START_MONEY = 12.00
TABLES = 3

ROOM_TEMP = 20            # °C; water never cools below this
TAP_TEMP = 15             # °C; water straight from the tap
COOLING_PER_MINUTE = 1    # °C lost per minute by any kettle or pot holding water
HEAT_RATE = 20            # °C·L per minute a kettle burner delivers

KETTLES = 2
KETTLE_CAPACITY = 1.5     # L
POTS = 3
POT_CAPACITY = 0.75       # L
CUP = 0.25                # L poured per guest
LEAVES_PER_CUP = 2        # g of leaves per cup of water in the pot
MILK_PER_POT = 0.1        # L of milk for one pot
MILK_SURCHARGE = 0.50
GOOD_WINDOW = 4           # minutes past the steep time a pot stays good

GATE_PATIENCE = 15        # minutes a guest waits at the gate to be seated
TABLE_PATIENCE = 30       # minutes a seated guest waits for a cup

MAX_WAIT = 60             # longest single `clock wait`
SHOP_MINUTES = 10         # a trip to the grocer
MAX_BUY = 5               # tins or bottles per trip

TEAS = {
    "green": {"low": 75, "high": 85, "steep": 2, "price": 2.50},
    "black": {"low": 95, "high": 100, "steep": 4, "price": 2.00},
    "oolong": {"low": 85, "high": 95, "steep": 3, "price": 3.00},
    "herbal": {"low": 90, "high": 100, "steep": 5, "price": 2.00},
}

# What the grocer sells: one unit is a tin of leaves or a bottle of milk.
SHOP = {
    "green": {"unit": 50, "cost": 4.00},
    "black": {"unit": 50, "cost": 3.00},
    "oolong": {"unit": 50, "cost": 5.00},
    "herbal": {"unit": 50, "cost": 3.00},
    "milk": {"unit": 0.5, "cost": 1.00},
}

START_PANTRY = [
    {"id": "green", "amount": 20, "unit": "g"},
    {"id": "black", "amount": 30, "unit": "g"},
    {"id": "oolong", "amount": 0, "unit": "g"},
    {"id": "herbal", "amount": 10, "unit": "g"},
    {"id": "milk", "amount": 0.5, "unit": "L"},
]

# The day's bookings: (id, arrival, tea, with milk)
GUESTS = [
    ("amira", "08:10", "black", False),
    ("bram", "08:15", "black", True),
    ("cora", "08:20", "black", True),
    ("dov", "08:45", "green", False),
    ("esme", "08:50", "green", False),
    ("finn", "09:20", "oolong", False),
    ("greta", "09:40", "black", False),
    ("hugo", "09:45", "black", False),
    ("ines", "09:50", "black", True),
    ("jonah", "10:30", "herbal", False),
    ("kit", "11:15", "green", False),
    ("lena", "12:00", "oolong", False),
    ("milo", "13:30", "herbal", False),
    ("nell", "15:00", "black", True),
]

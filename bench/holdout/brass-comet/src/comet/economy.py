"""The belt as the Brass Comet's charts have it: stations, routes, prices and the Guild's terms.

Every number the rules use lives here, so docs/DESIGN.md and the code can be read side by side.
"""

from __future__ import annotations

STATIONS: dict[str, dict] = {
    "vesta": {"name": "Vesta Yard", "fuel_price": 5, "guild_office": True},
    "ceres": {"name": "Ceres Exchange", "fuel_price": 6, "guild_office": False},
    "pallas": {"name": "Pallas Deep", "fuel_price": 6, "guild_office": False},
    "hygiea": {"name": "Hygiea Rock", "fuel_price": 8, "guild_office": False},
}

GOODS = ("ore", "grain", "medicine", "machinery")

# What each station asks for one unit. A good missing from a station's table is not traded there at all.
ASKS: dict[str, dict[str, int]] = {
    "vesta": {"ore": 14, "grain": 11, "medicine": 40, "machinery": 26},
    "ceres": {"ore": 22, "grain": 6, "medicine": 30, "machinery": 48},
    "pallas": {"ore": 34, "grain": 18, "medicine": 58},
    "hygiea": {"ore": 9, "grain": 24, "machinery": 64},
}

# Days in flight between two stations; a jump burns one unit of fuel per day.
ROUTES: dict[frozenset[str], int] = {
    frozenset({"vesta", "ceres"}): 2,
    frozenset({"vesta", "pallas"}): 3,
    frozenset({"vesta", "hygiea"}): 5,
    frozenset({"ceres", "pallas"}): 2,
    frozenset({"ceres", "hygiea"}): 3,
    frozenset({"pallas", "hygiea"}): 2,
}

HOME = "vesta"
START_DAY = 1
START_CREDITS = 240
START_DEBT = 2000
HOLD_CAPACITY = 20
TANK_CAPACITY = 10

BID_PERCENT = 90  # a station buys back at this share of its asking price, rounded down
BULK_UNITS = 10  # an order of at least this many units of one good...
BULK_DISCOUNT_PERCENT = 10  # ...gets this much off its total, the discount rounded down

INTEREST_DAYS = (10, 20, 30)
INTEREST_PERCENT = 10
DEADLINE_DAY = 40


def bid(ask: int) -> int:
    """What a station pays for one unit of a good it asks `ask` for."""
    return ask * BID_PERCENT // 100


def order_cost(ask: int, units: int) -> int:
    """The price of buying `units` of one good at `ask` each, bulk discount included."""
    total = ask * units
    if units > BULK_UNITS:
        total -= total * BULK_DISCOUNT_PERCENT // 100
    return total


def route_days(origin: str, destination: str) -> int:
    return ROUTES[frozenset({origin, destination})]


def find_station(words: str) -> str | None:
    """A station id from what a player typed: its id, its full name, or the start of either."""
    wanted = words.strip().lower()
    if not wanted:
        return None
    for station_id, info in STATIONS.items():
        if wanted in (station_id, info["name"].lower()):
            return station_id
    matches = [
        station_id
        for station_id, info in STATIONS.items()
        if station_id.startswith(wanted) or info["name"].lower().startswith(wanted)
    ]
    return matches[0] if len(matches) == 1 else None

"""The fixed tables of the harbour: ports, prices, routes, the fleet and the contracts on offer."""

from __future__ import annotations

from dataclasses import dataclass

HOME_PORT = "Saltby"
PORTS = ("Saltby", "Gullhaven", "Kestrel", "Brindle")
CARGOES = ("salt", "timber", "wool", "tea")

# Coins per crate: a port buys and sells each cargo at the same price.
PRICES: dict[str, dict[str, int]] = {
    "Saltby": {"salt": 6, "timber": 14, "wool": 10, "tea": 30},
    "Gullhaven": {"salt": 10, "timber": 9, "wool": 15, "tea": 24},
    "Kestrel": {"salt": 12, "timber": 18, "wool": 8, "tea": 34},
    "Brindle": {"salt": 16, "timber": 11, "wool": 20, "tea": 22},
}

BERTH_FEES: dict[str, int] = {"Saltby": 0, "Gullhaven": 12, "Kestrel": 8, "Brindle": 15}
FUEL_PRICES: dict[str, int] = {"Saltby": 2, "Gullhaven": 3, "Kestrel": 4, "Brindle": 3}

# A boat with more than this many crates aboard pays the heavy-berth rate.
HEAVY_BERTH_CRATES = 6

# Days at sea between two ports, either way.
ROUTES: dict[frozenset[str], int] = {
    frozenset(("Saltby", "Gullhaven")): 1,
    frozenset(("Saltby", "Kestrel")): 2,
    frozenset(("Saltby", "Brindle")): 3,
    frozenset(("Gullhaven", "Kestrel")): 1,
    frozenset(("Gullhaven", "Brindle")): 2,
    frozenset(("Kestrel", "Brindle")): 1,
}

DAYS_PER_WEEK = 7
START_COINS = 150
START_DEBT = 400
LOAN_WEEKS = 4
LAPSE_PENALTY = 40


@dataclass(frozen=True)
class BoatSpec:
    name: str
    hold: int
    fuel_max: int
    burn: int


FLEET: tuple[BoatSpec, ...] = (
    BoatSpec(name="heron", hold=10, fuel_max=12, burn=3),
    BoatSpec(name="puffin", hold=6, fuel_max=8, burn=2),
)
FLAGSHIP = "heron"


@dataclass(frozen=True)
class ContractSpec:
    number: int
    cargo: str
    qty: int
    origin: str
    destination: str
    due_week: int
    due_day: int
    reward: int


CONTRACTS: tuple[ContractSpec, ...] = (
    ContractSpec(1, "salt", 8, "Saltby", "Brindle", due_week=1, due_day=6, reward=200),
    ContractSpec(2, "timber", 5, "Gullhaven", "Kestrel", due_week=2, due_day=3, reward=150),
    ContractSpec(3, "wool", 6, "Kestrel", "Saltby", due_week=2, due_day=7, reward=140),
    ContractSpec(4, "tea", 4, "Brindle", "Gullhaven", due_week=3, due_day=4, reward=180),
)


def find_port(word: str) -> str | None:
    for port in PORTS:
        if port.lower() == word.lower():
            return port
    return None

"""One voyage of the Brass Comet: the rules of the game, with no web in sight.

`Voyage.order(text)` plays one typed order and returns an `Outcome`; `Voyage.snapshot()` is the state the API
shows. Orders that the rules forbid are refused with a reason and change nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from comet import economy as eco

VIEW_ORDERS = {"help", "status", "market", "routes", "cargo"}
ALIASES = {
    "?": "help",
    "commands": "help",
    "look": "status",
    "s": "status",
    "report": "status",
    "prices": "market",
    "m": "market",
    "map": "routes",
    "chart": "routes",
    "hold": "cargo",
    "manifest": "cargo",
    "fly": "jump",
    "go": "jump",
    "travel": "jump",
    "fuel": "refuel",
    "pay": "repay",
}

HELP_ROWS = [
    ("status", "day, credits, debt, fuel and berth"),
    ("market", "what this station asks and bids for each good"),
    ("routes", "stations in reach, days in flight, fuel they burn"),
    ("cargo", "what is in the hold"),
    ("jump <station>", "fly to another station (e.g. `jump ceres`)"),
    ("buy <good> <units>", "buy at the asking price (e.g. `buy ore 12`)"),
    ("sell <good> [units]", "sell at the bid price; all of it when no number is given"),
    ("refuel [units]", "buy fuel here; fills the tank when no number is given"),
    ("repay <credits|all>", "pay the Guild (Vesta Yard only)"),
    ("help", "this table"),
]


class Refusal(Exception):
    """An order the rules do not allow. Its text is the reason shown to the player."""


@dataclass
class Outcome:
    accepted: bool
    text: str


def _whole_number(word: str, what: str) -> int:
    try:
        value = int(word) if word.isdecimal() and len(word) <= 12 else -1
    except ValueError:
        value = -1
    if value < 0:
        raise Refusal(f"'{word[:20]}' is not a number of {what}.")
    if value == 0:
        raise Refusal(f"Zero {what} is no order at all.")
    return value


class Voyage:
    """The ship, its purse and the Guild's ledger for one game."""

    def __init__(self) -> None:
        self.day = eco.START_DAY
        self.orders = 0
        self.credits = eco.START_CREDITS
        self.debt = eco.START_DEBT
        self.fuel = eco.TANK_CAPACITY
        self.berth = eco.HOME
        self.cargo: dict[str, int] = {}
        self.hold = {"capacity": eco.HOLD_CAPACITY, "free": eco.HOLD_CAPACITY}
        self.result = "underway"

    # ----------------------------------------------------------------- reading the state

    @property
    def over(self) -> bool:
        return self.result != "underway"

    def _station(self) -> dict:
        return eco.STATIONS[self.berth]

    def _asks(self) -> dict[str, int]:
        return eco.ASKS[self.berth]

    def _room(self) -> int:
        return self.hold["capacity"] - sum(self.cargo.values())

    # ----------------------------------------------------------------- hold bookkeeping

    def _load(self, good: str, units: int) -> None:
        self.cargo[good] = self.cargo.get(good, 0) + units
        self.hold["free"] -= units

    def _unload(self, good: str, units: int) -> None:
        self.cargo[good] -= units
        if self.cargo[good] == 0:
            del self.cargo[good]

    def snapshot(self) -> dict:
        asks = self._asks()
        return {
            "clock": {"day": self.day, "orders": self.orders},
            "ship": {
                "name": "Brass Comet",
                "berth": self.berth,
                "fuel": {"units": self.fuel, "tank": eco.TANK_CAPACITY},
                "hold": {
                    "capacity": self.hold["capacity"],
                    "free": self.hold["free"],
                    "cargo": [{"good": g, "units": n} for g, n in sorted(self.cargo.items())],
                },
            },
            "wallet": {"credits": self.credits},
            "guild": {
                "debt": self.debt,
                "deadline_day": eco.DEADLINE_DAY,
                "interest_days": list(eco.INTEREST_DAYS),
                "cleared": self.result == "won",
            },
            "port": {
                "id": self.berth,
                "name": self._station()["name"],
                "fuel_price": self._station()["fuel_price"],
                "market": [
                    {"good": g, "ask": asks[g], "bid": eco.bid(asks[g])} for g in eco.GOODS if g in asks
                ],
                "routes": [
                    {"to": other, "days": eco.route_days(self.berth, other)}
                    for other in eco.STATIONS
                    if other != self.berth
                ],
            },
            "voyage": self.result,
        }

    # ----------------------------------------------------------------- playing an order

    def order(self, text: str) -> Outcome:
        self.orders += 1
        words = text.strip().lower().split()
        if not words:
            return Outcome(False, "The comms officer waits. Type `help` for the list of orders.")
        verb = ALIASES.get(words[0], words[0])
        handler = getattr(self, f"_do_{verb}", None)
        if handler is None:
            return Outcome(False, f"Nobody aboard knows the order '{words[0]}'. Type `help` for the list.")
        if self.over and verb not in VIEW_ORDERS:
            return Outcome(False, self._ending() + " No further orders can be carried out.")
        try:
            return Outcome(True, handler(words[1:]))
        except Refusal as refusal:
            return Outcome(False, str(refusal))

    def _ending(self) -> str:
        if self.result == "won":
            return "The Guild has stamped the Brass Comet's papers: the ship is yours."
        return "Guild marshals have impounded the Brass Comet for unpaid debt."

    # ----------------------------------------------------------------- looking around

    def _do_help(self, args: list[str]) -> str:
        width = max(len(order) for order, _ in HELP_ROWS)
        lines = ["ORDERS".ljust(width) + " | WHAT IT DOES", "-" * width + "-+-" + "-" * 40]
        lines += [f"{order.ljust(width)} | {meaning}" for order, meaning in HELP_ROWS]
        lines.append("Goods: " + ", ".join(eco.GOODS) + ". Stations: " + ", ".join(eco.STATIONS) + ".")
        return "\n".join(lines)

    def _do_status(self, args: list[str]) -> str:
        text = (
            f"Day {self.day} of {eco.DEADLINE_DAY}. Berthed at {self._station()['name']}. "
            f"Credits {self.credits}, Guild debt {self.debt}. "
            f"Fuel {self.fuel}/{eco.TANK_CAPACITY}, hold {sum(self.cargo.values())}/{self.hold['capacity']} used."
        )
        if self.over:
            text += " " + self._ending()
        return text

    def _do_market(self, args: list[str]) -> str:
        asks = self._asks()
        lines = [f"{self._station()['name']} market (credits per unit):", "good       ask   bid"]
        for good in eco.GOODS:
            if good in asks:
                lines.append(f"{good:<10} {asks[good]:>3}   {eco.bid(asks[good]):>3}")
            else:
                lines.append(f"{good:<10}   -     -   (not traded here)")
        lines.append(f"fuel       {self._station()['fuel_price']:>3}   per unit")
        return "\n".join(lines)

    def _do_routes(self, args: list[str]) -> str:
        lines = [f"From {self._station()['name']}:"]
        for other, info in eco.STATIONS.items():
            if other != self.berth:
                days = eco.route_days(self.berth, other)
                reach = "" if days <= self.fuel else "  (not enough fuel)"
                lines.append(f"  {info['name']} ({other}): {days} days, {days} fuel{reach}")
        return "\n".join(lines)

    def _do_cargo(self, args: list[str]) -> str:
        used = sum(self.cargo.values())
        if not used:
            return f"The hold is empty: {self.hold['capacity']} units of space."
        listing = ", ".join(f"{units} {good}" for good, units in sorted(self.cargo.items()))
        return f"In the hold: {listing} ({used}/{self.hold['capacity']} units)."

    # ----------------------------------------------------------------- flying

    def _do_jump(self, args: list[str]) -> str:
        if not args:
            raise Refusal("Jump where? Name a station, e.g. `jump ceres`.")
        destination = eco.find_station(" ".join(args))
        if destination is None:
            raise Refusal(f"The charts show no station called '{' '.join(args)}'.")
        if destination == self.berth:
            raise Refusal(f"The Brass Comet is already berthed at {self._station()['name']}.")
        days = eco.route_days(self.berth, destination)
        if self.fuel < days:
            raise Refusal(f"That run burns {days} fuel and the tank holds {self.fuel}. Refuel first.")
        self.fuel -= days
        self.berth = destination
        notes = self._advance(days)
        text = (
            f"After {days} days in the dark the Brass Comet docks at {self._station()['name']}. "
            f"It is day {self.day}; {self.fuel} fuel left in the tank."
        )
        return " ".join([text, *notes])

    def _advance(self, days: int) -> list[str]:
        """Move the calendar on: the Guild's interest falls due, and so does its deadline."""
        self.day += days
        notes = []
        if self.day in eco.INTEREST_DAYS:
            added = self.debt * eco.INTEREST_PERCENT // 100
            self.debt += added
            notes.append(f"Day {self.day}: the Guild adds {added} credits of interest, the debt is now {self.debt}.")
        if self.day > eco.DEADLINE_DAY and self.debt > 0:
            self.result = "impounded"
            notes.append(self._ending() + " The voyage is over.")
        return notes

    def _do_refuel(self, args: list[str]) -> str:
        price = self._station()["fuel_price"]
        space = eco.TANK_CAPACITY - self.fuel
        if space == 0:
            raise Refusal("The tank is already full.")
        if args:
            units = _whole_number(args[0], "fuel units")
            if units > space:
                raise Refusal(f"The tank takes only {space} more units.")
            if units * price > self.credits:
                raise Refusal(f"{units} units cost {units * price} credits; you have {self.credits}.")
        else:
            units = min(space, self.credits // price)
            if units == 0:
                raise Refusal(f"Fuel is {price} credits a unit here and you have {self.credits}.")
        self.credits -= units * price
        self.fuel += units
        return f"Pumped {units} units of fuel at {price} each. Tank {self.fuel}/{eco.TANK_CAPACITY}."

    # ----------------------------------------------------------------- trading

    def _good_and_units(self, args: list[str], verb: str) -> tuple[str, int | None]:
        """`<good> [units]` or `<units> <good>`; units is None when not given or given as `all`."""
        if not args:
            raise Refusal(f"{verb.capitalize()} what? For example `{verb} ore 5`.")
        if len(args) > 1 and args[0].isdecimal():
            args = [args[1], args[0], *args[2:]]
        good = args[0]
        if good not in eco.GOODS:
            raise Refusal(f"'{good}' is not a good anyone trades in the belt. Goods: {', '.join(eco.GOODS)}.")
        if len(args) == 1 or args[1] == "all":
            return good, None
        return good, _whole_number(args[1], "units")

    def _bid_here(self, good: str) -> int:
        """What this station pays for one unit of `good`."""
        return eco.bid(self._asks()[good])

    def _do_buy(self, args: list[str]) -> str:
        good, units = self._good_and_units(args, "buy")
        if units is None:
            raise Refusal(f"Say how many units of {good} to buy, e.g. `buy {good} 5`.")
        asks = self._asks()
        if good not in asks:
            raise Refusal(f"{self._station()['name']} has no {good} for sale.")
        room = self._room()
        if room == 0:
            raise Refusal("The hold is full.")
        loaded = min(units, room)
        cost = eco.order_cost(asks[good], units)
        if cost > self.credits:
            raise Refusal(f"That order comes to {cost} credits and you have {self.credits}.")
        self.credits -= cost
        self._load(good, loaded)
        text = f"{loaded} {good} stowed for {cost} credits."
        if loaded < units:
            text = f"Only {room} units of space were free. " + text
        return text

    def _do_sell(self, args: list[str]) -> str:
        good, units = self._good_and_units(args, "sell")
        held = self.cargo.get(good, 0)
        if held == 0:
            raise Refusal(f"There is no {good} in the hold.")
        if units is None:
            units = held
        if units > held:
            raise Refusal(f"The hold carries only {held} {good}.")
        price = self._bid_here(good)
        earned = price * units
        text = (
            f"{units} {good} unloaded at {price} credits a unit: {earned} credits paid in. "
            f"Balance {self.credits} credits."
        )
        self.credits += earned
        self._unload(good, units)
        return text

    # ----------------------------------------------------------------- the Guild

    def _do_repay(self, args: list[str]) -> str:
        if not self._station()["guild_office"]:
            raise Refusal("The Guild only takes payments at its office in Vesta Yard.")
        if not args:
            raise Refusal("Repay how much? Give a number of credits or `all`.")
        if args[0] == "all":
            amount = min(self.credits, self.debt)
            if amount == 0:
                raise Refusal("You have no credits to pay with.")
        else:
            amount = _whole_number(args[0], "credits")
            if amount > self.credits:
                raise Refusal(f"You have only {self.credits} credits.")
            amount = min(amount, self.debt)
        self.credits -= amount
        self.debt -= amount
        if self.debt == 0:
            self.result = "won"
            return f"The clerk takes {amount} credits and stamps the ledger PAID. {self._ending()}"
        return f"The clerk takes {amount} credits. Still owed to the Guild: {self.debt} credits."

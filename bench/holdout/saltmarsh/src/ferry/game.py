"""One charter of the Saltmarsh ferry: the state and every command the skipper can give."""

from __future__ import annotations

import copy

from ferry import world
from ferry.words import Order, parse


class Charter:
    def __init__(self) -> None:
        self.hour = 0
        self.turn = 0
        self.at = "Saltmarsh"
        self.hold = {good: 0 for good in world.GOODS}
        self.passengers = {name: 0 for name in world.HARBOURS}
        self.coins = world.START_COINS
        self.fuel = world.TANK
        self.stock = copy.deepcopy(world.OPENING_STOCK)
        self.waiting = copy.deepcopy(world.PASSENGER_TIMETABLE)
        self.won = False
        self.lost = False

    # ------------------------------------------------------------------ state

    @property
    def tide(self) -> str:
        return world.tide_at(self.hour)

    @property
    def over(self) -> bool:
        return self.won or self.lost

    def hold_used(self) -> int:
        return sum(self.hold.values())

    def aboard(self) -> int:
        return sum(self.passengers.values())

    def state(self) -> dict:
        return {
            "hour": self.hour,
            "tide": self.tide,
            "tide_turns_at": world.tide_turns_at(self.hour),
            "ferry": {
                "at": self.at,
                "hold": {good: n for good, n in self.hold.items() if n},
                "passengers": {name: n for name, n in self.passengers.items() if n},
                "coins": self.coins,
                "fuel": self.fuel,
            },
            "harbours": {
                name: {
                    "stock": dict(self.stock[name]),
                    "prices": dict(world.PRICES[name]),
                    "waiting": {to: n for to, n in self.waiting[name].items() if n},
                }
                for name in world.HARBOURS
            },
            "charter": {
                "target_coins": world.TARGET_COINS,
                "deadline_hour": world.DEADLINE_HOUR,
                "won": self.won,
                "lost": self.lost,
            },
        }

    # ------------------------------------------------------------------ time

    def _advance(self, hours: int) -> None:
        self.hour += hours
        if self.hour % world.DAY == 0:
            self._dawn()
        if self.hour > world.DEADLINE_HOUR and not self.won:
            self.lost = True

    def _dawn(self) -> None:
        for name in world.HARBOURS:
            good = world.HOME_GOOD[name]
            self.stock[name][good] = max(self.stock[name][good], world.HOME_STOCK)
            self.waiting[name] = dict(world.PASSENGER_TIMETABLE[name])

    def _check_target(self) -> str:
        if not self.lost and not self.won and self.coins >= world.TARGET_COINS:
            self.won = True
            return (
                f" That brings your purse to {self.coins} coins, past the {world.TARGET_COINS} the charter asked"
                f" for, with {world.DEADLINE_HOUR - self.hour} hours to spare. The ferry is yours to keep. Well sailed!"
            )
        return ""

    # ------------------------------------------------------------------ commands

    def run(self, text: str) -> tuple[bool, str]:
        order = parse(text)
        if order is None:
            return False, "You open your mouth to give an order, but nothing comes out. Try `manual` if you're stuck."
        self.turn += 1
        handler = getattr(self, f"do_{order.verb}", None)
        if handler is None:
            return False, (
                f"The deckhand scratches his head: \"{order.verb}\"? That's not an order he knows. "
                "The `manual` in the wheelhouse lists the ones he does."
            )
        if self.over and order.verb not in ("manual", "ledger", "look"):
            verdict = "won" if self.won else "lost"
            return False, f"The charter is over and you've {verdict} it. There is nothing left to do but read the `ledger`."
        return handler(order)

    def do_manual(self, order: Order) -> tuple[bool, str]:
        return True, (
            "The manual is a salt-stained booklet, and it reads like a letter from the harbour board. "
            "You may `look` about the quay you're moored at, or read the `ledger` to see your purse, fuel, hold and the clock. "
            "To buy crates onto the ferry you say `load cargo=salt qty=4` (salt, wool, cider and peat are traded), "
            "and to sell them on the quay you say `unload cargo=salt qty=4`, or simply `unload all` to sell the whole hold. "
            "Passengers come aboard with `board to=Wexmoor qty=2` and pay their fare when you reach their harbour. "
            "You cast off with `sail to=Gullhaven`, though only while the tide is high, "
            "you can idle at the quay with `wait hours=3`, and you top up the tank with `refuel qty=5`. "
            "The charter wants "
            f"{world.TARGET_COINS} coins in your purse by hour {world.DEADLINE_HOUR}; the rest is up to you."
        )

    def do_look(self, order: Order) -> tuple[bool, str]:
        here = self.at
        prices = ", ".join(f"{good} at {p}" for good, p in world.PRICES[here].items())
        waiting = [f"{n} for {to}" for to, n in self.waiting[here].items() if n]
        crowd = "a knot of passengers waits on the quay: " + ", ".join(waiting) if waiting else "the quay is empty of passengers"
        legs = ", ".join(
            f"{to} ({hours} hours, {fuel} fuel)"
            for (frm, to), (hours, fuel) in world.LEGS.items()
            if frm == here
        )
        return True, (
            f"You're moored at {here}. It's hour {self.hour} and the tide is {self.tide}. "
            f"The harbourmaster chalks today's prices per crate: {prices} coins. "
            f"Along the wall, {crowd}. From here you can sail to {legs}."
        )

    def do_ledger(self, order: Order) -> tuple[bool, str]:
        cargo = ", ".join(f"{n} crates of {good}" for good, n in self.hold.items() if n) or "nothing"
        riders = ", ".join(f"{n} bound for {to}" for to, n in self.passengers.items() if n) or "nobody"
        return True, (
            f"You flip open the ledger. It is hour {self.hour} and the tide is {self.tide}. "
            f"Your purse holds {self.coins} coins and the tank holds {self.fuel} of {world.TANK} units of fuel. "
            f"In the hold you carry {cargo} ({self.hold_used()} of {world.HOLD_CAPACITY} crates), "
            f"and aboard you have {riders} ({self.aboard()} of {world.SEATS} seats). "
            f"The charter wants {world.TARGET_COINS} coins by hour {world.DEADLINE_HOUR}."
        )

    def _good(self, order: Order) -> str | None:
        good = order.args.get("cargo", "").lower()
        return good if good in world.GOODS else None

    def _qty(self, order: Order, key: str = "qty") -> int | None:
        raw = order.args.get(key)
        if raw is None or not (raw.isascii() and raw.isdigit()) or len(raw) > 6:
            return None
        return int(raw)

    def do_load(self, order: Order) -> tuple[bool, str]:
        good = self._good(order)
        if good is None:
            return False, "Load what? The quay trades salt, wool, cider and peat: say `load cargo=salt qty=4`."
        qty = self._qty(order)
        if not qty:
            return False, "How many crates? Give a whole number, like `load cargo=salt qty=4`."
        on_quay = self.stock[self.at][good]
        if qty > on_quay:
            return False, f"The quay at {self.at} only has {on_quay} crates of {good}; you can't load {qty}."
        room = world.HOLD_CAPACITY - self.hold_used()
        if room == 0:
            return False, "Your hold is packed to the hatches. Sell something before you load more."
        taken = min(qty, room)
        price = world.PRICES[self.at][good]
        cost = taken * price
        if cost > self.coins:
            return False, f"{taken} crates of {good} would cost {cost} coins and you only have {self.coins}."
        self.coins -= cost
        self.hold[good] += taken
        self.stock[self.at][good] -= qty
        short = f" There's only room for {taken}, so that's what the deckhands stow." if taken < qty else ""
        return True, (
            f"You pay {cost} coins for {taken} crates of {good} at {price} apiece.{short} "
            f"The hold now carries {self.hold_used()} of {world.HOLD_CAPACITY} crates and you have {self.coins} coins left."
        )

    def do_unload(self, order: Order) -> tuple[bool, str]:
        if order.words[:1] == ["all"] or order.args.get("cargo", "").lower() == "all":
            sales = {good: n for good, n in self.hold.items() if n}
            if not sales:
                return False, "You throw open the hatch on an empty hold. There's nothing to sell."
        else:
            good = self._good(order)
            if good is None:
                return False, "Unload what? Say `unload cargo=salt qty=4`, or `unload all` to sell the whole hold."
            qty = self._qty(order)
            if not qty:
                return False, "How many crates? Give a whole number, like `unload cargo=salt qty=4`."
            if qty > self.hold[good]:
                return False, f"You only carry {self.hold[good]} crates of {good}."
            sales = {good: qty}
        earned = 0
        parts = []
        for good, n in sales.items():
            price = world.PRICES[self.at][good]
            earned += n * price
            self.hold[good] -= n
            self.stock[self.at][good] += n
            parts.append(f"{n} crates of {good} at {price}")
        self.coins += earned
        return True, (
            f"The {self.at} merchants take " + ", ".join(parts) + f" for {earned} coins in all. "
            f"Your purse now holds {self.coins} coins." + self._check_target()
        )

    def _harbour(self, order: Order) -> str | None:
        name = order.args.get("to") or (order.words[0] if order.words else "")
        for harbour in world.HARBOURS:
            if harbour.lower() == name.lower():
                return harbour
        return None

    def do_board(self, order: Order) -> tuple[bool, str]:
        to = self._harbour(order)
        if to is None:
            return False, "Board passengers for where? Say `board to=Wexmoor qty=2`."
        if to == self.at:
            return False, f"Anyone bound for {to} is already here; they have no need of the ferry."
        qty = self._qty(order)
        if not qty:
            return False, f"How many passengers for {to}? Say `board to={to} qty=2`."
        here = self.waiting[self.at].get(to, 0)
        if qty > here:
            return False, f"Only {here} passengers on the {self.at} quay are bound for {to}."
        if self.aboard() + qty > world.SEATS:
            return False, f"You have {world.SEATS - self.aboard()} free seats, not enough for {qty} more."
        self.waiting[self.at][to] -= qty
        self.passengers[to] += qty
        return True, (
            f"{qty} passengers for {to} climb aboard and find their seats. They'll pay {world.FARE} coins each when you "
            f"tie up at {to}. You have {self.aboard()} of {world.SEATS} seats filled."
        )

    def do_sail(self, order: Order) -> tuple[bool, str]:
        to = self._harbour(order)
        if to is None:
            return False, "Sail where? The estuary has Saltmarsh, Wexmoor, Gullhaven and Brinecombe: say `sail to=Wexmoor`."
        hours, fuel = world.LEGS[(self.at, to)]
        if self.tide != "high":
            return False, (
                f"The tide is low and the channel out of {self.at} is all mud. You'll have to wait for the flood."
            )
        if fuel > self.fuel:
            return False, f"The run to {to} burns {fuel} fuel and the tank holds only {self.fuel}. Refuel first."
        self.fuel -= fuel
        self._advance(hours)
        self.at = to
        text = f"You cast off and steam for {hours} hours, burning {fuel} fuel, and tie up at {to} at hour {self.hour}."
        riders = self.passengers[to]
        if riders:
            paid = riders * world.FARE
            self.passengers[to] = 0
            self.coins += paid
            text += f" {riders} passengers step ashore and pay {paid} coins in fares; your purse holds {self.coins}."
        if self.lost:
            return True, text + (
                f" But the clock has run past hour {world.DEADLINE_HOUR} and the charter lapses with "
                f"{self.coins} coins in your purse. The ferry goes back to the board."
            )
        return True, text + self._check_target()

    def do_wait(self, order: Order) -> tuple[bool, str]:
        hours = self._qty(order, "hours")
        if not hours or hours > world.MAX_WAIT:
            return False, f"Wait how long? Give between 1 and {world.MAX_WAIT} hours, like `wait hours=3`."
        text = (
            f"You idle at the {self.at} quay for {hours} hours. "
            f"It's now hour {self.hour + hours} and the tide is {self.tide}."
        )
        self._advance(hours)
        if self.lost:
            return True, text + (
                f" The clock has run past hour {world.DEADLINE_HOUR} and the charter lapses with "
                f"{self.coins} coins in your purse. The ferry goes back to the board."
            )
        return True, text

    def do_refuel(self, order: Order) -> tuple[bool, str]:
        qty = self._qty(order)
        if not qty:
            return False, f"How much fuel? Say `refuel qty=4`; it costs {world.FUEL_PRICE} coins a unit."
        space = world.TANK - self.fuel
        if space == 0:
            return False, "The tank is already brimming."
        units = min(qty, space)
        cost = units * world.FUEL_PRICE
        if cost > self.coins:
            return False, f"{units} units of fuel cost {cost} coins and you have {self.coins}."
        self.coins -= cost
        self.fuel += units
        return True, (
            f"The fuel barge pumps {units} units into your tank for {cost} coins. "
            f"You now have {self.fuel} of {world.TANK} units and {self.coins} coins."
        )

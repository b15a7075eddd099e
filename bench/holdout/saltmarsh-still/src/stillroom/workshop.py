"""The workshop: one apprentice, one cauldron, one market stall and a guild commission.

Everything is deterministic: no randomness, no clock. All numbers live in `stillroom.tables`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from stillroom.tables import (
    BENCH_SHIFTS_PER_DAY,
    BULK_MIN_UNITS,
    BULK_PERCENT_OFF,
    COMMISSION,
    COMMISSION_FEE,
    DEADLINE_DAY,
    DOSES_PER_BATCH,
    FLAME_MAX,
    HELP,
    MARKET,
    POTION_PRICES,
    RECIPES,
    RENT,
    START_INVENTORY,
    START_PURSE,
)


@dataclass
class Reply:
    success: bool
    message: str


def _bump(rows: list[list], name: str, qty: int) -> None:
    """Add `qty` of `name` to a list of [NAME, count] rows (a new row goes last)."""
    for row in rows:
        if row[0] == name:
            row[1] += qty
            return
    rows.append([name, qty])


def _count(rows: list[list], name: str) -> int:
    return next((row[1] for row in rows if row[0] == name), 0)


def _drop(rows: list[list], name: str, qty: int = 1) -> None:
    """Take `qty` of `name` out of the rows; a row that reaches zero is removed."""
    for row in rows:
        if row[0] == name:
            row[1] -= qty
            if row[1] <= 0:
                rows.remove(row)
            return


class Workshop:
    def __init__(self) -> None:
        self.day = 1
        self.purse = START_PURSE
        self.inventory: list[list] = [[name, qty] for name, qty in START_INVENTORY]
        self.cauldron: list[list] = []
        self.flame = 0
        self.shelves: list[list] = []
        self.shifts_left = BENCH_SHIFTS_PER_DAY
        self.turn = 0
        self.won = False
        self.lost = False

    # ---- state -------------------------------------------------------------------------------------------

    @property
    def game_over(self) -> bool:
        return self.won or self.lost

    def state(self) -> dict:
        return {
            "almanac_day": self.day,
            "deadline_day": DEADLINE_DAY,
            "purse": self.purse,
            "inventory": [list(row) for row in self.inventory],
            "cauldron": [list(row) for row in self.cauldron],
            "flame": self.flame,
            "flame_max": FLAME_MAX,
            "shelves": [list(row) for row in self.shelves],
            "bench_shifts_left": self.shifts_left,
            "commission": [[name, qty] for name, qty in COMMISSION],
            "won": self.won,
            "game_over": self.game_over,
            "turn": self.turn,
        }

    # ---- dispatch ----------------------------------------------------------------------------------------

    def command(self, text: str) -> Reply:
        words = text.strip().split()
        if not words:
            return Reply(False, "?? empty line. try: help")
        verb, args = words[0].lower(), words[1:]
        handler = getattr(self, f"do_{verb}", None)
        if handler is None:
            return Reply(False, f"?? unknown verb '{verb[:30]}'. try: help")
        if self.game_over and verb not in ("help", "look", "recipes", "prices", "commission"):
            return Reply(False, "workshop closed: the season is over.")
        self.turn += 1
        return handler(args)

    def _tag(self) -> str:
        return f"[d{self.day}]"

    # ---- looking -----------------------------------------------------------------------------------------

    def do_help(self, args: list[str]) -> Reply:
        return Reply(True, "\n".join(HELP))

    def do_look(self, args: list[str]) -> Reply:
        jars = ", ".join(f"{n} x{q}" for n, q in self.inventory) or "nothing"
        shelf = ", ".join(f"{n} x{q}" for n, q in self.shelves) or "bare"
        pot = " + ".join(n for n, _ in self.cauldron) or "empty"
        return Reply(
            True,
            f"{self._tag()} purse {self.purse}c | jars: {jars} | shelves: {shelf} | "
            f"cauldron: {pot}, flame {self.flame}/{FLAME_MAX} | bench shifts left {self.shifts_left}",
        )

    do_status = do_look

    def do_recipes(self, args: list[str]) -> Reply:
        lines = [f"{potion}: {a} + {b} @ flame {heat}" for (a, b), (potion, heat) in RECIPES.items()]
        return Reply(True, "GRIMOIRE\n" + "\n".join(lines))

    def do_prices(self, args: list[str]) -> Reply:
        buy = ", ".join(f"{n} {p}c" for n, p in MARKET.items())
        sell = ", ".join(f"{n} {p}c" for n, p in POTION_PRICES.items())
        return Reply(
            True,
            f"MARKET sells: {buy}\nMARKET pays: {sell}\n"
            f"bulk: {BULK_MIN_UNITS}+ of one item in one order, {BULK_PERCENT_OFF}% off (rounded up)",
        )

    def do_commission(self, args: list[str]) -> Reply:
        wanted = ", ".join(f"{q} x {n}" for n, q in COMMISSION)
        return Reply(True, f"GUILD wants {wanted} by the end of day {DEADLINE_DAY}. fee {COMMISSION_FEE}c.")

    # ---- brewing -----------------------------------------------------------------------------------------

    def _ingredient(self, word: str) -> str | None:
        name = word.upper()
        return name if name in MARKET and name != "VIAL" else None

    def do_mix(self, args: list[str]) -> Reply:
        if len(args) != 2:
            return Reply(False, "usage: mix <a> <b>")
        first, second = self._ingredient(args[0]), self._ingredient(args[1])
        if first is None or second is None:
            return Reply(False, f"no such herb: {(args[0] if first is None else args[1]).upper()[:30]}")
        if self.cauldron:
            pot = " + ".join(n for n, _ in self.cauldron)
            return Reply(False, f"cauldron busy ({pot}). bottle or empty it first.")
        for name in (first, second):
            if _count(self.inventory, name) < 1:
                return Reply(False, f"out of {name}.")
        low, high = sorted({first, second})
        for name in (low, high):
            _drop(self.inventory, name)
            self.cauldron.append([name, 1])
        return Reply(True, f"{self._tag()} MIX: {low} + {high} in the cauldron. flame {self.flame}.")

    def do_heat(self, args: list[str]) -> Reply:
        if not self.cauldron:
            return Reply(False, "nothing in the cauldron to heat.")
        if not args:
            self.flame += 1
            return Reply(True, f"{self._tag()} FLAME up a notch.")
        if len(args) != 1 or not args[0].isdigit():
            return Reply(False, f"usage: heat <1-{FLAME_MAX}> (or heat)")
        level = int(args[0])
        if not 1 <= level <= FLAME_MAX:
            return Reply(False, f"flame runs 1 to {FLAME_MAX}.")
        self.flame = level
        return Reply(True, f"{self._tag()} FLAME set to {level}.")

    def do_empty(self, args: list[str]) -> Reply:
        if not self.cauldron:
            return Reply(False, "cauldron already empty.")
        pot = " + ".join(n for n, _ in self.cauldron)
        self.cauldron, self.flame = [], 0
        return Reply(True, f"{self._tag()} EMPTY: {pot} poured into the marsh. flame out.")

    def do_bottle(self, args: list[str]) -> Reply:
        if not self.cauldron:
            return Reply(False, "cauldron empty: nothing to bottle.")
        if self.flame < 1:
            return Reply(False, "the mix is cold. heat it first.")
        if self.shifts_left < 1:
            return Reply(False, "bench closed for today. sleep first.")
        if _count(self.inventory, "VIAL") < DOSES_PER_BATCH:
            return Reply(False, f"need {DOSES_PER_BATCH} VIAL to bottle.")
        pair = tuple(n for n, _ in self.cauldron)
        recipe = RECIPES.get(pair)
        self.shifts_left -= 1
        self.cauldron, flame, self.flame = [], self.flame, 0
        if recipe is None or recipe[1] != flame:
            return Reply(True, f"{self._tag()} BOTTLE: SLUDGE. the mix is lost; vials kept.")
        potion = recipe[0]
        _drop(self.inventory, "VIAL", DOSES_PER_BATCH)
        _bump(self.shelves, potion, DOSES_PER_BATCH)
        return Reply(True, f"{self._tag()} BOTTLE: {DOSES_PER_BATCH} x {potion} onto the shelves.")

    # ---- trade -------------------------------------------------------------------------------------------

    def _item_and_qty(self, args: list[str]) -> tuple[str, int] | None:
        if not args:
            return None
        qty = 1
        if args[-1].isdigit():
            qty, args = int(args[-1]), args[:-1]
        if not args or qty < 1:
            return None
        return " ".join(args).upper(), qty

    def do_buy(self, args: list[str]) -> Reply:
        parsed = self._item_and_qty(args)
        if parsed is None:
            return Reply(False, "usage: buy <item> [qty]")
        name, qty = parsed
        if name not in MARKET:
            return Reply(False, f"MARKET has no {name[:30]}.")
        cost = MARKET[name] * qty
        if qty >= BULK_MIN_UNITS - 1:
            cost = math.ceil(cost * (100 - BULK_PERCENT_OFF) / 100)
        if cost > self.purse:
            return Reply(False, f"{qty} x {name} costs {cost}c; purse holds {self.purse}c.")
        self.purse -= cost
        _bump(self.inventory, name, qty)
        return Reply(True, f"{self._tag()} BUY: {qty} x {name} for {cost}c. purse {self.purse}c.")

    def do_sell(self, args: list[str]) -> Reply:
        parsed = self._item_and_qty(args)
        if parsed is None:
            return Reply(False, "usage: sell <item> [qty]")
        name, qty = parsed
        if name not in POTION_PRICES:
            return Reply(False, f"MARKET buys potions only, not {name[:30]}.")
        held = _count(self.shelves, name)
        if held < qty:
            return Reply(False, f"shelves hold {held} x {name}.")
        paid = POTION_PRICES[name] * qty
        _drop(self.shelves, name)
        self.purse += paid
        return Reply(True, f"{self._tag()} SELL: {qty} x {name} for {paid}c. purse {self.purse}c.")

    # ---- time and the guild ------------------------------------------------------------------------------

    def do_sleep(self, args: list[str]) -> Reply:
        if self.purse < RENT:
            self.lost = True
            return Reply(True, f"{self._tag()} rent due {RENT}c, purse {self.purse}c. EVICTED. season over.")
        before = self.purse
        self.purse -= RENT
        self.day += 1
        self.shifts_left = BENCH_SHIFTS_PER_DAY
        self.cauldron, self.flame = [], 0
        if self.day > DEADLINE_DAY:
            self.lost = True
            return Reply(True, f"{self._tag()} the GUILD deadline has passed. season over.")
        return Reply(True, f"{self._tag()} new day. rent {RENT}c paid; purse {before}c. cauldron scrubbed.")

    def do_deliver(self, args: list[str]) -> Reply:
        missing = [f"{q - _count(self.shelves, n)} x {n}" for n, q in COMMISSION if _count(self.shelves, n) < q]
        if missing:
            return Reply(False, f"GUILD order short: {', '.join(missing)}.")
        for name, qty in COMMISSION:
            _drop(self.shelves, name, qty)
        self.purse += COMMISSION_FEE
        self.won = True
        return Reply(True, f"{self._tag()} DELIVER: GUILD commission filled, {COMMISSION_FEE}c paid. season won.")

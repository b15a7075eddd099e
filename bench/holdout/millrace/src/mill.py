"""Millrace: one season's books for a watermill on the race.

All money is kept in pence (12 pence to the shilling). The clerk writes every movement of money in the
ledger, so the ledger's amounts always add up to the purse.
"""

from __future__ import annotations

SEASON_WEEKS = 12
OPENING_PURSE = 1200  # 100s 0d
TARGET = 3000  # 250s 0d
WAGE = 72  # 6s 0d a week
LATE_FINE = 12  # 1s 0d
REPAIR_RATE = 1  # pence a point
WEAR_PER_SACK = 5
WHEEL_MAX = 100
HALF_BELOW = 40
FLOOD_DAMAGE = 10
FARMER_LIMIT = 10
BAKER_LIMIT = 8
LEDGER_SHOWN = 8

RIVER = ["high", "high", "fair", "fair", "low", "low", "fair", "fair", "high", "flood", "high", "fair"]
OUTPUT = {"low": 4, "fair": 8, "high": 12, "flood": 6}

GRAIN_PRICE = {"wheat": 48, "rye": 36, "oats": 30}
MEAL_PRICE = {"flour": 84, "ryemeal": 66, "oatmeal": 54}
MEAL_OF = {"wheat": "flour", "rye": "ryemeal", "oats": "oatmeal"}
GOODS = [*GRAIN_PRICE, *MEAL_PRICE]

HELP = """\
+---------+---------------+----------------------------------------------+
| ORDER   | ARGUMENTS     | WHAT IT DOES                                 |
+---------+---------------+----------------------------------------------+
| BUY     | grain,sacks   | buy grain from the farmers at their price    |
| GRIND   | grain,sacks   | turn grain into meal at the wheel            |
| SELL    | meal,sacks    | sell meal to the bakers at their price       |
| PAY     | -             | pay the miller his wage for this week        |
| REPAIR  | points        | mend the wheel, 1d a point, up to 100        |
| CLOSE   | -             | close the week's books and open the next     |
| STOCK   | -             | sacks in the bins and the purse              |
| MARKET  | -             | prices, what is left to trade, river, wheel  |
| LEDGER  | [entries]     | the last entries of the ledger (default 8)   |
| HELP    | -             | this table                                   |
+---------+---------------+----------------------------------------------+
grain: WHEAT, RYE, OATS     meal: FLOUR (from wheat), RYEMEAL, OATMEAL
Orders are written ORDER:ARG,ARG  e.g. BUY:WHEAT,4  GRIND:WHEAT,4  SELL:FLOUR,4"""


def money(pence: int) -> str:
    """Pence as the clerk writes them: 7s 6d, or -1s 0d when the purse is in debt."""
    sign = "-" if pence < 0 else ""
    shillings, rest = divmod(abs(pence), 12)
    return f"{sign}{shillings}s {rest}d"


def river_for(week: int) -> str:
    return RIVER[min(week, SEASON_WEEKS) - 1]


class Refused(Exception):
    """An order the clerk will not write down."""


class Mill:
    def __init__(self) -> None:
        self.week = 1
        self.purse = 0
        self.stock = [{"good": good, "sacks": 0} for good in GOODS]
        self.market = [
            {"good": good, "seller": "farmers", "price": price, "limit": FARMER_LIMIT, "traded": 0}
            for good, price in GRAIN_PRICE.items()
        ] + [
            {"good": good, "buyer": "bakers", "price": price, "limit": BAKER_LIMIT, "traded": 0}
            for good, price in MEAL_PRICE.items()
        ]
        self.ledger: list[dict] = []
        self.river = river_for(1)
        self.wheel = WHEEL_MAX
        self.ground = 0
        self.wages_paid = False
        self.season_over = False
        self.won = False
        self.turn = 0
        self._enter("OPENING PURSE", OPENING_PURSE)

    # -- books ---------------------------------------------------------------------------------------

    def _enter(self, entry: str, pence: int) -> None:
        self.ledger.append({"week": self.week, "entry": entry, "pence": pence})
        self.purse += pence

    def _row(self, good: str) -> dict | None:
        return next((row for row in self.stock if row["good"] == good), None)

    def _market(self, good: str) -> dict:
        return next(row for row in self.market if row["good"] == good)

    def capacity(self) -> int:
        if self.wheel <= 0:
            return 0
        sacks = OUTPUT[self.river]
        if self.wheel <= HALF_BELOW:
            sacks //= 2
        return sacks

    def state(self) -> dict:
        return {
            "week": self.week,
            "season_weeks": SEASON_WEEKS,
            "purse": self.purse,
            "target": TARGET,
            "stock": [dict(row) for row in self.stock],
            "ledger": [dict(entry) for entry in self.ledger],
            "mill": {
                "river": self.river,
                "wheel": self.wheel,
                "capacity": self.capacity(),
                "ground": self.ground,
            },
            "market": [dict(row) for row in self.market],
            "wages_paid": self.wages_paid,
            "season_over": self.season_over,
            "won": self.won,
        }

    # -- orders --------------------------------------------------------------------------------------

    def order(self, text: str) -> tuple[bool, str]:
        """Carry out one order; (accepted, the clerk's reply)."""
        self.turn += 1
        name, _, rest = text.strip().partition(":")
        name = name.strip().upper()
        args = [part.strip() for part in rest.split(",")] if rest.strip() else []
        if not name:
            return False, "REFUSED: NO ORDER GIVEN. TRY HELP."
        handler = getattr(self, f"_order_{name.lower()}", None)
        if handler is None or not name.isalpha():
            return False, f"REFUSED: NO SUCH ORDER {name[:20]}. TRY HELP."
        if self.season_over and name not in ("HELP", "STOCK", "MARKET", "LEDGER"):
            return False, "REFUSED: THE SEASON IS CLOSED. THE BOOKS ARE SHUT."
        try:
            return True, handler(args)
        except Refused as refusal:
            return False, f"REFUSED: {refusal}"

    def _head(self) -> str:
        return f"WK {self.week} |"

    @staticmethod
    def _sacks(text: str) -> int:
        try:
            sacks = int(text)
        except ValueError:
            raise Refused(f"{text[:12].upper()} IS NOT A WHOLE NUMBER") from None
        if sacks < 1:
            raise Refused(f"{sacks} WILL NOT DO: 1 OR MORE")
        return sacks

    @staticmethod
    def _want(args: list[str], count: int, usage: str) -> None:
        if len(args) != count or not all(args):
            raise Refused(f"WRITE IT {usage}")

    def _order_help(self, args: list[str]) -> str:
        return HELP

    def _order_buy(self, args: list[str]) -> str:
        self._want(args, 2, "BUY:GRAIN,SACKS")
        grain = args[0].lower()
        if grain not in GRAIN_PRICE:
            raise Refused(f"FARMERS DO NOT SELL {args[0].upper()[:12]}")
        sacks = self._sacks(args[1])
        offer = self._market(grain)
        left = offer["limit"] - offer["traded"]
        if sacks > left:
            raise Refused(f"FARMERS HAVE {left} SACKS {grain.upper()} LEFT THIS WEEK")
        cost = sacks * offer["price"]
        if cost > self.purse:
            raise Refused(f"{sacks} SACKS {grain.upper()} COST {money(cost)}; PURSE HOLDS {money(self.purse)}")
        offer["traded"] += sacks
        self._row(grain)["sacks"] += sacks
        self._enter(f"BOUGHT {sacks} {grain.upper()} @ {money(offer['price'])}", -cost)
        return (
            f"{self._head()} BOUGHT {sacks} SACKS {grain.upper()} @ {money(offer['price'])} = {money(cost)}"
            f" | PURSE {money(self.purse)}"
        )

    def _order_grind(self, args: list[str]) -> str:
        self._want(args, 2, "GRIND:GRAIN,SACKS")
        grain = args[0].lower()
        row = self._row(grain)
        if row is None:
            raise Refused(f"NO SUCH GRAIN {args[0].upper()[:12]}")
        sacks = self._sacks(args[1])
        meal = self._row(MEAL_OF[grain])
        if row["sacks"] < sacks:
            raise Refused(f"ONLY {row['sacks']} SACKS {grain.upper()} IN THE BIN")
        left = self.capacity() - self.ground
        if left <= 0:
            raise Refused(f"THE WHEEL CAN TURN NO MORE THIS WEEK (RIVER {self.river.upper()})")
        turned = min(sacks, left)
        row["sacks"] -= sacks
        meal["sacks"] += turned
        self.ground += turned
        self.wheel = max(0, self.wheel - turned * WEAR_PER_SACK)
        reply = f"{self._head()} GROUND {turned} SACKS {grain.upper()} TO {turned} SACKS {meal['good'].upper()}"
        if turned < sacks:
            reply += f" | WHEEL STOPPED; {sacks - turned} SACKS LEFT IN THE BIN"
        return reply + f" | WHEEL {self.wheel} | {max(0, self.capacity() - self.ground)} SACKS OF WORK LEFT"

    def _order_sell(self, args: list[str]) -> str:
        self._want(args, 2, "SELL:MEAL,SACKS")
        meal = args[0].lower()
        if meal not in MEAL_PRICE:
            raise Refused(f"BAKERS DO NOT BUY {args[0].upper()[:12]}")
        sacks = self._sacks(args[1])
        row = self._row(meal)
        if row["sacks"] < sacks:
            raise Refused(f"ONLY {row['sacks']} SACKS {meal.upper()} IN THE BIN")
        bid = self._market(meal)
        left = bid["limit"] - bid["traded"]
        if sacks > left:
            raise Refused(f"BAKERS WANT ONLY {left} SACKS {meal.upper()} MORE THIS WEEK")
        takings = sacks * bid["price"]
        bid["traded"] += sacks
        row["sacks"] -= sacks
        self._enter(f"SOLD {sacks} {meal.upper()} @ {money(bid['price'])}", takings)
        return (
            f"{self._head()} SOLD {sacks} SACKS {meal.upper()} @ {money(bid['price'])} = {money(takings)}"
            f" | PURSE {money(self.purse)}"
        )

    def _order_pay(self, args: list[str]) -> str:
        if args and [arg.upper() for arg in args] != ["WAGES"]:
            raise Refused("WRITE IT PAY")
        if self.wages_paid:
            raise Refused(f"THE MILLER IS PAID FOR WEEK {self.week}")
        if self.purse < WAGE:
            raise Refused(f"WAGE IS {money(WAGE)}; PURSE HOLDS {money(self.purse)}")
        self.wages_paid = True
        self._enter("MILLER'S WAGE", -WAGE)
        return f"{self._head()} MILLER'S WAGE {money(WAGE)} PAID | PURSE {money(self.purse)}"

    def _order_repair(self, args: list[str]) -> str:
        self._want(args, 1, "REPAIR:POINTS")
        points = self._sacks(args[0])
        room = WHEEL_MAX - self.wheel
        if room == 0:
            raise Refused(f"THE WHEEL IS SOUND AT {WHEEL_MAX}")
        mended = min(points, room)
        cost = mended * REPAIR_RATE
        if cost > self.purse:
            raise Refused(f"{mended} POINTS COST {money(cost)}; PURSE HOLDS {money(self.purse)}")
        self.wheel += mended
        self._enter(f"WHEEL MENDED {mended} PTS", -cost)
        return (
            f"{self._head()} WHEEL MENDED {points} PTS = {money(points * REPAIR_RATE)} | WHEEL {self.wheel}"
            f" | PURSE {money(self.purse)}"
        )

    def _order_close(self, args: list[str]) -> str:
        lines = [f"WK {self.week} CLOSED."]
        if not self.wages_paid:
            self._enter("MILLER'S WAGE, PAID LATE", -WAGE)
            self.purse -= LATE_FINE
            lines.append(f"WAGE UNPAID: {money(WAGE)} AND {money(LATE_FINE)} FINE TAKEN.")
        if self.week == SEASON_WEEKS:
            self.season_over = True
            self.won = self.purse >= TARGET
            lines.append(f"SEASON CLOSED. PURSE {money(self.purse)}. TARGET {money(TARGET)}.")
            lines.append("TARGET MET. THE MILL PAYS." if self.won else "TARGET NOT MET. THE MILL IS SOLD.")
            return "\n".join(lines)
        self.week += 1
        self.ground = 0
        self.wages_paid = False
        for row in self.market:
            row["traded"] = 0
        self.river = river_for(self.week)
        if self.river == "flood":
            self.wheel = max(0, self.wheel - FLOOD_DAMAGE)
            lines.append(f"FLOOD BATTERS THE WHEEL: -{FLOOD_DAMAGE} PTS.")
        lines.append(
            f"WK {self.week} OPENS. RIVER {self.river.upper()}. WHEEL {self.wheel}, "
            f"TURNS {self.capacity()} SACKS THIS WEEK."
        )
        lines.append(f"PURSE {money(self.purse)}")
        return "\n".join(lines)

    def _order_stock(self, args: list[str]) -> str:
        lines = [f"{self._head()} STOCK"]
        lines += [f"  {row['good'].upper():<8} {row['sacks']:>3} SACKS" for row in self.stock]
        lines.append(f"  PURSE    {money(self.purse)}")
        return "\n".join(lines)

    def _order_market(self, args: list[str]) -> str:
        lines = [f"{self._head()} MARKET"]
        for row in self.market:
            who = "FARMERS SELL" if "seller" in row else "BAKERS BUY "
            left = row["limit"] - row["traded"]
            lines.append(f"  {who} {row['good'].upper():<8} @ {money(row['price']):>7}  {left:>2} SACKS LEFT")
        lines.append(
            f"  RIVER {self.river.upper()} | WHEEL {self.wheel} | TURNS {self.capacity()} SACKS, "
            f"{self.ground} GROUND | WAGE {'PAID' if self.wages_paid else 'DUE'}"
        )
        return "\n".join(lines)

    def _order_ledger(self, args: list[str]) -> str:
        shown = LEDGER_SHOWN
        if args:
            self._want(args, 1, "LEDGER:ENTRIES")
            shown = self._sacks(args[0])
        lines = [f"{self._head()} LEDGER, LAST {min(shown, len(self.ledger))} OF {len(self.ledger)}"]
        for entry in self.ledger[-shown:]:
            lines.append(f"  WK {entry['week']:>2}  {entry['entry']:<28} {money(entry['pence']):>9}")
        lines.append(f"  PURSE {money(self.purse)}")
        return "\n".join(lines)

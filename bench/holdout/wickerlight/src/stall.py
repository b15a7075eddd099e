"""Wickerlight: the rules of the candle stall. One Stall object is one game.

The HTTP side (server.py) only parses requests and hands the player's text to Stall.do().
"""

from __future__ import annotations

SEASON_DAYS = 21
FAIR_EVERY = 7
HOURS_PER_DAY = 8
START_PURSE = 60

WAX_PRICE = 4          # pence a pound
WAX_BULK_PRICE = 3     # pence a pound when buying at least WAX_BULK_LB in one go
WAX_BULK_LB = 10
WICK_PRICE = 1
MAX_BUY = 200

MOULDS = 3
PITCH_FEE = 5
LEASE_PRICE = 250
LAPSE_FORFEIT = 10
MAX_OPEN_ORDERS = 2

CANDLES = {
    "taper": {"wax": 1, "wicks": 1, "hours": 1, "nights": 1, "price": 9, "demand": 10},
    "pillar": {"wax": 3, "wicks": 1, "hours": 2, "nights": 2, "price": 22, "demand": 4},
}
KIND_WORDS = {
    "taper": "taper", "tapers": "taper",
    "pillar": "pillar", "pillars": "pillar",
}

WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

# The notice board at the guild hall. Each order goes up on `posted` and comes down after `due`.
ORDER_BOOK = [
    {"no": 1, "customer": "the Chapel of St Brigid", "wants": {"taper": 6}, "posted": 1, "due": 4, "pay": 60},
    {"no": 2, "customer": "Miller Hobb (his daughter's wedding)", "wants": {"pillar": 2}, "posted": 2,
     "due": 6, "pay": 50},
    {"no": 3, "customer": "the Guildhall feast", "wants": {"taper": 8, "pillar": 2}, "posted": 8, "due": 13,
     "pay": 130},
    {"no": 4, "customer": "Widow Ashcombe", "wants": {"pillar": 3}, "posted": 10, "due": 17, "pay": 75},
    {"no": 5, "customer": "the Lantern Inn", "wants": {"taper": 10}, "posted": 15, "due": 20, "pay": 100},
]

HELP = """\
WICKERLIGHT - a candle stall, one season of three weeks

At the bench (not on fair days)
  dip <n>              dip n tapers     - 1 lb wax, 1 wick, 1 hour each; cure 1 night
  mould <n>            pour n pillars   - 3 lb wax, 1 wick, 2 hours and a free mould each; cure 2 nights

Supplies (any day)
  buy <n> wax          wax by the pound: 4p a lb, 3p a lb for 10 lb or more at once
  buy <n> wicks        wicks at 1p each

The fair (every Saturday: days 7, 14 and 21)
  sell <n> <tapers|pillars>
  sell all             sell whatever the fair still wants from your shelf

Orders
  board                the guild hall notice board
  take <no>            promise to fill an order from the board (two open at most)
  orders               your open orders
  deliver <no>         hand over the candles for an open order and get paid

The day
  status               purse, supplies, shelf, rack and hours left (also: look)
  sleep                end the day; the rack cures overnight
  lease                take the lease on the Wicker Lane shop (250p) - this wins the season
  help                 this text
"""


def plural(kind: str, n: int) -> str:
    return f"{n} {kind}" if n == 1 else f"{n} {kind}s"


def pence(n: int) -> str:
    return f"{n}p"


class Refusal(Exception):
    """A command the stall turns down; its text goes back to the player."""


def _count(word: str) -> int:
    if not word.isdecimal():
        raise Refusal(f"'{word}' is not a number I can use.")
    n = int(word)
    if n < 1:
        raise Refusal("You need at least one.")
    if n > MAX_BUY:
        raise Refusal(f"That's more than the stall can handle at once (at most {MAX_BUY}).")
    return n


class Stall:
    def __init__(self) -> None:
        self.day = 1
        self.hours_left = HOURS_PER_DAY
        self.purse = START_PURSE
        self.wax = 0
        self.wicks = 0
        self.shelf = {kind: 0 for kind in CANDLES}
        self.rack: list[dict] = []
        self.next_batch = 1
        self.demand = {kind: 0 for kind in CANDLES}
        self.fee_paid = False
        self.open_orders: list[dict] = []
        self.filled: list[int] = []
        self.lapsed: list[int] = []
        self.taken_ever: list[int] = []
        self.sold = {kind: 0 for kind in CANDLES}
        self.takings = 0
        self.spent = 0
        self.lease_signed = False
        self.won = False
        self.over = False
        self.turn = 0

    # ---- views -------------------------------------------------------------------------------------

    def is_fair_day(self) -> bool:
        return self.day % FAIR_EVERY == 0

    def next_fair(self) -> int | None:
        day = self.day if self.is_fair_day() else (self.day // FAIR_EVERY + 1) * FAIR_EVERY
        return day if day <= SEASON_DAYS else None

    def weekday(self) -> str:
        return WEEKDAYS[(self.day - 1) % 7]

    def moulds_in_use(self) -> int:
        return sum(b["qty"] for b in self.rack if b["kind"] == "pillar")

    def board(self) -> list[dict]:
        return [
            o for o in ORDER_BOOK
            if o["posted"] <= self.day <= o["due"] and o["no"] not in self.taken_ever
        ]

    def state(self) -> dict:
        return {
            "day": self.day,
            "weekday": self.weekday(),
            "season_days": SEASON_DAYS,
            "hours_left": self.hours_left,
            "purse": self.purse,
            "supplies": {"wax_lb": self.wax, "wicks": self.wicks},
            "shelf": dict(self.shelf),
            "rack": [dict(b) for b in self.rack],
            "moulds": {"total": MOULDS, "in_use": self.moulds_in_use()},
            "fair": {
                "today": self.is_fair_day(),
                "next_day": self.next_fair(),
                "wants": dict(self.demand) if self.is_fair_day() else None,
                "pitch_fee_paid": self.fee_paid,
            },
            "board": [_order_view(o) for o in self.board()],
            "orders": {
                "open": [_order_view(o) for o in self.open_orders],
                "filled": list(self.filled),
                "lapsed": list(self.lapsed),
            },
            "ledger": {"spent": self.spent, "takings": self.takings, "sold": dict(self.sold)},
            "lease_signed": self.lease_signed,
            "won": self.won,
            "over": self.over,
        }

    def welcome(self) -> str:
        return (
            "Wickerlight. You have a trestle, three pillar moulds, a dipping pot and "
            f"{pence(self.purse)} in your purse.\n"
            f"Save {pence(LEASE_PRICE)} for the lease on the little shop in Wicker Lane before the season ends "
            f"on day {SEASON_DAYS}. The fair runs every Saturday.\n"
            "It is Sunday, day 1. Type 'help' for the commands."
        )

    # ---- dispatch ----------------------------------------------------------------------------------

    def do(self, text: str) -> tuple[bool, str]:
        words = text.strip().lower().split()
        if not words:
            return False, "Say what you'd like to do. 'help' lists the commands."
        verb, args = words[0], words[1:]
        handler = COMMANDS.get(verb)
        if handler is None:
            return False, f"I don't know how to '{verb}'. Try 'help'."
        if self.over and verb not in ("help", "status", "look", "board", "orders"):
            return False, "The season is over. Start a new game to play again."
        try:
            message = handler(self, args)
        except Refusal as no:
            return False, str(no)
        self.turn += 1
        return True, message

    # ---- commands ----------------------------------------------------------------------------------

    def cmd_help(self, args: list[str]) -> str:
        return HELP

    def cmd_status(self, args: list[str]) -> str:
        lines = [f"Day {self.day} of {SEASON_DAYS}, {self.weekday()}."]
        if self.is_fair_day():
            wants = ", ".join(plural(k, n) for k, n in self.demand.items())
            lines.append(f"It's fair day. The crowd still wants {wants}.")
        else:
            nxt = self.next_fair()
            lines.append(f"{self.hours_left} hours of work left today. "
                         + (f"Next fair: day {nxt}." if nxt else "No more fairs this season."))
        lines.append(f"Purse: {pence(self.purse)}. Lease: {pence(LEASE_PRICE)}.")
        lines.append(f"Supplies: {self.wax} lb wax, {plural('wick', self.wicks)}.")
        lines.append(f"Shelf: {plural('taper', self.shelf['taper'])}, {plural('pillar', self.shelf['pillar'])}.")
        if self.rack:
            for b in self.rack:
                lines.append(f"  on the rack: batch {b['batch']}, {plural(b['kind'], b['qty'])}, "
                             f"ready day {b['ready_on']}")
        else:
            lines.append("The drying rack is empty.")
        lines.append(f"Moulds free: {MOULDS - self.moulds_in_use()} of {MOULDS}.")
        if self.open_orders:
            lines.append("Open orders: " + ", ".join(f"No. {o['no']} (due day {o['due']})"
                                                       for o in self.open_orders) + ".")
        return "\n".join(lines)

    def cmd_buy(self, args: list[str]) -> str:
        if len(args) != 2:
            raise Refusal("Buy what? e.g. 'buy 12 wax' or 'buy 6 wicks'.")
        if args[0].isdecimal():
            qty_word, item = args
        else:
            item, qty_word = args
        qty = _count(qty_word)
        if item in ("wax", "lb", "lbs"):
            price = WAX_BULK_PRICE if qty > WAX_BULK_LB else WAX_PRICE
            cost = qty * price
            if cost > self.purse:
                raise Refusal(f"{qty} lb of wax costs {pence(cost)}; you have {pence(self.purse)}.")
            self.purse -= cost
            self.spent += cost
            self.wax += qty
            return f"You buy {qty} lb of wax at {pence(price)} a pound: {pence(cost)}. Purse: {pence(self.purse)}."
        if item in ("wick", "wicks"):
            cost = qty * WICK_PRICE
            if cost > self.purse:
                raise Refusal(f"{plural('wick', qty)} cost {pence(cost)}; you have {pence(self.purse)}.")
            self.purse -= cost
            self.spent += cost
            self.wicks += qty
            return f"You buy {plural('wick', qty)} for {pence(cost)}. Purse: {pence(self.purse)}."
        raise Refusal(f"The chandler sells wax and wicks, not '{item}'.")

    def _bench_check(self, kind: str, qty: int) -> None:
        spec = CANDLES[kind]
        if self.is_fair_day():
            raise Refusal("It's fair day: you're minding the stall, not the bench.")
        need_hours = qty * spec["hours"]
        if need_hours > self.hours_left:
            raise Refusal(f"{plural(kind, qty)} take {need_hours} hours; you have {self.hours_left} left today.")
        if qty * spec["wax"] > self.wax:
            raise Refusal(f"{plural(kind, qty)} need {qty * spec['wax']} lb of wax; you have {self.wax} lb.")
        if qty * spec["wicks"] > self.wicks:
            raise Refusal(f"{plural(kind, qty)} need {plural('wick', qty * spec['wicks'])}; "
                          f"you have {self.wicks}.")

    def _rack_batch(self, kind: str, qty: int) -> dict:
        batch = {"batch": self.next_batch, "kind": kind, "qty": qty,
                 "ready_on": self.day + CANDLES[kind]["nights"]}
        self.next_batch += 1
        self.rack.append(batch)
        return batch

    def cmd_dip(self, args: list[str]) -> str:
        if not args or len(args) > 2 or (len(args) == 2 and KIND_WORDS.get(args[1]) != "taper"):
            raise Refusal("Dip how many? e.g. 'dip 4' (dipping makes tapers).")
        qty = _count(args[0])
        self._bench_check("taper", qty)
        spec = CANDLES["taper"]
        self.wax -= qty * spec["wax"]
        self.wicks -= qty * spec["wicks"]
        self.hours_left -= qty * spec["hours"]
        batch = self._rack_batch("taper", qty)
        return (f"You dip {plural('taper', qty)}, layer on layer, and hang them on the rack as batch "
                f"{batch['batch']}. They'll be ready on day {self.day + spec['nights']}.")

    def cmd_mould(self, args: list[str]) -> str:
        if not args or len(args) > 2 or (len(args) == 2 and KIND_WORDS.get(args[1]) != "pillar"):
            raise Refusal("Mould how many? e.g. 'mould 2' (moulding makes pillars).")
        qty = _count(args[0])
        free = MOULDS - self.moulds_in_use()
        if qty > free:
            raise Refusal(f"Only {free} of your {MOULDS} moulds are free.")
        self._bench_check("pillar", qty)
        spec = CANDLES["pillar"]
        self.wax -= qty * spec["wax"]
        self.wicks -= qty * spec["wicks"]
        self.hours_left -= qty
        batch = self._rack_batch("pillar", qty)
        return (f"You pour {plural('pillar', qty)} and set the moulds on the rack as batch {batch['batch']} "
                f"({qty * spec['hours']} hours' work). They'll be ready on day "
                f"{self.day + CANDLES['taper']['nights']}.")

    def cmd_sell(self, args: list[str]) -> str:
        if not self.is_fair_day():
            nxt = self.next_fair()
            when = f"day {nxt}" if nxt else "next season"
            raise Refusal(f"The fair isn't on today. Next fair: {when}.")
        if args == ["all"]:
            return self._sell_all()
        if len(args) != 2:
            raise Refusal("Sell what? e.g. 'sell 5 tapers' or 'sell all'.")
        if args[0].isdecimal():
            qty_word, kind_word = args
        else:
            kind_word, qty_word = args
        kind = KIND_WORDS.get(kind_word)
        if kind is None:
            raise Refusal(f"You make tapers and pillars, not '{kind_word}'.")
        qty = _count(qty_word)
        if qty > self.shelf[kind]:
            raise Refusal(f"You have only {plural(kind, self.shelf[kind])} on the shelf.")
        if self.demand[kind] == 0:
            raise Refusal(f"Nobody at the fair wants more {kind}s today.")
        sold = min(qty, self.demand[kind])
        income = self._sell(kind, sold)
        fee = self._pitch_fee()
        msg = f"You sell {plural(kind, sold)} at {pence(CANDLES[kind]['price'])} each: {pence(income)}."
        if sold < qty:
            msg += f" The fair only wanted {sold}; the rest go back in the crate."
        if fee:
            msg += f" The fair warden takes the {pence(fee)} pitch fee."
        return msg + f" Purse: {pence(self.purse)}."

    def _sell(self, kind: str, n: int) -> int:
        income = n * CANDLES[kind]["price"]
        self.shelf[kind] -= n
        self.demand[kind] -= n
        self.sold[kind] += n
        self.purse += income
        self.takings += income
        return income

    def _pitch_fee(self) -> int:
        if self.fee_paid:
            return 0
        self.fee_paid = True
        fee = min(PITCH_FEE, self.purse)
        self.purse -= fee
        self.spent += fee
        return fee

    def _sell_all(self) -> str:
        if not any(self.shelf.values()):
            raise Refusal("Your shelf is bare.")
        parts = []
        count = income = 0
        for kind in CANDLES:
            n = min(self.shelf[kind], self.demand[kind])
            if n:
                income += self._sell(kind, n)
                count += n
                parts.append(plural(kind, n))
        fee = self._pitch_fee() if count else 0
        msg = (f"You sell {' and '.join(parts)} for {pence(income)}, "
               f"{pence(income // count)} a candle on average.")
        if fee:
            msg += f" The fair warden takes the {pence(fee)} pitch fee."
        return msg + f" Purse: {pence(self.purse)}."

    def cmd_board(self, args: list[str]) -> str:
        posted = self.board()
        if not posted:
            return "The notice board is empty today."
        lines = ["The guild hall notice board:"]
        for o in posted:
            lines.append(f"  No. {o['no']}: {o['customer']} wants {_wants_text(o['wants'])} "
                         f"by day {o['due']}, paying {pence(o['pay'])}.")
        lines.append("'take <no>' to promise one.")
        return "\n".join(lines)

    def cmd_take(self, args: list[str]) -> str:
        no = self._order_no(args, "take")
        order = next((o for o in self.board() if o["no"] == no), None)
        if order is None:
            raise Refusal(f"There's no order No. {no} on the board.")
        if len(self.open_orders) >= MAX_OPEN_ORDERS:
            raise Refusal(f"You already have {MAX_OPEN_ORDERS} open orders; deliver one first.")
        self.open_orders.append(order)
        self.taken_ever.append(no)
        return (f"You pin your name to order No. {no}: {_wants_text(order['wants'])} for {order['customer']}, "
                f"due by day {order['due']}. Miss it and you owe a {pence(LAPSE_FORFEIT)} forfeit.")

    def cmd_orders(self, args: list[str]) -> str:
        if not self.open_orders:
            return "You have no open orders."
        lines = ["Your open orders:"]
        for o in self.open_orders:
            lines.append(f"  No. {o['no']}: {_wants_text(o['wants'])} for {o['customer']}, due day {o['due']}, "
                         f"pays {pence(o['pay'])}.")
        return "\n".join(lines)

    def cmd_deliver(self, args: list[str]) -> str:
        no = self._order_no(args, "deliver")
        order = next((o for o in self.open_orders if o["no"] == no), None)
        if order is None:
            raise Refusal(f"You have no open order No. {no}.")
        for kind, n in order["wants"].items():
            if self.shelf[kind] < n:
                raise Refusal(f"Order No. {no} needs {plural(kind, n)}; your shelf has {self.shelf[kind]}.")
            self.shelf[kind] -= n
        self.open_orders.remove(order)
        self.filled.append(no)
        self.purse += order["pay"]
        self.takings += order["pay"]
        return (f"You deliver {_wants_text(order['wants'])} to {order['customer']} and are paid "
                f"{pence(order['pay'])}. Purse: {pence(self.purse)}.")

    def _order_no(self, args: list[str], verb: str) -> int:
        if len(args) != 1:
            raise Refusal(f"Which order? e.g. '{verb} 1'.")
        word = args[0].lstrip("#")
        if word.startswith("no."):
            word = word[3:]
        if not word.isdecimal():
            raise Refusal(f"'{args[0]}' is not an order number.")
        return int(word)

    def cmd_lease(self, args: list[str]) -> str:
        if self.purse < LEASE_PRICE:
            raise Refusal(f"The lease costs {pence(LEASE_PRICE)}; you have {pence(self.purse)}.")
        self.purse -= LEASE_PRICE
        self.spent += LEASE_PRICE
        self.lease_signed = True
        self.won = True
        self.over = True
        return (f"You count out {pence(LEASE_PRICE)} and sign the lease on the Wicker Lane shop. "
                "Next season your candles will have a window of their own. You win!")

    def cmd_sleep(self, args: list[str]) -> str:
        notes = []
        for order in list(self.open_orders):
            if order["due"] <= self.day:
                self.open_orders.remove(order)
                self.lapsed.append(order["no"])
                forfeit = min(LAPSE_FORFEIT, self.purse)
                self.purse -= forfeit
                self.spent += forfeit
                notes.append(f"Order No. {order['no']} has lapsed; you pay {order['customer']} a "
                             f"{pence(forfeit)} forfeit.")
        if self.day >= SEASON_DAYS:
            self.over = True
            notes.append(f"The season is over and you have {pence(self.purse)}, short of the "
                         f"{pence(LEASE_PRICE)} lease. The Wicker Lane shop goes to someone else.")
            return "\n".join(notes)
        self.day += 1
        self.hours_left = HOURS_PER_DAY
        self.fee_paid = False
        self.demand = {kind: (CANDLES[kind]["demand"] if self.is_fair_day() else 0) for kind in CANDLES}
        for batch in self.rack:
            if batch["ready_on"] <= self.day:
                self.shelf[batch["kind"]] += batch["qty"]
                self.rack.remove(batch)
                verb = "goes" if batch["qty"] == 1 else "go"
                notes.append(f"Batch {batch['batch']} has cured: {plural(batch['kind'], batch['qty'])} "
                             f"{verb} on the shelf.")
        head = f"You sleep. Day {self.day}, {self.weekday()}."
        if self.is_fair_day():
            head += " Fair day! The stall is set up on the green."
        fresh = [o for o in self.board() if o["posted"] == self.day]
        for o in fresh:
            notes.append(f"A new order is pinned to the board: No. {o['no']}, {o['customer']}.")
        return "\n".join([head, *notes])


COMMANDS = {
    "help": Stall.cmd_help,
    "status": Stall.cmd_status,
    "look": Stall.cmd_status,
    "buy": Stall.cmd_buy,
    "dip": Stall.cmd_dip,
    "mould": Stall.cmd_mould,
    "mold": Stall.cmd_mould,
    "sell": Stall.cmd_sell,
    "board": Stall.cmd_board,
    "take": Stall.cmd_take,
    "orders": Stall.cmd_orders,
    "deliver": Stall.cmd_deliver,
    "lease": Stall.cmd_lease,
    "sleep": Stall.cmd_sleep,
}


def _wants_text(wants: dict) -> str:
    return " and ".join(plural(kind, n) for kind, n in wants.items())


def _order_view(order: dict) -> dict:
    return {"no": order["no"], "customer": order["customer"], "wants": dict(order["wants"]),
            "due": order["due"], "pay": order["pay"]}

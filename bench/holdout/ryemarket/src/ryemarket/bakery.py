"""Ryemarket's bakery: the rules, kept apart from the chat desk and the web server.

Money lives in the state as shop-window strings ("£12.40"); every sum is done in whole pence and written
back with `gbp()`.
"""

from __future__ import annotations

import copy

START_MONEY = 2500          # £25.00
TARGET = 12000              # £120.00 saved wins the bakery
RENT = 2000                 # £20.00 at the close of every seventh day
RENT_EVERY = 7
DEADLINE_DAY = 21
OVEN_SLOTS = 4
PANTRY_CAP = 12             # sacks of flour, all kinds together
STALL_LIMIT = 6             # loaves sold at the market stall per day
MAX_ORDER_QTY = 99

WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

FLOURS = {
    "wheat": 120,
    "rye": 150,
    "spelt": 250,
}

BREADS = {
    "sourdough": {"flour": "wheat", "nights": 1, "stall": 300, "order": 450},
    "rye": {"flour": "rye", "nights": 2, "stall": 350, "order": 550},
    "spelt": {"flour": "spelt", "nights": 1, "stall": 500, "order": 700},
}

# Customers who order the same thing on a regular round. An order placed on day d must be delivered
# by the close of day d + window.
STANDING_ORDERS = [
    {"customer": "Mrs Pell", "bread": "sourdough", "qty": 2, "first_day": 1, "every": 2, "window": 2},
    {"customer": "The Vicarage", "bread": "spelt", "qty": 1, "first_day": 2, "every": 3, "window": 2},
    {"customer": "The Crown Inn", "bread": "rye", "qty": 3, "first_day": 3, "every": 7, "window": 3},
]


class BakeryError(Exception):
    """A request the bakery turns down; the text is what the assistant says."""


def gbp(pence: int) -> str:
    sign = "-" if pence < 0 else ""
    pence = abs(pence)
    return f"{sign}£{pence // 100}.{pence % 100:02d}"


def pence(money: str) -> int:
    text = money.strip()
    sign = -1 if text.startswith("-") else 1
    pounds, _, pennies = text.lstrip("-").lstrip("£").partition(".")
    return sign * (int(pounds or 0) * 100 + int((pennies + "00")[:2]))


def weekday(day: int) -> str:
    return WEEKDAYS[(day - 1) % 7]


class Bakery:
    def __init__(self) -> None:
        self.state: dict = {
            "bakery": "Ryemarket",
            "day": 1,
            "weekday": weekday(1),
            "deadline_day": DEADLINE_DAY,
            "money": gbp(START_MONEY),
            "target": gbp(TARGET),
            "rent": gbp(RENT),
            "rent_due_day": RENT_EVERY,
            "pantry": {flour: 0 for flour in FLOURS},
            "shelf": {bread: 0 for bread in BREADS},
            "oven": [None] * OVEN_SLOTS,
            "stall_sold_today": 0,
            "orders": [],
            "next_order_number": 1,
            "stats": {"loaves_baked": 0, "loaves_sold": 0, "orders_delivered": 0, "orders_missed": 0},
            "won": False,
            "lost": False,
            "game_over": False,
        }
        self._place_orders()

    # -- small helpers -------------------------------------------------------------------------

    @property
    def day(self) -> int:
        return self.state["day"]

    @property
    def money(self) -> int:
        return pence(self.state["money"])

    def _set_money(self, amount: int) -> None:
        self.state["money"] = gbp(amount)

    def pantry_total(self) -> int:
        return sum(self.state["pantry"].values())

    def free_slots(self) -> list[int]:
        return [i for i, slot in enumerate(self.state["oven"]) if slot is None]

    def open_orders(self) -> list[dict]:
        return [dict(order) for order in self.state["orders"] if order["status"] == "open"]

    def snapshot(self) -> dict:
        return copy.deepcopy(self.state)

    def _check_win(self) -> str:
        if not self.state["won"] and self.money >= TARGET:
            self.state["won"] = True
            self.state["game_over"] = True
            return (f" That's {self.state['money']} in the tin, past our {gbp(TARGET)} target. "
                    "Ryemarket is ours, you've won!")
        return ""

    def _place_orders(self) -> list[dict]:
        placed = []
        for standing in STANDING_ORDERS:
            since = self.day - standing["first_day"]
            if since < 0 or since % standing["every"]:
                continue
            due = min(self.day + standing["window"], DEADLINE_DAY)
            bread = BREADS[standing["bread"]]
            order = {
                "id": f"order-{self.state['next_order_number']}",
                "customer": standing["customer"],
                "bread": standing["bread"],
                "qty": standing["qty"],
                "pay": gbp(standing["qty"] * bread["order"]),
                "placed_day": self.day,
                "due_day": due,
                "status": "open",
            }
            self.state["next_order_number"] += 1
            self.state["orders"].append(order)
            placed.append(order)
        return placed

    # -- actions -------------------------------------------------------------------------------

    def buy(self, qty: int, flour: str) -> str:
        if flour not in FLOURS:
            raise BakeryError(f"I don't stock {flour!r} flour. We've got {', '.join(FLOURS)}.")
        if qty < 1:
            raise BakeryError("I can only buy a whole number of sacks, at least 1.")
        room = PANTRY_CAP - self.pantry_total()
        if self.pantry_total() + qty >= PANTRY_CAP:
            raise BakeryError(f"The pantry only holds {PANTRY_CAP} sacks and there's room for {room} more.")
        cost = qty * FLOURS[flour]
        if cost > self.money:
            raise BakeryError(f"{qty} sacks of {flour} would cost {gbp(cost)} and we've only {self.state['money']}.")
        self._set_money(self.money - cost)
        self.state["pantry"][flour] += qty
        sacks = "sack" if qty == 1 else "sacks"
        return (f"Done! I've bought {qty} {sacks} of {flour} for {gbp(cost)}. "
                f"The pantry has {self.state['pantry'][flour]} {flour} now and we've {self.state['money']} left.")

    def bake(self, bread: str, count: int) -> str:
        if bread not in BREADS:
            raise BakeryError(f"I don't know how to bake {bread!r}. I can do {', '.join(BREADS)}.")
        if count < 1:
            raise BakeryError("Tell me how many loaves, at least 1 (like /bake sourdough x2).")
        recipe = BREADS[bread]
        flour = recipe["flour"]
        free = self.free_slots()
        if not free:
            raise BakeryError("The oven's full, all four slots are busy. Try /close to let them finish.")
        fit = min(count, len(free))
        if self.state["pantry"][flour] < fit:
            raise BakeryError(f"Each {bread} takes a sack of {flour} and the pantry has "
                              f"{self.state['pantry'][flour]}. Try /buy {fit} {flour}.")
        ready_on = self.day + recipe["nights"]
        used = free[:fit]
        for index in used:
            self.state["oven"][index] = {"bread": bread, "ready_on": ready_on}
        self.state["pantry"][flour] -= count
        self.state["stats"]["loaves_baked"] += fit
        slots = ", ".join(str(i + 1) for i in used)
        word = "slot" if fit == 1 else "slots"
        text = f"Done! I've put {fit} {bread} in {word} {slots}. They'll be ready on the morning of day {ready_on}."
        if fit < count:
            text += f" The oven only had room for {fit}, so I left the rest of the flour in the pantry."
        return text

    def sell(self, qty: int, bread: str) -> str:
        if bread not in BREADS:
            raise BakeryError(f"We don't bake {bread!r}. The stall takes {', '.join(BREADS)}.")
        if qty < 1:
            raise BakeryError("I can only sell at least 1 loaf.")
        on_shelf = self.state["shelf"][bread]
        if on_shelf < qty:
            raise BakeryError(f"We've only {on_shelf} {bread} on the shelf.")
        room = STALL_LIMIT - self.state["stall_sold_today"]
        if room <= 0:
            raise BakeryError(f"The stall's sold its {STALL_LIMIT} loaves for today. Come back tomorrow!")
        sold = min(qty, room)
        takings = sold * BREADS[bread]["stall"]
        self.state["shelf"][bread] -= sold
        self.state["stall_sold_today"] += sold
        self.state["stats"]["loaves_sold"] += sold
        self._set_money(self.money + takings)
        text = f"Sold {qty} {bread} at the stall for {gbp(qty * BREADS[bread]['stall'])}. We've {self.state['money']} now."
        return text + self._check_win()

    def deliver(self, order_id: str) -> str:
        order = next(o for o in self.state["orders"] if o["id"] == order_id)
        if order["status"] != "open":
            raise BakeryError(f"{order_id} is already {order['status']}.")
        if order["due_day"] < self.day:
            raise BakeryError(f"{order_id} was due on day {order['due_day']}, it's too late for it now.")
        have = self.state["shelf"][order["bread"]]
        if have < order["qty"]:
            raise BakeryError(f"{order['customer']} wants {order['qty']} {order['bread']} and we've only "
                              f"{have} on the shelf.")
        self.state["shelf"][order["bread"]] -= order["qty"]
        order["status"] = "delivered"
        order["delivered_day"] = self.day
        self.state["stats"]["orders_delivered"] += 1
        self._set_money(self.money + pence(order["pay"]))
        text = (f"Delivered! {order['customer']} got {order['qty']} {order['bread']} and paid {order['pay']}. "
                f"We've {self.state['money']} now.")
        return text + self._check_win()

    def close(self) -> str:
        ending = self.day
        self.state["day"] = ending + 1
        self.state["weekday"] = weekday(self.state["day"])
        lines = [f"Closing up on day {ending}."]

        lapsed = []
        for order in self.open_orders():
            if order["due_day"] <= ending:
                order["status"] = "missed"
                self.state["stats"]["orders_missed"] += 1
                lapsed.append(order)
        for order in lapsed:
            lines.append(f"Oh dear, {order['id']} for {order['customer']} lapsed undelivered.")

        if ending == self.state["rent_due_day"]:
            if self.money < RENT:
                self.state["day"] = ending
                self.state["weekday"] = weekday(ending)
                self.state["lost"] = True
                self.state["game_over"] = True
                lines.append(f"The landlord came for the {gbp(RENT)} rent and we've only {self.state['money']}. "
                             "We've lost the bakery. Game over.")
                return " ".join(lines)
            self._set_money(self.money - RENT)
            self.state["rent_due_day"] = self.day + RENT_EVERY
            lines.append(f"I paid the {gbp(RENT)} rent, we've {self.state['money']} left. "
                         f"Next rent is due at the close of day {self.state['rent_due_day']}.")

        if ending >= DEADLINE_DAY:
            self.state["day"] = ending
            self.state["weekday"] = weekday(ending)
            self.state["lost"] = True
            self.state["game_over"] = True
            lines.append(f"That was day {DEADLINE_DAY}, our last, and we've saved {self.state['money']} "
                         f"of the {gbp(TARGET)} we needed. Game over.")
            return " ".join(lines)

        self.state["stall_sold_today"] = 0
        out = {}
        for index, slot in enumerate(self.state["oven"]):
            if slot is not None and slot["ready_on"] <= self.day:
                self.state["shelf"][slot["bread"]] += 1
                out[slot["bread"]] = out.get(slot["bread"], 0) + 1
                self.state["oven"][index] = None
        lines.append(f"Good morning, it's {self.state['weekday']}, day {self.day} of {DEADLINE_DAY}.")
        if out:
            lines.append("Out of the oven: " + ", ".join(f"{n} {b}" for b, n in out.items()) + ".")
        for order in self._place_orders():
            lines.append(f"New order {order['id']}: {order['customer']} wants {order['qty']} {order['bread']} "
                         f"by day {order['due_day']} and will pay {order['pay']}.")
        return " ".join(lines)

    # -- read-only views -----------------------------------------------------------------------

    def status_text(self) -> str:
        s = self.state
        pantry = ", ".join(f"{n} {f}" for f, n in s["pantry"].items())
        shelf = ", ".join(f"{n} {b}" for b, n in s["shelf"].items())
        busy = OVEN_SLOTS - len(self.free_slots())
        return (f"It's {s['weekday']}, day {s['day']} of {DEADLINE_DAY}. We've {s['money']} saved of our "
                f"{s['target']} target. Pantry: {pantry} ({self.pantry_total()}/{PANTRY_CAP} sacks). "
                f"Shelf: {shelf}. Oven: {busy}/{OVEN_SLOTS} slots busy. "
                f"Stall sales today: {s['stall_sold_today']}/{STALL_LIMIT}. "
                f"Rent of {s['rent']} is due at the close of day {s['rent_due_day']}.")

    def oven_text(self) -> str:
        lines = ["Here's the oven:"]
        for index, slot in enumerate(self.state["oven"]):
            if slot is None:
                lines.append(f"• slot {index + 1}: empty")
            else:
                lines.append(f"• slot {index + 1}: {slot['bread']}, ready on day {slot['ready_on']}")
        return "\n".join(lines)

    def orders_text(self) -> str:
        waiting = [o for o in self.open_orders() if o["due_day"] >= self.day]
        if not waiting:
            return "No orders waiting right now. New ones come in with the morning post."
        lines = ["Orders waiting:"]
        for o in waiting:
            lines.append(f"• {o['id']}: {o['customer']}, {o['qty']} {o['bread']}, due by day {o['due_day']}, "
                         f"pays {o['pay']}")
        return "\n".join(lines)

    def prices_text(self) -> str:
        lines = ["Flour (per sack):"]
        lines += [f"• {flour}: {gbp(price)}" for flour, price in FLOURS.items()]
        lines.append("Breads (one sack of flour a loaf):")
        for name, b in BREADS.items():
            nights = "night" if b["nights"] == 1 else "nights"
            lines.append(f"• {name}: {b['flour']}, {b['nights']} {nights} in the oven, stall {gbp(b['stall'])}, "
                         f"orders {gbp(b['order'])} a loaf")
        return "\n".join(lines)

"""Ovenbright: the rules of a village bakery, kept apart from the web server.

One `Bakery` is one game. It keeps everything in `self.state`, a plain nested dict that is sent to the
client as it is, and answers each slash command with `(success, message)`.
"""

from __future__ import annotations

import copy

OPENS = 6
CLOSES = 18
LAST_DAY = 5
START_CASH = 40
TARGET_CASH = 150
RENT = 5
PATIENCE = 2
WARM_HOURS = 2
OVEN_COUNT = 3
BULK_MIN = 10
MAX_WAIT = 12

SUPPLIES = {
    "flour": {"price": 2, "unit": ("kg", "kg"), "capacity": 40},
    "yeast": {"price": 1, "unit": ("packet", "packets"), "capacity": 20},
    "sugar": {"price": 2, "unit": ("kg", "kg"), "capacity": 20},
    "butter": {"price": 3, "unit": ("block", "blocks"), "capacity": 20},
    "apples": {"price": 1, "unit": ("apple", "apples"), "capacity": 40},
}

SUPPLY_ALIASES = {
    "flour": "flour",
    "yeast": "yeast",
    "sugar": "sugar",
    "butter": "butter",
    "apple": "apples",
    "apples": "apples",
}

RECIPES = {
    "loaf": {
        "plural": "loaves",
        "needs": {"flour": 3, "yeast": 1},
        "yield": 6,
        "hours": 2,
        "price": 4,
    },
    "bun": {
        "plural": "buns",
        "needs": {"flour": 2, "sugar": 1, "butter": 1, "yeast": 1},
        "yield": 8,
        "hours": 1,
        "price": 3,
    },
    "pie": {
        "plural": "pies",
        "needs": {"flour": 2, "butter": 2, "apples": 4},
        "yield": 4,
        "hours": 3,
        "price": 8,
    },
}

GOODS_ALIASES = {
    "loaf": "loaf",
    "loaves": "loaf",
    "loafs": "loaf",
    "bread": "loaf",
    "bun": "bun",
    "buns": "bun",
    "pie": "pie",
    "pies": "pie",
}

VILLAGERS = [
    {"name": "Wren", "wage": 8, "about": "quick with a peel and never late"},
    {"name": "Bram", "wage": 7, "about": "the miller's second son, strong but slow"},
    {"name": "Tamsin", "wage": 9, "about": "baked for the manor kitchens once"},
]

# Who comes by on each day: (hour, name, what they want, how many).
CUSTOMERS = {
    1: [
        (8, "Mrs Pennock", "loaf", 2),
        (9, "Old Tobias", "bun", 3),
        (10, "the smith's boy", "loaf", 4),
        (11, "Widow Harrow", "pie", 1),
        (12, "Parson Crane", "bun", 4),
        (13, "Millie Fenn", "loaf", 3),
        (14, "the innkeeper", "pie", 3),
        (16, "Ned Carrow", "bun", 2),
    ],
    2: [
        (7, "the carter", "loaf", 3),
        (8, "Mrs Pennock", "bun", 4),
        (9, "the schoolmistress", "bun", 6),
        (10, "Old Tobias", "loaf", 2),
        (11, "the innkeeper", "pie", 4),
        (13, "Millie Fenn", "loaf", 4),
        (14, "Widow Harrow", "bun", 3),
        (15, "the reeve", "pie", 2),
        (16, "the smith's boy", "loaf", 3),
    ],
    3: [
        (7, "the carter", "loaf", 4),
        (8, "Parson Crane", "pie", 2),
        (9, "the schoolmistress", "bun", 8),
        (10, "Mrs Pennock", "loaf", 2),
        (11, "the innkeeper", "loaf", 6),
        (12, "Ned Carrow", "bun", 4),
        (13, "the reeve", "pie", 2),
        (14, "Widow Harrow", "pie", 2),
        (15, "Old Tobias", "bun", 3),
        (16, "Millie Fenn", "loaf", 3),
    ],
    4: [
        (7, "the smith's boy", "loaf", 3),
        (8, "the schoolmistress", "bun", 6),
        (9, "the innkeeper", "pie", 4),
        (10, "Parson Crane", "loaf", 3),
        (11, "the carter", "loaf", 4),
        (12, "Millie Fenn", "bun", 5),
        (14, "the reeve", "pie", 3),
        (15, "Mrs Pennock", "bun", 3),
        (16, "Old Tobias", "loaf", 2),
    ],
    5: [
        (7, "the carter", "loaf", 4),
        (8, "Widow Harrow", "bun", 4),
        (9, "the schoolmistress", "bun", 8),
        (10, "the innkeeper", "pie", 4),
        (11, "Ned Carrow", "loaf", 3),
        (12, "the reeve", "pie", 2),
        (13, "Parson Crane", "bun", 4),
        (14, "Millie Fenn", "loaf", 4),
        (16, "Mrs Pennock", "pie", 2),
    ],
}

HELP = [
    ("See the bakery at a glance", "/look"),
    ("Read the supply prices at the market", "/market"),
    ("Buy supplies for the pantry", "/buy <supply> <amount>"),
    ("Check what is in the pantry", "/pantry"),
    ("See what each recipe needs and makes", "/recipes"),
    ("Put a batch in an oven", "/bake <loaf|bun|pie> [oven]"),
    ("Check on the ovens", "/ovens"),
    ("Take a finished batch out onto the shelf", "/unload <oven>"),
    ("See who is waiting at the counter", "/queue"),
    ("Serve a customer, the first in line unless you name a place", "/serve [place]"),
    ("Let time pass", "/wait [hours]"),
    ("Take on a hand, so you can run more ovens at once", "/hire <name>"),
    ("Let a hand go", "/dismiss <name>"),
    ("Read today's page of the ledger", "/ledger"),
    ("Shut up shop for the day", "/close"),
    ("Show this menu", "/help"),
]

READ_ONLY = {"help", "look", "market", "pantry", "recipes", "ovens", "queue", "ledger", "start"}


def clock(hour: int) -> str:
    return f"{hour:02d}:00"


def count_of(n: int, singular: str, plural: str) -> str:
    return f"{n} {singular if n == 1 else plural}"


def goods(item: str, n: int) -> str:
    return count_of(n, item, RECIPES[item]["plural"])


def supply_amount(name: str, n: int) -> str:
    singular, plural = SUPPLIES[name]["unit"]
    if name == "apples":
        return count_of(n, singular, plural)
    return f"{count_of(n, singular, plural)} of {name}"


def coins(n: int) -> str:
    return count_of(n, "coin", "coins")


def order_cost(supply: str, qty: int) -> int:
    """What `qty` of one supply costs in one order, the bulk discount taken off."""
    total = SUPPLIES[supply]["price"] * qty
    if qty > BULK_MIN:
        total -= total // 10
    return total


def help_text() -> str:
    lines = ["Ovenbright Bakery: what you can do"]
    for number, (what, command) in enumerate(HELP, start=1):
        lines.append(f"{number}. {what}: {command}")
    lines.append("Commands start with a slash, as in /buy flour 6.")
    return "\n".join(lines)


def new_state() -> dict:
    return {
        "calendar": {
            "day": 1,
            "last_day": LAST_DAY,
            "clock": {"hour": OPENS, "opens": OPENS, "closes": CLOSES},
        },
        "shop": {
            "shelf": {
                item: {"count": 0, "price": recipe["price"]} for item, recipe in RECIPES.items()
            },
            "counter": {"queue": [], "served_today": 0, "walked_out_today": 0},
        },
        "ovens": {
            "units": [
                {"number": n, "status": "idle", "batch": None} for n in range(1, OVEN_COUNT + 1)
            ],
            "tending": {"can_tend": 1, "in_use": 0},
        },
        "pantry": {
            "bins": {
                name: {"amount": 0, "capacity": info["capacity"], "unit": info["unit"][1]}
                for name, info in SUPPLIES.items()
            },
        },
        "staff": {
            "hands": [],
            "payroll": {"daily_wages": 0},
            "for_hire": copy.deepcopy(VILLAGERS),
        },
        "ledger": {
            "cash": START_CASH,
            "today": fresh_page(),
            "days": [],
        },
        "goal": {"target_cash": TARGET_CASH, "won": False, "lost": False, "outcome": ""},
    }


def fresh_page() -> dict:
    return {
        "takings": 0,
        "supplies": 0,
        "wages": 0,
        "rent": 0,
        "waste": {item: 0 for item in RECIPES},
    }


class Bakery:
    def __init__(self) -> None:
        self.state = new_state()
        self.turn = 0
        self._arrivals: list[tuple[int, str, str, int]] = []
        self._schedule_day()

    # ----------------------------------------------------------------- helpers

    @property
    def game_over(self) -> bool:
        goal = self.state["goal"]
        return bool(goal["won"] or goal["lost"])

    @property
    def hour(self) -> int:
        return self.state["calendar"]["clock"]["hour"]

    @property
    def cash(self) -> int:
        return self.state["ledger"]["cash"]

    def _schedule_day(self) -> None:
        self._arrivals = list(CUSTOMERS.get(self.state["calendar"]["day"], []))

    def _units(self) -> list[dict]:
        return self.state["ovens"]["units"]

    def _refresh_tending(self) -> None:
        tending = self.state["ovens"]["tending"]
        tending["can_tend"] = 1 + len(self.state["staff"]["hands"])
        tending["in_use"] = sum(1 for unit in self._units() if unit["batch"] is not None)

    def _queue(self) -> list[dict]:
        return self.state["shop"]["counter"]["queue"]

    def _find_hand(self, name: str, people: list[dict]) -> dict | None:
        for person in people:
            if person["name"].lower() == name.lower():
                return person
        return None

    # ---------------------------------------------------------------- commands

    def start_message(self) -> str:
        return (
            "Welcome to Ovenbright, the bakery on the village green. The ovens are cold, the pantry is "
            f"bare and the till holds {coins(self.cash)}. You have {LAST_DAY} days to have "
            f"{coins(TARGET_CASH)} in the till when you shut up shop. Type /help for the menu."
        )

    def handle(self, text: str) -> tuple[bool, str]:
        self.turn += 1
        raw = text.strip()
        if not raw:
            return False, "The shop bell rings, but nobody says anything. Type /help for the menu."
        if not raw.startswith("/"):
            return False, self._no_slash(raw)
        parts = raw[1:].split()
        if not parts:
            return False, "A slash on its own does nothing. Try /help."
        name = parts[0].lower().split("@", 1)[0]
        args = [part.lower() for part in parts[1:]]
        handler = getattr(self, f"cmd_{name}", None)
        if handler is None:
            return False, f"I don't know /{name}. Type /help for the menu."
        if self.game_over and name not in READ_ONLY:
            return False, f"{self.state['goal']['outcome']} The season is over; start a new game to play again."
        return handler(args)

    def _no_slash(self, raw: str) -> str:
        word = raw.split()[0].lower()
        if word.isdigit():
            number = int(word)
            if 1 <= number <= len(HELP):
                what, command = HELP[number - 1]
                return f"Menu entry {number} is a description, not a command: type {command}."
            return f"There is no entry {number} on the menu. Type /help to see it."
        if hasattr(self, f"cmd_{word}"):
            return f"Commands start with a slash here. Did you mean /{raw}?"
        return "I only understand slash commands, like /look or /bake loaf. Type /help for the menu."

    def cmd_help(self, args: list[str]) -> tuple[bool, str]:
        return True, help_text()

    def cmd_start(self, args: list[str]) -> tuple[bool, str]:
        return True, self.start_message()

    def cmd_look(self, args: list[str]) -> tuple[bool, str]:
        cal = self.state["calendar"]
        shelf = self.state["shop"]["shelf"]
        lines = [
            f"Day {cal['day']} of {cal['last_day']}, {clock(self.hour)}. "
            f"The shop shuts at {clock(CLOSES)}.",
            f"Till: {coins(self.cash)} (goal: {coins(TARGET_CASH)} at a day's close).",
            "Shelf: " + ", ".join(goods(item, shelf[item]["count"]) for item in RECIPES) + ".",
            "Ovens: " + "; ".join(f"{u['number']}: {self._oven_line(u)}" for u in self._units()) + ".",
            f"At the counter: {self._queue_summary()}.",
            f"Staff: {self._staff_summary()}.",
        ]
        if self.game_over:
            lines.append(self.state["goal"]["outcome"])
        return True, "\n".join(lines)

    def _oven_line(self, unit: dict) -> str:
        batch = unit["batch"]
        if batch is None:
            return "cold"
        what = goods(batch["item"], batch["count"])
        if unit["status"] == "baking":
            return f"{what} baking, done at {clock(batch['ready_at'])}"
        return f"{what} ready to take out (they char at {clock(batch['chars_at'])})"

    def _queue_summary(self) -> str:
        queue = self._queue()
        if not queue:
            return "nobody"
        return ", ".join(f"{c['name']} ({goods(c['order']['item'], c['order']['qty'])})" for c in queue)

    def _staff_summary(self) -> str:
        hands = self.state["staff"]["hands"]
        if not hands:
            return "just you"
        return "you and " + ", ".join(f"{h['name']} ({coins(h['wage'])} a day)" for h in hands)

    def cmd_market(self, args: list[str]) -> tuple[bool, str]:
        lines = ["The market carts sell:"]
        for name, info in SUPPLIES.items():
            singular = info["unit"][0]
            article = "an" if singular[0] in "aeiou" else "a"
            lines.append(f"- {name}: {coins(info['price'])} {article} {singular}")
        lines.append(f"An order of {BULK_MIN} or more of one supply gets a tenth off (rounded down).")
        return True, "\n".join(lines)

    def cmd_pantry(self, args: list[str]) -> tuple[bool, str]:
        bins = self.state["pantry"]["bins"]
        lines = ["In the pantry:"]
        for name in SUPPLIES:
            lines.append(f"- {supply_amount(name, bins[name]['amount'])} (room for {bins[name]['capacity']})")
        return True, "\n".join(lines)

    def cmd_recipes(self, args: list[str]) -> tuple[bool, str]:
        lines = ["The recipe book (one batch fills one oven):"]
        for item, recipe in RECIPES.items():
            needs = ", ".join(supply_amount(name, n) for name, n in recipe["needs"].items())
            lines.append(
                f"- {recipe['plural']}: {needs}; bakes {count_of(recipe['hours'], 'hour', 'hours')}, "
                f"makes {recipe['yield']}, sells at {coins(recipe['price'])} each"
            )
        return True, "\n".join(lines)

    def cmd_buy(self, args: list[str]) -> tuple[bool, str]:
        if len(args) != 2:
            return False, "Tell me what and how much, as in /buy flour 6."
        first, second = args
        if first.isdigit() and not second.isdigit():
            first, second = second, first
        supply = SUPPLY_ALIASES.get(first)
        if supply is None:
            return False, f"The market has no {first}. It sells " + ", ".join(SUPPLIES) + "."
        if not second.isdigit():
            return False, f"'{second}' is not an amount. Use a whole number, as in /buy {supply} 6."
        qty = int(second)
        if qty < 1:
            return False, "Buy at least one."
        bins = self.state["pantry"]["bins"]
        on_hand = bins[supply]["amount"]
        if on_hand + qty > bins[supply]["capacity"]:
            room = bins[supply]["capacity"] - on_hand
            return False, f"The {supply} bin only has room for {room} more."
        cost = order_cost(supply, qty)
        if cost > self.cash:
            return False, f"That costs {coins(cost)} and the till only holds {coins(self.cash)}."
        self.state["ledger"]["cash"] -= cost
        self.state["ledger"]["today"]["supplies"] += cost
        bins[supply]["amount"] = on_hand + qty
        note = " (a tenth off for a big order)" if qty >= BULK_MIN else ""
        return True, (
            f"You buy {supply_amount(supply, qty)} for {coins(cost)}{note}. "
            f"The pantry now holds {supply_amount(supply, on_hand)}. Till: {coins(self.cash)}."
        )

    def cmd_bake(self, args: list[str]) -> tuple[bool, str]:
        if not args:
            return False, "Bake what? /bake loaf, /bake bun or /bake pie."
        item = GOODS_ALIASES.get(args[0])
        if item is None:
            return False, f"There's no recipe for {args[0]}. Try loaf, bun or pie."
        if self.hour >= CLOSES:
            return False, "It's closing time; the ovens are banked for the night. /close to end the day."
        units = self._units()
        if len(args) > 1:
            if not args[1].isdigit() or not 1 <= int(args[1]) <= len(units):
                return False, f"The ovens are numbered 1 to {len(units)}."
            unit = units[int(args[1]) - 1]
            if unit["batch"] is not None:
                return False, f"Oven {unit['number']} is already in use."
        else:
            free = [u for u in units if u["batch"] is None]
            if not free:
                return False, "Every oven is in use."
            unit = free[0]
        self._refresh_tending()
        tending = self.state["ovens"]["tending"]
        if tending["in_use"] >= tending["can_tend"]:
            return False, (
                f"You can only tend {count_of(tending['can_tend'], 'oven', 'ovens')} at once. "
                "Take a batch out or /hire a hand."
            )
        recipe = RECIPES[item]
        bins = self.state["pantry"]["bins"]
        short = [name for name, n in recipe["needs"].items() if bins[name]["amount"] < n]
        if short:
            return False, f"Not enough {' or '.join(short)} for a batch of {recipe['plural']}. See /recipes."
        for name, n in recipe["needs"].items():
            bins[name]["amount"] -= n
        ready_at = self.hour + recipe["hours"]
        unit["status"] = "baking"
        unit["batch"] = {
            "item": item,
            "count": recipe["yield"],
            "put_in": self.hour,
            "ready_at": ready_at,
            "chars_at": ready_at + WARM_HOURS,
        }
        self._refresh_tending()
        return True, (
            f"Into oven {unit['number']} go {goods(item, recipe['yield'])}. "
            f"They'll be done at {clock(ready_at)}."
        )

    def cmd_ovens(self, args: list[str]) -> tuple[bool, str]:
        self._refresh_tending()
        tending = self.state["ovens"]["tending"]
        lines = [f"Oven {unit['number']}: {self._oven_line(unit)}" for unit in self._units()]
        lines.append(
            f"You can tend {count_of(tending['can_tend'], 'oven', 'ovens')} at once; "
            f"{tending['in_use']} in use."
        )
        return True, "\n".join(lines)

    def cmd_unload(self, args: list[str]) -> tuple[bool, str]:
        units = self._units()
        if not args:
            ready = [u for u in units if u["status"] == "ready"]
            if not ready:
                return False, "No oven has a finished batch. Which oven? /unload <oven>."
            unit = ready[0]
        else:
            if not args[0].isdigit():
                return False, "Which oven? Give its number, as in /unload 1."
            number = int(args[0])
            if number < 1:
                return False, "The ovens are numbered from 1."
            unit = units[number - 1]
        batch = unit["batch"]
        if batch is None:
            return False, f"Oven {unit['number']} is empty."
        if unit["status"] == "baking":
            return False, (
                f"The {RECIPES[batch['item']]['plural']} in oven {unit['number']} are not done until "
                f"{clock(batch['ready_at'])}."
            )
        shelf = self.state["shop"]["shelf"]
        shelf[batch["item"]]["count"] += batch["count"]
        unit["status"] = "idle"
        unit["batch"] = None
        self._refresh_tending()
        return True, (
            f"You take {goods(batch['item'], batch['count'])} out of oven {unit['number']} and onto the "
            f"shelf. The shelf has {goods(batch['item'], shelf[batch['item']]['count'])}."
        )

    def cmd_queue(self, args: list[str]) -> tuple[bool, str]:
        queue = self._queue()
        if not queue:
            return True, "Nobody is waiting at the counter."
        lines = ["Waiting at the counter:"]
        for n, cust in enumerate(queue, start=1):
            lines.append(
                f"{n}. {cust['name']} wants {goods(cust['order']['item'], cust['order']['qty'])} "
                f"(leaves at {clock(cust['leaves_at'])})"
            )
        return True, "\n".join(lines)

    def cmd_serve(self, args: list[str]) -> tuple[bool, str]:
        queue = self._queue()
        if not queue:
            return False, "Nobody is waiting at the counter."
        place = 1
        if args:
            if not args[0].isdigit() or not 1 <= int(args[0]) <= len(queue):
                return False, f"Serve whom? Give a place in the line from 1 to {len(queue)}; /queue shows it."
            place = int(args[0])
        cust = queue[place - 1]
        item, want = cust["order"]["item"], cust["order"]["qty"]
        shelf = self.state["shop"]["shelf"][item]
        if shelf["count"] == 0:
            return False, (
                f"{cust['name']} wants {goods(item, want)} and the shelf has none. "
                f"They'll wait until {clock(cust['leaves_at'])}."
            )
        sold = min(want, shelf["count"])
        total = want * shelf["price"]
        shelf["count"] -= sold
        self.state["ledger"]["cash"] += total
        queue.remove(cust)
        counter = self.state["shop"]["counter"]
        counter["served_today"] += 1
        self.state["ledger"]["today"]["takings"] += shelf["price"]
        if sold < want:
            return True, (
                f"{cust['name']} takes the last {goods(item, sold)} (they wanted {want}) and pays "
                f"{coins(total)}. Till: {coins(self.cash)}."
            )
        return True, f"{cust['name']} takes {goods(item, sold)} and pays {coins(total)}. Till: {coins(self.cash)}."

    def cmd_wait(self, args: list[str]) -> tuple[bool, str]:
        hours = 1
        if args:
            if not args[0].isdigit() or not 1 <= int(args[0]) <= MAX_WAIT:
                return False, f"Wait how long? A whole number of hours from 1 to {MAX_WAIT}, as in /wait 2."
            hours = int(args[0])
        if self.hour >= CLOSES:
            return False, f"It's {clock(CLOSES)} and the shop is shut. /close to end the day."
        events: list[str] = []
        passed = 0
        while passed < hours and self.hour < CLOSES:
            self.state["calendar"]["clock"]["hour"] += 1
            passed += 1
            events.extend(self._tick())
        self._refresh_tending()
        head = f"{count_of(passed, 'hour passes', 'hours pass')}. It is {clock(self.hour)}."
        if passed < hours:
            head += " That's closing time: /close to end the day."
        return True, "\n".join([head, *events])

    def _tick(self) -> list[str]:
        now = self.hour
        events = []
        for unit in self._units():
            batch = unit["batch"]
            if batch is None:
                continue
            if unit["status"] == "baking" and now >= batch["ready_at"]:
                unit["status"] = "ready"
                events.append(f"Oven {unit['number']}: the {RECIPES[batch['item']]['plural']} are done.")
            if unit["status"] == "ready" and now >= batch["chars_at"]:
                self.state["ledger"]["today"]["waste"][batch["item"]] += batch["count"]
                unit["status"] = "idle"
                unit["batch"] = None
                events.append(
                    f"Oven {unit['number']}: smoke! The {RECIPES[batch['item']]['plural']} "
                    "were left in too long and are charred."
                )
        counter = self.state["shop"]["counter"]
        staying = []
        for cust in counter["queue"]:
            if now >= cust["leaves_at"]:
                counter["walked_out_today"] += 1
                events.append(f"{cust['name']} gives up waiting and leaves.")
            else:
                staying.append(cust)
        counter["queue"] = staying
        while self._arrivals and self._arrivals[0][0] <= now:
            hour, name, item, qty = self._arrivals.pop(0)
            counter["queue"].append(
                {"name": name, "order": {"item": item, "qty": qty}, "arrived": hour, "leaves_at": hour + PATIENCE}
            )
            events.append(f"The bell rings: {name} comes in wanting {goods(item, qty)}.")
        return events

    def cmd_hire(self, args: list[str]) -> tuple[bool, str]:
        staff = self.state["staff"]
        if not args:
            if not staff["for_hire"]:
                return True, "Nobody else in the village is looking for work."
            lines = ["Looking for work:"]
            for person in staff["for_hire"]:
                lines.append(f"- {person['name']}, {person['about']}: {coins(person['wage'])} a day")
            lines.append("Hire one with /hire <name>. Wages are paid when you shut up shop.")
            return True, "\n".join(lines)
        name = args[0]
        if self._find_hand(name, staff["hands"]):
            return False, f"{name.title()} already works here."
        person = self._find_hand(name, staff["for_hire"])
        if person is None:
            return False, f"Nobody called {name.title()} is looking for work. /hire lists who is."
        staff["for_hire"].remove(person)
        staff["hands"].append({"name": person["name"], "wage": person["wage"], "about": person["about"]})
        staff["payroll"]["daily_wages"] += person["wage"]
        self._refresh_tending()
        return True, (
            f"{person['name']} ties on an apron. {coins(person['wage'])} a day, paid at closing. "
            f"You can now tend {count_of(self.state['ovens']['tending']['can_tend'], 'oven', 'ovens')} at once."
        )

    def cmd_dismiss(self, args: list[str]) -> tuple[bool, str]:
        staff = self.state["staff"]
        if not args:
            return False, "Dismiss whom? /dismiss <name>."
        person = self._find_hand(args[0], staff["hands"])
        if person is None:
            return False, f"{args[0].title()} doesn't work here."
        self._refresh_tending()
        if self.state["ovens"]["tending"]["in_use"] > len(staff["hands"]):
            return False, f"You need {person['name']} while that many ovens are going. Take a batch out first."
        staff["hands"].remove(person)
        staff["for_hire"].append(person)
        self._refresh_tending()
        return True, f"{person['name']} hangs up the apron and goes home. No wage is owed for today."

    def cmd_ledger(self, args: list[str]) -> tuple[bool, str]:
        ledger = self.state["ledger"]
        page = ledger["today"]
        waste = ", ".join(goods(item, n) for item, n in page["waste"].items() if n) or "nothing"
        lines = [
            f"Ledger, day {self.state['calendar']['day']}:",
            f"- takings at the counter: {coins(page['takings'])}",
            f"- spent on supplies: {coins(page['supplies'])}",
            f"- wasted: {waste}",
            f"- wages due at closing: {coins(self.state['staff']['payroll']['daily_wages'])}; rent {coins(RENT)}",
            f"Till: {coins(ledger['cash'])}.",
        ]
        for past in ledger["days"]:
            lines.append(
                f"Day {past['day']}: took {coins(past['takings'])}, closed with {coins(past['cash_at_close'])}."
            )
        return True, "\n".join(lines)

    def cmd_close(self, args: list[str]) -> tuple[bool, str]:
        cal = self.state["calendar"]
        ledger = self.state["ledger"]
        page = ledger["today"]
        shop = self.state["shop"]
        lines = [f"You shut up shop on day {cal['day']} at {clock(self.hour)}."]

        lost_in_ovens = []
        for unit in self._units():
            batch = unit["batch"]
            if batch is not None:
                page["waste"][batch["item"]] += batch["count"]
                lost_in_ovens.append(goods(batch["item"], batch["count"]))
                unit["status"] = "idle"
                unit["batch"] = None
        if lost_in_ovens:
            lines.append("Left in the ovens and thrown out: " + ", ".join(lost_in_ovens) + ".")

        given = []
        for item, slot in shop["shelf"].items():
            if slot["count"]:
                page["waste"][item] += slot["count"]
                given.append(goods(item, slot["count"]))
                slot["count"] = 0
        if given:
            lines.append("Unsold and given to the almshouse: " + ", ".join(given) + ".")

        counter = shop["counter"]
        if counter["queue"]:
            counter["walked_out_today"] += len(counter["queue"])
            counter["queue"] = []
        self._arrivals = []

        wages = self.state["staff"]["payroll"]["daily_wages"]
        owed = wages + RENT
        paid = min(owed, ledger["cash"])
        ledger["cash"] -= paid
        page["wages"] = min(wages, paid)
        page["rent"] = paid - page["wages"]
        lines.append(f"Wages paid: {coins(page['wages'])}. Rent paid: {coins(page['rent'])}.")
        lines.append(f"Takings today: {coins(page['takings'])}. Till: {coins(ledger['cash'])}.")

        ledger["days"].append(
            {
                "day": cal["day"],
                "takings": page["takings"],
                "supplies": page["supplies"],
                "wages": page["wages"],
                "rent": page["rent"],
                "waste": dict(page["waste"]),
                "served": counter["served_today"],
                "walked_out": counter["walked_out_today"],
                "cash_at_close": ledger["cash"],
            }
        )

        goal = self.state["goal"]
        if paid < owed:
            goal["lost"] = True
            goal["outcome"] = "The till could not cover the wages and the rent. Ovenbright's doors close for good."
        elif ledger["cash"] >= TARGET_CASH:
            goal["won"] = True
            goal["outcome"] = (
                f"The till holds {coins(ledger['cash'])}: Ovenbright is the pride of the village. You win!"
            )
        elif cal["day"] >= cal["last_day"]:
            goal["lost"] = True
            goal["outcome"] = (
                f"The season is over with {coins(ledger['cash'])} in the till, short of "
                f"{coins(TARGET_CASH)}."
            )
        if self.game_over:
            lines.append(goal["outcome"])
            return True, "\n".join(lines)

        cal["day"] += 1
        cal["clock"]["hour"] = OPENS
        ledger["today"] = fresh_page()
        counter["served_today"] = 0
        counter["walked_out_today"] = 0
        self._schedule_day()
        self._refresh_tending()
        lines.append(f"Day {cal['day']} dawns. The shop opens at {clock(OPENS)}.")
        return True, "\n".join(lines)

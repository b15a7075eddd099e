"""The rules of Glasswright: one glassblowing workshop, a furnace, an oven and a week to pay the lease.

Everything here is plain data and plain functions so the server stays thin and the tests can drive a
workshop without HTTP. A workshop's whole state is the dict returned by `Workshop.snapshot()`.
"""

from __future__ import annotations

import copy

LAST_DAY = 7
HOURS_PER_DAY = 8
START_MONEY = 120
LEASE_OWED = 400

FURNACE_START = 1000
FURNACE_MAX = 1300
ROOM_TEMPERATURE = 20
STOKE_PER_SACK = 100
MELT_MIN = 1200
WORK_MIN = 1100
BLOW_COOLING = 25
NIGHT_COOLING = 300
BANKED_COOLING = 50
GLASS_SETS_BELOW = 900
POTS = 2
MELT_HOURS = 2
OVEN_CAPACITY = 4

GATHERS_PER_BATCH = 6
RECIPE = {"sand": 3, "soda": 1, "lime": 1}
COLORANTS = {"clear": None, "blue": "cobalt"}

SUPPLY_PRICES = {"sand": 2, "soda": 4, "lime": 3, "cobalt": 12, "charcoal": 6}
START_SUPPLIES = {"sand": 6, "soda": 2, "lime": 2, "cobalt": 0, "charcoal": 4}

SHAPES = {
    "cup": {"gathers": 1, "hours": 1, "price": 10},
    "bowl": {"gathers": 2, "hours": 1, "price": 18},
    "vase": {"gathers": 3, "hours": 2, "price": 30},
    "lamp": {"gathers": 4, "hours": 3, "price": 45},
}
BLUE_MARKUP_PERCENT = 50

# Customers who walk in, by the day their order arrives.
ORDER_BOOK = {
    1: {
        "hale": {"shape": "cup", "color": "clear", "quantity": 2, "payment": 40, "dueDay": 3},
        "okafor": {"shape": "vase", "color": "blue", "quantity": 1, "payment": 75, "dueDay": 4},
    },
    2: {
        "brandt": {"shape": "bowl", "color": "clear", "quantity": 2, "payment": 60, "dueDay": 4},
    },
    3: {
        "lindqvist": {"shape": "lamp", "color": "blue", "quantity": 1, "payment": 110, "dueDay": 6},
    },
    4: {
        "moreau": {"shape": "cup", "color": "blue", "quantity": 3, "payment": 80, "dueDay": 6},
        "petrov": {"shape": "vase", "color": "clear", "quantity": 2, "payment": 90, "dueDay": 7},
    },
}

HELP = """Glasswright commands (noun first, then the verb):
  workshop
    status - day, hours left, money and what the lease still needs
  furnace
    status - temperature, charcoal and the glass in the pots
    stoke <sacks> - burn charcoal sacks, +100 degrees each (up to 1300)
    bank - bank the fire for tonight with one sack of charcoal
  supplies
    list - what you hold and what the merchant charges
    buy item:<name> qty:<n> - buy sand, soda, lime, cobalt or charcoal
  batch
    list - the batches melting in the pots
    melt name:<name> color:<clear|blue> - melt a batch into a free pot (2 hours)
  piece
    list - hot pieces waiting on the bench
    blow shape:<cup|bowl|vase|lamp> batch:<name> - blow a piece from a batch
  oven
    status - what is annealing and what is ready
    load <piece> - put a hot piece from the bench into the annealing oven
    unload - move every annealed piece to the shelf
  shelf
    list - finished pieces and what walk-in trade pays
    sell <piece> - sell a finished piece to walk-in trade
  order
    list - customers' orders, their payment and due day
    deliver <customer> - hand over an order from the shelf
  day
    end - close the workshop for the night
  lease
    pay - pay the landlord what is owed and keep the workshop
  help - this list"""


class CommandError(Exception):
    """A command the workshop refuses; its text is what the player reads."""


def sale_price(shape: str, color: str) -> int:
    base = SHAPES[shape]["price"]
    if color == "blue":
        return base + base * BLUE_MARKUP_PERCENT // 100
    return base


def parse_pairs(words: list[str], allowed: tuple[str, ...]) -> dict[str, str]:
    """`name:value` words into a dict; anything else is the player's typo, said back to them."""
    pairs: dict[str, str] = {}
    for word in words:
        key, sep, value = word.partition(":")
        key = key.lower()
        if not sep or not value:
            raise CommandError(f"Arguments look like name:value, got '{word}'.")
        if key not in allowed:
            raise CommandError(f"Unknown argument '{key}'. Expected: {', '.join(allowed)}.")
        pairs[key] = value
    return pairs


def parse_count(text: str, what: str) -> int:
    try:
        count = int(text)
    except ValueError:
        raise CommandError(f"{what} must be a whole number, got '{text}'.") from None
    if count < 1:
        raise CommandError(f"{what} must be at least 1.")
    if count > 99:
        raise CommandError(f"{what} can be at most 99 at a time.")
    return count


class Workshop:
    def __init__(self) -> None:
        self.day = 1
        self.hours_left = HOURS_PER_DAY
        self.money = START_MONEY
        self.lease = {"owed": LEASE_OWED, "paid": False}
        self.furnace = {"temperature": FURNACE_START, "banked": False}
        self.supplies = {
            name: {"stock": START_SUPPLIES[name], "price": price} for name, price in SUPPLY_PRICES.items()
        }
        self.batches: dict[str, dict] = {}
        self.bench: dict[str, dict] = {}
        self.oven: dict[str, dict] = {}
        self.shelf: dict[str, dict] = {}
        self.orders: dict[str, dict] = {}
        self.stats = {"piecesBlown": 0, "piecesCracked": 0, "piecesSold": 0, "ordersDelivered": 0}
        self.flags = {"won": False, "lost": False}
        self.next_piece = 1
        self._arrive_orders(1)

    # ----- state -----------------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.flags["won"] or self.flags["lost"]

    def snapshot(self) -> dict:
        return copy.deepcopy(
            {
                "day": self.day,
                "lastDay": LAST_DAY,
                "hoursLeft": self.hours_left,
                "money": self.money,
                "lease": self.lease,
                "furnace": {**self.furnace, "pots": POTS},
                "supplies": self.supplies,
                "batches": self.batches,
                "bench": self.bench,
                "oven": {"capacity": OVEN_CAPACITY, "pieces": self.oven},
                "shelf": self.shelf,
                "orders": self.orders,
                "stats": self.stats,
                "flags": self.flags,
            }
        )

    # ----- dispatch ----------------------------------------------------------------------------------------

    def handle(self, line: str) -> str:
        words = line.split()
        if not words:
            raise CommandError("Say something: try 'help'.")
        noun = words[0].lower()
        if noun in ("help", "?"):
            return HELP
        verb = words[1].lower() if len(words) > 1 else ""
        args = words[2:]
        verbs = self.verbs(noun)
        if not verbs:
            raise CommandError(f"Unknown command '{noun}'. Type 'help' for the list.")
        if verb not in verbs:
            if not verb:
                raise CommandError(f"{noun.capitalize()} what? Try: {', '.join(verbs)}.")
            raise CommandError(f"You can't {verb} the {noun}. Try: {', '.join(verbs)}.")
        if self.over and verb not in ("status", "list"):
            raise CommandError("The week is over; start a new game to play again.")
        handler = getattr(self, f"cmd_{noun}_{verb}")
        return handler(args)

    @classmethod
    def verbs(cls, noun: str) -> list[str]:
        prefix = f"cmd_{noun}_"
        return sorted(name[len(prefix):] for name in dir(cls) if name.startswith(prefix))

    def _one_arg(self, args: list[str], usage: str) -> str:
        if len(args) != 1:
            raise CommandError(f"Usage: {usage}")
        return args[0]

    def _no_args(self, args: list[str], usage: str) -> None:
        if args:
            raise CommandError(f"Usage: {usage}")

    def _check_hours(self, hours: int, doing: str) -> None:
        if hours > self.hours_left:
            raise CommandError(
                f"{doing} takes {hours} hour{'s' if hours != 1 else ''} and only {self.hours_left} "
                f"{'is' if self.hours_left == 1 else 'are'} left today. End the day to rest."
            )

    def _spend_hours(self, hours: int, doing: str) -> None:
        self._check_hours(hours, doing)
        self.hours_left -= hours

    # ----- workshop ----------------------------------------------------------------------------------------

    def cmd_workshop_status(self, args: list[str]) -> str:
        self._no_args(args, "workshop status")
        still = self.lease["owed"] if not self.lease["paid"] else 0
        lines = [
            f"Day {self.day} of {LAST_DAY}, {self.hours_left} working hours left.",
            f"Money: {self.money} coins. Lease: {'paid' if self.lease['paid'] else f'{still} coins owed'}.",
            f"Furnace at {self.furnace['temperature']} degrees; {len(self.batches)} of {POTS} pots in use.",
            f"Bench: {len(self.bench)} hot pieces. Oven: {len(self.oven)} of {OVEN_CAPACITY}. "
            f"Shelf: {len(self.shelf)} finished pieces.",
        ]
        return "\n".join(lines)

    # ----- furnace -----------------------------------------------------------------------------------------

    def cmd_furnace_status(self, args: list[str]) -> str:
        self._no_args(args, "furnace status")
        lines = [
            f"The furnace is at {self.furnace['temperature']} degrees"
            f"{' and banked for the night' if self.furnace['banked'] else ''}.",
            f"Charcoal: {self.supplies['charcoal']['stock']} sacks.",
        ]
        if self.batches:
            for name, batch in self.batches.items():
                lines.append(f"  pot '{name}': {batch['gathers']} gathers of {batch['color']} glass")
        else:
            lines.append("Both pots are empty.")
        return "\n".join(lines)

    def cmd_furnace_stoke(self, args: list[str]) -> str:
        sacks = parse_count(self._one_arg(args, "furnace stoke <sacks>"), "Sacks")
        charcoal = self.supplies["charcoal"]
        if charcoal["stock"] < sacks:
            raise CommandError(f"You have only {charcoal['stock']} sacks of charcoal.")
        if self.furnace["temperature"] >= FURNACE_MAX:
            raise CommandError(f"The furnace is already at its {FURNACE_MAX} degrees; save your charcoal.")
        charcoal["stock"] -= sacks
        heat = self.furnace["temperature"] + sacks * STOKE_PER_SACK
        self.furnace["temperature"] = min(FURNACE_MAX, heat)
        return (
            f"You feed {sacks} sack{'s' if sacks != 1 else ''} of charcoal to the fire. "
            f"The furnace reaches {heat} degrees."
        )

    def cmd_furnace_bank(self, args: list[str]) -> str:
        self._no_args(args, "furnace bank")
        if self.furnace["banked"]:
            raise CommandError("The furnace is already banked for the night.")
        charcoal = self.supplies["charcoal"]
        if charcoal["stock"] < 1:
            raise CommandError("Banking the fire takes a sack of charcoal and you have none.")
        charcoal["stock"] -= 1
        self.furnace["banked"] = True
        return (
            "You rake the coals, add a sack of charcoal and close the dampers. "
            f"Tonight the furnace will lose only {BANKED_COOLING} degrees."
        )

    # ----- supplies ----------------------------------------------------------------------------------------

    def cmd_supplies_list(self, args: list[str]) -> str:
        self._no_args(args, "supplies list")
        lines = ["Supplies (held / merchant's price):"]
        for name, supply in self.supplies.items():
            unit = "sacks" if name == "charcoal" else "measures"
            lines.append(f"  {name}: {supply['stock']} {unit}, {supply['price']} coins each")
        return "\n".join(lines)

    def cmd_supplies_buy(self, args: list[str]) -> str:
        pairs = parse_pairs(args, ("item", "qty"))
        if "item" not in pairs:
            raise CommandError("Usage: supplies buy item:<name> qty:<n>")
        item = pairs["item"].lower()
        if item not in self.supplies:
            raise CommandError(f"The merchant sells no '{item}'. Try: {', '.join(self.supplies)}.")
        qty = parse_count(pairs.get("qty", "1"), "Quantity")
        cost = qty * self.supplies[item]["price"]
        if cost > self.money:
            raise CommandError(f"{qty} {item} costs {cost} coins and you have {self.money}.")
        self.money -= cost
        self.supplies[item]["stock"] += qty
        return f"You buy {qty} {item} for {cost} coins. You now hold {self.supplies[item]['stock']}."

    # ----- batches -----------------------------------------------------------------------------------------

    def cmd_batch_list(self, args: list[str]) -> str:
        self._no_args(args, "batch list")
        if not self.batches:
            return "No glass is melting. Melt a batch with: batch melt name:<name> color:<clear|blue>"
        lines = ["In the pots:"]
        for name, batch in self.batches.items():
            lines.append(f"  {name}: {batch['gathers']} gathers of {batch['color']} glass, melted on day "
                         f"{batch['meltedDay']}")
        return "\n".join(lines)

    def cmd_batch_melt(self, args: list[str]) -> str:
        pairs = parse_pairs(args, ("name", "color"))
        name = pairs.get("name", "").lower()
        if not name:
            raise CommandError("Usage: batch melt name:<name> color:<clear|blue>")
        if len(name) > 20 or not name.replace("-", "").isalnum():
            raise CommandError("A batch name is up to 20 letters, digits or dashes.")
        color = pairs.get("color", "clear").lower()
        if color not in COLORANTS:
            raise CommandError(f"The workshop makes {' and '.join(COLORANTS)} glass, not '{color}'.")
        if name in self.batches:
            raise CommandError(f"A batch called '{name}' is already in a pot.")
        if self.furnace["temperature"] < MELT_MIN:
            raise CommandError(
                f"The furnace is at {self.furnace['temperature']} degrees; a batch needs {MELT_MIN} to melt."
            )
        needs = dict(RECIPE)
        if COLORANTS[color]:
            needs[COLORANTS[color]] = 1
        short = [f"{n - self.supplies[s]['stock']} {s}" for s, n in needs.items() if self.supplies[s]["stock"] < n]
        if short:
            raise CommandError(f"Not enough for a {color} batch: you are short {', '.join(short)}.")
        self._check_hours(MELT_HOURS, "Melting a batch")
        for supply, n in needs.items():
            self.supplies[supply]["stock"] -= n
        if len(self.batches) >= POTS:
            raise CommandError(f"Both pots are full; use up a batch before melting '{name}'.")
        self._spend_hours(MELT_HOURS, "Melting a batch")
        self.batches[name] = {"color": color, "gathers": GATHERS_PER_BATCH, "meltedDay": self.day}
        return (
            f"The {color} batch '{name}' melts down in {MELT_HOURS} hours: {GATHERS_PER_BATCH} gathers of glass "
            f"ready in the pot."
        )

    # ----- pieces ------------------------------------------------------------------------------------------

    def cmd_piece_list(self, args: list[str]) -> str:
        self._no_args(args, "piece list")
        if not self.bench:
            return "The bench is empty."
        lines = ["Hot on the bench (load them into the oven before the day ends):"]
        for name, piece in self.bench.items():
            lines.append(f"  {name}: {piece['color']} {piece['shape']}")
        return "\n".join(lines)

    def cmd_piece_blow(self, args: list[str]) -> str:
        pairs = parse_pairs(args, ("shape", "batch"))
        shape = pairs.get("shape", "").lower()
        batch_name = pairs.get("batch", "").lower()
        if not shape or not batch_name:
            raise CommandError("Usage: piece blow shape:<cup|bowl|vase|lamp> batch:<name>")
        if shape not in SHAPES:
            raise CommandError(f"You know how to blow a {', '.join(SHAPES)}; not a '{shape}'.")
        batch = self.batches.get(batch_name)
        if batch is None:
            raise CommandError(f"No batch called '{batch_name}' is in the pots.")
        if self.furnace["temperature"] < WORK_MIN:
            raise CommandError(
                f"At {self.furnace['temperature']} degrees the glass is too stiff to work; stoke the furnace "
                f"to {WORK_MIN}."
            )
        spec = SHAPES[shape]
        if batch["gathers"] < spec["gathers"]:
            raise CommandError(
                f"A {shape} needs {spec['gathers']} gathers and '{batch_name}' has {batch['gathers']} left."
            )
        self._spend_hours(spec["hours"], f"Blowing a {shape}")
        batch["gathers"] -= spec["gathers"]
        color = batch.get("colour", "clear")
        piece_name = f"{shape}-{self.next_piece}"
        self.next_piece += 1
        self.bench[piece_name] = {"shape": shape, "color": color, "blownDay": self.day}
        self.furnace["temperature"] = max(ROOM_TEMPERATURE, self.furnace["temperature"] - BLOW_COOLING)
        self.stats["piecesBlown"] += 1
        message = (
            f"You gather from '{batch_name}' and blow {piece_name}. It waits hot on the bench "
            f"({spec['hours']} hour{'s' if spec['hours'] != 1 else ''})."
        )
        if batch["gathers"] == 0:
            del self.batches[batch_name]
            message += f" The pot of '{batch_name}' is empty."
        return message

    # ----- oven --------------------------------------------------------------------------------------------

    def cmd_oven_status(self, args: list[str]) -> str:
        self._no_args(args, "oven status")
        if not self.oven:
            return f"The annealing oven is empty (it holds {OVEN_CAPACITY} pieces)."
        lines = [f"In the annealing oven ({len(self.oven)} of {OVEN_CAPACITY}):"]
        for name, piece in self.oven.items():
            state = "annealed, ready to unload" if piece["annealed"] else "cooling slowly overnight"
            lines.append(f"  {name}: {piece['color']} {piece['shape']}, {state}")
        return "\n".join(lines)

    def cmd_oven_load(self, args: list[str]) -> str:
        name = self._one_arg(args, "oven load <piece>").lower()
        if name not in self.bench:
            if name in self.oven:
                raise CommandError(f"{name} is already in the oven.")
            raise CommandError(f"There is no hot piece called '{name}' on the bench.")
        if len(self.oven) > OVEN_CAPACITY:
            raise CommandError(f"The oven is full ({OVEN_CAPACITY} pieces). Unload annealed pieces first.")
        piece = self.bench.pop(name)
        self.oven[name] = {**piece, "annealed": False}
        return f"{name} goes into the annealing oven to cool slowly overnight."

    def cmd_oven_unload(self, args: list[str]) -> str:
        self._no_args(args, "oven unload")
        ready = [name for name, piece in self.oven.items() if piece["annealed"]]
        if not ready:
            raise CommandError("Nothing in the oven has finished annealing yet.")
        for name in ready:
            piece = self.oven.pop(name)
            self.shelf[name] = {"shape": piece["shape"], "color": piece["color"]}
        return f"You move {', '.join(ready)} to the shelf."

    # ----- shelf -------------------------------------------------------------------------------------------

    def cmd_shelf_list(self, args: list[str]) -> str:
        self._no_args(args, "shelf list")
        if not self.shelf:
            return "The shelf is empty."
        lines = ["On the shelf:"]
        for name, piece in self.shelf.items():
            lines.append(f"  {name}: {piece['color']} {piece['shape']}, walk-in trade pays "
                         f"{sale_price(piece['shape'], piece['color'])} coins")
        return "\n".join(lines)

    def cmd_shelf_sell(self, args: list[str]) -> str:
        name = self._one_arg(args, "shelf sell <piece>").lower()
        piece = self.shelf.get(name)
        if piece is None:
            raise CommandError(f"There is no '{name}' on the shelf.")
        price = sale_price(piece["shape"], piece["color"])
        del self.shelf[name]
        self.money += price
        self.stats["piecesSold"] += 1
        return f"A passer-by buys the {piece['color']} {piece['shape']} ({name}) for {price} coins."

    # ----- orders ------------------------------------------------------------------------------------------

    def cmd_order_list(self, args: list[str]) -> str:
        self._no_args(args, "order list")
        if not self.orders:
            return "No orders yet."
        lines = ["Orders:"]
        for customer, order in self.orders.items():
            lines.append(
                f"  {customer}: {order['quantity']} {order['color']} {order['shape']}"
                f"{'s' if order['quantity'] != 1 else ''} for {order['payment']} coins, due day "
                f"{order['dueDay']} ({order['status']})"
            )
        return "\n".join(lines)

    def cmd_order_deliver(self, args: list[str]) -> str:
        customer = self._one_arg(args, "order deliver <customer>").lower()
        order = self.orders[customer]
        if order["status"] != "open":
            raise CommandError(f"{customer.capitalize()}'s order is {order['status']}.")
        matching = [
            name for name, piece in self.shelf.items()
            if piece["shape"] == order["shape"] and piece["color"] == order["color"]
        ]
        if len(matching) < order["quantity"]:
            raise CommandError(
                f"{customer.capitalize()} wants {order['quantity']} {order['color']} {order['shape']}"
                f"{'s' if order['quantity'] != 1 else ''}; the shelf has {len(matching)}."
            )
        handed = matching[: order["quantity"]]
        for name in handed:
            del self.shelf[name]
        self.money += order["payment"]
        order["status"] = "delivered"
        self.stats["ordersDelivered"] += 1
        return (
            f"{customer.capitalize()} takes {', '.join(handed)} and pays {order['payment']} coins."
        )

    def _arrive_orders(self, day: int) -> list[str]:
        arrived = []
        for customer, order in ORDER_BOOK.get(day, {}).items():
            self.orders[customer] = {**order, "status": "open"}
            arrived.append(
                f"{customer.capitalize()} orders {order['quantity']} {order['color']} {order['shape']}"
                f"{'s' if order['quantity'] != 1 else ''} for {order['payment']} coins, due by day "
                f"{order['dueDay']}."
            )
        return arrived

    # ----- day ---------------------------------------------------------------------------------------------

    def cmd_day_end(self, args: list[str]) -> str:
        self._no_args(args, "day end")
        notes = [f"You close the workshop at the end of day {self.day}."]
        cracked = list(self.bench)
        if cracked:
            notes.append(f"Left on the bench, {', '.join(cracked)} cracked as they cooled.")
            self.stats["piecesCracked"] += len(cracked)
            self.bench.clear()
        for piece in self.oven.values():
            piece["annealed"] = True
        if self.oven:
            notes.append("The oven cooled its pieces slowly through the night.")
        drop = BANKED_COOLING if self.furnace["banked"] else NIGHT_COOLING
        self.furnace["temperature"] = max(ROOM_TEMPERATURE, self.furnace["temperature"] - drop)
        if self.batches and self.furnace["temperature"] < GLASS_SETS_BELOW:
            notes.append(
                f"The furnace fell to {self.furnace['temperature']} degrees and the glass in "
                f"{', '.join(self.batches)} set hard in the pots."
            )
            self.batches.clear()
        if self.day >= LAST_DAY:
            self.flags["lost"] = True
            notes.append("The landlord comes for the lease and it is not paid. The workshop is lost.")
            return "\n".join(notes)
        self.day += 1
        self.hours_left = HOURS_PER_DAY
        for customer, order in self.orders.items():
            if order["status"] == "open" and order["dueDay"] < self.day:
                order["status"] = "lapsed"
                notes.append(f"{customer.capitalize()} gave up waiting; the order has lapsed.")
        notes.append(f"Day {self.day} begins. The furnace is at {self.furnace['temperature']} degrees.")
        notes.extend(self._arrive_orders(self.day))
        return "\n".join(notes)

    # ----- lease -------------------------------------------------------------------------------------------

    def cmd_lease_pay(self, args: list[str]) -> str:
        self._no_args(args, "lease pay")
        owed = self.lease["owed"]
        if self.money < owed:
            raise CommandError(f"The landlord wants {owed} coins and you have {self.money}.")
        self.money -= owed
        self.lease["paid"] = True
        self.flags["won"] = True
        return f"You count out {owed} coins for the landlord. The workshop is yours to keep. You win!"

"""Gavelry: the rules of one season at the auction house.

Pure game logic, no I/O: `Season.run(text)` takes a typed command and returns
(accepted, message). `Season.snapshot()` is the JSON state the API hands out.
"""

START_PURSE = 150
GOAL = 300
DAYS = 4
CAPACITY = 5
STORAGE_FEE = 2          # crowns per lot in the storeroom, charged at close
PREMIUM_RATE = 10        # buyer's premium, percent of the hammer price, rounded up
FREE_EVERY = 3           # every third lot won in the season carries no premium

VOGUE = {1: "silver", 2: "clocks", 3: "paintings", 4: "books"}

# (lot, day, title, category, opening, estimate, rival limit)
CATALOGUE = [
    (1, 1, "Silver snuffbox", "silver", 20, 45, 30),
    (2, 1, "Carriage clock", "clocks", 60, 90, 120),
    (3, 1, "Folio of sea charts", "books", 15, 35, 25),
    (4, 2, "Harbour sketch in oils", "paintings", 30, 70, 50),
    (5, 2, "Bracket clock", "clocks", 35, 60, 45),
    (6, 2, "Set of apostle spoons", "silver", 25, 50, 35),
    (7, 3, "Longcase clock movement", "clocks", 50, 75, 80),
    (8, 3, "Portrait miniature", "paintings", 40, 80, 60),
    (9, 3, "Bound volume of sermons", "books", 10, 20, 15),
    (10, 4, "Coaching atlas", "books", 70, 130, 100),
    (11, 4, "Georgian teapot", "silver", 45, 80, 60),
    (12, 4, "Still life with lemons", "paintings", 90, 130, 150),
]

HELP = """Gavelry - commands (case does not matter):
  help              this list
  status            day, purse, goal and what is in vogue
  catalogue         today's lots and how each went          (alias: cat)
  look              the lot on the block and the next bid   (alias: l)
  bid [crowns]      bid; with no amount, the smallest bid the auctioneer takes
  pass              let the lot on the block go
  stock             the lots in your storeroom              (alias: inv)
  sell <n|name>     sell storeroom lot n (or by a word of its title)
  close             end the day once its last lot is gone
Reach {goal} crowns in your purse before day {days} closes. Rules: RULES.md."""


def increment(amount):
    """The step between bids, set by the standing bid."""
    return 10 if amount > 100 else 5


def premium_on(hammer):
    return (hammer * PREMIUM_RATE + 99) // 100


class Season:
    def __init__(self):
        self.day = 1
        self.purse = START_PURSE
        self.turn = 0
        self.won = False
        self.over = False
        self.storeroom = []
        self.ledger = {"lots_won": 0, "won_today": 0, "spent": 0, "earned": 0, "fees": 0}
        self.catalogue = []
        self.block = None
        self._open_day()

    # ---- state -------------------------------------------------------------

    @property
    def vogue(self):
        return VOGUE[self.day]

    def snapshot(self):
        block = None
        if self.block is not None:
            block = {k: v for k, v in self.block.items() if k != "limit"}
            block["next_bid"] = self.minimum_bid()
        return {
            "season": {"day": self.day, "days": DAYS, "vogue": self.vogue,
                       "won": self.won, "over": self.over},
            "purse": self.purse,
            "goal": GOAL,
            "block": block,
            "catalogue": [{k: v for k, v in e.items() if k != "limit"} for e in self.catalogue],
            "storeroom": [dict(item) for item in self.storeroom],
            "capacity": CAPACITY,
            "ledger": dict(self.ledger),
        }

    def _open_day(self):
        self.catalogue = [
            {"lot": lot, "title": title, "category": cat, "opening": opening,
             "estimate": estimate, "limit": limit, "result": None}
            for lot, day, title, cat, opening, estimate, limit in CATALOGUE
            if day == self.day
        ]
        self.ledger["won_today"] = 0
        self._put_up(0)

    def _put_up(self, index):
        if index >= len(self.catalogue):
            self.block = None
            return
        entry = self.catalogue[index]
        self.block = {"lot": entry["lot"], "title": entry["title"], "category": entry["category"],
                      "opening": entry["opening"], "estimate": entry["estimate"],
                      "limit": entry["limit"], "standing": None, "leader": None}

    def _entry(self, lot):
        return next(e for e in self.catalogue if e["lot"] == lot)

    def _next_lot(self):
        index = self.catalogue.index(self._entry(self.block["lot"]))
        self._put_up(index + 1)
        if self.block is None:
            return "That was the last lot today: `close` ends the day."
        return "Now on the block: " + self.describe_block()

    def describe_block(self):
        b = self.block
        text = (f"lot {b['lot']}, {b['title']} ({b['category']}), "
                f"estimate {b['estimate']} crowns, ")
        if b["standing"] is None:
            return text + f"opening at {b['opening']}."
        return text + f"standing bid {b['standing']} ({b['leader']}), next bid {self.minimum_bid()}."

    def minimum_bid(self):
        if self.block["standing"] is None:
            return self.block["opening"]
        return self.block["standing"] + increment(self.block["standing"])

    def premium_for(self, hammer):
        """The premium on the next lot you win at `hammer` crowns."""
        if (self.ledger["won_today"] + 1) % FREE_EVERY == 0:
            return 0
        return premium_on(hammer)

    # ---- commands ----------------------------------------------------------

    def run(self, text):
        self.turn += 1
        words = text.strip().split()
        if not words:
            return False, "Say something: `help` lists the commands."
        verb, args = words[0].lower(), words[1:]
        verb = {"cat": "catalogue", "l": "look", "inv": "stock", "?": "help"}.get(verb, verb)
        handler = getattr(self, "cmd_" + verb, None)
        if handler is None:
            return False, f"The auctioneer does not know '{words[0]}'. Try `help`."
        if self.over and verb in ("bid", "pass", "sell", "close"):
            return False, "The season is over; the rooms are shut."
        return handler(" ".join(args))

    def cmd_help(self, arg):
        return True, HELP.format(goal=GOAL, days=DAYS)

    def cmd_status(self, arg):
        text = (f"Day {self.day} of {DAYS}. Purse: {self.purse} crowns (goal {GOAL}). "
                f"In vogue today: {self.vogue}. Storeroom: {len(self.storeroom)}/{CAPACITY}.")
        if self.won:
            text += " You have made your fortune."
        elif self.over:
            text += " The season is over."
        return True, text

    def cmd_catalogue(self, arg):
        lines = [f"Day {self.day} catalogue ({self.vogue} in vogue):"]
        for e in self.catalogue:
            if e["result"] is None:
                how = "on the block" if self.block and self.block["lot"] == e["lot"] else "to come"
            elif e["result"]["buyer"] is None:
                how = "unsold"
            else:
                how = "sold to " + e["result"]["buyer"]
            lines.append(f"  {e['lot']:>2}. {e['title']} ({e['category']}) "
                         f"opening {e['opening']}, estimate {e['estimate']} - {how}")
        return True, "\n".join(lines)

    def cmd_look(self, arg):
        if self.block is None:
            return True, "Nothing on the block: today's sale is done. `close` ends the day."
        return True, "On the block: " + self.describe_block()

    def cmd_stock(self, arg):
        if not self.storeroom:
            return True, f"Your storeroom is empty (room for {CAPACITY})."
        lines = [f"Storeroom ({len(self.storeroom)}/{CAPACITY}):"]
        for n, item in enumerate(self.storeroom, 1):
            lines.append(f"  {n}. {item['title']} ({item['category']}), "
                         f"estimate {item['estimate']}, paid {item['paid']}")
        return True, "\n".join(lines)

    def cmd_bid(self, arg):
        if self.block is None:
            return False, "Nothing on the block: today's sale is done. `close` ends the day."
        if len(self.storeroom) >= CAPACITY:
            return False, f"Your storeroom is full ({CAPACITY} lots): sell something first."
        least = self.minimum_bid()
        if not arg:
            amount = least
        else:
            try:
                amount = int(arg)
            except ValueError:
                return False, f"A bid is a whole number of crowns, like `bid {least}`."
        if amount < least:
            return False, f"The auctioneer wants at least {least} crowns."
        need = amount + self.premium_for(amount)
        if need > self.purse:
            return False, (f"A bid of {amount} would cost you {need} with the premium; "
                           f"your purse holds {self.purse}.")
        b = self.block
        counter = amount + increment(amount)
        if counter <= b["limit"]:
            b["standing"], b["leader"] = counter, "rival"
            return True, (f"You bid {amount}. The rival in the front row raises to {counter}. "
                          f"Next bid: {self.minimum_bid()}.")
        return True, self._knock_down(amount)

    def _knock_down(self, hammer):
        b = self.block
        premium = self.premium_for(hammer)
        cost = hammer + premium
        self.ledger["lots_won"] += 1
        self.ledger["won_today"] += 1
        self.ledger["spent"] += cost
        self.storeroom.append({"lot": b["lot"], "title": b["title"], "category": b["category"],
                               "estimate": b["estimate"], "paid": cost})
        self._entry(b["lot"])["result"] = {"buyer": "you", "price": hammer}
        fee = f"{premium} premium" if premium else "no premium (every third lot is free of it)"
        text = (f"Going once, going twice... sold! Lot {b['lot']}, {b['title']}, is yours at "
                f"{hammer} crowns + {fee} = {cost}. Purse: {self.purse} crowns.")
        self.purse -= cost
        return text + " " + self._next_lot()

    def cmd_pass(self, arg):
        if self.block is None:
            return False, "Nothing on the block to pass on."
        b = self.block
        entry = self._entry(b["lot"])
        if b["leader"] == "rival":
            price = b["standing"]
        elif b["limit"] >= b["opening"]:
            price = b["opening"]
        else:
            price = None
        if price is None:
            entry["result"] = {"buyer": None, "price": None}
            text = f"You pass. No bids: lot {b['lot']}, {b['title']}, is unsold."
        else:
            entry["result"] = {"buyer": "rival", "price": entry["opening"]}
            text = f"You pass. Lot {b['lot']}, {b['title']}, goes to the rival at {price} crowns."
        return True, text + " " + self._next_lot()

    def _find_stock(self, arg):
        arg = arg.strip().lower()
        if not arg:
            return None
        if arg.isdecimal() and len(arg) < 6:
            n = int(arg)
            return n - 1 if n >= 1 else None
        for i, item in enumerate(self.storeroom):
            if arg in item["title"].lower():
                return i
        return None

    def cmd_sell(self, arg):
        index = self._find_stock(arg)
        if index is None:
            return False, "Sell which lot? `stock` lists yours; say `sell 1` or `sell clock`."
        item = self.storeroom[index]
        if item["category"] == self.vogue:
            return True, self._sell_to_collector(item)
        del self.storeroom[index]
        return True, self._pay_out(item, item["estimate"], "The dealer pays the estimate")

    def _sell_to_collector(self, item):
        price = item["estimate"] * 3 // 2
        return self._pay_out(item, price, f"{self.vogue.capitalize()} are in vogue: "
                                          "a collector pays half as much again as the estimate")

    def _pay_out(self, item, price, how):
        self.purse += price
        self.ledger["earned"] += price
        text = f"{how}: {price} crowns for the {item['title']}. Purse: {self.purse} crowns."
        if not self.won and self.purse >= GOAL:
            self.won = self.over = True
            text += f" {GOAL} crowns! The trade calls you the shrewdest dealer of the season. You win."
        return text

    def cmd_close(self, arg):
        if self.block is not None:
            return False, f"Lot {self.block['lot']} is still on the block: bid or pass first."
        fee = min(self.purse, STORAGE_FEE * len(self.storeroom))
        self.purse -= fee
        self.ledger["fees"] += fee
        won = self.ledger["won_today"]
        text = (f"The rooms close on day {self.day}. You won {won} lot{'s' if won != 1 else ''} today; "
                f"storage costs {fee} crowns. Purse: {self.purse} crowns.")
        if self.day == DAYS:
            self.over = True
            return True, text + f" The season is over, short of {GOAL} crowns. Better luck next year."
        self.day += 1
        self._open_day()
        return True, (text + f" Day {self.day} opens; {self.vogue} are in vogue. "
                      "On the block: " + self.describe_block())

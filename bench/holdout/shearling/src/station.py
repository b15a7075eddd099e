"""The shearing station: one season of one game.

Everything the player can do goes through `Station.handle(text)`, which returns a `Reply`. The station keeps its
own state as plain lists of small dicts so `snapshot()` can hand it straight to the JSON encoder.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

SEASON_DAYS = 10
START_CASH = 200
TARGET_CASH = 900
HOLDING_PEN_CAPACITY = 20
DAILY_TALLY = 6
MAX_SHEARERS = 4
WAGE = 40
FLEECES_PER_BALE = 4
WOOL_PACK_PRICE = 5
EVENTS_KEPT = 8

KINDS = ("merino", "crossbred")
START_FLOCK = {"merino": 40, "crossbred": 20}
PENS = (
    {"name": "paddock", "capacity": None},
    {"name": "holding pen", "capacity": HOLDING_PEN_CAPACITY},
    {"name": "shorn pen", "capacity": None},
)
BUYERS = (
    {"name": "Bradford Mill", "buys": "merino", "price": 90, "daily": 3},
    {"name": "Geelong Broker", "buys": "crossbred", "price": 60, "daily": 3},
    {"name": "Dalby Co-op", "buys": "any", "price": 50, "daily": 5},
)
ROSTER = ("Ann", "Bert", "Cal", "Dot", "Eddie", "Fay")

NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "dozen": 12,
}
KIND_WORDS = {
    "merino": "merino", "merinos": "merino",
    "crossbred": "crossbred", "crossbreds": "crossbred", "cross": "crossbred", "crossbreed": "crossbred",
    "crossbreeds": "crossbred", "crosses": "crossbred",
}
THING_WORDS = {
    "sheep": "sheep", "ewe": "sheep", "ewes": "sheep", "wether": "sheep", "wethers": "sheep",
    "fleece": "fleece", "fleeces": "fleece", "wool": "fleece",
    "bale": "bale", "bales": "bale",
    "shearer": "shearer", "shearers": "shearer", "hand": "shearer", "hands": "shearer",
}
VERBS = {
    "move": "move", "drive": "move", "put": "move", "bring": "move", "muster": "move", "yard": "move",
    "walk": "move", "shift": "move", "pen": "move", "return": "move",
    "shear": "shear", "clip": "shear",
    "press": "press", "bale": "press", "pack": "press",
    "sell": "sell", "ship": "sell", "offer": "sell",
    "hire": "hire", "engage": "hire", "employ": "hire",
    "send": "send", "dismiss": "send", "let": "send", "release": "send", "pay": "send",
    "end": "end", "sleep": "end", "rest": "end", "call": "end", "finish": "end", "wait": "end",
    "look": "look", "status": "look", "check": "look", "report": "look", "l": "look",
    "help": "help", "examples": "help", "?": "help",
}
TO_WORDS = {"to", "into", "onto", "toward", "towards"}
FROM_WORDS = {"from", "off", "out"}
AT_WORDS = {"in", "at", "on", "inside"}
FILLER = {"the", "a", "an", "my", "our", "of", "please", "some", "back", "go", "all"}

HELP_TEXT = """A few things the boss has said this season:

> hire 2 shearers from the town
Ann and Bert come in from the town and take a stand each. The wage bill is now $80 a day.

> move 12 merinos from the paddock into the holding pen
You drive 12 merinos from the paddock into the holding pen. The holding pen now holds 12 sheep; 48 are left in the paddock.

> shear 8 sheep in the holding pen
Ann shears 6 and Bert shears 2. 8 merinos go out to the shorn pen and 8 merino fleeces land on the wool table.

> press 8 merino fleeces into bales
The press thumps twice: 2 merino bales from 8 fleeces, and $10 for the wool packs.

> sell 2 bales to the Bradford Mill
Bradford Mill takes 2 merino bales at $90 a bale. $180 goes in the tin.

> send 1 shearer back to the town
Bert heads back to the town with $40 for the day. 1 shearer is left on the board.

> end the day
The shed goes quiet. You pay $40 in wages. Day 2 dawns over the station.

> look
Day 2 of 10. Cash $290; the station needs $900.
The paddock: 28 merinos and 20 crossbreds.
The holding pen: 4 merinos.
The shorn pen: 8 merinos.
On the board: Ann (0/6 today). Wage bill $40 a day.
Wool table: bare.
Bales in the shed: none.
Buyers: Bradford Mill pays $90 a merino bale and wants 3 more today; Geelong Broker pays $60 a crossbred bale and wants 3 more today; Dalby Co-op pays $50 a bale of any wool and wants 5 more today.

> move 20 crossbreds into the holding pen
The holding pen holds 20 sheep and has room for only 16 more."""


class Refusal(Exception):
    """A command the station will not carry out; the message says why."""


@dataclass
class Order:
    verb: str | None
    count: int | None = None
    everything: bool = False
    kind: str | None = None
    thing: str | None = None
    to_place: str | None = None
    from_place: str | None = None
    at_place: str | None = None
    words: list[str] = field(default_factory=list)


@dataclass
class Reply:
    success: bool
    message: str


def parse(text: str) -> Order:
    words = re.findall(r"[a-z0-9?][a-z0-9'-]*|\?", text.lower())
    while words and words[0] in ("please", "now", "then"):
        words.pop(0)
    if not words:
        return Order(verb=None)
    order = Order(verb=VERBS.get(words[0]), words=words)
    place_slot: str | None = None
    article = False
    places: dict[str, list[str]] = {"to": [], "from": [], "at": []}
    for word in words[1:]:
        if word in TO_WORDS:
            place_slot = "to"
            continue
        if word in FROM_WORDS:
            place_slot = "from"
            continue
        if word in AT_WORDS:
            place_slot = "at"
            continue
        if place_slot is not None:
            if word not in FILLER:
                places[place_slot].append(word)
            continue
        if word == "all" or word == "every" or word == "everything":
            order.everything = True
        elif re.fullmatch(r"-?\d+", word) and (order.count is None or article):
            order.count = int(word)
            article = False
        elif word in NUMBER_WORDS and (order.count is None or article):
            order.count = NUMBER_WORDS[word]
            article = word in ("a", "an")
        if word in KIND_WORDS:
            order.kind = KIND_WORDS[word]
        if word in THING_WORDS and order.thing is None:
            order.thing = THING_WORDS[word]
    for slot, found in places.items():
        if found:
            setattr(order, f"{slot}_place", " ".join(found))
    return order


def plural(count: int, word: str, many: str | None = None) -> str:
    return f"{count} {word if count == 1 else (many or word + 's')}"


def sheep_words(kind: str, count: int) -> str:
    return plural(count, kind)


def join_names(names: list[str]) -> str:
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


class Station:
    def __init__(self) -> None:
        self.day = 1
        self.cash = START_CASH
        self.wage_bill = 0
        self.flock = [
            {"kind": kind, "pen": pen["name"], "count": START_FLOCK[kind] if pen["name"] == "paddock" else 0}
            for pen in PENS
            for kind in KINDS
        ]
        self.shearers: list[dict] = []
        self.fleeces = [{"kind": kind, "count": 0} for kind in KINDS]
        self.bales = [{"kind": kind, "count": 0} for kind in KINDS]
        self.buyers = [{**buyer, "wants": buyer["daily"]} for buyer in BUYERS]
        self.events: list[dict] = []
        self.season_over = False
        self.won = False
        self.turn = 0
        self.log("The trucks have gone. 60 sheep wait in the paddock for the shearing.")

    # -- bookkeeping ------------------------------------------------------------------------------

    @property
    def game_over(self) -> bool:
        return self.season_over or self.won

    def log(self, text: str) -> None:
        self.events.append({"day": self.day, "text": text})
        del self.events[:-EVENTS_KEPT]

    def mob(self, kind: str, pen: str) -> dict:
        return next(m for m in self.flock if m["kind"] == kind and m["pen"] == pen)

    def head_count(self, pen: str) -> int:
        return sum(m["count"] for m in self.flock if m["pen"] == pen)

    def capacity(self, pen: str) -> int | None:
        return {p["name"]: p["capacity"] for p in PENS}[pen]

    def stock(self, items: list[dict], kind: str) -> dict:
        return next(item for item in items if item["kind"] == kind)

    def pen_named(self, words: str | None) -> str | None:
        if not words:
            return None
        for pen in PENS:
            name = pen["name"]
            if words in (name, name.split()[0]):
                return name
        if words in ("pen", "pens", "yard", "yards"):
            return "holding pen"
        if words in ("field", "paddocks", "hill", "run"):
            return "paddock"
        return None

    def buyer_named(self, words: str | None) -> dict | None:
        if not words:
            return None
        wanted = set(words.replace("-", " ").split()) | {words}
        for buyer in self.buyers:
            name = buyer["name"].lower()
            if wanted & (set(name.replace("-", " ").split()) | set(name.split()) | {name}):
                return buyer
        return None

    def snapshot(self) -> dict:
        return {
            "day": self.day,
            "season_days": SEASON_DAYS,
            "cash": self.cash,
            "target_cash": TARGET_CASH,
            "wage_bill": self.wage_bill,
            "pens": [
                {"name": p["name"], "capacity": p["capacity"], "count": self.head_count(p["name"])} for p in PENS
            ],
            "flock": [dict(m) for m in self.flock],
            "shearers": [dict(s) for s in self.shearers],
            "fleeces": [dict(f) for f in self.fleeces],
            "bales": [dict(b) for b in self.bales],
            "buyers": [
                {"name": b["name"], "buys": b["buys"], "price": b["price"], "wants": b["wants"]}
                for b in self.buyers
            ],
            "events": [dict(e) for e in self.events],
            "season_over": self.season_over,
            "won": self.won,
        }

    # -- commands ---------------------------------------------------------------------------------

    def handle(self, text: str) -> Reply:
        self.turn += 1
        order = parse(text)
        if order.verb is None:
            return Reply(False, "The boss squints at you. Try `help` for a few examples of how things are said here.")
        if order.verb == "help":
            return Reply(True, HELP_TEXT)
        if order.verb == "look":
            return Reply(True, self.describe())
        if self.game_over:
            return Reply(False, "The season is over and the shed is shut. Start a new game for another season.")
        action = getattr(self, f"do_{order.verb}")
        try:
            message = action(order)
        except Refusal as refusal:
            return Reply(False, str(refusal))
        return Reply(True, message)

    def wanted_count(self, order: Order, available: int) -> int:
        if order.count is None:
            return available
        if order.count < 1:
            raise Refusal("Counts on this station start at one.")
        return order.count

    def do_move(self, order: Order) -> str:
        if order.thing not in (None, "sheep") and order.kind is None:
            raise Refusal("Only sheep go in the pens.")
        dest = self.pen_named(order.to_place or order.at_place)
        if order.from_place:
            src = self.pen_named(order.from_place)
            if src is None:
                raise Refusal(f"There is no pen here called the {order.from_place}.")
        else:
            src = "holding pen" if dest == "paddock" else "paddock"
        if src == dest:
            raise Refusal(f"They are already in the {dest}.")
        if src == "shorn pen":
            raise Refusal("The shorn sheep stay in the shorn pen until the trucks come.")
        if dest == "shorn pen":
            raise Refusal("Only the shearers put sheep into the shorn pen: shear them first.")
        kinds = [order.kind] if order.kind else list(KINDS)
        available = sum(self.mob(kind, src)["count"] for kind in kinds)
        what = order.kind + "s" if order.kind else "sheep"
        if available == 0:
            raise Refusal(f"There are no {what} in the {src}.")
        count = self.wanted_count(order, available)
        if count > available:
            raise Refusal(f"There are only {available} {what} in the {src}.")
        room = self.capacity(dest)
        if room is not None:
            room -= self.head_count(dest)
            if count > room:
                raise Refusal(f"The {dest} holds {self.capacity(dest)} sheep and has room for only {room} more.")
        moved = []
        left = count
        for kind in kinds:
            take = min(left, self.mob(kind, src)["count"])
            if take:
                self.mob(kind, src)["count"] -= take
                self.mob(kind, dest)["count"] += take
                moved.append(sheep_words(kind, take))
                left -= take
        here = self.head_count(dest)
        there = self.head_count(src)
        self.log(f"Moved {join_names(moved)} from the {src} into the {dest}.")
        return (
            f"You drive {join_names(moved)} from the {src} into the {dest}. "
            f"The {dest} now holds {there} sheep; {here} are left in the {src}."
        )

    def do_shear(self, order: Order) -> str:
        if order.thing not in (None, "sheep") and order.kind is None:
            raise Refusal("Only sheep get shorn here.")
        place = self.pen_named(order.at_place or order.from_place)
        if (order.at_place or order.from_place) and place != "holding pen":
            raise Refusal("The shearers only take sheep from the holding pen.")
        if not self.shearers:
            raise Refusal("There is nobody on the board. Hire a shearer from the town first.")
        kinds = [order.kind] if order.kind else list(KINDS)
        available = sum(self.mob(kind, "holding pen")["count"] for kind in kinds)
        what = order.kind + "s" if order.kind else "sheep"
        if available == 0:
            raise Refusal(f"There are no {what} in the holding pen. Move some in from the paddock.")
        count = self.wanted_count(order, available)
        if count > available:
            raise Refusal(f"There are only {available} {what} in the holding pen.")
        free = sum(DAILY_TALLY - s["shorn_today"] for s in self.shearers)
        if free == 0:
            raise Refusal("Every shearer has done a full tally today. End the day and start fresh tomorrow.")
        if count >= free:
            raise Refusal(f"The board can only shear {free} more today.")
        shares = []
        left = count
        for shearer in self.shearers:
            take = min(left, DAILY_TALLY - shearer["shorn_today"])
            if take:
                shearer["shorn_today"] += take
                shares.append(f"{shearer['name']} shears {take}")
                left -= take
        shorn = []
        left = count
        for kind in kinds:
            take = min(left, self.mob(kind, "holding pen")["count"])
            if take:
                self.mob(kind, "holding pen")["count"] -= take
                self.mob(kind, "shorn pen")["count"] += take
                self.stock(self.fleeces, kind)["count"] += take
                shorn.append((kind, take))
                left -= take
        sheep = join_names([sheep_words(kind, n) for kind, n in shorn])
        fleeces = join_names([f"{plural(n, kind + ' fleece')}" for kind, n in shorn])
        self.log(f"Shore {sheep}.")
        return (
            f"{join_names(shares)}. {sheep[0].upper() + sheep[1:]} go out to the shorn pen "
            f"and {fleeces} land on the wool table."
        )

    def do_press(self, order: Order) -> str:
        kind = order.kind
        if kind is None:
            kind = max(KINDS, key=lambda k: self.stock(self.fleeces, k)["count"])
        have = self.stock(self.fleeces, kind)["count"]
        if have == 0:
            raise Refusal(f"There are no {kind} fleeces on the wool table. Shear some sheep first.")
        count = self.wanted_count(order, have)
        if count > have:
            raise Refusal(f"There are only {plural(have, kind + ' fleece')} on the wool table.")
        if count < FLEECES_PER_BALE:
            raise Refusal(f"A bale takes {FLEECES_PER_BALE} fleeces of one kind; {count} won't fill a pack.")
        bales = count // FLEECES_PER_BALE
        used = bales * FLEECES_PER_BALE
        cost = bales * WOOL_PACK_PRICE
        if cost > self.cash:
            raise Refusal(f"The wool packs for {plural(bales, 'bale')} cost ${cost} and the tin holds ${self.cash}.")
        self.cash -= cost
        self.stock(self.fleeces, kind)["count"] -= count
        self.stock(self.bales, kind)["count"] += bales
        thumps = "once" if bales == 1 else "twice" if bales == 2 else f"{bales} times"
        self.log(f"Pressed {plural(bales, kind + ' bale')}.")
        return (
            f"The press thumps {thumps}: {plural(bales, kind + ' bale')} from {used} fleeces, "
            f"and ${cost} for the wool packs."
        )

    def do_sell(self, order: Order) -> str:
        if order.thing not in (None, "bale"):
            raise Refusal("The buyers only deal in pressed bales.")
        place = order.to_place or order.at_place
        buyer = self.buyer_named(place)
        if buyer is None:
            names = join_names([b["name"] for b in self.buyers])
            if place:
                raise Refusal(f"No buyer called {place} has come to the station. Today there are {names}.")
            raise Refusal(f"Sell to whom? The buyers are {names}.")
        if buyer["buys"] != "any":
            if order.kind and order.kind != buyer["buys"]:
                raise Refusal(f"{buyer['name']} only buys {buyer['buys']} wool.")
            kind = buyer["buys"]
        else:
            kind = order.kind or max(KINDS, key=lambda k: self.stock(self.bales, k)["count"])
        have = self.stock(self.bales, kind)["count"]
        if have == 0:
            raise Refusal(f"You have no {kind} bales to sell.")
        count = self.wanted_count(order, have)
        if count > have:
            raise Refusal(f"You only have {plural(have, kind + ' bale')}.")
        if buyer["wants"] == 0:
            raise Refusal(f"{buyer['name']} has bought all it wants today. Try again tomorrow.")
        if count > buyer["wants"]:
            raise Refusal(f"{buyer['name']} only wants {plural(buyer['wants'], 'more bale')} today.")
        takings = count * buyer["price"]
        self.stock(self.bales, kind)["count"] -= count
        buyer["wants"] -= count
        self.cash += takings
        self.log(f"Sold {plural(count, kind + ' bale')} to {buyer['name']} for ${takings}.")
        message = (
            f"{buyer['name']} takes {plural(count, kind + ' bale')} at ${buyer['price']} a bale. "
            f"${takings} goes in the tin."
        )
        if self.cash >= TARGET_CASH:
            self.won = True
            self.log("The station made its year.")
            message += (
                f" That brings the tin to ${self.cash}: the station has made its year, and the season is won."
            )
        return message

    def do_hire(self, order: Order) -> str:
        if order.thing not in (None, "shearer"):
            raise Refusal("You can only hire shearers from the town.")
        count = order.count if order.count is not None else 1
        if order.everything:
            count = MAX_SHEARERS - len(self.shearers)
        if count < 1:
            raise Refusal("Counts on this station start at one." if not order.everything else "Every stand is taken.")
        if len(self.shearers) + count > MAX_SHEARERS:
            raise Refusal(f"The board has {MAX_SHEARERS} stands and {len(self.shearers)} already have a shearer.")
        on_board = {s["name"] for s in self.shearers}
        names = [name for name in ROSTER if name not in on_board][:count]
        for name in names:
            self.shearers.append({"name": name, "wage": WAGE, "shorn_today": 0})
            self.wage_bill += WAGE
        stands = "a stand" if count == 1 else "a stand each"
        self.log(f"Hired {join_names(names)}.")
        return (
            f"{join_names(names)} {'comes' if count == 1 else 'come'} in from the town and {'takes' if count == 1 else 'take'} "
            f"{stands}. The wage bill is now ${self.daily_wages()} a day."
        )

    def do_send(self, order: Order) -> str:
        if order.thing not in (None, "shearer"):
            raise Refusal("Only shearers can be sent back to the town.")
        if not self.shearers:
            raise Refusal("There is nobody on the board to send back.")
        count = len(self.shearers) if order.everything else order.count if order.count is not None else 1
        if count < 1:
            raise Refusal("Counts on this station start at one.")
        if count > len(self.shearers):
            raise Refusal(f"There {'is' if len(self.shearers) == 1 else 'are'} only {plural(len(self.shearers), 'shearer')} on the board.")
        leaving = self.shearers[-count:]
        del self.shearers[-count:]
        paid = sum(s["wage"] for s in leaving if s["shorn_today"] > 0)
        self.cash -= paid
        names = join_names([s["name"] for s in leaving])
        pay = f"with ${paid} for the day" if paid else "unpaid, having shorn nothing today"
        self.log(f"Sent {names} back to the town.")
        return (
            f"{names} {'heads' if count == 1 else 'head'} back to the town {pay}. "
            f"{plural(len(self.shearers), 'shearer')} {'is' if len(self.shearers) == 1 else 'are'} left on the board."
        )

    def daily_wages(self) -> int:
        return sum(s["wage"] for s in self.shearers)

    def do_end(self, order: Order) -> str:
        wages = self.daily_wages()
        self.cash -= wages
        for shearer in self.shearers:
            shearer["shorn_today"] = 0
        for buyer in self.buyers:
            buyer["wants"] = buyer["daily"]
        paid = f"You pay ${wages} in wages." if wages else "Nobody is on the board, so no wages tonight."
        self.log(f"Night fell on day {self.day}; paid ${wages} in wages.")
        if self.day > SEASON_DAYS:
            self.season_over = True
            self.log("The season closed.")
            return (
                f"The shed goes quiet. {paid} That was the last day of the season: the station finishes with "
                f"${self.cash}, short of the ${TARGET_CASH} it needed."
            )
        self.day += 1
        return f"The shed goes quiet. {paid} Day {self.day} dawns over the station."

    def describe(self) -> str:
        lines = [f"Day {self.day} of {SEASON_DAYS}. Cash ${self.cash}; the station needs ${TARGET_CASH}."]
        for pen in PENS:
            mobs = [sheep_words(m["kind"], m["count"]) for m in self.flock if m["pen"] == pen["name"] and m["count"]]
            lines.append(f"The {pen['name']}: {join_names(mobs) if mobs else 'empty'}.")
        if self.shearers:
            crew = ", ".join(f"{s['name']} ({s['shorn_today']}/{DAILY_TALLY} today)" for s in self.shearers)
            lines.append(f"On the board: {crew}. Wage bill ${self.daily_wages()} a day.")
        else:
            lines.append("Nobody is on the board.")
        table = [plural(f["count"], f["kind"] + " fleece") for f in self.fleeces if f["count"]]
        lines.append(f"Wool table: {join_names(table) if table else 'bare'}.")
        stacked = [plural(b["count"], b["kind"] + " bale") for b in self.bales if b["count"]]
        lines.append(f"Bales in the shed: {join_names(stacked) if stacked else 'none'}.")
        offers = "; ".join(
            f"{b['name']} pays ${b['price']} a {'bale of any wool' if b['buys'] == 'any' else b['buys'] + ' bale'} "
            f"and wants {b['wants']} more today"
            for b in self.buyers
        )
        lines.append(f"Buyers: {offers}.")
        if self.won:
            lines.append("The season is won.")
        elif self.season_over:
            lines.append("The season is over.")
        return "\n".join(lines)

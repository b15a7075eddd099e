"""The rules of Fernery: Aunt Wren's greenhouse, run for one eight-week spring season.

Everything here is plain, synchronous Python; the HTTP side lives in server.py. Money is kept in whole
cents, water in whole litres. The numbers below are the ones RULES.md states.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field

SEASON_WEEKS = 8
TARGET = 14000  # cents in hand when a week closes

START_CASH = 3000
START_COMPOST = 2
START_WATER = 20
TANK_CAPACITY = 40
RAIN_PER_WEEK = 6
WATER_PER_TRAY = 2
MAINS_PRICE = 25  # cents a litre

BEDS = 3
TRAYS_PER_BED = 4
SEEDLINGS_PER_TRAY = 6
WILT_LOSS = 2

COMPOST_PRICE = 250
POT_PRICE = 40
POT_BULK_PRICE = 30
POT_BULK_FROM = 20
PLANTS_PER_BAG = 6

STALL_FEE = 500
FULL_PRICE_SALES = 5  # per kind, per week
MAX_ORDER = 99
LOW_WATER = 10


@dataclass(frozen=True)
class Plant:
    name: str
    key: str
    packet_price: int
    weeks_to_ready: int
    market_price: int


PLANTS: dict[str, Plant] = {
    plant.name: plant
    for plant in (
        Plant("basil", "basil", 150, 2, 350),
        Plant("ivy", "ivy", 200, 3, 500),
        Plant("boston fern", "boston_fern", 300, 3, 800),
        Plant("maidenhair fern", "maidenhair_fern", 450, 4, 1200),
    )
}


@dataclass
class Tray:
    plant: Plant
    seedlings: int = SEEDLINGS_PER_TRAY
    weeks: int = 0
    watered: bool = False

    @property
    def ready(self) -> bool:
        return self.weeks >= self.plant.weeks_to_ready


class Refused(Exception):
    """A command the game turns down; the text is what the player reads."""


def money(cents: int) -> str:
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    return f"{sign}${cents // 100}.{cents % 100:02d}"


def count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def spoken(plant: Plant) -> str:
    """The plant's name the way a command wants it: quoted when it has a space."""
    return f'"{plant.name}"' if " " in plant.name else plant.name


STARTING_COMMANDS = ["look", "buy", "sow", "water", "end week", "help"]

HELP_LINES = {
    "look": "look - the week, your money, the tank and what you hold",
    "buy": 'buy <item> <n> - seed packets, compost or pots from Hal\'s shed (buy "boston fern" 2, buy compost 3)',
    "sow": 'sow <plant> <n> - sow n trays; each takes a packet and a bag of compost (sow "boston fern" 2)',
    "water": "water [bed] - water this week's trays, all of them or one bed's; 2 L from the tank per tray",
    "end week": "end week - close the week: watered trays grow, dry ones wilt, the rain comes",
    "prices": "prices - Hal's list and what the market pays",
    "beds": "beds - every tray in the three beds, how far along it is",
    "fill": "fill [litres] - top the tank up from the mains at $0.25 a litre",
    "pot": 'pot <plant> <n> - pot n ready seedlings (a pot each, a bag of compost per six)',
    "sell": 'sell <plant> <n> - sell potted plants at the Saturday market stall',
    "help": "help - this list",
}

ALWAYS_OPEN = {"look", "help", "prices", "beds"}


@dataclass
class Nursery:
    week: int = 1
    cash: int = START_CASH
    spent: int = 0
    earned: int = 0
    water: int = START_WATER
    compost: int = START_COMPOST
    pots: int = 0
    packets: dict[str, int] = field(default_factory=lambda: {name: 0 for name in PLANTS})
    beds: list[list[Tray]] = field(default_factory=lambda: [[] for _ in range(BEDS)])
    potted: dict[str, int] = field(default_factory=dict)
    sold_this_week: dict[str, int] = field(default_factory=dict)
    stall_paid: bool = False
    plants_sold: int = 0
    turn: int = 0
    won: bool = False
    over: bool = False
    known: list[str] = field(default_factory=lambda: list(STARTING_COMMANDS))

    # ---- what the player sees -------------------------------------------------------------------

    def welcome(self) -> str:
        return (
            "Aunt Wren has gone to the coast for the spring and left you her fernery: three beds under "
            f"glass, a rain tank, two bags of compost and {money(self.cash)} in the tin. Her note says: "
            f"'Have {money(TARGET)} in the tin when a week closes, any week before the season ends "
            f"after week {SEASON_WEEKS}, and the place is yours.' Type help to see what you can do."
        )

    def state(self) -> dict[str, object]:
        state: dict[str, object] = {
            "week": f"week {self.week} of {SEASON_WEEKS}",
            "cash": money(self.cash),
            "target": money(TARGET),
            "total_spent": money(self.spent),
            "total_earned": money(self.earned),
            "water_in_tank": f"{self.water} L",
            "tank_capacity": f"{TANK_CAPACITY} L",
            "compost": count(self.compost, "bag"),
            "pots": count(self.pots, "pot"),
        }
        for plant in PLANTS.values():
            state[f"packets_{plant.key}"] = count(self.packets[plant.name], "packet")
        trays = self._trays()
        state["trays_in_beds"] = count(len(trays), "tray")
        state["free_tray_spaces"] = count(BEDS * TRAYS_PER_BED - len(trays), "tray")
        for number, bed in enumerate(self.beds, start=1):
            state[f"bed_{number}_trays"] = count(len(bed), "tray")
        state["unwatered_trays"] = count(sum(1 for tray in trays if not tray.watered), "tray")
        for plant in PLANTS.values():
            mine = [tray for tray in trays if tray.plant is plant]
            state[f"seedlings_{plant.key}"] = count(sum(t.seedlings for t in mine), "seedling")
            state[f"ready_{plant.key}"] = count(sum(t.seedlings for t in mine if t.ready), "seedling")
        for plant in PLANTS.values():
            state[f"potted_{plant.key}"] = count(self.potted.get(plant.name, 0), "plant")
        state["sold_this_week"] = count(sum(self.sold_this_week.values()), "plant")
        state["plants_sold"] = count(self.plants_sold, "plant")
        state["season"] = "won" if self.won else ("over" if self.over else "in progress")
        state["won"] = self.won
        return state

    # ---- the command line -----------------------------------------------------------------------

    def handle(self, line: str) -> tuple[bool, str]:
        self.turn += 1
        try:
            return True, self._dispatch(line)
        except Refused as refusal:
            return False, str(refusal)

    def _dispatch(self, line: str) -> str:
        if len(line) > 200:
            raise Refused("That's a long sentence for a greenhouse. Keep commands short.")
        try:
            words = shlex.split(line)
        except ValueError:
            raise Refused(
                'A quote is left open. Names of more than one word go in double quotes, like sow "boston fern" 2.'
            ) from None
        if not words:
            raise Refused("Type a command, or help to see the ones you know.")
        verb, args = words[0].lower(), words[1:]
        if verb == "end":
            if not args or args[0].lower() != "week" or len(args) > 1:
                raise Refused("End what? To close the week, type end week.")
            verb, args = "end week", []
        handler = {
            "look": self.look,
            "help": self.help,
            "buy": self.buy,
            "sow": self.sow,
            "water": self.water_trays,
            "end week": self.end_week,
            "prices": self.prices,
            "beds": self.show_beds,
            "fill": self.fill,
            "pot": self.pot,
            "sell": self.sell,
        }.get(verb)
        if handler is None:
            shown = words[0] if len(words[0]) <= 30 else words[0][:30] + "..."
            raise Refused(f"I don't know how to '{shown}'. Type help for the commands you know.")
        if self.over and verb not in ALWAYS_OPEN:
            ending = "won, and the fernery is yours" if self.won else "over, and Aunt Wren is home"
            raise Refused(f"The season is {ending}. You can still look, check prices or see the beds.")
        return handler(args)

    def _introduce(self, command: str, sentence: str) -> str:
        if command in self.known:
            return ""
        self.known.insert(len(self.known) - 1, command)
        return " " + sentence

    def _plant(self, args: list[str], verb: str) -> tuple[Plant, list[str]]:
        if not args:
            raise Refused(f'{verb.capitalize()} which plant? For example: {verb} basil 2 or {verb} "boston fern" 2.')
        name = args[0].lower()
        if name in PLANTS:
            return PLANTS[name], args[1:]
        if len(args) > 1 and f"{name} {args[1].lower()}" in PLANTS:
            plant = PLANTS[f"{name} {args[1].lower()}"]
            raise Refused(f"Names of more than one word go in double quotes: {verb} {spoken(plant)} 2.")
        names = ", ".join(spoken(plant) for plant in PLANTS.values())
        shown = args[0] if len(args[0]) <= 30 else args[0][:30] + "..."
        raise Refused(f"The fernery doesn't grow '{shown}'. Aunt Wren grows {names}.")

    def _quantity(self, args: list[str], default: int = 1, most: int = MAX_ORDER) -> int:
        if not args:
            return default
        if len(args) > 1:
            raise Refused("Too many words there. Give a name, then one number.")
        text = args[0]
        if not re.fullmatch(r"[0-9]+", text):
            raise Refused(f"'{text[:20]}' isn't a number I can count out. Use a whole number, like 3.")
        n = int(text)
        if n < 1:
            raise Refused("Give a number of at least 1.")
        if n > most:
            raise Refused(f"{n} at once is more than the fernery can handle; {most} at most.")
        return n

    def _trays(self) -> list[Tray]:
        return [tray for bed in self.beds for tray in bed]

    def _pay(self, cents: int) -> None:
        self.cash -= cents
        self.spent += cents

    # ---- commands -------------------------------------------------------------------------------

    def help(self, args: list[str]) -> str:
        lines = ["What you can do:"]
        lines += [f"  {HELP_LINES[command]}" for command in self.known]
        return "\n".join(lines)

    def look(self, args: list[str]) -> str:
        trays = self._trays()
        potted = [
            count(self.potted[name], f"potted {name}", f"potted {name}")
            for name in PLANTS
            if self.potted.get(name)
        ]
        packets = [count(n, f"{name} packet") for name, n in self.packets.items() if n]
        held = packets + [count(self.compost, "bag") + " of compost", count(self.pots, "empty pot")] + potted
        if self.won:
            head = f"The season is won: week {self.week} of {SEASON_WEEKS}."
        elif self.over:
            head = f"The season is over after week {SEASON_WEEKS}."
        else:
            head = f"Week {self.week} of {SEASON_WEEKS}."
        return (
            f"{head} The tin holds {money(self.cash)} (the goal is {money(TARGET)}). "
            f"The tank holds {self.water} of {TANK_CAPACITY} L. "
            f"{count(len(trays), 'tray')} in the beds, {sum(1 for t in trays if not t.watered)} still to water. "
            f"You have {', '.join(held)}."
        )

    def prices(self, args: list[str]) -> str:
        lines = ["Hal's supply shed:"]
        for plant in PLANTS.values():
            lines.append(f"  {plant.name} packet: {money(plant.packet_price)} (one tray, ready after "
                         f"{count(plant.weeks_to_ready, 'watered week')})")
        lines.append(f"  compost: {money(COMPOST_PRICE)} a bag")
        lines.append(f"  pots: {money(POT_PRICE)} each, {money(POT_BULK_PRICE)} each for {POT_BULK_FROM} or more")
        lines.append(f"  mains water: {money(MAINS_PRICE)} a litre")
        lines.append(f"The Saturday market pays (the first {FULL_PRICE_SALES} of a kind each week; half after):")
        for plant in PLANTS.values():
            lines.append(f"  {plant.name}: {money(plant.market_price)}")
        lines.append(f"  stall fee: {money(STALL_FEE)} for each week you trade")
        return "\n".join(lines)

    def buy(self, args: list[str]) -> str:
        if not args:
            raise Refused('Buy what? Hal sells seed packets (buy "boston fern" 2), compost and pots.')
        item = args[0].lower()
        if item in ("compost", "bag", "bags"):
            n = self._quantity(args[1:])
            unit, what = COMPOST_PRICE, "bag of compost"
        elif item in ("pot", "pots"):
            n = self._quantity(args[1:])
            unit = POT_BULK_PRICE if n > POT_BULK_FROM else POT_PRICE
            what = "pot"
        else:
            plant, rest = self._plant(args, "buy")
            n = self._quantity(rest)
            unit, what = plant.packet_price, f"{plant.name} packet"
        cost = n * unit
        if cost > self.cash:
            raise Refused(f"Hal shakes his head: that comes to {money(cost)} and the tin holds {money(self.cash)}.")
        self._pay(cost)
        if what == "pot":
            self.pots += n
            got = count(n, "pot")
        elif what == "bag of compost":
            self.compost += n
            got = count(n, "bag") + " of compost"
        else:
            self.packets[plant.name] += n
            got = count(n, what)
        message = f"Hal hands over {got} for {money(cost)}. The tin holds {money(self.cash)}."
        return message + self._introduce(
            "prices", "'Ask me for prices any time,' Hal says, 'and I'll read you the whole list.'"
        )

    def sow(self, args: list[str]) -> str:
        plant, rest = self._plant(args, "sow")
        n = self._quantity(rest)
        free = BEDS * TRAYS_PER_BED - len(self._trays())
        if self.packets[plant.name] < n:
            raise Refused(f"You have {count(self.packets[plant.name], plant.name + ' packet')}; "
                          f"buy more from Hal first.")
        if self.compost < n:
            raise Refused(f"Each tray takes a bag of compost and you have {count(self.compost, 'bag')}.")
        if free < n:
            raise Refused(f"The beds have room for {count(free, 'more tray')}.")
        placed: list[int] = []
        for _ in range(n):
            for number, bed in enumerate(self.beds, start=1):
                if len(bed) < TRAYS_PER_BED:
                    bed.append(Tray(plant))
                    placed.append(number)
                    break
        self.packets[plant.name] -= n
        self.compost -= n
        where = ", ".join(f"bed {b}" for b in sorted(set(placed)))
        message = (f"You sow {count(n, 'tray')} of {plant.name} in {where}. "
                   f"They'll be ready after {count(plant.weeks_to_ready, 'watered week')}.")
        return message + self._introduce(
            "beds", "Aunt Wren's note is pinned to the bench: 'Check the trays with beds, and water every "
            "tray every week or it wilts.'"
        )

    def water_trays(self, args: list[str]) -> str:
        if len(args) > 1:
            raise Refused("Water which bed? Say water, or water 2 for bed 2.")
        if args:
            if not re.fullmatch(r"[0-9]+", args[0]) or not 1 <= int(args[0]) <= BEDS:
                raise Refused(f"There are beds 1 to {BEDS}.")
            chosen = [self.beds[int(args[0]) - 1]]
            where = f"bed {int(args[0])}"
        else:
            chosen = self.beds
            where = "the beds"
        trays = [tray for bed in chosen for tray in bed]
        if not trays:
            raise Refused(f"There's nothing growing in {where} yet.")
        thirsty = [tray for tray in trays if not tray.watered]
        if not thirsty:
            raise Refused(f"Every tray in {where} has had its water this week.")
        done = 0
        for tray in thirsty:
            if self.water < WATER_PER_TRAY:
                break
            self.water -= WATER_PER_TRAY
            tray.watered = True
            done += 1
        tip = self._introduce(
            "fill", "A card on the tank says the mains tap is connected: fill 10 buys 10 L at $0.25 a litre."
        ) if self.water < LOW_WATER else ""
        if done == 0:
            raise Refused(f"The tank has {self.water} L; a tray needs {WATER_PER_TRAY} L." + tip)
        used = done * WATER_PER_TRAY
        if done < len(thirsty):
            message = (f"You water {count(done, 'tray')} of {len(thirsty)} before the tank runs dry "
                       f"({used} L used, {self.water} L left).")
        else:
            message = f"You water {count(done, 'tray')} in {where} ({used} L used, {self.water} L left)."
        return message + tip

    def fill(self, args: list[str]) -> str:
        room = TANK_CAPACITY - self.water
        if room == 0:
            raise Refused(f"The tank is full ({TANK_CAPACITY} L).")
        litres = min(self._quantity(args, default=room, most=9999), room)
        cost = litres * MAINS_PRICE
        if cost > self.cash:
            raise Refused(f"{litres} L from the mains costs {money(cost)} and the tin holds {money(self.cash)}.")
        self.cash -= cost
        self.water += litres
        return (f"You run {litres} L in from the mains for {money(cost)}. "
                f"The tank holds {self.water} of {TANK_CAPACITY} L.")

    def show_beds(self, args: list[str]) -> str:
        lines = []
        for number, bed in enumerate(self.beds, start=1):
            if not bed:
                lines.append(f"Bed {number}: empty ({TRAYS_PER_BED} spaces).")
                continue
            parts = []
            for tray in bed:
                if tray.ready:
                    stage = "ready to pot"
                else:
                    stage = f"week {tray.weeks} of {tray.plant.weeks_to_ready}"
                wet = "watered" if tray.watered else "dry"
                parts.append(f"{tray.plant.name} x{tray.seedlings} ({stage}, {wet})")
            lines.append(f"Bed {number}: " + "; ".join(parts) + ".")
        return "\n".join(lines)

    def pot(self, args: list[str]) -> str:
        plant, rest = self._plant(args, "pot")
        ready_trays = [tray for tray in self._trays() if tray.plant is plant and tray.ready]
        ready = sum(tray.seedlings for tray in ready_trays)
        if ready == 0:
            growing = [tray for tray in self._trays() if tray.plant is plant]
            if growing:
                left = min(plant.weeks_to_ready - tray.weeks for tray in growing)
                raise Refused(f"No {plant.name} is ready yet; the nearest tray needs "
                              f"{count(left, 'more watered week')}.")
            raise Refused(f"You have no {plant.name} growing.")
        n = self._quantity(rest, default=ready)
        if n > ready:
            raise Refused(f"Only {count(ready, 'seedling')} of {plant.name} are ready to pot.")
        bags = -(-n // PLANTS_PER_BAG)
        if self.pots < n:
            raise Refused(f"That needs {count(n, 'pot')} and you have {count(self.pots, 'pot')}.")
        if self.compost < bags:
            raise Refused(f"That needs {count(bags, 'bag')} of compost and you have {count(self.compost, 'bag')}.")
        need = n
        for tray in ready_trays:
            if need <= 0:
                break
            take = min(tray.seedlings, n)
            tray.seedlings -= take
            need -= take
        for bed in self.beds:
            bed[:] = [tray for tray in bed if tray.seedlings > 0]
        self.pots -= n
        self.compost -= bags
        self.potted[plant.name] = self.potted.get(plant.name, 0) + n
        message = (f"You pot up {count(n, plant.name, plant.name)} ({count(n, 'pot')}, "
                   f"{count(bags, 'bag')} of compost). You now have {self.potted[plant.name]} potted.")
        return message + self._introduce(
            "sell", f"Mr Ashby from the Saturday market leans over the gate: 'There's a stall free. "
            f"Bring them along: sell {spoken(plant)} 3 and I'll take the {money(STALL_FEE)} fee out of "
            "your first sale each week.'"
        )

    def sell(self, args: list[str]) -> str:
        plant, rest = self._plant(args, "sell")
        n = self._quantity(rest)
        have = self.potted[plant.name]
        if have < n:
            raise Refused(f"You have {count(have, 'potted ' + plant.name, 'potted ' + plant.name)}.")
        already = self.sold_this_week.get(plant.name, 0)
        takings = 0
        for sale in range(already, already + n):
            takings += plant.market_price if sale < FULL_PRICE_SALES else plant.market_price // 2
        fee = 0 if self.stall_paid else STALL_FEE
        if self.cash + takings < fee:
            raise Refused(f"The stall fee is {money(fee)} and you'd have only {money(self.cash + takings)}.")
        self.potted[plant.name] = have - n
        self.sold_this_week[plant.name] = already + n
        self.plants_sold += n
        self.earned += takings
        self.cash += takings
        if fee:
            self._pay(fee)
        self.stall_paid = True
        message = f"You sell {count(n, plant.name, plant.name)} for {money(n * plant.market_price)}."
        if fee:
            message += f" Mr Ashby takes the {money(fee)} stall fee."
        if already + n > FULL_PRICE_SALES >= already:
            message += f" Buyers are thinning out: more {plant.name} this week fetch half price."
        return message + f" The tin holds {money(self.cash)}."

    def end_week(self, args: list[str]) -> str:
        grown, wilted = 0, 0
        newly_ready: list[Plant] = []
        for bed in self.beds:
            for tray in bed:
                if tray.watered:
                    was_ready = tray.ready
                    tray.weeks += 1
                    grown += 1
                    if tray.ready and not was_ready and tray.plant not in newly_ready:
                        newly_ready.append(tray.plant)
                else:
                    lost = min(WILT_LOSS, tray.seedlings)
                    tray.seedlings -= lost
                    wilted += lost
                tray.watered = False
            bed[:] = [tray for tray in bed if tray.seedlings > 0]
        rain = min(RAIN_PER_WEEK, TANK_CAPACITY - self.water)
        self.water += rain
        self.sold_this_week = {}
        closed = self.week
        parts = [f"Week {closed} closes."]
        if grown:
            parts.append(f"{count(grown, 'watered tray')} grew on.")
        if wilted:
            parts.append(f"Dry trays wilted: {count(wilted, 'seedling')} lost.")
        if rain:
            parts.append(f"Rain put {rain} L in the tank ({self.water} L).")
        if newly_ready:
            parts.append("Ready to pot: " + ", ".join(p.name for p in newly_ready) + ".")
        if self.cash >= TARGET:
            self.won = True
            self.over = True
            parts.append(f"With {money(self.cash)} in the tin, Aunt Wren writes from the coast: "
                         "'Well done. The fernery is yours.' You have won the season.")
            return " ".join(parts)
        if closed >= SEASON_WEEKS:
            self.over = True
            parts.append(f"The season is over with {money(self.cash)} in the tin, short of "
                         f"{money(TARGET)}. Aunt Wren comes home to take the fernery back.")
            return " ".join(parts)
        self.week += 1
        parts.append(f"Week {self.week} begins with {money(self.cash)} in the tin.")
        message = " ".join(parts)
        if newly_ready:
            plant = newly_ready[0]
            message += self._introduce(
                "pot", f"Old Mrs Pell from next door looks in: 'Those {plant.name} are ready. "
                f"Pot them up: pot {spoken(plant)} 6 takes six pots and a bag of compost.'"
            )
        return message

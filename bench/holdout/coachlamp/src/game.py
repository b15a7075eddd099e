"""The Coachlamp Line: one stagecoach, five market towns, five days to earn the charter.

Pure game logic, no I/O: `Game.command(text)` takes one player command and answers (success, message).
Everything is deterministic: the passengers and parcels that turn up in a town on a given day come from a
generator seeded with the town and the day.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

ROUTE = ("Ashby", "Brackwell", "Coldharbour", "Dunmere", "Eastgate")
LEG_HOURS = {
    ("Ashby", "Brackwell"): 3,
    ("Brackwell", "Coldharbour"): 4,
    ("Coldharbour", "Dunmere"): 3,
    ("Dunmere", "Eastgate"): 4,
}
FODDER_PRICE = {"Ashby": 3, "Brackwell": 4, "Coldharbour": 5, "Dunmere": 4, "Eastgate": 6}

SEATS = 6
BOOT_LB = 120
RACK = 6
TEAM_MAX = 100
STAMINA_PER_HOUR = 10
BALE_STAMINA = 25
REST_STAMINA = 5
NIGHT_STAMINA = 60
COACH_NIGHT_STAMINA = 30
DRIVER_HOURS = 12
FIRST_HOUR = 6
LAST_HOUR = 22
FARE_PER_HOUR = 3
INN_COST = 5
GUARD_COST = 8
START_PURSE = 40
START_FODDER = 2
GOAL = 350
LAST_DAY = 5
HEATH_HOUR = 16
PASSENGERS_AT_TERMINUS = 8
PASSENGERS_ON_ROUTE = 4
NEW_PARCELS = 2
PARCEL_WEIGHTS = (10, 15, 20, 25, 30, 40, 50)


@dataclass(frozen=True)
class Hazard:
    place: str
    leg: tuple[str, str]
    days: tuple[int, ...]  # empty: every day
    extra: int  # hours added to the leg
    robbers: bool
    effect: str

    def active(self, day: int) -> bool:
        return not self.days or day in self.days


HAZARDS = (
    Hazard(
        "Gallows Heath",
        ("Ashby", "Brackwell"),
        (),
        0,
        True,
        f"highwaymen stop coaches leaving at {HEATH_HOUR}:00 or later and take a quarter of the purse "
        "(rounded down) unless a guard rides along",
    ),
    Hazard("Wyke ford", ("Brackwell", "Coldharbour"), (2, 4), 2, False, "the ford is up: the leg takes 2 hours more"),
    Hazard("Dunmere elm", ("Dunmere", "Eastgate"), (3,), 1, False, "a fallen elm: the leg takes 1 hour more"),
)


def leg_key(a: str, b: str) -> tuple[str, str]:
    return (a, b) if ROUTE.index(a) < ROUTE.index(b) else (b, a)


def road_hours(a: str, b: str) -> int:
    """Hours along the road between any two towns, without hazards."""
    i, j = sorted((ROUTE.index(a), ROUTE.index(b)))
    return sum(LEG_HOURS[(ROUTE[k], ROUTE[k + 1])] for k in range(i, j))


def legs_between(a: str, b: str) -> int:
    return abs(ROUTE.index(a) - ROUTE.index(b))


def neighbours(town: str) -> list[str]:
    i = ROUTE.index(town)
    return [ROUTE[k] for k in (i - 1, i + 1) if 0 <= k < len(ROUTE)]


def clock(hour: int) -> str:
    return f"{hour:02d}:00"


def table(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> str:
    widths = [max(len(str(cell)) for cell in column) for column in zip(header, *rows, strict=False)]
    def line(cells: tuple[str, ...]) -> str:
        return " | ".join(str(cell).ljust(width) for cell, width in zip(cells, widths, strict=True)).rstrip()
    rule = "-+-".join("-" * width for width in widths)
    return "\n".join([line(header), rule, *(line(row) for row in rows)])


def _count(text: str) -> int | None:
    """A whole positive number typed by the player, or None."""
    text = text.strip()
    if not text.isdigit() or len(text) > 4:
        return None
    value = int(text)
    return value if value > 0 else None


HELP_ROWS = [
    ("help", "", "show this table"),
    ("look", "", "the town, the clock, the coach, who is waiting and what lies in the depot"),
    ("timetable", "", "the road: legs, hours, fodder prices and the rules of the road"),
    ("road", "", "the road report: hazards on the line and when they bite"),
    ("board", "passenger", "seat a waiting passenger (board:p3)"),
    ("load", "parcel", "put a parcel from the depot into the boot (load:k2)"),
    ("drop", "passenger or parcel", "set a passenger or parcel down in this town (drop:p3, drop:k2)"),
    ("drive", "town", "drive to the next town along the road (drive:Brackwell)"),
    ("buy", "fodder,bales", "buy bales of fodder at this town's price (buy:fodder,2)"),
    ("feed", "bales", "feed bales from the rack to the team (feed:1)"),
    ("rest", "hours", f"rest the team in the yard, +{REST_STAMINA} stamina an hour (rest:2)"),
    ("hire", "guard", f"hire a guard for the next leg, {GUARD_COST} coin (hire:guard)"),
    ("inn", "", f"stay the night at the inn ({INN_COST} coin); the next day starts at {clock(FIRST_HOUR)}"),
]
HELP = (
    "Commands are written verb:argument or verb:arg1,arg2, with no spaces.\n"
    + table(("command", "arguments", "what it does"), HELP_ROWS)
)


@dataclass
class Passenger:
    pid: str
    origin: str
    dest: str
    fare: int
    by_day: int
    by_hr: int

    def view(self) -> dict[str, object]:
        return {"id": self.pid, "to": self.dest, "fare": self.fare, "by": f"d{self.by_day} {clock(self.by_hr)}"}


@dataclass
class Parcel:
    kid: str
    dest: str
    lb: int
    fee: int

    def view(self) -> dict[str, object]:
        return {"id": self.kid, "to": self.dest, "lb": self.lb, "fee": self.fee}


class Game:
    def __init__(self) -> None:
        self.day = 1
        self.hr = FIRST_HOUR
        self.town = ROUTE[0]
        self.purse = START_PURSE
        self.team = TEAM_MAX
        self.fodder = START_FODDER
        self.drove = 0
        self.guard = False
        self.pax: list[Passenger] = []
        self.boot: list[Parcel] = []
        self.boot_lb = 0
        self.waiting: dict[str, list[Passenger]] = {town: [] for town in ROUTE}
        self.depots: dict[str, list[Parcel]] = {town: [] for town in ROUTE}
        self.delivered = 0
        self.won = False
        self.over = False
        self.turn = 0
        self._next_passenger = 1
        self._next_parcel = 1
        self._morning_arrivals()

    # ----- the day's arrivals -------------------------------------------------------------------------

    def _morning_arrivals(self) -> None:
        for town in ROUTE:
            rng = random.Random(f"coachlamp/{town}/day{self.day}")
            others = [t for t in ROUTE if t != town]
            count = PASSENGERS_AT_TERMINUS if town in (ROUTE[0], ROUTE[-1]) else PASSENGERS_ON_ROUTE
            self.waiting[town] = [self._passenger(rng, town, rng.choice(others)) for _ in range(count)]
            self.depots[town].extend(self._parcel(rng, town, rng.choice(others)) for _ in range(NEW_PARCELS))

    def _passenger(self, rng: random.Random, origin: str, dest: str) -> Passenger:
        hours = road_hours(origin, dest)
        budget = hours + rng.randint(2, 5)
        if hours > DRIVER_HOURS:
            by_day, by_hr = self.day + 1, FIRST_HOUR + budget - DRIVER_HOURS
        else:
            by_day, by_hr = self.day, FIRST_HOUR + budget
        passenger = Passenger(f"p{self._next_passenger}", origin, dest, hours * FARE_PER_HOUR, by_day, by_hr)
        self._next_passenger += 1
        return passenger

    def _parcel(self, rng: random.Random, origin: str, dest: str) -> Parcel:
        lb = rng.choice(PARCEL_WEIGHTS)
        parcel = Parcel(f"k{self._next_parcel}", dest, lb, math.ceil(lb / 10) * legs_between(origin, dest))
        self._next_parcel += 1
        return parcel

    # ----- the state the client sees ------------------------------------------------------------------

    def state(self) -> dict[str, object]:
        return {
            "day": self.day,
            "clock": clock(self.hr),
            "town": self.town,
            "purse": self.purse,
            "goal": GOAL,
            "hrs": f"{self.drove}/{DRIVER_HOURS}",
            "team": f"{self.team}/{TEAM_MAX}",
            "fod": f"{self.fodder}/{RACK}",
            "cap": f"{len(self.pax)}/{SEATS}",
            "lb": f"{self.boot_lb}/{BOOT_LB}",
            "guard": self.guard,
            "pax": [p.view() for p in self.pax],
            "boot": [k.view() for k in self.boot],
            "wait": [p.view() for p in self.waiting[self.town]],
            "depot": [k.view() for k in self.depots[self.town]],
            "dlv": self.delivered,
            "won": self.won,
            "over": self.over,
        }

    # ----- commands -----------------------------------------------------------------------------------

    def command(self, text: str) -> tuple[bool, str]:
        self.turn += 1
        text = text.strip()
        if not text:
            return False, "Say something to the coachman. Type help for the commands."
        verb, _, rest = text.partition(":")
        verb = verb.strip().lower()
        args = [arg.strip() for arg in rest.split(",")] if rest.strip() else []
        if " " in verb:
            return False, "Commands are written verb:argument with no spaces, e.g. board:p3. Type help."
        handler = getattr(self, f"_cmd_{verb}", None)
        if handler is None:
            return False, f"The coachman doesn't know '{verb}'. Type help for the commands."
        if self.over and verb not in ("help", "look", "timetable", "road"):
            return False, "The season is over: the Coachlamp Line's books are closed."
        success, message = handler(args)
        if success and not self.over and self.purse >= GOAL:
            self.won = True
            self.over = True
            message += (
                f"\nThe strongbox holds {self.purse} coin: the Coachlamp Line has earned its charter. You win!"
            )
        return success, message

    def _cmd_help(self, args: list[str]) -> tuple[bool, str]:
        return True, HELP

    def _cmd_look(self, args: list[str]) -> tuple[bool, str]:
        lines = [
            (
                f"Day {self.day}, {clock(self.hr)}, at {self.town}. Purse {self.purse} coin "
                f"(the charter needs {GOAL} by the end of day {LAST_DAY})."
            ),
            (
                f"Team {self.team}/{TEAM_MAX}, fodder {self.fodder}/{RACK} bales, "
                f"driver {self.drove}/{DRIVER_HOURS} hrs, seats {len(self.pax)}/{SEATS}, "
                f"boot {self.boot_lb}/{BOOT_LB} lb" + (", a guard aboard." if self.guard else ".")
            ),
        ]
        if self.pax:
            lines.append("Aboard: " + ", ".join(f"{p.pid} for {p.dest}" for p in self.pax) + ".")
        if self.boot:
            lines.append("In the boot: " + ", ".join(f"{k.kid} for {k.dest}" for k in self.boot) + ".")
        waiting = self.waiting[self.town]
        if waiting:
            lines.append("Waiting for a coach:")
            rows = [(p.pid, p.dest, str(p.fare), f"d{p.by_day} {clock(p.by_hr)}") for p in waiting]
            lines.append(table(("id", "to", "fare", "by"), rows))
        else:
            lines.append("Nobody is waiting for a coach.")
        depot = self.depots[self.town]
        if depot:
            lines.append("In the parcel depot:")
            lines.append(table(("id", "to", "lb", "fee"), [(k.kid, k.dest, str(k.lb), str(k.fee)) for k in depot]))
        else:
            lines.append("The parcel depot is empty.")
        roads = ", ".join(f"{t} ({self._leg_hours(self.town, t)[0]} hrs)" for t in neighbours(self.town))
        lines.append(f"Fodder here: {FODDER_PRICE[self.town]} coin a bale. The road goes on to {roads}.")
        return True, "\n".join(lines)

    def _cmd_timetable(self, args: list[str]) -> tuple[bool, str]:
        rows = []
        for (a, b), hours in LEG_HOURS.items():
            now, _ = self._leg_hours(a, b)
            rows.append((f"{a} - {b}", str(hours), str(now)))
        prices = ", ".join(f"{town} {price}" for town, price in FODDER_PRICE.items())
        return True, "\n".join(
            [
                table(("leg", "hours", f"today (day {self.day})"), rows),
                f"Fodder, coin a bale: {prices}.",
                (
                    f"The road is open {clock(FIRST_HOUR)}-{clock(LAST_HOUR)}; a driver may drive "
                    f"{DRIVER_HOURS} hours a day; the team spends {STAMINA_PER_HOUR} stamina an hour on the road."
                ),
                f"Fares: {FARE_PER_HOUR} coin a road hour, half (rounded down) when the coach is late.",
            ]
        )

    def _cmd_road(self, args: list[str]) -> tuple[bool, str]:
        rows = []
        for hazard in HAZARDS:
            when = "every day" if not hazard.days else "day " + " and ".join(str(d) for d in hazard.days)
            rows.append((hazard.place, f"{hazard.leg[0]} - {hazard.leg[1]}", when, hazard.effect))
        return True, "Road report:\n" + table(("place", "leg", "when", "what"), rows)

    def _cmd_board(self, args: list[str]) -> tuple[bool, str]:
        if len(args) != 1 or not args[0]:
            return False, "Board whom? Name one waiting passenger, e.g. board:p3."
        pid = args[0].lower()
        passenger = next((p for p in self.waiting[self.town] if p.pid == pid), None)
        if passenger is None:
            if any(p.pid == pid for p in self.pax):
                return False, f"{pid} is already aboard."
            return False, f"No passenger {pid} is waiting at {self.town}."
        if len(self.pax) > SEATS:
            return False, f"The coach is full: {len(self.pax)}/{SEATS} seats taken."
        self.waiting[self.town].remove(passenger)
        self.pax.append(passenger)
        return True, (
            f"{passenger.pid} takes a seat for {passenger.dest} (fare {passenger.fare} coin, "
            f"due by day {passenger.by_day} {clock(passenger.by_hr)}). Seats {len(self.pax)}/{SEATS}."
        )

    def _cmd_load(self, args: list[str]) -> tuple[bool, str]:
        if len(args) != 1 or not args[0]:
            return False, "Load what? Name a parcel in the depot, e.g. load:k2."
        kid = args[0].lower()
        parcel = next((k for k in self.depots[self.town] if k.kid == kid), None)
        if parcel is None:
            if any(k.kid == kid for k in self.boot):
                return False, f"{kid} is already in the boot."
            return False, f"There is no parcel {kid} in the {self.town} depot."
        if self.boot_lb + parcel.lb > BOOT_LB:
            return False, f"{kid} weighs {parcel.lb} lb; the boot holds {self.boot_lb}/{BOOT_LB} lb already."
        self.depots[self.town].remove(parcel)
        self.boot.append(parcel)
        self.boot_lb += parcel.lb
        return True, (
            f"{parcel.kid} ({parcel.lb} lb, for {parcel.dest}, fee {parcel.fee} coin) goes into the boot. "
            f"Boot {self.boot_lb}/{BOOT_LB} lb."
        )

    def _cmd_drop(self, args: list[str]) -> tuple[bool, str]:
        if len(args) != 1 or not args[0]:
            return False, "Drop whom or what? e.g. drop:p3 or drop:k2."
        ident = args[0].lower()
        passenger = next((p for p in self.pax if p.pid == ident), None)
        if passenger is not None:
            self.pax.remove(passenger)
            self.waiting[self.town].append(passenger)
            return True, (
                f"{passenger.pid} steps down at {self.town} to wait for a later coach. Seats {len(self.pax)}/{SEATS}."
            )
        parcel = next((k for k in self.boot if k.kid == ident), None)
        if parcel is not None:
            self.boot.remove(parcel)
            self.depots[self.town].append(parcel)
            return True, f"{parcel.kid} goes into the {self.town} parcel depot."
        return False, f"There is no {ident} aboard the coach."

    def _leg_hours(self, a: str, b: str) -> tuple[int, list[Hazard]]:
        key = leg_key(a, b)
        hazards = [h for h in HAZARDS if h.leg == key and h.active(self.day)]
        return LEG_HOURS[key] + sum(h.extra for h in hazards), hazards

    def _town(self, name: str) -> str | None:
        return next((town for town in ROUTE if town.lower() == name.strip().lower()), None)

    def _cmd_drive(self, args: list[str]) -> tuple[bool, str]:
        if len(args) != 1 or not args[0]:
            return False, "Drive where? Name the next town, e.g. drive:Brackwell."
        dest = self._town(args[0])
        if dest is None:
            return False, f"There is no town called {args[0]} on the Coachlamp Line ({', '.join(ROUTE)})."
        if dest == self.town:
            return False, f"The coach is already in {self.town}."
        if dest not in neighbours(self.town):
            return False, (
                f"{dest} is not the next town along the road; from {self.town} the coach can reach "
                f"{' or '.join(neighbours(self.town))}."
            )
        hours, hazards = self._leg_hours(self.town, dest)
        if self.drove + hours > DRIVER_HOURS:
            return False, (
                f"The leg takes {hours} hrs and the driver has {DRIVER_HOURS - self.drove} hrs left today. "
                "Take the inn."
            )
        if self.hr + hours > LAST_HOUR:
            return False, (
                f"Leaving at {clock(self.hr)} the coach would reach {dest} at {clock(self.hr + hours)}; "
                f"the line runs no coaches after {clock(LAST_HOUR)}."
            )
        need = hours * STAMINA_PER_HOUR
        if self.team < need:
            return False, f"The team is too tired: the leg needs {need} stamina and they have {self.team}."
        lines = []
        for hazard in hazards:
            if hazard.robbers and self.hr >= HEATH_HOUR:
                if self.guard:
                    lines.append(f"Highwaymen on {hazard.place}! Your guard fires a shot and they scatter.")
                else:
                    self.purse -= self.purse // 4
                    lines.append(f"Highwaymen on {hazard.place}! They take {self.purse // 4} coin from the strongbox.")
            elif hazard.extra:
                lines.append(f"{hazard.place}: {hazard.effect}.")
        self.guard = False
        self.hr += hours
        self.drove += hours
        self.team -= need
        self.town = dest
        lines.insert(0, f"The coach reaches {dest} at {clock(self.hr)} after {hours} hrs on the road.")
        lines.extend(self._arrive())
        return True, "\n".join(lines)

    def _arrive(self) -> list[str]:
        lines = []
        for passenger in [p for p in self.pax if p.dest == self.town]:
            late = self.hr > passenger.by_hr
            paid = passenger.fare // 2 if late else passenger.fare
            self.pax.remove(passenger)
            self.purse += paid
            self.delivered += 1
            if late:
                lines.append(f"{passenger.pid} alights, grumbling at the late coach, and pays half: {paid} coin.")
            else:
                lines.append(f"{passenger.pid} alights and pays {paid} coin.")
        for parcel in [k for k in self.boot if k.dest == self.town]:
            self.boot.remove(parcel)
            self.boot_lb -= parcel.lb
            self.purse += parcel.fee
            lines.append(f"{parcel.kid} is handed to the depot; fee {parcel.fee} coin.")
        lines.append(f"Purse {self.purse} coin. Team {self.team}/{TEAM_MAX}.")
        return lines

    def _cmd_buy(self, args: list[str]) -> tuple[bool, str]:
        if not args or args[0].lower() not in ("fodder", "bale", "bales"):
            return False, "The yard sells fodder only: buy:fodder,2."
        if len(args) > 2:
            return False, "Write it as buy:fodder,bales, e.g. buy:fodder,2."
        bales = _count(args[1]) if len(args) == 2 else 1
        if bales is None:
            return False, "Say how many bales as a whole number, e.g. buy:fodder,2."
        if self.fodder + bales > RACK:
            return False, f"The rack holds {RACK} bales and carries {self.fodder}; room for {RACK - self.fodder}."
        cost = bales * FODDER_PRICE[self.town]
        if cost > self.purse:
            return False, f"{bales} bale(s) cost {cost} coin here and the purse holds {self.purse}."
        self.purse -= cost
        self.fodder += bales
        return True, f"Bought {bales} bale(s) for {cost} coin. Rack {self.fodder}/{RACK}, purse {self.purse} coin."

    def _cmd_feed(self, args: list[str]) -> tuple[bool, str]:
        if len(args) > 1:
            return False, "Write it as feed:bales, e.g. feed:1."
        bales = _count(args[0]) if args else 1
        if bales is None:
            return False, "Say how many bales as a whole number, e.g. feed:1."
        if bales > self.fodder:
            return False, f"The rack holds only {self.fodder} bale(s)."
        if self.team >= TEAM_MAX:
            return False, "The team is full of beans and won't eat."
        eaten = min(bales, math.ceil((TEAM_MAX - self.team) / BALE_STAMINA))
        self.team = min(TEAM_MAX, self.team + eaten * BALE_STAMINA)
        self.fodder -= bales
        return True, f"The team eats {eaten} bale(s) and is at {self.team}/{TEAM_MAX}."

    def _cmd_rest(self, args: list[str]) -> tuple[bool, str]:
        if len(args) != 1 or not args[0]:
            return False, "Rest how long? e.g. rest:2."
        hours = int(args[0])
        if hours < 1:
            return False, "Rest at least one hour."
        if self.hr + hours > LAST_HOUR:
            return False, f"The yard closes at {clock(LAST_HOUR)}; take the inn for the night."
        self.hr += hours
        self.team = min(TEAM_MAX, self.team + hours * REST_STAMINA)
        return True, f"The team rests {hours} hrs in the {self.town} yard. {clock(self.hr)}, team {self.team}/{TEAM_MAX}."

    def _cmd_hire(self, args: list[str]) -> tuple[bool, str]:
        if [a.lower() for a in args] != ["guard"]:
            return False, "You can hire a guard: hire:guard."
        if self.guard:
            return False, "A guard already rides with the coach."
        if self.purse < GUARD_COST:
            return False, f"A guard costs {GUARD_COST} coin and the purse holds {self.purse}."
        self.purse -= GUARD_COST
        self.guard = True
        return True, f"A guard with a blunderbuss climbs up beside the driver for the next leg ({GUARD_COST} coin)."

    def _cmd_inn(self, args: list[str]) -> tuple[bool, str]:
        if args:
            return False, "Just inn: the coach stays the night in this town."
        if self.purse >= INN_COST:
            self.purse -= INN_COST
            self.team = min(TEAM_MAX, self.team + NIGHT_STAMINA)
            lines = [f"A night at the {self.town} inn for {INN_COST} coin; the horses are stabled."]
        else:
            self.team = min(TEAM_MAX, self.team + COACH_NIGHT_STAMINA)
            lines = ["No coin for the inn: the driver sleeps in the coach and the team grazes by the road."]
        if self.day >= LAST_DAY:
            self.over = True
            lines.append(
                f"The charter is due: the strongbox holds {self.purse} of the {GOAL} coin needed. "
                "The Coachlamp Line passes to another company. Game over."
            )
            return True, "\n".join(lines)
        self.day += 1
        self.hr = FIRST_HOUR
        self.drove = 0
        self._morning_arrivals()
        lines.append(
            f"Day {self.day} dawns at {self.town}, {clock(self.hr)}. Team {self.team}/{TEAM_MAX}; "
            f"{len(self.waiting[self.town])} passenger(s) wait for the coach."
        )
        return True, "\n".join(lines)

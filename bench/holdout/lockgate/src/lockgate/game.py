"""The lock-keeper's season at Hollins Flight: chambers, gates, boats, water and the cash book.

One `Season` is one game. It is plain Python with no I/O: the web layer (app.py) feeds it command lines
and serialises `state()`.
"""

from __future__ import annotations

import copy
import math

from lockgate.commands import CommandError, parse
from lockgate.manual import command_entry, manual

SEASON_DAYS = 3
START_CASH = 30
START_RESERVOIR = 200
RESERVOIR_CAPACITY = 300
OVERNIGHT_INFLOW = 60
DAILY_ALLOWANCE = 100
UPKEEP = 10
BASE_TOLL = 4
TOLL_METRES = 5
WIDE_SURCHARGE = 5
PUMP_UNITS_PER_COIN = 4
WIN_BOATS = 7
WIN_CASH = 70

CHAMBERS = [
    {"id": 1, "name": "Narrow", "length": 22, "beam": "narrow", "volume": 25},
    {"id": 2, "name": "Wide", "length": 40, "beam": "wide", "volume": 60},
]

# (id, name, length in metres, beam, heading, day of arrival)
TIMETABLE = [
    (1, "Kingfisher", 18, "narrow", "up", 1),
    (2, "Dabchick", 12, "narrow", "down", 1),
    (3, "Maid of Salford", 30, "wide", "up", 1),
    (4, "Heron", 20, "narrow", "down", 2),
    (5, "Perseverance", 36, "wide", "down", 2),
    (6, "Otter", 10, "narrow", "up", 2),
    (7, "Bittern", 16, "narrow", "up", 3),
    (8, "Coalbrook", 28, "wide", "down", 3),
]

GATES = ("upper", "lower")
BOAT_STATUSES = ("waiting", "in_lock", "passed")
READ_ONLY = {"help", "man", "status", "boats", "chambers", "ledger"}


def entry_gate(boat: dict) -> str:
    """The gate a boat comes in by: upbound boats wait below the lock, downbound boats above it."""
    return "lower" if boat["heading"] == "up" else "upper"


def exit_gate(boat: dict) -> str:
    return "upper" if boat["heading"] == "up" else "lower"


def level_for(gate: str) -> str:
    """The water level a chamber must stand at before this gate can be opened."""
    return "high" if gate == "upper" else "low"


class Refused(Exception):
    """A command the keeper cannot carry out; the message says why."""


class Season:
    def __init__(self) -> None:
        self.day = 1
        self.cash = START_CASH
        self.reservoir = START_RESERVOIR
        self.drawn_today = 0
        self.boats_passed = 0
        self.won = False
        self.lost = False
        self.chambers: list[dict] = []
        for spec in CHAMBERS:
            chamber = dict(spec)
            chamber.update({"level": "low", "upper_gate": "closed", "lower_gate": "closed", "boats": []})
            self.chambers.append(chamber)
        self.boats: list[dict] = []
        self.ledger: list[dict] = []
        self._arrivals(self.day)

    # ------------------------------------------------------------------ state

    @property
    def over(self) -> bool:
        return self.won or self.lost

    def state(self) -> dict:
        return {
            "day": self.day,
            "season_days": SEASON_DAYS,
            "cash": self.cash,
            "reservoir": self.reservoir,
            "reservoir_capacity": RESERVOIR_CAPACITY,
            "drawn_today": self.drawn_today,
            "allowance": DAILY_ALLOWANCE,
            "boats_passed": self.boats_passed,
            "chambers": copy.deepcopy(self.chambers),
            "boats": copy.deepcopy(self.boats),
            "ledger": copy.deepcopy(self.ledger),
            "flags": {"won": self.won, "lost": self.lost},
        }

    def welcome(self) -> str:
        return (
            "You take the keys of Hollins Flight on the Calder Cut for a three-day season.\n"
            "Two chambers, a summit pound of water above you and the Canal Company's cash book.\n"
            f"Pass at least {WIN_BOATS} boats, mind the water allowance and end the season with "
            f"at least {WIN_CASH} coins.\n\n" + self._arrival_text(self.day) + "\n\nType 'help' for the manual."
        )

    # ---------------------------------------------------------------- lookups

    def _chamber(self, chamber_id: int | None) -> dict | None:
        for chamber in self.chambers:
            if chamber["id"] == chamber_id:
                return chamber
        return None

    def _boat(self, boat_id: int | None) -> dict | None:
        for boat in self.boats:
            if boat["id"] == boat_id:
                return boat
        return None

    def _need_chamber(self, chamber_id: int) -> dict:
        chamber = self._chamber(chamber_id)
        if chamber is None:
            ids = ", ".join(str(c["id"]) for c in self.chambers)
            raise Refused(f"There is no chamber {chamber_id}. Chambers: {ids}.")
        return chamber

    def _need_boat(self, boat_id: int) -> dict:
        boat = self._boat(boat_id)
        if boat is None:
            raise Refused(f"No boat {boat_id} has arrived at the flight. Try 'boats'.")
        return boat

    def _book(self, entry: str, amount: int, note: str) -> None:
        self.ledger.append(
            {"id": len(self.ledger) + 1, "day": self.day, "entry": entry, "amount": amount, "note": note}
        )

    def _arrivals(self, day: int) -> list[dict]:
        arrived = []
        for boat_id, name, length, beam, heading, arrives in TIMETABLE:
            if arrives != day:
                continue
            boat = {
                "id": boat_id,
                "name": name,
                "length": length,
                "beam": beam,
                "heading": heading,
                "status": "waiting",
                "chamber": None,
                "arrived_day": day,
                "toll": None,
            }
            self.boats.append(boat)
            arrived.append(boat)
        return arrived

    def _arrival_text(self, day: int) -> str:
        lines = [f"Day {day}. Boats at the landings:"]
        for boat in self.boats:
            if boat["status"] == "waiting":
                lines.append("  " + self._boat_line(boat))
        if len(lines) == 1:
            lines.append("  none")
        return "\n".join(lines)

    @staticmethod
    def _boat_line(boat: dict) -> str:
        side = "below" if boat["heading"] == "up" else "above"
        where = {
            "waiting": f"waiting {side} the lock",
            "in_lock": f"in chamber {boat['chamber']}",
            "passed": f"through, paid {boat['toll']}",
        }[boat["status"]]
        return (
            f"[{boat['id']}] {boat['name']:<16} {boat['length']:>2} m {boat['beam']:<6} "
            f"{boat['heading']:<4} {where}"
        )

    # ------------------------------------------------------------------ rules

    @staticmethod
    def toll_for(boat: dict) -> tuple[int, int]:
        """(passage toll, wide-beam surcharge): the skipper pays the two together."""
        toll = BASE_TOLL + math.ceil(boat["length"] / TOLL_METRES)
        surcharge = WIDE_SURCHARGE if boat["beam"] == "wide" else 0
        return toll, surcharge

    # --------------------------------------------------------------- commands

    def run(self, line: str) -> tuple[bool, str]:
        try:
            verb, options = parse(line)
        except CommandError as exc:
            return False, str(exc)
        handler = getattr(self, f"do_{verb}", None)
        if verb == "man":
            handler = self.do_help
        if handler is None:
            return False, f"lockgate: no such command '{verb}'. Type 'help' for the manual."
        if self.over and verb not in READ_ONLY:
            return False, "The season is over; the keys are back with the Canal Company. Try 'status'."
        try:
            return True, handler(options)
        except Refused as exc:
            return False, str(exc)
        except CommandError as exc:
            return False, f"{verb}: {exc}"

    @staticmethod
    def _allow(verb: str, options: dict, allowed: set[str]) -> None:
        for name in options:
            if name not in allowed:
                raise CommandError(f"unknown option --{name}. See 'help --command {verb}'.")

    @staticmethod
    def _number(verb: str, options: dict, name: str) -> int:
        if name not in options:
            raise CommandError(f"missing --{name}. See 'help --command {verb}'.")
        text = options[name]
        try:
            return int(text)
        except ValueError:
            raise CommandError(f"--{name} wants a whole number, not '{text}'.") from None

    @staticmethod
    def _gate(verb: str, options: dict) -> str:
        if "gate" not in options:
            raise CommandError(f"missing --gate. See 'help --command {verb}'.")
        gate = options["gate"].lower()
        if gate not in GATES:
            raise CommandError(f"--gate is 'upper' or 'lower', not '{options['gate']}'.")
        return gate

    def do_help(self, options: dict) -> str:
        self._allow("help", options, {"command"})
        if "command" in options:
            entry = command_entry(options["command"].lower())
            if entry is None:
                raise Refused(f"No manual entry for '{options['command']}'. Type 'help' for the list.")
            return entry
        return manual()

    def do_status(self, options: dict) -> str:
        self._allow("status", options, set())
        waiting = sum(1 for b in self.boats if b["status"] == "waiting")
        in_lock = sum(1 for b in self.boats if b["status"] == "in_lock")
        lines = [
            f"Day {self.day} of {SEASON_DAYS}.",
            f"Cash: {self.cash} coins.",
            f"Summit pound: {self.reservoir} of {RESERVOIR_CAPACITY} units.",
            f"Drawn today: {self.drawn_today} of the {DAILY_ALLOWANCE}-unit allowance.",
            f"Boats through: {self.boats_passed}; in the chambers: {in_lock}; waiting: {waiting}.",
        ]
        for chamber in self.chambers:
            lines.append(self._chamber_line(chamber))
        if self.won:
            lines.append("The season is over: the Canal Company is pleased with you.")
        elif self.lost:
            lines.append("The season is over: the Canal Company has taken back the keys.")
        return "\n".join(lines)

    @staticmethod
    def _chamber_line(chamber: dict) -> str:
        inside = ", ".join(str(b) for b in chamber["boats"]) or "empty"
        return (
            f"Chamber {chamber['id']} ({chamber['name']}, {chamber['length']} m, {chamber['beam']}, "
            f"{chamber['volume']} units): water {chamber['level']}, upper gate {chamber['upper_gate']}, "
            f"lower gate {chamber['lower_gate']}, boats: {inside}."
        )

    def do_boats(self, options: dict) -> str:
        self._allow("boats", options, {"status"})
        wanted = options["status"].lower() if "status" in options else None
        if wanted is not None and wanted not in BOAT_STATUSES:
            raise CommandError(f"--status is one of {', '.join(BOAT_STATUSES)}, not '{wanted}'.")
        rows = [self._boat_line(b) for b in self.boats if wanted is None or b["status"] == wanted]
        if not rows:
            return "No boats match."
        return "\n".join(rows)

    def do_chambers(self, options: dict) -> str:
        self._allow("chambers", options, set())
        return "\n".join(self._chamber_line(c) for c in self.chambers)

    def do_ledger(self, options: dict) -> str:
        self._allow("ledger", options, {"day"})
        day = self._number("ledger", options, "day") if "day" in options else None
        rows = [e for e in self.ledger if day is None or e["day"] == day]
        if not rows:
            return "The cash book has no entries" + (f" for day {day}." if day is not None else " yet.")
        lines = [f"#{e['id']:<3} day {e['day']}  {e['entry']:<7} {e['amount']:+4d}  {e['note']}" for e in rows]
        lines.append(f"Cash in hand: {self.cash} coins.")
        return "\n".join(lines)

    def do_open(self, options: dict) -> str:
        self._allow("open", options, {"chamber", "gate"})
        chamber = self._need_chamber(self._number("open", options, "chamber"))
        gate = self._gate("open", options)
        other = "lower" if gate == "upper" else "upper"
        if chamber[f"{gate}_gate"] == "open":
            raise Refused(f"The {gate} gate of chamber {chamber['id']} is already open.")
        if chamber[f"{other}_gate"] == "open":
            raise Refused(
                f"The {other} gate of chamber {chamber['id']} is open. Never open both ends of a lock: "
                "close it first."
            )
        if chamber["level"] != level_for(gate):
            raise Refused(
                f"The water in chamber {chamber['id']} stands {chamber['level']}; the {gate} gate will not "
                f"budge against the head of water. It opens only when the chamber is {level_for(gate)}."
            )
        chamber[f"{gate}_gate"] = "open"
        return f"You lean on the balance beam and the {gate} gate of chamber {chamber['id']} swings open."

    def do_close(self, options: dict) -> str:
        self._allow("close", options, {"chamber", "gate"})
        chamber = self._need_chamber(self._number("close", options, "chamber"))
        gate = self._gate("close", options)
        if chamber[f"{gate}_gate"] == "closed":
            raise Refused(f"The {gate} gate of chamber {chamber['id']} is already closed.")
        chamber[f"{gate}_gate"] = "closed"
        return f"The {gate} gate of chamber {chamber['id']} thuds shut."

    def _shut_for_paddles(self, chamber: dict) -> None:
        for gate in GATES:
            if chamber[f"{gate}_gate"] == "open":
                raise Refused(f"The {gate} gate of chamber {chamber['id']} is open. Close both gates first.")

    def do_fill(self, options: dict) -> str:
        self._allow("fill", options, {"chamber"})
        chamber = self._need_chamber(self._number("fill", options, "chamber"))
        self._shut_for_paddles(chamber)
        if chamber["level"] == "high":
            raise Refused(f"Chamber {chamber['id']} is already full.")
        volume = chamber["volume"]
        if self.reservoir < volume:
            raise Refused(
                f"The summit pound holds {self.reservoir} units; chamber {chamber['id']} needs {volume}. "
                "Pump water back up or wait for the feeder overnight."
            )
        message = (
            f"You wind up the top paddles. Chamber {chamber['id']} fills with {volume} units from the summit "
            f"pound, which now stands at {self.reservoir} units."
        )
        self.reservoir -= volume
        self.drawn_today += volume
        chamber["level"] = "high"
        if self.drawn_today > DAILY_ALLOWANCE:
            message += (
                f"\nYou have drawn {self.drawn_today} units today, over the {DAILY_ALLOWANCE}-unit allowance: "
                "the Company fines 1 coin per unit over at nightfall."
            )
        return message

    def do_empty(self, options: dict) -> str:
        self._allow("empty", options, {"chamber"})
        chamber = self._need_chamber(self._number("empty", options, "chamber"))
        self._shut_for_paddles(chamber)
        if chamber["level"] == "low":
            raise Refused(f"Chamber {chamber['id']} is already empty.")
        chamber["level"] = "low"
        return (
            f"You draw the bottom paddles. Chamber {chamber['id']} empties and {chamber['volume']} units run "
            "away down the cut."
        )

    def do_admit(self, options: dict) -> str:
        self._allow("admit", options, {"boat", "chamber"})
        boat = self._need_boat(self._number("admit", options, "boat"))
        chamber = self._need_chamber(self._number("admit", options, "chamber"))
        if boat["status"] == "in_lock":
            raise Refused(f"{boat['name']} is already in chamber {boat['chamber']}.")
        if boat["status"] == "passed":
            raise Refused(f"{boat['name']} has already been through the flight.")
        gate = entry_gate(boat)
        side = "below" if boat["heading"] == "up" else "above"
        if chamber[f"{gate}_gate"] != "open":
            raise Refused(
                f"{boat['name']} waits {side} the lock; open the {gate} gate of chamber {chamber['id']} "
                "to bring her in."
            )
        if boat["beam"] == "wide" and chamber["beam"] != "wide":
            raise Refused(f"{boat['name']} is a wide boat and will not fit the {chamber['name']} chamber.")
        inside = [self._boat(b) for b in chamber["boats"]]
        if any(other["heading"] != boat["heading"] for other in inside):
            raise Refused(f"Chamber {chamber['id']} is working the other way; let those boats out first.")
        used = sum(other["length"] for other in inside)
        if used + boat["length"] > chamber["length"]:
            raise Refused(
                f"{boat['name']} is {boat['length']} m; chamber {chamber['id']} has {chamber['length'] - used} m "
                "of room left."
            )
        boat["status"] = "in_lock"
        boat["chamber"] = chamber["id"]
        chamber["boats"].append(boat["id"])
        return f"{boat['name']} comes in through the {gate} gate and ties up in chamber {chamber['id']}."

    def do_release(self, options: dict) -> str:
        self._allow("release", options, {"boat"})
        boat = self._need_boat(self._number("release", options, "boat"))
        chamber = self._chamber(boat["chamber"])
        gate = exit_gate(boat)
        if chamber[f"{gate}_gate"] != "open":
            raise Refused(
                f"{boat['name']} is heading {boat['heading']}; open the {gate} gate of chamber "
                f"{chamber['id']} to let her out."
            )
        toll, surcharge = self.toll_for(boat)
        due = toll + surcharge
        chamber["boats"].remove(boat["id"])
        boat["status"] = "passed"
        boat["chamber"] = None
        boat["toll"] = due
        self.cash += due
        self.boats_passed += 1
        self._book("toll", toll, f"{boat['name']} ({boat['id']})")
        paid = f"{due} coins" if not surcharge else f"{due} coins ({toll} toll + {surcharge} wide-beam surcharge)"
        return f"{boat['name']} slides out through the {gate} gate. Her skipper pays {paid}. Cash: {self.cash}."

    def do_pump(self, options: dict) -> str:
        self._allow("pump", options, {"units"})
        units = self._number("pump", options, "units")
        if units <= 0:
            raise Refused("Pump a positive number of units.")
        cost = -(-units // PUMP_UNITS_PER_COIN)
        if cost > self.cash:
            raise Refused(f"Pumping {units} units costs {cost} coins; you have {self.cash}.")
        self.cash -= cost
        self.reservoir = min(RESERVOIR_CAPACITY, self.reservoir + units)
        self._book("pump", -cost, f"{units} units back to the summit")
        return (
            f"The engine thumps away and lifts {units} units into the summit pound for {cost} coins. "
            f"Summit pound: {self.reservoir} units. Cash: {self.cash}."
        )

    def do_rest(self, options: dict) -> str:
        self._allow("rest", options, set())
        lines = [f"Night falls on day {self.day}."]
        fine = max(0, self.drawn_today - DAILY_ALLOWANCE)
        self.cash -= UPKEEP
        self._book("upkeep", -UPKEEP, "lodging and grease")
        lines.append(f"Upkeep: {UPKEEP} coins.")
        if fine:
            self.cash -= fine
            self._book("fine", -fine, f"{self.drawn_today - DAILY_ALLOWANCE} units over the allowance")
            lines.append(f"Water fine: {fine} coins for drawing {self.drawn_today} units.")
        lines.append(f"Cash: {self.cash} coins.")
        if self.cash < 0:
            self.lost = True
            lines.append("You cannot pay the Company what it is owed. It takes back the keys. Season lost.")
            return "\n".join(lines)
        if self.day >= SEASON_DAYS:
            return "\n".join(lines + self._season_end())
        self.reservoir = min(RESERVOIR_CAPACITY, self.reservoir) + OVERNIGHT_INFLOW
        lines.append(f"Overnight the feeder brings water in; the summit pound stands at {self.reservoir} units.")
        self.drawn_today = 0
        self.day += 1
        self._arrivals(self.day)
        lines.append("")
        lines.append(self._arrival_text(self.day))
        return "\n".join(lines)

    def _season_end(self) -> list[str]:
        if self.boats_passed >= WIN_BOATS and self.cash >= WIN_CASH:
            self.won = True
            return [
                f"The season is over. {self.boats_passed} boats through and {self.cash} coins in the book.",
                "The Canal Company renews your keys for next year. You win.",
            ]
        self.lost = True
        return [
            f"The season is over. {self.boats_passed} boats through and {self.cash} coins in the book.",
            f"The Company wanted at least {WIN_BOATS} boats and {WIN_CASH} coins. Season lost.",
        ]

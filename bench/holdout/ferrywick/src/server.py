"""Ferrywick: run the chain ferry across the Wick between Ferrywick quay and Otterholm.

A plain Werkzeug application speaking the GBQA agent API. The rules live in RULES.md.
"""

from __future__ import annotations

import json
import os
import re
import threading
import uuid

from werkzeug.exceptions import HTTPException
from werkzeug.routing import Map, Rule
from werkzeug.serving import run_simple
from werkzeug.wrappers import Request, Response

WEST, EAST = "Ferrywick", "Otterholm"
KINDS = ("foot", "cycle", "car", "lorry")
FARES = {"foot": 2, "cycle": 3, "car": 8, "lorry": 15}
SEATS = 12
LANES = 3
LANE_SIZE = {"car": 1, "lorry": 2}
TANK = 10
START_FUEL = 6
FUEL_PRICE = 3
START_PURSE = 20
HARBOUR_DUES = 10
TARGET = 400
SEASON_DAYS = 3
BOILER_LIMIT = 12
OPENS, CLOSES = 6 * 60, 18 * 60
PEAK_FROM, PEAK_UNTIL = 7 * 60, 9 * 60
TICK = 30
COUNT = re.compile(r"[0-9]{1,4}")

MORNING_QUEUES = {
    WEST: {"foot": 6, "cycle": 2, "car": 2, "lorry": 1},
    EAST: {"foot": 4, "cycle": 1, "car": 1, "lorry": 0},
}

ALIASES = {
    "foot": "foot", "feet": "foot", "passenger": "foot", "passengers": "foot",
    "walker": "foot", "walkers": "foot", "people": "foot",
    "cycle": "cycle", "cycles": "cycle", "cyclist": "cycle", "cyclists": "cycle",
    "bike": "cycle", "bikes": "cycle", "bicycle": "cycle", "bicycles": "cycle",
    "car": "car", "cars": "car",
    "lorry": "lorry", "lorries": "lorry", "truck": "lorry", "trucks": "lorry",
}

NAMES = {
    "foot": ("foot passenger", "foot passengers"),
    "cycle": ("cyclist", "cyclists"),
    "car": ("car", "cars"),
    "lorry": ("lorry", "lorries"),
}

HELP = """Ferrywick ferry - commands:
  look                 where the ferry is, the time, the tide and who is waiting
  board [N] KIND       take N (default 1) of a kind aboard from this quay; they pay on boarding
  offload [N] KIND     put N of a kind back on the quay before sailing; their fares are refunded
  cross                sail to the other bank (30 minutes)
  wait                 stay at the quay for 30 minutes
  refuel [N]           buy N units of fuel at Ferrywick quay (default: fill the tank)
  ledger               today's takings
  tides                the tide table
  moor                 tie up and end the day early (the deck must be empty)
  help                 this list
Kinds: foot, cycle, car, lorry. The rules are in RULES.md."""


def qty(n: int, kind: str) -> str:
    one, many = NAMES[kind]
    return f"{n} {one if n == 1 else many}"


def hhmm(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def tide_at(minutes: int) -> str:
    phase = ((minutes - OPENS) // TICK) % 12
    if phase < 3:
        return "high water"
    if phase < 6:
        return "ebbing"
    if phase < 9:
        return "low water"
    return "flooding"


def arrivals(minutes: int) -> dict[str, dict[str, int]]:
    """Who turns up at each quay when the clock reaches `minutes`."""
    k = (minutes - OPENS) // TICK
    return {
        WEST: {"foot": 3, "cycle": int(k % 2 == 0), "car": int(k % 2 == 1), "lorry": int(k % 4 == 0)},
        EAST: {"foot": 2, "cycle": int(k % 3 == 0), "car": int(k % 3 == 1), "lorry": int(k % 6 == 0)},
    }


class Refused(Exception):
    """A command the game understood but will not carry out."""


class Ferry:
    def __init__(self) -> None:
        self.day = 1
        self.clock = OPENS
        self.bank = WEST
        self.fuel = START_FUEL
        self.purse = START_PURSE
        self.boiler_runs = 0
        self.tickets: list[tuple[str, int]] = []
        self.quays = {bank: dict(queue) for bank, queue in MORNING_QUEUES.items()}
        self.ledger = self.fresh_ledger()
        self.carried = dict.fromkeys(KINDS, 0)
        self.status = "running"
        self.turn = 0

    @staticmethod
    def fresh_ledger() -> dict[str, int]:
        return {"fares": 0, "fuel": 0, "crossings": 0}

    # -- derived ---------------------------------------------------------------------------------

    @property
    def other_bank(self) -> str:
        return EAST if self.bank == WEST else WEST

    def deck(self) -> dict[str, int]:
        counts = dict.fromkeys(KINDS, 0)
        for kind, _ in self.tickets:
            counts[kind] += 1
        return counts

    def seats_used(self) -> int:
        deck = self.deck()
        return deck["foot"] + deck["cycle"]

    def lanes_used(self) -> int:
        deck = self.deck()
        return sum(deck[kind] * size for kind, size in LANE_SIZE.items())

    def fare(self, kind: str) -> int:
        if PEAK_FROM <= self.clock < PEAK_UNTIL:
            return FARES[kind] * 2
        return FARES[kind]

    def burn(self) -> int:
        return 2 if self.deck()["lorry"] else 1

    def state(self) -> dict:
        return {
            "day": self.day,
            "clock": hhmm(self.clock),
            "tide": tide_at(self.clock),
            "purse": self.purse,
            "ferry": {
                "at": self.bank,
                "fuel": self.fuel,
                "tank": TANK,
                "boiler_runs": self.boiler_runs,
                "deck": self.deck(),
                "seats_free": SEATS - self.seats_used(),
                "lanes_free": LANES - self.lanes_used(),
            },
            "quays": {bank: dict(queue) for bank, queue in self.quays.items()},
            "ledger": dict(self.ledger),
            "carried": dict(self.carried),
            "status": self.status,
            "won": self.status == "won",
        }

    # -- time ------------------------------------------------------------------------------------

    def pass_half_hour(self) -> list[str]:
        self.clock += TICK
        for bank, newcomers in arrivals(self.clock).items():
            for kind, n in newcomers.items():
                self.quays[bank][kind] += n
        if self.clock >= CLOSES:
            return self.close_day("The harbour bell rings six: the crossing is closed for the night.")
        return []

    def close_day(self, opening: str) -> list[str]:
        lines = [opening]
        if self.tickets:
            refund = sum(paid for _, paid in self.tickets)
            self.purse -= refund
            self.ledger["fares"] -= refund
            self.tickets = []
            lines.append(f"Everyone still aboard goes home; {refund} coins are handed back.")
        if self.purse < HARBOUR_DUES:
            self.status = "lost"
            lines.append(
                f"The harbourmaster asks for {HARBOUR_DUES} coins of dues and you have {self.purse}. "
                "The ferry is impounded. Game over."
            )
            return lines
        self.purse -= HARBOUR_DUES
        lines.append(f"You pay {HARBOUR_DUES} coins of harbour dues, leaving {self.purse} in the purse.")
        if self.purse >= TARGET:
            self.status = "won"
            lines.append(f"With {self.purse} coins put by, the Wick ferry keeps its licence. You win!")
            return lines
        if self.day >= SEASON_DAYS:
            self.status = "lost"
            lines.append(f"The season is over and the purse is short of {TARGET} coins. Game over.")
            return lines
        self.day += 1
        self.clock = OPENS
        self.quays = {bank: dict(queue) for bank, queue in MORNING_QUEUES.items()}
        self.ledger = self.fresh_ledger()
        lines.append(f"Day {self.day} dawns at {self.bank}, {tide_at(self.clock)}.")
        return lines

    # -- commands --------------------------------------------------------------------------------

    def handle(self, line: str) -> str:
        words = line.lower().split()
        if not words:
            raise Refused("Say something: try 'help'.")
        verb, args = words[0], words[1:]
        action = getattr(self, f"do_{verb}", None)
        if action is None:
            raise Refused(f"I don't know how to '{verb}'. Try 'help'.")
        return action(args)

    def do_help(self, args: list[str]) -> str:
        return HELP

    def do_look(self, args: list[str]) -> str:
        queue = self.quays[self.bank]
        waiting = ", ".join(qty(queue[k], k) for k in KINDS if queue[k]) or "nobody"
        deck = self.deck()
        aboard = ", ".join(qty(deck[k], k) for k in KINDS if deck[k]) or "nobody"
        far = self.quays[self.other_bank]
        across = sum(far.values())
        return (
            f"Day {self.day}, {hhmm(self.clock)}, {tide_at(self.clock)}. The ferry is at {self.bank} quay.\n"
            f"Waiting here: {waiting}.\nAboard: {aboard} ({SEATS - self.seats_used()} seats and "
            f"{LANES - self.lanes_used()} lanes free).\nAcross at {self.other_bank}: {across} waiting.\n"
            f"Fuel {self.fuel}/{TANK}, purse {self.purse} coins."
        )

    do_status = do_look

    def parse_amount(self, args: list[str], verb: str) -> tuple[int, str]:
        if not args:
            raise Refused(f"{verb.capitalize()} what? e.g. '{verb} 2 foot'.")
        n = 1
        if COUNT.fullmatch(args[0]):
            n = int(args[0])
            args = args[1:]
        if not args:
            raise Refused(f"{verb.capitalize()} {n} of what? Kinds: foot, cycle, car, lorry.")
        kind = ALIASES.get(args[0])
        if kind is None or len(args) > 1:
            raise Refused(f"'{' '.join(args)}' is not a kind of traveller. Kinds: foot, cycle, car, lorry.")
        if n < 1:
            raise Refused("You can only move one or more at a time.")
        return n, kind

    def do_board(self, args: list[str]) -> str:
        n, kind = self.parse_amount(args, "board")
        queue = self.quays[self.bank]
        if queue[kind] < n:
            raise Refused(f"Only {qty(queue[kind], kind)} waiting at {self.bank}.")
        if kind in LANE_SIZE:
            vehicles = self.deck()["car"] + self.deck()["lorry"]
            if vehicles + n > LANES:
                raise Refused(f"No room on the vehicle deck: {LANES - self.lanes_used()} lanes free.")
        elif self.seats_used() + n > SEATS:
            raise Refused(f"No room in the saloon: {SEATS - self.seats_used()} seats free.")
        fare = self.fare(kind)
        queue[kind] -= n
        self.tickets.extend([(kind, fare)] * n)
        self.purse += fare * n
        self.ledger["fares"] += fare * n
        return f"{qty(n, kind).capitalize()} come aboard and pay {n * FARES[kind]} coins."

    def do_offload(self, args: list[str]) -> str:
        n, kind = self.parse_amount(args, "offload")
        aboard = [i for i, (k, _) in enumerate(self.tickets) if k == kind]
        if len(aboard) < n:
            raise Refused(f"There are only {qty(len(aboard), kind)} aboard.")
        leaving = aboard[-n:]
        refund = sum(self.tickets[i][1] for i in leaving)
        self.tickets = [t for i, t in enumerate(self.tickets) if i not in leaving]
        self.quays[self.bank][kind] += n
        self.purse -= refund
        return f"{qty(n, kind).capitalize()} go back ashore; you hand back {refund} coins."

    def do_cross(self, args: list[str]) -> str:
        tide = tide_at(self.clock)
        if tide == "low water":
            raise Refused("It is low water: the chain drags on the mud. Wait for the flood.")
        if self.boiler_runs >= BOILER_LIMIT:
            raise Refused(f"The boiler has made its {BOILER_LIMIT} crossings for the day and must cool.")
        burn = self.burn()
        if self.fuel < burn:
            raise Refused(f"The crossing needs {burn} fuel and the tank holds {self.fuel}.")
        self.fuel -= burn
        self.boiler_runs += 1
        self.ledger["crossings"] += 1
        deck = self.deck()
        self.tickets = []
        self.bank = self.other_bank
        for kind in KINDS:
            self.carried[kind] += deck[kind]
        landed = ", ".join(qty(deck[k], k) for k in KINDS if deck[k]) or "nobody"
        lines = [f"The ferry crosses to {self.bank} burning {burn} fuel and lands {landed}."]
        lines += self.pass_half_hour()
        return "\n".join(lines)

    do_sail = do_cross

    def do_wait(self, args: list[str]) -> str:
        lines = [f"The ferry waits at {self.bank} quay for half an hour."]
        lines += self.pass_half_hour()
        return "\n".join(lines)

    def do_refuel(self, args: list[str]) -> str:
        if self.bank != WEST:
            raise Refused(f"The fuel berth is at {WEST} quay.")
        room = TANK - self.fuel
        if room == 0:
            raise Refused("The tank is already full.")
        if not args:
            wanted = room
        elif len(args) == 1 and COUNT.fullmatch(args[0]) and int(args[0]) > 0:
            wanted = int(args[0])
        else:
            raise Refused("Refuel how much? e.g. 'refuel 3'.")
        units = min(wanted, room)
        cost = wanted * FUEL_PRICE
        if cost > self.purse:
            raise Refused(f"That much fuel costs {cost} coins and the purse holds {self.purse}.")
        self.fuel += units
        self.purse -= cost
        self.ledger["fuel"] += cost
        return f"You take on {units} units of fuel for {cost} coins. Tank: {self.fuel}/{TANK}."

    def do_ledger(self, args: list[str]) -> str:
        fares, fuel, crossings = self.ledger["fares"], self.ledger["fuel"], self.ledger["crossings"]
        return (
            f"Day {self.day} ledger: fares {fares} coins, fuel {fuel} coins, {crossings} crossings, "
            f"{fares // crossings} coins a crossing. Purse: {self.purse}."
        )

    def do_tides(self, args: list[str]) -> str:
        rows = []
        for minutes in range(OPENS, CLOSES, TICK * 3):
            rows.append(f"  {hhmm(minutes)}-{hhmm(minutes + TICK * 3)}  {tide_at(minutes)}")
        return "Tide table (no sailing at low water):\n" + "\n".join(rows)

    def do_moor(self, args: list[str]) -> str:
        if self.tickets:
            raise Refused("Put everyone ashore before you tie up.")
        return "\n".join(self.close_day(f"You tie up at {self.bank} for the night."))


class FerrywickApp:
    def __init__(self) -> None:
        self.games: dict[str, Ferry] = {}
        self.lock = threading.Lock()
        self.url_map = Map(
            [
                Rule("/healthz", endpoint="health", methods=["GET"]),
                Rule("/api/agent/new", endpoint="new", methods=["POST"]),
                Rule("/api/agent/command", endpoint="command", methods=["POST"]),
                Rule("/api/agent/state/<game_id>", endpoint="state", methods=["GET"]),
            ]
        )

    @staticmethod
    def json_response(body: dict, status: int = 200) -> Response:
        return Response(json.dumps(body), status=status, mimetype="application/json")

    def on_health(self, request: Request) -> Response:
        return self.json_response({"ok": True})

    def on_new(self, request: Request) -> Response:
        game = Ferry()
        game_id = uuid.uuid4().hex[:12]
        with self.lock:
            self.games[game_id] = game
        message = (
            "You are the ferryman of the Wick. Earn enough to keep the licence: "
            f"{TARGET} coins in the purse after any night's dues, within {SEASON_DAYS} days.\n"
            + game.do_look([])
        )
        return self.json_response({"game_id": game_id, "message": message, "state": game.state()})

    def on_command(self, request: Request) -> Response:
        body = request.get_json(silent=True)
        if not isinstance(body, dict):
            return self.json_response({"error": "send a JSON object"}, 400)
        game_id, command = body.get("game_id"), body.get("command")
        if not isinstance(game_id, str) or not isinstance(command, str):
            return self.json_response({"error": "game_id and command must be strings"}, 400)
        with self.lock:
            game = self.games.get(game_id)
            if game is None:
                return self.json_response({"error": "no such game"}, 404)
            game.turn += 1
            if game.status != "running":
                success, message = False, f"The game is over ({game.status}). Start a new one."
            else:
                try:
                    success, message = True, game.handle(command)
                except Refused as refusal:
                    success, message = False, str(refusal)
            return self.json_response(
                {
                    "success": success,
                    "message": message,
                    "state": game.state(),
                    "game_over": game.status != "running",
                    "turn": game.turn,
                }
            )

    def on_state(self, request: Request, game_id: str) -> Response:
        with self.lock:
            game = self.games.get(game_id)
            if game is None:
                return self.json_response({"error": "no such game"}, 404)
            return self.json_response({"game_id": game_id, "state": game.state()})

    def dispatch(self, request: Request) -> Response:
        adapter = self.url_map.bind_to_environ(request.environ)
        try:
            endpoint, values = adapter.match()
            return getattr(self, f"on_{endpoint}")(request, **values)
        except HTTPException as exc:
            return self.json_response({"error": exc.description}, exc.code or 400)

    def __call__(self, environ, start_response):
        request = Request(environ)
        return self.dispatch(request)(environ, start_response)


app = FerrywickApp()


if __name__ == "__main__":
    run_simple(
        os.environ.get("HOST", "127.0.0.1"),
        int(os.environ.get("FERRYWICK_PORT", "8000")),
        app,
        threaded=True,
    )

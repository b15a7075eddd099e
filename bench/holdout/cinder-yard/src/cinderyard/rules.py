"""The rules of Cinder Yard: one shift of shunting, two engines, eight cars, three orders.

Everything here is deterministic: a new `Yard` always starts the same, and the same commands always give the
same replies. The web layer (`cinderyard.web`) only parses requests and calls `Yard.execute`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# Time, in shift minutes, that each kind of work takes. Looking around is free.
MOVE_MINUTES = 6
COUPLE_MINUTES = 2
UNCOUPLE_MINUTES = 2
REFUEL_MINUTES = 5
DISPATCH_MINUTES = 10
SHIFT_END = 180

# Diesel: a run burns a base amount plus one unit for every full 20 tonnes hauled.
MOVE_BASE_FUEL = 3
TONNES_PER_EXTRA_FUEL = 20
FUEL_PRICE = 1  # credits per unit
START_CREDITS = 40

PUMP_TRACK = "shed"
DEPARTURE_TRACK = "main"


@dataclass(frozen=True)
class Car:
    name: str
    kind: str
    weight: int
    home: str


@dataclass
class Engine:
    name: str
    track: str
    max_cars: int
    max_load: int
    fuel: int
    fuel_max: int
    consist: list[str] = field(default_factory=list)


@dataclass
class Track:
    name: str
    capacity: int
    note: str
    cars: list[str] = field(default_factory=list)  # index 0 stands at the switch end


@dataclass
class Order:
    id: str
    destination: str
    cars: tuple[str, ...]
    fee: int
    done: bool = False


@dataclass
class Reply:
    ok: bool
    text: str
    minutes: int = 0


CARS: dict[str, Car] = {
    car.name: car
    for car in (
        Car("boxcar", "box car", 25, "north"),
        Car("tanker", "tank car", 40, "north"),
        Car("hopper", "grain hopper", 35, "north"),
        Car("gondola", "open gondola", 25, "south"),
        Car("flatcar", "flat car", 15, "south"),
        Car("reefer", "refrigerated van", 30, "south"),
        Car("caboose", "crew caboose", 15, "spur"),
        Car("coalcar", "coal wagon", 45, "spur"),
    )
}

USAGE = {
    "look": "usage: look",
    "orders": "usage: orders",
    "status": "usage: status",
    "inspect": "usage: inspect <car|engine|track>",
    "move": "usage: move <engine> to <track>",
    "couple": "usage: couple <car> to <engine>",
    "uncouple": "usage: uncouple <car>",
    "refuel": "usage: refuel <engine> [units]",
    "dispatch": "usage: dispatch <engine>",
    "help": "usage: help",
}

MAX_COMMAND_CHARS = 200


def q(name: str) -> str:
    """A name as the yard writes it in replies."""
    return f"'{name}'"


def b(name: str) -> str:
    """A name in bold, for the thing a reply is mostly about."""
    return f"<b>'{name}'</b>"


def quoted_list(names: list[str] | tuple[str, ...]) -> str:
    return ", ".join(q(n) for n in names) if names else "nothing"


def move_fuel(load: int) -> int:
    return MOVE_BASE_FUEL + load // TONNES_PER_EXTRA_FUEL


class Yard:
    """One shift in the yard."""

    def __init__(self) -> None:
        self.tracks: dict[str, Track] = {
            t.name: t
            for t in (
                Track("main", 4, "departure line: trains are dispatched from here"),
                Track("north", 3, "siding", ["boxcar", "tanker", "hopper"]),
                Track("south", 3, "siding", ["gondola", "flatcar", "reefer"]),
                Track("spur", 2, "short spur", ["caboose", "coalcar"]),
                Track("shed", 0, "engine shed with the diesel pump; no cars may be left here"),
            )
        }
        self.engines: dict[str, Engine] = {
            e.name: e
            for e in (
                Engine("kestrel", "shed", max_cars=3, max_load=100, fuel=20, fuel_max=60),
                Engine("otter", "main", max_cars=2, max_load=70, fuel=26, fuel_max=40),
            )
        }
        self.orders: list[Order] = [
            Order("A", "Millbrook", ("tanker", "hopper"), 80),
            Order("B", "Port Ashby", ("reefer", "caboose"), 60),
            Order("C", "Quarry Junction", ("coalcar", "boxcar"), 70),
        ]
        self.minute = 0
        self.credits = START_CREDITS
        self.earned = 0
        self.spent = 0
        self.departed: list[str] = []
        self.turn = 0
        self.over = False
        self.won = False

    # ----------------------------------------------------------------- reading the yard

    def load_of(self, engine: Engine) -> int:
        return sum(CARS[name].weight for name in engine.consist)

    def locate(self, car: str) -> str | None:
        """The track or engine a car is on, 'departed' once it left the yard, None if it is nowhere."""
        for track in self.tracks.values():
            if car in track.cars:
                return track.name
        for engine in self.engines.values():
            if car in engine.consist:
                return engine.name
        if car in self.departed:
            return "departed"
        return None

    def engine_on(self, track: str) -> Engine | None:
        return next((e for e in self.engines.values() if e.track == track), None)

    def open_orders(self) -> list[Order]:
        return [o for o in self.orders if not o.done]

    def orders_done(self) -> int:
        return sum(1 for o in self.orders if o.done)

    def snapshot(self) -> dict:
        on_tracks = sum(len(t.cars) for t in self.tracks.values())
        on_engines = sum(len(e.consist) for e in self.engines.values())
        return {
            "yard": "Cinder Yard",
            "clock": {"minute": self.minute, "shift_end": SHIFT_END},
            "ledger": {"credits": self.credits, "earned": self.earned, "spent": self.spent},
            "engines": [
                {
                    "name": e.name,
                    "track": e.track,
                    "consist": list(e.consist),
                    "cars": len(e.consist),
                    "max_cars": e.max_cars,
                    "load": self.load_of(e),
                    "max_load": e.max_load,
                    "fuel": e.fuel,
                    "fuel_max": e.fuel_max,
                }
                for e in self.engines.values()
            ],
            "tracks": [
                {"name": t.name, "cars": list(t.cars), "used": len(t.cars), "capacity": t.capacity}
                for t in self.tracks.values()
            ],
            "cars": [
                {"name": c.name, "kind": c.kind, "weight": c.weight, "at": self.locate(c.name)}
                for c in CARS.values()
            ],
            "orders": [
                {
                    "id": o.id,
                    "destination": o.destination,
                    "cars": list(o.cars),
                    "fee": o.fee,
                    "status": "away" if o.done else "open",
                }
                for o in self.orders
            ],
            "census": {
                "on_tracks": on_tracks,
                "on_engines": on_engines,
                "departed": len(self.departed),
                "total": on_tracks + on_engines + len(self.departed),
            },
            "result": {"won": self.won, "over": self.over, "orders_open": len(self.open_orders())},
        }

    def briefing(self) -> str:
        return (
            "You are the night yardmaster at <b>Cinder Yard</b>. Three orders are on the board and the shift "
            f"ends at minute {SHIFT_END}. Send every order out from {q(DEPARTURE_TRACK)} before then.\n"
            "Type 'help' for the usage lines, 'look' to see the yard, 'orders' for the board."
        )

    # ----------------------------------------------------------------- the command loop

    def execute(self, raw: str) -> Reply:
        self.turn += 1
        text = " ".join(raw.strip().lower().split())
        if not text:
            return Reply(False, "The radio crackles, but nobody said anything. Try 'help'.")
        if len(text) > MAX_COMMAND_CHARS:
            return Reply(False, f"Keep radio calls under {MAX_COMMAND_CHARS} characters.")
        if self.over:
            verdict = "every order went out" if self.won else "the shift has ended"
            return Reply(False, f"The yard is closed: {verdict}. Start a new game to play again.")
        verb, *args = text.split(" ")
        handler = getattr(self, f"cmd_{verb}", None) if verb in USAGE else None
        if handler is None:
            return Reply(False, f"No such call {q(verb)}. Type 'help' for the usage lines.")
        reply: Reply = handler(args)
        if reply.ok and reply.minutes:
            self.minute += reply.minutes
            if not self.open_orders():
                self.won = self.over = True
                reply.text += (
                    f"\nAll three orders are away by minute {self.minute}. The yard is clear: well shunted!"
                )
            elif self.minute >= SHIFT_END:
                self.over = True
                left = len(self.open_orders())
                reply.text += (
                    f"\nThe shift whistle blows at minute {self.minute}: {left} order(s) still on the board. "
                    "The yard is closed."
                )
        return reply

    # ----------------------------------------------------------------- lookups and wording

    def _engine(self, name: str) -> Engine | None:
        return self.engines.get(name)

    def _no_engine(self, name: str) -> Reply:
        return Reply(False, f"There is no engine {q(name)} here. Engines: {quoted_list(list(self.engines))}.")

    def _no_car(self, name: str) -> Reply:
        return Reply(False, f"No car called {q(name)} in this yard. Try 'look'.")

    def _describe_track(self, track: Track) -> str:
        engine = self.engine_on(track.name)
        with_engine = f"; engine {b(engine.name)} stands here" if engine else ""
        if track.cars:
            cars = f"switch end {q(track.cars[0])}"
            if len(track.cars) > 1:
                cars += ", then " + quoted_list(track.cars[1:])
        else:
            cars = "empty"
        return f"  {q(track.name)} [{len(track.cars)}/{track.capacity}]: {cars}{with_engine}"

    def _describe_engine(self, engine: Engine) -> str:
        return (
            f"  {b(engine.name)} on {q(engine.track)}: hauling {quoted_list(engine.consist)} "
            f"({len(engine.consist)}/{engine.max_cars} cars, {self.load_of(engine)}/{engine.max_load} t), "
            f"fuel {engine.fuel}/{engine.fuel_max}"
        )

    # ----------------------------------------------------------------- free calls

    def cmd_help(self, args: list[str]) -> Reply:
        lines = ["Radio calls the yard understands:"] + [USAGE[v] for v in USAGE]
        lines.append("Names are single words: 'kestrel', 'north', 'tanker'.")
        return Reply(True, "\n".join(lines))

    def cmd_look(self, args: list[str]) -> Reply:
        if args:
            return Reply(False, USAGE["look"])
        lines = [f"<b>Cinder Yard</b> at minute {self.minute} of {SHIFT_END}. Tracks (cars/capacity):"]
        lines += [self._describe_track(t) for t in self.tracks.values()]
        if self.departed:
            lines.append(f"  Gone out on trains: {quoted_list(self.departed)}")
        return Reply(True, "\n".join(lines))

    def cmd_orders(self, args: list[str]) -> Reply:
        if args:
            return Reply(False, USAGE["orders"])
        lines = ["The order board:"]
        for o in self.orders:
            state = "AWAY" if o.done else "open"
            lines.append(f"  [{state}] order {o.id} to {q(o.destination)}: {quoted_list(o.cars)}, pays {o.fee} credits")
        return Reply(True, "\n".join(lines))

    def cmd_status(self, args: list[str]) -> Reply:
        if args:
            return Reply(False, USAGE["status"])
        lines = [
            f"Minute {self.minute} of {SHIFT_END}. Credits: {self.credits} "
            f"(earned {self.earned}, spent {self.spent}). Orders open: {len(self.open_orders())}."
        ]
        lines += [self._describe_engine(e) for e in self.engines.values()]
        return Reply(True, "\n".join(lines))

    def cmd_inspect(self, args: list[str]) -> Reply:
        if len(args) != 1:
            return Reply(False, USAGE["inspect"])
        name = args[0]
        if name in CARS:
            car = CARS[name]
            where = self.locate(name)
            return Reply(
                True,
                f"{b(name)}: {car.kind}, {car.weight} t, home siding {q(car.home)}, now at {q(str(where))}.",
            )
        if name in self.engines:
            return Reply(True, self._describe_engine(self.engines[name]).strip())
        if name in self.tracks:
            track = self.tracks[name]
            return Reply(True, self._describe_track(track).strip() + f". {track.note.capitalize()}.")
        return Reply(False, f"Nothing called {q(name)} in the yard. Try 'look'.")

    # ----------------------------------------------------------------- work that takes time

    def cmd_move(self, args: list[str]) -> Reply:
        if len(args) != 3 or args[1] != "to":
            return Reply(False, USAGE["move"])
        engine = self._engine(args[0])
        if engine is None:
            return self._no_engine(args[0])
        target = self.tracks.get(args[2])
        if target is None:
            return Reply(False, f"No track {q(args[2])}. Tracks: {quoted_list(list(self.tracks))}.")
        if engine.track == target.name:
            return Reply(False, f"{b(engine.name)} is already on {q(target.name)}.")
        other = self.engine_on(target.name)
        if other is not None:
            return Reply(False, f"{q(target.name)} is occupied by {b(other.name)}: one engine per track.")
        cost = move_fuel(self.load_of(engine))
        if engine.fuel < cost:
            return Reply(
                False, f"{b(engine.name)} has {engine.fuel} fuel; the run to {q(target.name)} needs {cost}."
            )
        engine.fuel -= cost
        came_from = engine.track
        engine.track = target.name
        hauling = f" hauling {quoted_list(engine.consist)}" if engine.consist else ""
        return Reply(
            True,
            f"{b(engine.name)} rolls from {q(came_from)} to {q(target.name)}{hauling}, "
            f"burning {cost} fuel ({engine.fuel}/{engine.fuel_max} left).",
            MOVE_MINUTES,
        )

    def cmd_couple(self, args: list[str]) -> Reply:
        if len(args) != 3 or args[1] != "to":
            return Reply(False, USAGE["couple"])
        name = args[0]
        if name not in CARS:
            return self._no_car(name)
        engine = self._engine(args[2])
        if engine is None:
            return self._no_engine(args[2])
        track = self.tracks[engine.track]
        front = track.cars[0]
        if name not in track.cars:
            where = self.locate(name)
            return Reply(False, f"{q(name)} is not on {q(track.name)} with {b(engine.name)} (it is at {q(str(where))}).")
        if front != name:
            return Reply(False, f"{q(name)} is blocked: {q(front)} stands nearer the switch on {q(track.name)}.")
        if len(engine.consist) > engine.max_cars:
            return Reply(False, f"{b(engine.name)} already hauls {len(engine.consist)} of {engine.max_cars} cars.")
        load = self.load_of(engine) + CARS[name].weight
        if load > engine.max_load:
            return Reply(
                False,
                f"{b(engine.name)} cannot take {q(name)}: {load} t would exceed its {engine.max_load} t limit.",
            )
        track.cars.pop(0)
        engine.consist.append(name)
        return Reply(
            True,
            f"Coupled {b(name)} behind {q(engine.name)}: {len(engine.consist)}/{engine.max_cars} cars, "
            f"{load}/{engine.max_load} t.",
            COUPLE_MINUTES,
        )

    def cmd_uncouple(self, args: list[str]) -> Reply:
        if len(args) != 1:
            return Reply(False, USAGE["uncouple"])
        name = args[0]
        if name not in CARS:
            return self._no_car(name)
        engine = next((e for e in self.engines.values() if name in e.consist), None)
        if engine is None:
            return Reply(False, f"{q(name)} is not coupled to any engine.")
        if engine.consist[-1] != name:
            return Reply(
                False, f"Only the tail car comes off: {q(engine.consist[-1])} is behind {q(name)} on {q(engine.name)}."
            )
        engine.consist.pop()
        track = self.tracks[engine.track]
        if len(track.cars) >= track.capacity:
            return Reply(False, f"{q(track.name)} is full ({len(track.cars)}/{track.capacity}): {q(name)} stays on.")
        track.cars.insert(0, name)
        car = CARS[name]
        what = f"{car.kind}, {car.weight} t"
        room = track.capacity - len(track.cars)
        space = f"room for {room} more" if room else "now full"
        return Reply(
            True,
            f"Uncoupled {b(name)} ({what}) from {q(engine.name)}; it now stands on <b>'{car.home}'</b> "
            f"({len(track.cars)}/{track.capacity}, {space}).",
            UNCOUPLE_MINUTES,
        )

    def cmd_refuel(self, args: list[str]) -> Reply:
        if len(args) not in (1, 2):
            return Reply(False, USAGE["refuel"])
        engine = self._engine(args[0])
        if engine is None:
            return self._no_engine(args[0])
        units: int | None = None
        if len(args) == 2:
            if not (args[1].isascii() and args[1].isdigit()) or int(args[1]) <= 0:
                return Reply(False, USAGE["refuel"] + " (units is a whole number above 0)")
            units = int(args[1])
        if engine.track != PUMP_TRACK:
            return Reply(
                False, f"The only pump is on {q(PUMP_TRACK)}; {b(engine.name)} stands on {q(engine.track)}."
            )
        room = engine.fuel_max - engine.fuel
        if room <= 0:
            return Reply(False, f"{b(engine.name)} is already full ({engine.fuel}/{engine.fuel_max}).")
        if units is None:
            units = room
        pumped = min(units, room)
        cost = pumped * FUEL_PRICE
        if cost > self.credits:
            return Reply(False, f"{pumped} units cost {cost} credits; the yard has {self.credits}.")
        engine.fuel += units
        self.credits -= cost
        self.spent += cost
        return Reply(
            True, f"{b(engine.name)} takes on diesel at the {q(PUMP_TRACK)} pump: {cost} credits charged.", REFUEL_MINUTES
        )

    def cmd_dispatch(self, args: list[str]) -> Reply:
        if len(args) != 1:
            return Reply(False, USAGE["dispatch"])
        engine = self._engine(args[0])
        if engine is None:
            return self._no_engine(args[0])
        if engine.track != DEPARTURE_TRACK:
            return Reply(
                False, f"Trains leave from {q(DEPARTURE_TRACK)} only; {b(engine.name)} is on {q(engine.track)}."
            )
        if not engine.consist:
            return Reply(False, f"{b(engine.name)} has no cars to send.")
        wanted = set(engine.consist)
        order = next((o for o in self.open_orders() if set(o.cars) == wanted), None)
        if order is None:
            return Reply(
                False, f"No open order takes exactly {quoted_list(engine.consist)}. Check 'orders'."
            )
        fee = self.orders[self.orders_done()].fee
        order.done = True
        sent = list(engine.consist)
        self.departed.extend(sent)
        engine.consist.clear()
        self.credits += fee
        self.earned += fee
        return Reply(
            True,
            f"{b(engine.name)} hands {quoted_list(sent)} to the road crew: order {order.id} to "
            f"{q(order.destination)} is away, +{fee} credits (now {self.credits}).",
            DISPATCH_MINUTES,
        )

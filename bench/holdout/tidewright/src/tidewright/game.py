"""One voyage of Tidewright: the fleet, the ledger, the calendar and the contracts, and every command."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tidewright import world
from tidewright.wording import crates, letter, parse_quantity, plural, regret, words

HELP = (
    "Harbourmaster's note: the offices of the harbour answer to the following. "
    "Navigation — sail <port> (go), dock (berth), undock (cast off), wait (z)  |  "
    "Trade — load <qty> <cargo> (buy), unload <qty> <cargo> (sell), prices (market)  |  "
    "Fleet — fleet (boats), helm <boat> (switch), refuel [qty] (fill), transfer <qty> <cargo> to <boat> (tranship)  |  "
    "Contracts — contracts (offers), accept <number>, deliver <number>  |  "
    "Counting House — ledger (accounts), repay <amount|all> (pay)  |  "
    "General — look (l), help (?). "
    "Quantities may be written in figures or in words. Yours faithfully, the Harbourmaster."
)

ALIASES = {
    "go": "sail",
    "berth": "dock",
    "z": "wait",
    "buy": "load",
    "sell": "unload",
    "market": "prices",
    "boats": "fleet",
    "switch": "helm",
    "fill": "refuel",
    "tranship": "transfer",
    "offers": "contracts",
    "accounts": "ledger",
    "pay": "repay",
    "l": "look",
    "?": "help",
}
INFO_COMMANDS = ("help", "look", "prices", "fleet", "ledger", "contracts")


@dataclass
class Mooring:
    port: str
    docked: bool


@dataclass
class Boat:
    name: str
    hold: int
    fuel_max: int
    burn: int
    fuel: int
    mooring: Mooring
    cargo: dict[str, int] = field(default_factory=dict)

    @property
    def at(self) -> str:
        return self.mooring.port

    @property
    def docked(self) -> bool:
        return self.mooring.docked

    @property
    def crates(self) -> int:
        return sum(self.cargo.values())

    def take_off(self, cargo: str, qty: int) -> None:
        """Remove `qty` crates of `cargo`; a cargo with no crates left leaves the manifest."""
        self.cargo[cargo] -= qty
        if not self.cargo[cargo]:
            del self.cargo[cargo]

    def manifest(self) -> str:
        if not self.cargo:
            return "nothing"
        return ", ".join(crates(qty, cargo) for cargo, qty in sorted(self.cargo.items()))

    def whereabouts(self) -> str:
        return f"berthed at {self.at}" if self.docked else f"lying off {self.at}"

    def to_state(self) -> dict[str, Any]:
        return {
            "cargo": dict(sorted(self.cargo.items())),
            "fuel": self.fuel,
            "fuelMax": self.fuel_max,
            "hold": self.hold,
            "at": self.at,
            "docked": self.docked,
        }


@dataclass
class Contract:
    spec: world.ContractSpec
    status: str = "offered"

    def describe(self) -> str:
        s = self.spec
        return (
            f"No. {s.number}: {crates(s.qty, s.cargo)} from {s.origin} to {s.destination} "
            f"by day {s.due_day} of week {s.due_week}, paying {s.reward} coins ({self.status})"
        )

    def to_state(self) -> dict[str, Any]:
        s = self.spec
        return {
            "number": s.number,
            "cargo": s.cargo,
            "qty": s.qty,
            "from": s.origin,
            "to": s.destination,
            "dueWeek": s.due_week,
            "dueDay": s.due_day,
            "reward": s.reward,
            "status": self.status,
        }


@dataclass
class Reply:
    message: str
    success: bool = True


def refused(office: str, body: str) -> Reply:
    return Reply(regret(office, body), success=False)


def new_fleet() -> dict[str, Boat]:
    home = Mooring(port=world.HOME_PORT, docked=True)
    return {
        spec.name: Boat(
            name=spec.name,
            hold=spec.hold,
            fuel_max=spec.fuel_max,
            burn=spec.burn,
            fuel=spec.fuel_max,
            mooring=home,
        )
        for spec in world.FLEET
    }


class Voyage:
    """The whole game: deterministic, driven one command at a time."""

    def __init__(self) -> None:
        self.boats = new_fleet()
        self.flagship = world.FLAGSHIP
        self.coins = world.START_COINS
        self.debt = world.START_DEBT
        self.week = 1
        self.day = 1
        self.contracts = [Contract(spec) for spec in world.CONTRACTS]
        self.open_orders: list[int] = []
        self.won = False
        self.lost = False
        self.turn = 0
        self.handlers: dict[str, Callable[[list[str]], Reply]] = {
            "help": self.help,
            "look": self.look,
            "prices": self.prices,
            "fleet": self.fleet,
            "ledger": self.ledger,
            "contracts": self.list_contracts,
            "accept": self.accept,
            "deliver": self.deliver,
            "sail": self.sail,
            "dock": self.dock,
            "undock": self.undock,
            "wait": self.wait,
            "load": self.load,
            "unload": self.unload,
            "transfer": self.transfer,
            "refuel": self.refuel,
            "helm": self.helm,
            "repay": self.repay,
        }

    # -- the API's view -------------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.won or self.lost

    def intro(self) -> str:
        return letter(
            "harbour",
            f"welcome to {world.HOME_PORT}, your home port. The bank has lent you {world.START_DEBT} coins "
            f"against your two boats, heron and puffin, to be repaid at the {world.HOME_PORT} Counting House "
            f"before the end of week {world.LOAN_WEEKS}. You hold {world.START_COINS} coins; heron has the "
            "helm. Type help for the commands of the harbour.",
        )

    def state(self) -> dict[str, Any]:
        return {
            "fleet": {
                "boats": {name: boat.to_state() for name, boat in self.boats.items()},
                "flagship": self.flagship,
            },
            "ledger": {"coins": self.coins, "debt": self.debt},
            "contracts": [contract.to_state() for contract in self.contracts],
            "calendar": {"week": self.week, "day": self.day},
            "won": self.won,
            "lost": self.lost,
        }

    def handle(self, command: str) -> Reply:
        self.turn += 1
        text = " ".join(command.lower().split())
        if text.startswith("cast off"):
            text = "undock" + text[len("cast off") :]
        parts = text.split(" ")
        verb = ALIASES.get(parts[0], parts[0])
        handler = self.handlers.get(verb)
        if not text or handler is None:
            return refused("harbour", "no office here deals in that request. Type help for the list.")
        if self.over and verb not in INFO_COMMANDS:
            outcome = "the loan is cleared" if self.won else "the bank has called in the loan"
            return refused("harbour", f"the books of this voyage are closed: {outcome}.")
        return handler(parts[1:])

    # -- helpers --------------------------------------------------------------------------------------------

    @property
    def boat(self) -> Boat:
        return self.boats[self.flagship]

    def date(self) -> str:
        return f"day {self.day} of week {self.week}"

    def past_due(self, spec: world.ContractSpec) -> bool:
        return (self.week, self.day) > (spec.due_week, spec.due_day)

    def contract(self, args: list[str]) -> Contract | None:
        words_given = [w.lstrip("#") for w in args if w not in ("contract", "no", "no.", "number")]
        if len(words_given) != 1:
            return None
        number = parse_quantity(words_given[0])
        for contract in self.contracts:
            if contract.spec.number == number:
                return contract
        return None

    def cargo_order(self, args: list[str]) -> tuple[int, str] | str:
        """`<qty> <cargo>` (also `<qty> crates of <cargo>`), or the reason it cannot be read."""
        args = [w for w in args if w not in ("crate", "crates", "of")]
        if len(args) != 2:
            return "the order should read <quantity> <cargo>, for instance 3 salt"
        qty = parse_quantity(args[0])
        if qty is None or qty < 1:
            return f"{args[0]!r} is not a quantity of crates we recognise"
        if args[1] not in world.CARGOES:
            return f"no port of this coast trades in {args[1]}; cargoes are {', '.join(world.CARGOES)}"
        return qty, args[1]

    def berth_fee(self, boat: Boat) -> int:
        fee = world.BERTH_FEES[boat.at]
        if boat.hold > world.HEAVY_BERTH_CRATES:
            fee += fee // 2
        return fee

    def advance(self, days: int) -> list[str]:
        """Let `days` days pass; the notes of what came due meanwhile."""
        notes: list[str] = []
        for _ in range(days):
            self.day += 1
            if self.day > world.DAYS_PER_WEEK:
                self.day = 1
                self.week += 1
            notes.extend(self.settle_contracts())
            if self.week > world.LOAN_WEEKS and self.debt > 0:
                self.lost = True
                notes.append(
                    letter(
                        "bank",
                        f"week {world.LOAN_WEEKS} has ended with {self.debt} coins still owed. The bank calls "
                        "in the loan and takes the fleet in settlement. This voyage is over.",
                    )
                )
                break
        return notes

    def settle_contracts(self) -> list[str]:
        notes = []
        for contract in self.contracts:
            if contract.status == "offered" and self.past_due(contract.spec):
                contract.status = "withdrawn"
        for number in list(self.open_orders):
            contract = self.contracts[number - 1]
            if self.past_due(contract.spec):
                contract.status = "lapsed"
                self.debt += world.LAPSE_PENALTY
                s = contract.spec
                notes.append(
                    letter(
                        "bank",
                        f"contract No. {s.number} ({crates(s.qty, s.cargo)} for {s.destination}) has lapsed "
                        f"undelivered; a penalty of {world.LAPSE_PENALTY} coins is added to your debt, "
                        f"which now stands at {self.debt} coins.",
                    )
                )
        return notes

    def with_notes(self, message: str, notes: list[str]) -> str:
        return " ".join([message, *notes])

    # -- information -----------------------------------------------------------------------------------------

    def help(self, args: list[str]) -> Reply:
        return Reply(HELP)

    def look(self, args: list[str]) -> Reply:
        boat = self.boat
        here = boat.at
        routes = ", ".join(
            f"{port} ({plural(world.ROUTES[frozenset((here, port))], 'day')})"
            for port in world.PORTS
            if port != here
        )
        home = ", your home port" if here == world.HOME_PORT else ""
        return Reply(
            letter(
                "harbour",
                f"it is {self.date()}. {boat.name} has the helm, {boat.whereabouts()}{home}, with "
                f"{words(boat.fuel)} of {words(boat.fuel_max)} units of fuel and {boat.manifest()} aboard "
                f"(room for {plural(boat.hold, 'crate')}). From {here} a boat may sail to {routes}.",
            )
        )

    def prices(self, args: list[str]) -> Reply:
        port = self.boat.at
        table = ", ".join(f"{cargo} {world.PRICES[port][cargo]}" for cargo in world.CARGOES)
        fee = world.BERTH_FEES[port]
        return Reply(
            letter(
                "agent",
                f"prices at {port} in coins per crate, bought or sold: {table}. Fuel costs "
                f"{world.FUEL_PRICES[port]} coins a unit; the berth fee is {fee} coins.",
            )
        )

    def fleet(self, args: list[str]) -> Reply:
        lines = []
        for boat in self.boats.values():
            helm = " (flagship)" if boat.name == self.flagship else ""
            lines.append(
                f"{boat.name}{helm} is {boat.whereabouts()} with {words(boat.fuel)} of {words(boat.fuel_max)} "
                f"units of fuel, carrying {boat.manifest()}"
            )
        return Reply(letter("harbour", "; ".join(lines) + "."))

    def ledger(self, args: list[str]) -> Reply:
        return Reply(
            letter(
                "bank",
                f"on {self.date()} you hold {self.coins} coins and owe the bank {self.debt} coins, due "
                f"before the end of week {world.LOAN_WEEKS}.",
            )
        )

    def list_contracts(self, args: list[str]) -> Reply:
        here = self.boat.at
        offered = [c for c in self.contracts if c.status == "offered" and c.spec.origin == here]
        taken = [c for c in self.contracts if c.status == "accepted"]
        parts = []
        if offered:
            parts.append(f"offered at {here}: " + "; ".join(c.describe() for c in offered) + ".")
        else:
            parts.append(f"no contracts are offered at {here} today.")
        if taken:
            parts.append("Your accepted contracts: " + "; ".join(c.describe() for c in taken) + ".")
        return Reply(letter("agent", " ".join(parts)))

    # -- contracts -------------------------------------------------------------------------------------------

    def accept(self, args: list[str]) -> Reply:
        contract = self.contract(args)
        if contract is None:
            return refused("agent", "we hold no contract by that number; try contracts.")
        s = contract.spec
        if contract.status != "offered":
            return refused("agent", f"contract No. {s.number} is {contract.status}, not on offer.")
        if not self.boat.docked or self.boat.at != s.origin:
            return refused("agent", f"contract No. {s.number} is signed at the {s.origin} office, berthed.")
        contract.status = "accepted"
        self.open_orders.append(s.number)
        return Reply(
            letter(
                "agent",
                f"contract No. {s.number} is yours: carry {crates(s.qty, s.cargo)} to {s.destination} by "
                f"day {s.due_day} of week {s.due_week} for {s.reward} coins.",
            )
        )

    def deliver(self, args: list[str]) -> Reply:
        contract = self.contract(args)
        if contract is None:
            return refused("agent", "we hold no contract by that number; try contracts.")
        s = contract.spec
        boat = self.boat
        if contract.status != "accepted":
            return refused(
                "agent", f"contract No. {s.number} is {contract.status}, not one of yours to deliver."
            )
        if not boat.docked or boat.at != s.destination:
            return refused("agent", f"contract No. {s.number} is delivered berthed at {s.destination}.")
        if boat.cargo.get(s.cargo, 0) < s.qty:
            return refused("agent", f"{boat.name} does not carry the {crates(s.qty, s.cargo)} required.")
        boat.take_off(s.cargo, s.qty)
        contract.status = "delivered"
        self.open_orders.remove(s.number)
        self.coins += s.reward
        return Reply(
            letter(
                "agent",
                f"{boat.name} has delivered {crates(s.qty, s.cargo)} at {s.destination} under contract "
                f"No. {s.number}. {s.reward} coins are paid to you; you now hold {self.coins} coins.",
            )
        )

    # -- navigation ------------------------------------------------------------------------------------------

    def sail(self, args: list[str]) -> Reply:
        args = [w for w in args if w != "to"]
        if not args:
            return refused(
                "harbour", "you did not name a port. Sail to Saltby, Gullhaven, Kestrel or Brindle."
            )
        port = world.find_port(" ".join(args))
        if port is None:
            return refused("harbour", f"no port called {' '.join(args)} is on our charts.")
        boat = self.boat
        if boat.docked:
            return refused("harbour", f"{boat.name} is still berthed at {boat.at}; undock before sailing.")
        days = world.ROUTES[frozenset((boat.at, port))]
        burn = days * boat.burn
        if burn > boat.fuel:
            return refused(
                "harbour",
                f"{boat.name} needs {plural(burn, 'unit')} of fuel to reach {port} and has "
                f"{words(boat.fuel)}.",
            )
        origin = boat.at
        boat.fuel -= burn
        boat.mooring.port = port
        notes = self.advance(days)
        message = letter(
            "harbour",
            f"{boat.name} has sailed from {origin} and made {port} after {plural(days, 'day')} at sea, "
            f"burning {plural(burn, 'unit')} of fuel. She lies off {port}, awaiting a berth. It is now "
            f"{self.date()}.",
        )
        return Reply(self.with_notes(message, notes))

    def dock(self, args: list[str]) -> Reply:
        boat = self.boat
        if boat.docked:
            return refused("harbour", f"{boat.name} is already berthed at {boat.at}.")
        fee = self.berth_fee(boat)
        if fee > self.coins:
            return refused("harbour", f"the berth at {boat.at} costs {fee} coins and you hold {self.coins}.")
        self.coins -= fee
        boat.mooring.docked = True
        return Reply(
            letter(
                "harbour",
                f"{boat.name} is berthed at {boat.at}. Berth fee received: {fee} coins. You hold {self.coins} coins.",
            )
        )

    def undock(self, args: list[str]) -> Reply:
        boat = self.boat
        if not boat.docked:
            return refused("harbour", f"{boat.name} is not berthed; she lies off {boat.at}.")
        boat.mooring.docked = False
        return Reply(letter("harbour", f"{boat.name} has cast off and lies off {boat.at}, ready to sail."))

    def wait(self, args: list[str]) -> Reply:
        if args and args not in (["1"], ["one"], ["1", "day"], ["one", "day"], ["a", "day"]):
            return refused("harbour", "the harbour waits one day at a time; type wait again for each day.")
        notes = self.advance(1)
        message = letter("harbour", f"the fleet waits one day. It is now {self.date()}.")
        return Reply(self.with_notes(message, notes))

    def helm(self, args: list[str]) -> Reply:
        name = " ".join(args)
        if name not in self.boats:
            return refused(
                "harbour", f"the fleet has no boat called {name or 'by no name'}; it has heron and puffin."
            )
        if name == self.flagship:
            return refused("harbour", f"{name} already has the helm.")
        self.flagship = name
        boat = self.boat
        return Reply(letter("harbour", f"{name} now has the helm; she is {boat.whereabouts()}."))

    # -- trade -----------------------------------------------------------------------------------------------

    def load(self, args: list[str]) -> Reply:
        order = self.cargo_order(args)
        if isinstance(order, str):
            return refused("agent", order + ".")
        qty, cargo = order
        boat = self.boat
        if not boat.docked:
            return refused("agent", f"{boat.name} must be berthed to take on cargo.")
        room = boat.hold - boat.crates
        if qty > room:
            return refused("agent", f"{boat.name} has room for only {plural(room, 'more crate')}.")
        cost = qty * world.PRICES[boat.at][cargo]
        if cost > self.coins:
            return refused("agent", f"{crates(qty, cargo)} cost {cost} coins and you hold {self.coins}.")
        self.coins -= cost
        boat.cargo[cargo] = boat.cargo.get(cargo, 0) + qty
        return Reply(
            letter(
                "agent",
                f"{boat.name} has loaded {crates(qty, cargo)} at {boat.at} for {cost} coins. "
                f"You hold {self.coins} coins.",
            )
        )

    def unload(self, args: list[str]) -> Reply:
        boat = self.boat
        if len(args) == 2 and args[0] == "all" and args[1] in world.CARGOES:
            if not boat.cargo.get(args[1]):
                return refused("agent", f"{boat.name} carries no {args[1]}.")
            args = [str(boat.cargo[args[1]]), args[1]]
        order = self.cargo_order(args)
        if isinstance(order, str):
            return refused("agent", order + ".")
        qty, cargo = order
        if not boat.docked:
            return refused("agent", f"{boat.name} must be berthed to sell cargo.")
        held = boat.cargo.get(cargo, 0)
        if qty > held:
            return refused("agent", f"{boat.name} carries {crates(held, cargo)}.")
        earned = qty * world.PRICES[boat.at][cargo]
        boat.take_off(cargo, qty)
        self.coins += earned
        return Reply(
            letter(
                "agent",
                f"{boat.name} has sold {crates(qty, cargo)} at {boat.at} for {earned} coins. "
                f"You hold {self.coins} coins.",
            )
        )

    def transfer(self, args: list[str]) -> Reply:
        if "to" not in args:
            return refused("harbour", "a transfer reads transfer <qty> <cargo> to <boat>.")
        split = args.index("to")
        order = self.cargo_order(args[:split])
        if isinstance(order, str):
            return refused("harbour", order + ".")
        qty, cargo = order
        name = " ".join(args[split + 1 :])
        source = self.boat
        target = self.boats.get(name)
        if target is None:
            return refused("harbour", f"the fleet has no boat called {name or 'by no name'}.")
        if target is source:
            return refused("harbour", f"{name} cannot transfer cargo to herself.")
        if not source.docked or not target.docked or target.at != source.at:
            return refused("harbour", "cargo passes only between two boats berthed at the same port.")
        held = source.cargo.get(cargo, 0)
        if qty > held:
            return refused("harbour", f"{source.name} carries {crates(held, cargo)}.")
        room = target.hold - target.crates
        if qty > room:
            return refused("harbour", f"{target.name} has room for only {plural(room, 'more crate')}.")
        source.take_off(cargo, qty)
        target.cargo.update({cargo: qty})
        return Reply(
            letter(
                "harbour",
                f"{crates(qty, cargo)} have passed from {source.name} to {target.name} at {source.at}.",
            )
        )

    def refuel(self, args: list[str]) -> Reply:
        boat = self.boat
        if not boat.docked:
            return refused("harbour", f"{boat.name} must be berthed to take on fuel.")
        space = boat.fuel_max - boat.fuel
        if args:
            units = parse_quantity(args[0]) if len(args) == 1 else None
            if units is None or units < 1:
                return refused("harbour", "a refuel names a whole number of units, or none to fill the tank.")
        else:
            units = space
        if space == 0:
            return refused("harbour", f"{boat.name}'s tank is already full.")
        if units > space:
            return refused("harbour", f"{boat.name}'s tank has room for only {plural(space, 'unit')}.")
        price = world.FUEL_PRICES[boat.at]
        cost = units * price
        if cost > self.coins:
            return refused(
                "harbour", f"{plural(units, 'unit')} of fuel cost {cost} coins and you hold {self.coins}."
            )
        self.coins -= cost
        boat.fuel += units
        return Reply(
            letter(
                "harbour",
                f"{boat.name} took on {plural(boat.fuel, 'unit')} of fuel at {price} coins a unit, "
                f"{boat.fuel * price} coins in all; her tank holds {words(boat.fuel)} of {words(boat.fuel_max)}.",
            )
        )

    # -- the loan --------------------------------------------------------------------------------------------

    def repay(self, args: list[str]) -> Reply:
        boat = self.boat
        if not boat.docked or boat.at != world.HOME_PORT:
            return refused(
                "bank", f"the loan is repaid only at the {world.HOME_PORT} Counting House, berthed."
            )
        if len(args) != 1:
            return refused("bank", "a repayment names an amount of coins, or all.")
        if args[0] == "all":
            amount = min(self.coins, self.debt)
        else:
            given = parse_quantity(args[0])
            if given is None or given < 1:
                return refused("bank", f"{args[0]!r} is not an amount of coins.")
            if given > self.coins:
                return refused("bank", f"you hold only {self.coins} coins.")
            amount = min(given, self.debt)
        if amount < 1:
            return refused("bank", "there is nothing to pay." if self.debt == 0 else "you hold no coins.")
        self.coins -= amount
        self.debt -= amount
        if self.debt == 0:
            self.won = True
            return Reply(
                letter(
                    "bank",
                    f"we acknowledge {amount} coins with thanks. Your loan is cleared in full on {self.date()}; "
                    f"the fleet is yours outright, with {self.coins} coins to spare. Fair winds.",
                )
            )
        return Reply(
            letter("bank", f"we acknowledge {amount} coins with thanks. {self.debt} coins remain owing.")
        )

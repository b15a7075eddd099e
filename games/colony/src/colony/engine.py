"""The rules of COLONY: one colony's state and what every command does to it.

Pure and deterministic: the same commands from a new game always give the same replies.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from colony.rules import (
    BASE_HOUSING,
    BASE_PRICES,
    BASE_STORAGE,
    BLUEPRINTS,
    EMPTY_SLOTS,
    FARMER_YIELD,
    FOOD_PER_COLONIST,
    GOODS,
    GROWTH_FOOD,
    HOUSE_ROOM,
    JOB_NAMES,
    JOBS,
    LAST_DAY,
    MAX_PRICE,
    MILL_BONUS,
    MIN_PRICE,
    SELL_MARGIN,
    SLOT_NUMBERS,
    START_POPULATION,
    START_STOCK,
    STOREHOUSE_ROOM,
    TARGET_COIN,
    TARGET_POPULATION,
    WOODCUTTER_YIELD,
)

HELP_TEXT = (
    "Commands: status, market, build <house|storehouse|mill>, assign <n> <farmers|woodcutters>, "
    "buy <food|wood> <n>, sell <food|wood> <n|all>, end day (or next), save <1-3>, load <1-3>, help."
)
END_DAY_WORDS = ("end", "end day", "next", "next day", "sleep")
LEAVE_ORDER = ("idle", "woodcutter", "farmer")


@dataclass(frozen=True)
class Reply:
    success: bool
    message: str


@dataclass
class Project:
    kind: str
    days_left: int


class Colony:
    """One colony, from day 1 to its goal or to the end of the last day."""

    def __init__(self) -> None:
        self.day = 1
        self.stock = dict(START_STOCK)
        self.colonists: list[str] = ["idle"] * START_POPULATION
        self.built = dict.fromkeys(BLUEPRINTS, 0)
        self.construction: list[Project] = []
        self.prices = dict(BASE_PRICES)
        self.slots = EMPTY_SLOTS
        self.turn = 0
        self.won = False
        self.lost = False

    # --- derived numbers ------------------------------------------------------------------------

    @property
    def population(self) -> int:
        return len(self.colonists)

    def housing(self) -> int:
        return BASE_HOUSING + HOUSE_ROOM * self.built["house"]

    def storage(self) -> int:
        return BASE_STORAGE + STOREHOUSE_ROOM * self.built["storehouse"]

    def workers(self) -> dict[str, int]:
        return {
            "farmers": self.colonists.count("farmer"),
            "woodcutters": self.colonists.count("woodcutter"),
            "idle": self.colonists.count("idle"),
        }

    def sell_price(self, good: str) -> int:
        return self.prices[good] - SELL_MARGIN

    @property
    def game_over(self) -> bool:
        return self.won or self.lost

    # --- what the player sees -------------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        return {
            "day": self.day,
            "last_day": LAST_DAY,
            "population": self.population,
            "housing": self.housing(),
            "workers": self.workers(),
            "resources": dict(self.stock),
            "storage": self.storage(),
            "prices": {good: {"buy": self.prices[good], "sell": self.sell_price(good)} for good in GOODS},
            "buildings": dict(self.built),
            "construction": [{"kind": p.kind, "days_left": p.days_left} for p in self.construction],
            "slots": {str(n): (None if s is None else f"day {s['day']}") for n, s in self.slots.items()},
            "target": {"population": TARGET_POPULATION, "coin": TARGET_COIN, "by_day": LAST_DAY},
            "turn": self.turn,
            "won": self.won,
            "lost": self.lost,
            "game_over": self.game_over,
        }

    def full_state(self) -> dict[str, Any]:
        """Everything, internals included: a debug view that a player must never be shown."""
        return {**self._snapshot(), "slots": {str(n): s for n, s in self.slots.items()}, "turn": self.turn}

    def status_text(self) -> str:
        workers = self.workers()
        building = ", ".join(f"{p.kind} ({p.days_left} days left)" for p in self.construction) or "nothing"
        built = ", ".join(f"{n} {kind}" for kind, n in self.built.items() if n) or "none"
        return (
            f"Day {self.day} of {LAST_DAY}. Population {self.population} (housing {self.housing()}): "
            f"{workers['farmers']} farmers, {workers['woodcutters']} woodcutters, {workers['idle']} idle. "
            f"Food {self.stock['food']}, wood {self.stock['wood']} (storage {self.storage()} each), "
            f"coin {self.stock['coin']}. Buildings: {built}. Under construction: {building}. "
            f"Goal: population {TARGET_POPULATION} and {TARGET_COIN} coin by the end of day {LAST_DAY}."
        )

    def market_text(self) -> str:
        rows = [f"{good}: buy {self.prices[good]}, sell {self.sell_price(good)}" for good in GOODS]
        return "Market prices (coin per unit): " + "; ".join(rows) + "."

    # --- commands -------------------------------------------------------------------------------

    def command(self, text: str) -> Reply:
        self.turn += 1
        words = " ".join(text.lower().split())
        if self.game_over:
            outcome = "reached its goal" if self.won else "ran out of time"
            return Reply(False, f"The game is over: the colony {outcome}. Start a new game to play again.")
        if not words:
            return Reply(False, "Say something. Type 'help' for the commands.")
        if words in END_DAY_WORDS:
            return self._end_day()
        verb, _, rest = words.partition(" ")
        handler = getattr(self, f"_do_{verb}", None)
        if handler is None:
            return Reply(False, f"I don't know the command '{verb}'. Type 'help' for the commands.")
        return handler(rest.split())

    def _do_help(self, args: list[str]) -> Reply:
        return Reply(True, HELP_TEXT)

    def _do_status(self, args: list[str]) -> Reply:
        return Reply(True, self.status_text())

    def _do_market(self, args: list[str]) -> Reply:
        return Reply(True, self.market_text())

    def _do_build(self, args: list[str]) -> Reply:
        if len(args) != 1 or args[0] not in BLUEPRINTS:
            return Reply(False, f"Build what? One of: {', '.join(BLUEPRINTS)}.")
        plan = BLUEPRINTS[args[0]]
        if self.stock["wood"] < plan.wood or self.stock["coin"] < plan.coin:
            return Reply(False, f"A {plan.kind} costs {plan.cost_text()}; you cannot afford it.")
        self.stock["wood"] -= plan.wood
        self.stock["coin"] -= plan.coin
        self.construction.append(Project(plan.kind, plan.days))
        return Reply(
            True,
            f"Construction of a {plan.kind} begins for {plan.cost_text()}. "
            f"It will be finished in {plan.days} days ({plan.effect}).",
        )

    def _do_assign(self, args: list[str]) -> Reply:
        if len(args) != 2 or not args[0].isdigit() or args[1] not in JOB_NAMES:
            return Reply(False, "Usage: assign <n> <farmers|woodcutters>.")
        wanted, job = int(args[0]), JOB_NAMES[args[1]]
        current = self.colonists.count(job)
        if wanted > current + self.colonists.count("idle"):
            return Reply(False, f"Not enough idle colonists to have {wanted} {job}s.")
        for _ in range(wanted - current):
            self.colonists[self.colonists.index("idle")] = job
        for _ in range(current - wanted):
            self.colonists[self.colonists.index(job)] = "idle"
        return Reply(True, f"{wanted} colonists now work as {job}s. {self.workers()['idle']} are idle.")

    def _trade_args(self, args: list[str], verb: str) -> tuple[str, int] | Reply:
        if len(args) != 2 or args[0] not in GOODS:
            return Reply(False, f"Usage: {verb} <food|wood> <n>.")
        good, amount = args
        if amount == "all" and verb == "sell":
            return good, self.stock[good]
        if not amount.isdigit() or int(amount) == 0:
            return Reply(False, f"{verb.capitalize()} how much? Give a positive whole number.")
        return good, int(amount)

    def _do_buy(self, args: list[str]) -> Reply:
        parsed = self._trade_args(args, "buy")
        if isinstance(parsed, Reply):
            return parsed
        good, amount = parsed
        cost = self.prices[good] * amount
        if cost > self.stock["coin"]:
            return Reply(False, f"{amount} {good} costs {cost} coin; you have {self.stock['coin']}.")
        if self.stock[good] + amount > self.storage():
            return Reply(False, f"Your stores hold at most {self.storage()} {good}.")
        self.stock["coin"] -= cost
        self.stock[good] += amount
        self._shift_price(good, +1)
        return Reply(True, f"You buy {amount} {good} for {cost} coin. The {good} price rises to {self.prices[good]}.")

    def _do_sell(self, args: list[str]) -> Reply:
        parsed = self._trade_args(args, "sell")
        if isinstance(parsed, Reply):
            return parsed
        good, amount = parsed
        if amount == 0:
            return Reply(False, f"You have no {good} to sell.")
        if amount > self.stock[good]:
            return Reply(False, f"You have only {self.stock[good]} {good}.")
        earned = self.sell_price(good) * amount
        message = f"You sell {amount} {good} for {self.prices[good] * amount} coin."
        self.stock[good] -= amount
        self.stock["coin"] += earned
        self._shift_price(good, -1)
        return Reply(True, f"{message} The {good} price falls to {self.prices[good]}.")

    def _do_save(self, args: list[str]) -> Reply:
        slot = self._slot(args)
        if slot is None:
            return Reply(False, "Usage: save <1-3>.")
        self.slots[slot] = self._snapshot()
        return Reply(True, f"Saved day {self.day} in slot {slot}.")

    def _do_load(self, args: list[str]) -> Reply:
        slot = self._slot(args)
        if slot is None:
            return Reply(False, "Usage: load <1-3>.")
        saved = self.slots[slot]
        if saved is None:
            return Reply(False, f"Slot {slot} is empty.")
        self._restore(saved)
        return Reply(True, f"Loaded slot {slot}: back to day {self.day}. " + self.status_text())

    def _shift_price(self, good: str, step: int) -> None:
        price = min(MAX_PRICE, max(MIN_PRICE, self.prices[good]))
        self.prices[good] = price + step

    @staticmethod
    def _slot(args: list[str]) -> int | None:
        if len(args) == 1 and args[0].isdigit() and int(args[0]) in SLOT_NUMBERS:
            return int(args[0])
        return None

    def _snapshot(self) -> dict[str, Any]:
        return copy.deepcopy(
            {
                "day": self.day,
                "stock": self.stock,
                "colonists": self.colonists,
                "built": self.built,
                "construction": [(p.kind, p.days_left) for p in self.construction],
                "prices": self.prices,
                "won": self.won,
                "lost": self.lost,
            }
        )

    def _restore(self, saved: dict[str, Any]) -> None:
        saved = copy.deepcopy(saved)
        self.day = saved["day"]
        self.stock = saved["stock"]
        self.colonists = saved["colonists"]
        self.built = saved["built"]
        self.construction = [Project(kind, days) for kind, days in saved["construction"]]
        self.prices = saved["prices"]
        self.won, self.lost = saved["won"], saved["lost"]

    # --- the end of a day -----------------------------------------------------------------------

    def _end_day(self) -> Reply:
        report = [f"Day {self.day} ends."]
        workers = self.workers()
        mills = self.built["mill"]
        produced = {
            "food": workers["farmers"] * (FARMER_YIELD + MILL_BONUS * mills),
            "wood": workers["woodcutters"] * WOODCUTTER_YIELD,
        }
        for good, amount in produced.items():
            room = self.storage() - self.stock[good]
            kept = min(amount, max(room, 0))
            self.stock[good] += kept
            report.append(f"+{kept} {good}" + (f" ({amount - kept} spoiled: stores full)" if kept < amount else ""))
        report.append(self._feed())
        if self._room_for_newcomer() and self.stock["food"] >= GROWTH_FOOD:
            self.colonists.append("idle")
            report.append("A newcomer joins the colony.")
        for project in list(self.construction):
            project.days_left -= 1
            if project.days_left == 0:
                self.construction.remove(project)
                self.built[project.kind] += 1
                report.append(f"The {project.kind} is finished.")
        for good in GOODS:
            step = (BASE_PRICES[good] > self.prices[good]) - (BASE_PRICES[good] < self.prices[good])
            self.prices[good] += step
        report.append(self._close_day())
        return Reply(True, " ".join(report))

    def _room_for_newcomer(self) -> bool:
        houses = self.built["house"] + sum(1 for p in self.construction if p.kind == "house")
        return self.population < BASE_HOUSING + HOUSE_ROOM * houses

    def _feed(self) -> str:
        needed = FOOD_PER_COLONIST * self.population
        if self.stock["food"] >= needed:
            self.stock["food"] -= needed
            return f"The colony eats {needed} food."
        self.stock["food"] = 0
        gone = self._leave()
        return f"There is not enough food: everything is eaten and one colonist ({gone}) leaves the colony."

    def _leave(self) -> str:
        for job in LEAVE_ORDER:
            if job in self.workers():
                self.colonists.remove(job)
                return job
        return "nobody"

    def _close_day(self) -> str:
        if self.population >= TARGET_POPULATION and self.stock["coin"] >= TARGET_COIN:
            self.won = True
            return f"The colony has reached its goal on day {self.day}: you win!"
        if self.population == 0:
            self.lost = True
            return "Nobody is left in the colony: game over."
        if self.day >= LAST_DAY:
            self.lost = True
            return "The colony has failed to reach its goal in time: game over."
        self.day += 1
        return f"Day {self.day} begins."


def play(commands: list[str]) -> tuple[Colony, list[Reply]]:
    """A new colony after `commands`, with every reply (for tests and walkthroughs)."""
    colony = Colony()
    return colony, [colony.command(text) for text in commands]

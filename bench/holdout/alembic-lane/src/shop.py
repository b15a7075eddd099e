"""One day in the apothecary's shop on Alembic Lane: jars, a cauldron, a shelf of bottles and a queue of customers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from phrasing import CUSTOMERS, INGREDIENTS, POTIONS, Order, read_order
from storytelling import HELP_TEXT, INTRO_TEXT, describe_shop, recipe_book

OPENING_HOUR = 9
CLOSING_HOUR = 17
ROOM_TEMPERATURE = 20
HOTTEST = 100
CAULDRON_MEASURES = 6
MOST_STIRS = 9
TIP = 2
TIP_FROM_REPUTATION = 4
STARTING_PURSE = 4
STARTING_REPUTATION = 3
SLUDGE = "grey sludge"
EMPTY_BOTTLE = "empty bottle"

RECIPES: dict[str, dict[str, Any]] = {
    "sleeping draught": {"ingredients": {"nightshade": 2, "moonpetal": 1}, "temperature": 60, "stirs": 3},
    "healing tonic": {"ingredients": {"marigold": 2, "moonpetal": 1}, "temperature": 80, "stirs": 2},
    "fire tonic": {"ingredients": {"emberroot": 2, "toadstool": 1}, "temperature": 100, "stirs": 4},
    "clarity elixir": {
        "ingredients": {"nightshade": 1, "frostmint": 1, "moonpetal": 1},
        "temperature": 40,
        "stirs": 5,
    },
}
STARTING_JARS = {"nightshade": 3, "moonpetal": 2, "marigold": 2, "emberroot": 2, "toadstool": 1, "frostmint": 1}
MARKET_PRICES = {
    "nightshade": 2,
    "moonpetal": 3,
    "marigold": 2,
    "emberroot": 4,
    "toadstool": 3,
    "frostmint": 3,
    EMPTY_BOTTLE: 2,
}
ORDERS = (
    ("witch", "sleeping draught", 9),
    ("knight", "healing tonic", 7),
    ("blacksmith", "fire tonic", 12),
    ("scholar", "clarity elixir", 10),
)
COLOURS = {
    "nightshade": "inky violet",
    "moonpetal": "pearly silver",
    "marigold": "warm golden",
    "emberroot": "smouldering red",
    "toadstool": "muddy brown",
    "frostmint": "pale blue",
}


@dataclass(frozen=True)
class Reply:
    success: bool
    message: str


def coins(amount: int) -> str:
    return f"{amount} coin" if amount == 1 else f"{amount} coins"


def bottles(amount: int) -> str:
    return "1 empty bottle" if amount == 1 else f"{amount} empty bottles"


def measures(amount: int, kind: str) -> str:
    return f"{amount} measure of {kind}" if amount == 1 else f"{amount} measures of {kind}"


def _entry(entries: list[dict[str, Any]], kind: str) -> dict[str, Any] | None:
    return next((e for e in entries if e["kind"] == kind), None)


class Shop:
    """The whole day: every command goes through `play` and answers a Reply."""

    def __init__(self) -> None:
        self.jars: list[dict[str, Any]] = [{"kind": k, "amount": n} for k, n in STARTING_JARS.items()]
        self.temperature = ROOM_TEMPERATURE
        self.contents: list[dict[str, Any]] = []
        self.potion: str | None = None
        self.shelf: list[dict[str, Any]] = [{"kind": EMPTY_BOTTLE, "amount": 3}]
        self.customers: list[dict[str, Any]] = [
            {"who": who, "wants": wants, "pays": price, "served": False} for who, wants, price in ORDERS
        ]
        self.purse = STARTING_PURSE
        self.reputation = STARTING_REPUTATION
        self.hour = OPENING_HOUR
        self.open = True
        self.turn = 0

    # ---- what the player sees -------------------------------------------------------------------

    @property
    def won(self) -> bool:
        return all(c["served"] for c in self.customers)

    @property
    def game_over(self) -> bool:
        return self.won or not self.open

    def state(self) -> dict[str, Any]:
        return {
            "day": {
                "hour": f"{self.hour}:00",
                "closes": f"{CLOSING_HOUR}:00",
                "open": self.open,
                "won": self.won,
            },
            "jars": [dict(e) for e in self.jars],
            "cauldron": {
                "temperature": f"{self.temperature}°C",
                "contents": [dict(e) for e in self.contents],
                "potion": self.potion,
            },
            "shelf": [dict(e) for e in self.shelf],
            "customers": [
                {"who": c["who"], "wants": c["wants"], "pays": coins(c["pays"]), "served": c["served"]}
                for c in self.customers
            ],
            "market": [{"kind": k, "price": coins(p)} for k, p in MARKET_PRICES.items()],
            "purse": coins(self.purse),
            "reputation": self.reputation,
        }

    def intro(self) -> str:
        return INTRO_TEXT

    # ---- playing --------------------------------------------------------------------------------

    def play(self, command: str) -> Reply:
        order = read_order(command)
        if order is None:
            return Reply(
                False,
                f"You turn the words \"{command.strip()[:60]}\" over in your head, but nothing in the shop "
                "answers to them; if you are unsure how a day here goes, say help and you will hear it told.",
            )
        if order.verb == "help":
            return Reply(True, HELP_TEXT)
        if order.verb == "look":
            return Reply(True, describe_shop(self))
        if order.verb == "recipes":
            return Reply(True, recipe_book(RECIPES))
        if not self.open:
            return Reply(
                False,
                "The shutters are down and the bolt is drawn across the door, because the town bell has "
                "already rung the shop closed; there is nothing left to do today but look around.",
            )
        if self.won:
            return Reply(
                False,
                "Every customer of the day has gone home with what they asked for, so you hang up your "
                "apron and let the fire die down; there is nothing left to do today but look around.",
            )
        handler = getattr(self, f"_{order.verb}")
        reply: Reply = handler(order)
        if reply.success:
            self.turn += 1
        return reply

    def _put(self, order: Order) -> Reply:
        kind, amount = order.thing, order.amount or 0
        if kind not in INGREDIENTS:
            return Reply(
                False,
                f"You look along the shelf of jars for {kind or 'that'}, but no jar in your shop holds it; "
                f"your jars hold {', '.join(INGREDIENTS)}.",
            )
        if amount < 1:
            return Reply(False, "You hold your hand over the cauldron, but you have to put at least one measure in.")
        if self.potion is not None:
            return Reply(
                False,
                f"The cauldron still holds {self._potion_phrase()}, and you must pour it out or empty the "
                "cauldron before anything new goes in.",
            )
        jar = _entry(self.jars, kind)
        assert jar is not None
        if jar["amount"] < amount:
            return Reply(
                False,
                f"You tip the jar of {kind} and count what is left, but you only have "
                f"{measures(jar['amount'], kind)}, not the {amount} you want.",
            )
        held = sum(e["amount"] for e in self.contents)
        if held + amount > CAULDRON_MEASURES:
            return Reply(
                False,
                f"The cauldron already holds {held} of its {CAULDRON_MEASURES} measures, and {amount} more "
                "would slop over the rim, so you put the jar back.",
            )
        jar["amount"] -= amount
        entry = _entry(self.contents, kind)
        if entry is None:
            self.contents.append({"kind": kind, "amount": amount})
        else:
            entry["amount"] = amount
        return Reply(
            True,
            f"You measure out {measures(amount, kind)} and drop it into the cauldron, where it sinks "
            f"slowly into the water, leaving {jar['amount']} in the jar.",
        )

    def _heat(self, order: Order) -> Reply:
        target = order.amount if order.amount is not None else ROOM_TEMPERATURE
        if target < ROOM_TEMPERATURE or target > HOTTEST:
            return Reply(
                False,
                f"You reach for the bellows, then stop: the cauldron can only sit between {ROOM_TEMPERATURE}°C, "
                f"the warmth of the room, and {HOTTEST}°C, where the water boils, so {target}°C is out of reach.",
            )
        if target == self.temperature:
            return Reply(True, f"You check the thermometer, and the cauldron already sits at {target}°C.")
        rising = target > self.temperature
        self.temperature = target
        if rising:
            return Reply(
                True,
                f"You work the bellows until the fire roars under the cauldron, and the thermometer "
                f"climbs until it reads {target}°C.",
            )
        return Reply(
            True,
            f"You rake the coals apart and open the window, and the thermometer sinks until it reads {target}°C.",
        )

    def _stir(self, order: Order) -> Reply:
        times = order.amount or 0
        if times < 1 or times > MOST_STIRS:
            return Reply(
                False,
                f"You lift the long spoon, but you stir between 1 and {MOST_STIRS} times at once, not {times}.",
            )
        if self.potion is not None:
            return Reply(
                False,
                f"The cauldron holds {self._potion_phrase()}, and stirring it further does nothing; pour it "
                "into a bottle or empty the cauldron first.",
            )
        colour = self._colour()
        self.hour += 1
        mixture = {e["kind"]: e["amount"] for e in self.contents}
        recipe_name = next((name for name, r in RECIPES.items() if r["ingredients"] == mixture), None)
        if recipe_name is None:
            told = (
                f"You stir the {colour} mixture {self._times(times)} while an hour slips by, but it only "
                "swirls and settles again without taking the shape of any potion you know."
            )
        else:
            recipe = RECIPES[recipe_name]
            self.contents = []
            if recipe["temperature"] == self.temperature and recipe["stirs"] == times:
                self.potion = recipe_name
                told = (
                    f"You stir the {colour} mixture {self._times(times)} at {self.temperature}°C, and over the "
                    f"hour it thickens and clears until a fine {recipe_name} shimmers in the cauldron."
                )
            else:
                self.potion = SLUDGE
                told = (
                    f"You stir the {colour} mixture {self._times(times)} at {self.temperature}°C, but over "
                    f"the hour it curdles into {SLUDGE}, which is no good to anyone and has to be emptied."
                )
        return Reply(True, told + self._clock_after_stirring())

    def _clock_after_stirring(self) -> str:
        if self.hour > CLOSING_HOUR:
            self.open = False
            return (
                f" The town bell strikes {CLOSING_HOUR}:00 as you set down the spoon, so you lower the shutters "
                "and bolt the door, and the day is over."
            )
        return f" The clock on the wall now shows {self.hour}:00."

    def _pour(self, order: Order) -> Reply:
        if self.potion is None:
            return Reply(
                False,
                "You tilt the cauldron towards a bottle, but there is no finished potion in it to pour.",
            )
        if self.potion == SLUDGE:
            return Reply(
                False,
                f"You will not put {SLUDGE} in a bottle with your name on the label; empty the cauldron instead.",
            )
        empties = _entry(self.shelf, EMPTY_BOTTLE)
        assert empties is not None
        if empties["amount"] < 1:
            return Reply(
                False,
                "You reach for an empty bottle, but the shelf has none left; the market sells them.",
            )
        empties["amount"] -= 1
        potion = self.potion
        self.potion = None
        filled = _entry(self.shelf, potion)
        if filled is None:
            self.shelf.append({"kind": potion, "amount": 1})
        else:
            filled["amount"] += 1
        return Reply(
            True,
            f"You ladle the {potion} into an empty bottle, cork it, write the label in your best hand and "
            f"stand it on the shelf, leaving {bottles(empties['amount'])} beside it.",
        )

    def _empty(self, order: Order) -> Reply:
        if not self.contents and self.potion is None:
            return Reply(False, "You peer into the cauldron, and there is nothing in it but clean water.")
        self.contents = []
        self.potion = None
        return Reply(
            True,
            "You tip the cauldron over the drain behind the shop, rinse it and fill it with fresh water; "
            "whatever was in it is gone for good.",
        )

    def _sell(self, order: Order) -> Reply:
        customer = next((c for c in self.customers if c["who"] == order.target), None)
        if customer is None:
            return Reply(
                False,
                f"You look around the shop for the {order.target}, but only the "
                f"{', '.join(CUSTOMERS)} are waiting at the counter today.",
            )
        if customer["served"]:
            return Reply(
                False,
                f"The {customer['who']} has already paid and gone home with the {customer['wants']}.",
            )
        wanted = customer["wants"]
        offered = self._bottle_for(order.thing, wanted)
        if offered is None:
            return Reply(
                False,
                f"You look along the shelf, but you have no bottle of {order.thing} to hand to the "
                f"{customer['who']}.",
            )
        if offered != wanted:
            return self._turn_away(customer, offered)
        bottle = _entry(self.shelf, offered)
        assert bottle is not None
        bottle["amount"] -= 1
        if bottle["amount"] == 0:
            self.shelf.remove(bottle)
        tip = self._tip()
        earned = customer["pays"] + tip
        purse_now = coins(self.purse)
        self.purse += earned
        self.reputation += 1
        customer["served"] = True
        thanks = f" and adds a tip of {coins(tip)}" if tip else ""
        message = (
            f"You hand the bottle of {offered} across the counter, and the {customer['who']} holds it to the "
            f"light, smiles, pays {coins(customer['pays'])}{thanks}, so your purse now holds {purse_now}."
        )
        if self.won:
            message += (
                " That was the last order of the day: every customer has gone home happy, and the shop on "
                "Alembic Lane has had its finest day."
            )
        return Reply(True, message)

    def _turn_away(self, customer: dict[str, Any], offered: str) -> Reply:
        self.reputation = max(0, self.reputation - 1)
        return Reply(
            False,
            f"The {customer['who']} uncorks the bottle of {offered}, sniffs it, and hands it back across the "
            f"counter, reminding you that what they came for is a {customer['wants']}.",
        )

    def _buy(self, order: Order) -> Reply:
        kind, amount = order.thing, order.amount or 0
        if kind == "bottle":
            kind = EMPTY_BOTTLE
        price = MARKET_PRICES.get(kind)
        if price is None:
            return Reply(
                False,
                f"The herb woman at the market stall shakes her head at {kind or 'that'}: she sells "
                f"{', '.join(MARKET_PRICES)}.",
            )
        if amount < 1:
            return Reply(False, "The herb woman waits for you to say how many you want, one or more.")
        cost = price * amount
        if cost > self.purse:
            return Reply(
                False,
                f"The herb woman wants {coins(cost)} for that, and your purse holds only {coins(self.purse)}.",
            )
        self.purse -= cost
        where = self.shelf if kind == EMPTY_BOTTLE else self.jars
        entry = _entry(where, kind)
        assert entry is not None
        entry["amount"] += amount
        place = "on the shelf" if kind == EMPTY_BOTTLE else "in the jar"
        return Reply(
            True,
            f"You count {coins(cost)} into the herb woman's hand and carry home "
            f"{amount} {kind}{'s' if amount > 1 and kind == EMPTY_BOTTLE else ''}, which you put {place}.",
        )

    # ---- small helpers --------------------------------------------------------------------------

    def _bottle_for(self, asked: str, wanted: str) -> str | None:
        """The potion on the shelf that `asked` names; `bottle` or `potion` means the one wanted, if any."""
        on_shelf = [e["kind"] for e in self.shelf if e["kind"] in POTIONS and e["amount"] > 0]
        if asked in ("bottle", "potion", "it"):
            if wanted in on_shelf:
                return wanted
            return on_shelf[0] if len(on_shelf) == 1 else None
        return asked if asked in on_shelf else None

    def _colour(self) -> str:
        lead = max(self.contents, key=lambda e: e["amount"])
        total = sum(e["amount"] for e in self.contents)
        shade = COLOURS[lead["kind"]]
        return shade if lead["amount"] * 2 > total else f"murky, {shade}-streaked"

    def _tip(self) -> int:
        """What a customer adds to the price, once the shop's good name has grown."""
        return TIP if self.reputation > TIP_FROM_REPUTATION else 0

    def _potion_phrase(self) -> str:
        return SLUDGE if self.potion == SLUDGE else f"a finished {self.potion}"

    @staticmethod
    def _times(times: int) -> str:
        return {1: "once", 2: "twice"}.get(times, f"{times} times")

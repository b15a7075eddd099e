"""The tea house itself: one day of kettles, pots, guests and a pantry.

A Shop holds the whole state as plain dicts and lists, so `state()` is a deep copy of it plus the clock
rendered as "HH:MM". Every command is `<noun> <action> [args]`; `run()` answers (ok, message).
"""

from __future__ import annotations

import copy
import math

from kettleburn import rules as R


def hhmm(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def parse_hhmm(text: str) -> int:
    hours, mins = text.split(":")
    return int(hours) * 60 + int(mins)


def litres(value: float) -> str:
    text = f"{value:.2f}".rstrip("0")
    return text + "0" if text.endswith(".") else text


def money(value: float) -> str:
    return f"{value:.2f}"


class Refusal(Exception):
    """A command the tea house cannot carry out; the message says why."""


NOUNS = {
    "kettle": [
        ("list", "", "shows each kettle's water and temperature (0 min)"),
        ("fill", "<n> [litres]", "fills kettle n from the tap, to the brim unless litres are given (1 min)"),
        ("boil", "<n>", "heats kettle n to 100°C (time depends on water and heat)"),
        ("heat", "<n> <°C>", "heats kettle n to a lower target, 40 to 100°C (same rate as boil)"),
    ],
    "pot": [
        ("list", "", "shows each pot's water, tea and milk (0 min)"),
        ("fill", "<pot> <n>", "pours water from kettle n into the pot, up to the pot's 0.75 L (1 min)"),
        ("milk", "<pot>", "adds 0.1 L of milk to a pot of brewed tea (1 min)"),
        ("pour", "<pot> <guest>", "pours a 0.25 L cup for a seated guest (1 min)"),
        ("empty", "<pot>", "throws out whatever the pot holds (1 min)"),
    ],
    "tea": [
        ("list", "", "shows each tea's water range, steep time and price (0 min)"),
        ("brew", "<kind> <pot>", "puts leaves in a pot of hot water; steeping starts now (1 min)"),
    ],
    "guest": [
        ("list", "", "shows who is expected, waiting, seated, served or gone (0 min)"),
        ("seat", "<guest>", "seats a waiting guest at a free table (1 min)"),
    ],
    "pantry": [
        ("list", "", "shows leaves, milk and money (0 min)"),
        ("buy", "<item> <count>", "buys tins of leaves or bottles of milk from the grocer (10 min)"),
    ],
    "clock": [
        ("show", "", "shows the time and the day's progress (0 min)"),
        ("wait", "<minutes>", "lets 1 to 60 minutes pass"),
    ],
}


class Shop:
    def __init__(self) -> None:
        self.now = R.OPENS
        self.money = R.START_MONEY
        self.satisfied = 0
        self.served = 0
        self.won = False
        self.over = False
        self.kettles = [
            {"id": n, "capacity": R.KETTLE_CAPACITY, "volume": 0.0, "temp": R.ROOM_TEMP}
            for n in range(1, R.KETTLES + 1)
        ]
        self.pots = [
            {"id": f"pot-{n}", "capacity": R.POT_CAPACITY, "volume": 0.0, "temp": R.ROOM_TEMP,
             "tea": None, "steeped_since": None, "milk": False}
            for n in range(1, R.POTS + 1)
        ]
        self.guests = [
            {"id": gid, "arrives": arrives, "wants": tea, "milk": milk, "status": "expected",
             "table": None, "seated_at": None, "satisfied": None}
            for gid, arrives, tea, milk in R.GUESTS
        ]
        self.pantry = copy.deepcopy(R.START_PANTRY)

    # ----- state -----

    def state(self) -> dict:
        return {
            "clock": hhmm(self.now),
            "opens": hhmm(R.OPENS),
            "closes": hhmm(R.CLOSES),
            "money": round(self.money, 2),
            "goal": R.GOAL,
            "satisfied": self.satisfied,
            "served": self.served,
            "tables": R.TABLES,
            "won": self.won,
            "over": self.over,
            "kettles": copy.deepcopy(self.kettles),
            "pots": copy.deepcopy(self.pots),
            "guests": copy.deepcopy(self.guests),
            "pantry": copy.deepcopy(self.pantry),
        }

    def welcome(self) -> str:
        return (
            "Kettleburn opens at 08:00 on the old drove road. Two kettles, three pots, three tables. "
            f"Serve {R.GOAL} guests a cup they like before 17:00. Type help."
        )

    # ----- lookups -----

    def _kettle(self, text: str) -> dict:
        try:
            n = int(text)
        except ValueError:
            raise Refusal(f"No kettle {text}. Kettles are 1 and {R.KETTLES}.") from None
        if not 1 <= n <= len(self.kettles):
            raise Refusal(f"No kettle {n}. Kettles are 1 and {R.KETTLES}.")
        return self.kettles[n - 1]

    def _pot(self, text: str) -> dict:
        key = text if text.startswith("pot-") else f"pot-{text}"
        for pot in self.pots:
            if pot["id"] == key:
                return pot
        raise Refusal(f"No pot {text}. Pots are pot-1, pot-2 and pot-3.")

    def _guest(self, text: str) -> dict:
        for guest in self.guests:
            if guest["id"] == text:
                return guest
        raise Refusal(f"No guest called {text} today.")

    def _stock(self, item: str) -> dict:
        for stock in self.pantry:
            if stock["id"] == item:
                return stock
        raise Refusal(f"The pantry keeps no {item}.")

    @staticmethod
    def _pot_name(pot: dict) -> str:
        return "Pot " + pot["id"].split("-")[1]

    # ----- time -----

    def _advance(self, minutes: int, heating: dict | None = None) -> list[str]:
        events: list[str] = []
        for _ in range(minutes):
            if self.now >= R.CLOSES:
                break
            self.now += 1
            for vessel in self.kettles + self.pots:
                if vessel is heating or vessel["volume"] <= 0 or vessel["temp"] <= R.ROOM_TEMP:
                    continue
                vessel["temp"] = max(R.ROOM_TEMP, vessel["temp"] - R.COOLING_PER_MINUTE)
            events.extend(self._guests_tick())
        if self.now >= R.CLOSES and not self.won and not self.over:
            self.over = True
            for guest in self.guests:
                if guest["status"] in ("waiting", "seated"):
                    guest["status"] = "left"
                    guest["table"] = None
            events.append(
                f"17:00. Kettleburn closes with {self.satisfied} of {R.GOAL} guests satisfied. The day is lost."
            )
        return events

    def _guests_tick(self) -> list[str]:
        events = []
        for guest in self.guests:
            name = guest["id"].capitalize()
            if guest["status"] == "expected" and parse_hhmm(guest["arrives"]) <= self.now:
                guest["status"] = "waiting"
                events.append(f"{name} arrives at the gate.")
            elif guest["status"] == "waiting" and self.now - parse_hhmm(guest["arrives"]) > R.GATE_PATIENCE:
                guest["status"] = "left"
                events.append(f"{name} tires of the gate and walks on.")
            elif guest["status"] == "seated" and self.now - parse_hhmm(guest["seated_at"]) > R.TABLE_PATIENCE:
                guest["status"] = "left"
                guest["table"] = None
                events.append(f"{name} gives up on tea and leaves.")
        return events

    def _heat_minutes(self, kettle: dict, target: int) -> int:
        rise = target - kettle["temp"]
        return max(1, math.ceil(round(rise * kettle["volume"] / R.HEAT_RATE, 6)))

    # ----- the command loop -----

    def run(self, line: str) -> tuple[bool, str]:
        words = line.strip().lower().split()
        if not words:
            return False, "Say something. Type help."
        if words[0] == "help":
            return True, self._help(words[1:])
        if self.over:
            return False, "Kettleburn is closed for the day."
        noun, rest = words[0], words[1:]
        if noun not in NOUNS:
            return False, f"Nothing called {noun} here. Type help."
        if not rest:
            return False, f"{noun.capitalize()} needs an action: {', '.join(a for a, _, _ in NOUNS[noun])}."
        action, args = rest[0], rest[1:]
        if action not in {a for a, _, _ in NOUNS[noun]}:
            return False, f"{noun.capitalize()} cannot {action}. Type help {noun}."
        handler = getattr(self, f"_{noun}_{action}")
        try:
            events = handler(args)
        except Refusal as refusal:
            return False, str(refusal)
        return True, ("\n" if action == "list" else " ").join(events)

    def _help(self, args: list[str]) -> str:
        if not args:
            lines = []
            for noun, actions in NOUNS.items():
                lines.append(noun)
                lines.extend(f"  {action}" for action, _, _ in actions)
            return "\n".join(lines)
        noun = args[0]
        if noun not in NOUNS:
            return f"No noun {noun}. Nouns: {', '.join(NOUNS)}."
        width = max(len(f"{a} {u}".strip()) for a, u, _ in NOUNS[noun])
        return "\n".join(
            f"{noun} {f'{a} {u}'.strip().ljust(width)}  {d}" for a, u, d in NOUNS[noun]
        )

    @staticmethod
    def _need(args: list[str], count: int, usage: str) -> None:
        if len(args) < count:
            raise Refusal(f"Usage: {usage}.")

    # ----- kettle -----

    def _kettle_list(self, args: list[str]) -> list[str]:
        return [
            f"Kettle {k['id']}: {litres(k['volume'])} L at {k['temp']}°C." for k in self.kettles
        ]

    def _kettle_fill(self, args: list[str]) -> list[str]:
        self._need(args, 1, "kettle fill <n> [litres]")
        kettle = self._kettle(args[0])
        space = round(kettle["capacity"] - kettle["volume"], 2)
        if space <= 0:
            raise Refusal(f"Kettle {kettle['id']} is already full.")
        amount = space
        if len(args) > 1:
            try:
                amount = round(float(args[1]), 2)
            except ValueError:
                raise Refusal(f"{args[1]} is not a number of litres.") from None
            if not 0 < amount <= space:
                raise Refusal(f"Kettle {kettle['id']} takes between 0.01 and {litres(space)} L more.")
        total = kettle["volume"] + amount
        kettle["temp"] = round((kettle["temp"] * kettle["volume"] + R.TAP_TEMP * amount) / total)
        kettle["volume"] = round(total, 2)
        events = [f"Kettle {kettle['id']} fills. {litres(kettle['volume'])} L at {kettle['temp']}°C."]
        return events + self._advance(1)

    def _kettle_boil(self, args: list[str]) -> list[str]:
        self._need(args, 1, "kettle boil <n>")
        return self._heat(self._kettle(args[0]), 100)

    def _kettle_heat(self, args: list[str]) -> list[str]:
        self._need(args, 2, "kettle heat <n> <°C>")
        kettle = self._kettle(args[0])
        try:
            target = int(args[1].rstrip("c").rstrip("°"))
        except ValueError:
            raise Refusal(f"{args[1]} is not a temperature.") from None
        if not 40 <= target <= 100:
            raise Refusal("A kettle heats to between 40 and 100°C.")
        return self._heat(kettle, target)

    def _heat(self, kettle: dict, target: int) -> list[str]:
        if kettle["volume"] <= 0:
            raise Refusal(f"Kettle {kettle['id']} is empty.")
        if kettle["temp"] >= target:
            raise Refusal(f"Kettle {kettle['id']} is already at {kettle['temp']}°C.")
        minutes = self._heat_minutes(kettle, target)
        later = self._advance(minutes, heating=kettle)
        kettle["temp"] = target
        verb = "boils" if target == 100 else f"reaches {target}°C"
        head = f"Kettle {kettle['id']} {verb}. {litres(kettle['volume'])} L at {target}°C after {minutes} min."
        return [head] + later

    # ----- pot -----

    def _pot_list(self, args: list[str]) -> list[str]:
        lines = []
        for pot in self.pots:
            if pot["volume"] <= 0:
                lines.append(f"{self._pot_name(pot)} is empty.")
                continue
            what = "plain water" if pot["tea"] is None else f"{pot['tea']} since {pot['steeped_since']}"
            milk = " with milk" if pot["milk"] else ""
            lines.append(f"{self._pot_name(pot)}: {litres(pot['volume'])} L of {what}{milk}, {pot['temp']}°C.")
        return lines

    def _pot_fill(self, args: list[str]) -> list[str]:
        self._need(args, 2, "pot fill <pot> <kettle>")
        pot = self._pot(args[0])
        kettle = self._kettle(args[1])
        name = self._pot_name(pot)
        if pot["tea"] is not None:
            raise Refusal(f"{name} holds {pot['tea']} tea. Empty it first.")
        if kettle["volume"] <= 0:
            raise Refusal(f"Kettle {kettle['id']} is empty.")
        space = round(pot["capacity"] - pot["volume"], 2)
        if space <= 0:
            raise Refusal(f"{name} is full.")
        taken = min(pot["capacity"], kettle["volume"])
        moved = min(taken, space)
        total = pot["volume"] + moved
        pot["temp"] = round((pot["temp"] * pot["volume"] + kettle["temp"] * moved) / total)
        pot["volume"] = round(total, 2)
        kettle["volume"] = round(kettle["volume"] - taken, 2)
        if kettle["volume"] <= 0:
            kettle["volume"] = 0.0
            kettle["temp"] = R.ROOM_TEMP
        events = [
            f"{name} takes {litres(moved)} L from kettle {kettle['id']}. "
            f"{litres(pot['volume'])} L at {pot['temp']}°C."
        ]
        return events + self._advance(1)

    def _pot_milk(self, args: list[str]) -> list[str]:
        self._need(args, 1, "pot milk <pot>")
        pot = self._pot(args[0])
        name = self._pot_name(pot)
        if pot["tea"] is None:
            raise Refusal(f"{name} holds no tea to whiten.")
        if pot["milk"]:
            raise Refusal(f"{name} already has milk.")
        stock = self._stock("milk")
        if stock["amount"] < R.MILK_PER_POT - 1e-9:
            raise Refusal("The pantry is out of milk.")
        stock["amount"] = round(stock["amount"] - R.MILK_PER_POT, 2)
        pot["milk"] = True
        events = [f"{name} takes milk. {litres(stock['amount'])} L of milk left."]
        return events + self._advance(1)

    def _pot_empty(self, args: list[str]) -> list[str]:
        self._need(args, 1, "pot empty <pot>")
        pot = self._pot(args[0])
        name = self._pot_name(pot)
        if pot["volume"] <= 0:
            raise Refusal(f"{name} is already empty.")
        pot.update(volume=0.0, temp=R.ROOM_TEMP, tea=None, steeped_since=None, milk=False)
        return [f"{name} is emptied into the ditch."] + self._advance(1)

    def _pot_pour(self, args: list[str]) -> list[str]:
        self._need(args, 2, "pot pour <pot> <guest>")
        pot = self._pot(args[0])
        guest = self._guest(args[1])
        name = self._pot_name(pot)
        who = guest["id"].capitalize()
        if guest["status"] != "seated":
            raise Refusal(f"{who} is not at a table ({guest['status']}).")
        if pot["volume"] < R.CUP - 1e-9:
            raise Refusal(f"{name} holds less than a cup.")
        tea = R.TEAS[pot["tea"]]
        quality = self._quality(pot)

        complaints = []
        if pot["tea"] != guest["wants"]:
            complaints.append(f"wanted {guest['wants']}")
        if pot["milk"] and not guest["milk"]:
            complaints.append("wanted no milk")
        elif guest["milk"] and not pot["milk"]:
            complaints.append("wanted milk")
        if quality != "good":
            complaints.append(f"finds it {quality}")

        pot["volume"] = round(pot["volume"] - R.CUP, 2)
        guest["status"] = "served"
        guest["table"] = None
        guest["satisfied"] = not complaints
        self.served += 1
        if complaints:
            events = [f"{who} sips the {pot['tea']}, {' and '.join(complaints)}, and leaves without paying."]
        else:
            price = tea["price"] + (R.MILK_SURCHARGE if guest["milk"] else 0)
            self.money = round(self.money + tea["price"], 2)
            self.satisfied += 1
            events = [f"{who} drinks the {pot['tea']} and pays {money(price)}."]
            if self.satisfied >= R.GOAL:
                self.won = True
                self.over = True
                events.append(f"{self.satisfied} guests satisfied. Kettleburn has a fine day.")

        if pot["volume"] < 0.01:
            pot["volume"] = 0.0
            pot["temp"] = R.ROOM_TEMP
            pot["tea"] = None
            pot["steeped_since"] = None
            events.append(f"{name} is drained.")
        if self.won:
            return events
        return events + self._advance(1)

    # ----- tea -----

    def _tea_list(self, args: list[str]) -> list[str]:
        return [
            f"{kind}: water {t['low']}-{t['high']}°C, steep {t['steep']} min, {money(t['price'])} a cup."
            for kind, t in R.TEAS.items()
        ] + [f"Milk adds {money(R.MILK_SURCHARGE)} to a cup for a guest who asks for it."]

    def _quality(self, pot: dict) -> str:
        """weak, good or stewed: how long the leaves have been in, against the tea's steep time."""
        tea = R.TEAS[pot["tea"]]
        ready_at = parse_hhmm(pot["steeped_since"]) + tea["steep"]
        if self.now <= ready_at:
            return "weak"
        if self.now > ready_at + R.GOOD_WINDOW:
            return "stewed"
        return "good"

    def _tea_brew(self, args: list[str]) -> list[str]:
        self._need(args, 2, "tea brew <kind> <pot>")
        kind = args[0]
        if kind not in R.TEAS:
            raise Refusal(f"No {kind} tea here. Teas: {', '.join(R.TEAS)}.")
        pot = self._pot(args[1])
        name = self._pot_name(pot)
        if pot["volume"] <= 0:
            raise Refusal(f"{name} holds no water.")
        if pot["tea"] is not None:
            raise Refusal(f"{name} already holds {pot['tea']} tea.")
        tea = R.TEAS[kind]
        if not tea["low"] <= pot["temp"] <= tea["high"]:
            raise Refusal(
                f"{name} is at {pot['temp']}°C. {kind.capitalize()} wants {tea['low']}-{tea['high']}°C."
            )
        cups = math.ceil(round(pot["volume"] / R.CUP, 6))
        grams = cups * R.LEAVES_PER_CUP
        stock = self._stock(kind)
        if stock["amount"] < grams:
            raise Refusal(f"The pantry has {stock['amount']} g of {kind}. {name} needs {grams} g.")
        stock["amount"] -= R.LEAVES_PER_CUP
        pot["tea"] = kind
        pot["steeped_since"] = hhmm(self.now)
        events = [f"{name} steeps {kind}. {cups} {'cup' if cups == 1 else 'cups'}, ready in {tea['steep']} min."]
        return events + self._advance(1)

    # ----- guest -----

    def _guest_list(self, args: list[str]) -> list[str]:
        lines = []
        for guest in self.guests:
            order = guest["wants"] + (" with milk" if guest["milk"] else "")
            where = guest["status"]
            if guest["status"] == "seated":
                where = f"seated at table {guest['table']} since {guest['seated_at']}"
            lines.append(f"{guest['id'].capitalize()} ({guest['arrives']}, {order}): {where}.")
        return lines

    def _guest_seat(self, args: list[str]) -> list[str]:
        self._need(args, 1, "guest seat <guest>")
        guest = self._guest(args[0])
        who = guest["id"].capitalize()
        if guest["status"] != "waiting":
            raise Refusal(f"{who} is not at the gate ({guest['status']}).")
        taken = {g["table"] for g in self.guests if g["status"] == "seated"}
        free = [n for n in range(1, R.TABLES + 1) if n not in taken]
        if not free:
            raise Refusal("Every table is taken.")
        guest["status"] = "seated"
        guest["table"] = free[0]
        guest["seated_at"] = hhmm(self.now)
        order = guest["wants"] + (" with milk" if guest["milk"] else "")
        return [f"{who} sits at table {free[0]} and asks for {order}."] + self._advance(1)

    # ----- pantry -----

    def _pantry_list(self, args: list[str]) -> list[str]:
        lines = [f"{s['id']}: {litres(s['amount']) if s['unit'] == 'L' else s['amount']} {s['unit']}."
                 for s in self.pantry]
        return lines + [f"Money: {money(self.money)}."]

    def _pantry_buy(self, args: list[str]) -> list[str]:
        self._need(args, 1, "pantry buy <item> <count>")
        item = args[0]
        if item not in R.SHOP:
            raise Refusal(f"The grocer sells no {item}. Items: {', '.join(R.SHOP)}.")
        count = 1
        if len(args) > 1:
            try:
                count = int(args[1])
            except ValueError:
                raise Refusal(f"{args[1]} is not a count.") from None
        if not 1 <= count <= R.MAX_BUY:
            raise Refusal(f"The grocer sells 1 to {R.MAX_BUY} at a time.")
        offer = R.SHOP[item]
        cost = round(offer["cost"] * count, 2)
        if cost > self.money + 1e-9:
            raise Refusal(f"{count} of {item} costs {money(cost)}. The till holds {money(self.money)}.")
        stock = self._stock(item)
        self.money = round(self.money - cost, 2)
        stock["amount"] = round(stock["amount"] + offer["unit"] * count, 2)
        amount = litres(stock["amount"]) if stock["unit"] == "L" else stock["amount"]
        events = [f"The grocer sells {count} of {item} for {money(cost)}. {amount} {stock['unit']} in the pantry."]
        return events + self._advance(R.SHOP_MINUTES)

    # ----- clock -----

    def _clock_show(self, args: list[str]) -> list[str]:
        return [
            f"It is {hhmm(self.now)}. Closing at {hhmm(R.CLOSES)}. "
            f"{self.satisfied} of {R.GOAL} guests satisfied, {self.served} served."
        ]

    def _clock_wait(self, args: list[str]) -> list[str]:
        self._need(args, 1, "clock wait <minutes>")
        try:
            minutes = int(args[0])
        except ValueError:
            raise Refusal(f"{args[0]} is not a number of minutes.") from None
        if not 1 <= minutes <= R.MAX_WAIT:
            raise Refusal(f"The clock waits 1 to {R.MAX_WAIT} minutes at a time.")
        start = self.now
        events = self._advance(minutes)
        return [f"Time passes. {hhmm(start)} to {hhmm(self.now)}."] + events

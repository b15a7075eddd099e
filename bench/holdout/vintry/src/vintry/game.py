"""The rules of Vintry: one harvest season on a small vineyard.

Everything the yard holds lives in one flat list of entities (rows, crews, the press, vats, barrels, the
cellar, buyers, the weather), each a dict with a ``type`` and an ``id``. The few numbers that belong to the
whole estate (day, cash, grapes waiting on the crush pad) are plain attributes.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass

LAST_DAY = 14
START_CASH = 300
GOAL_CASH = 3000

MIN_RIPENESS = 90  # a row may be picked from this ripeness on
MAX_RIPENESS = 100
RIPENING = {"sun": 3, "cloud": 2, "rain": 1, "storm": 0}
NO_PICKING = ("rain", "storm")
STORM_LOSS_DIVISOR = 5  # a storm night strips a fifth of the grapes still hanging
PAD_LOSS_DIVISOR = 10  # grapes left on the crush pad overnight lose a tenth

MIN_LOAD_KG = 10
FERMENT_NIGHTS = 3
REST_NIGHTS = 2
BOTTLES_PER_3_LITRES = 4  # a bottle holds 0.75 L

WEATHER = {
    1: "sun",
    2: "sun",
    3: "cloud",
    4: "rain",
    5: "sun",
    6: "sun",
    7: "cloud",
    8: "sun",
    9: "storm",
    10: "sun",
    11: "rain",
    12: "sun",
    13: "sun",
    14: "cloud",
}

VERBS = ("HELP", "LOOK", "PICK", "PRESS", "RACK", "BOTTLE", "SELL", "REST")

HELP_TEXT = (
    f"You run the Vintry estate through one harvest season of {LAST_DAY} days, and you want at least "
    f"{GOAL_CASH} coins in the strongbox before the last day is out. Each morning you can PICK a row of vines "
    "with one of your crews (PICK ROW 3 WITH CREW 1) once its grapes are ripe enough, PRESS the grapes "
    "waiting on the crush pad into a vat (PRESS 120 INTO VAT 2, or PRESS ALL INTO VAT 2), RACK a vat whose "
    "wine has finished fermenting into a barrel (RACK VAT 2 TO BARREL 5), BOTTLE a barrel once the wine has "
    "rested in it (BOTTLE BARREL 5) and SELL bottles from the cellar to a buyer who is in town (SELL 60 TO "
    "BUYER 1, or SELL ALL TO BUYER 1). You can LOOK around the whole yard, or LOOK at a single ROW, CREW, VAT, "
    "BARREL or BUYER (LOOK VAT 2), as well as at the PRESS, the CELLAR or the WEATHER, and when the day's work "
    "is done you REST until the next morning. Commands may be abbreviated to their first three letters (PIC "
    "ROW 3 WITH CREW 1), and lowercase works just as well."
)

PICK_RE = re.compile(r"^ROW (\d+) WITH CREW (\d+)$")
PRESS_RE = re.compile(r"^(\d+|ALL)(?: ?KG)? INTO VAT (\d+)$")
RACK_RE = re.compile(r"^VAT (\d+) (?:IN)?TO BARREL (\d+)$")
BOTTLE_RE = re.compile(r"^BARREL (\d+)$")
SELL_RE = re.compile(r"^(\d+|ALL)(?: BOTTLES?)? TO BUYER (\d+)$")
LOOK_RE = re.compile(r"^(ROW|CREW|VAT|BARREL|BUYER) (\d+)$")
SINGLETONS = {"PRESS": "press", "CELLAR": "cellar", "WEATHER": "weather"}


@dataclass
class Reply:
    success: bool
    message: str


def ok(message: str) -> Reply:
    return Reply(True, message)


def refuse(message: str) -> Reply:
    return Reply(False, message)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


STARTING_ENTITIES: list[dict] = [
    {"type": "row", "id": 1, "variety": "Chardonnay", "grapes_kg": 160, "ripeness": 92},
    {"type": "row", "id": 2, "variety": "Chardonnay", "grapes_kg": 140, "ripeness": 88},
    {"type": "row", "id": 3, "variety": "Pinot Noir", "grapes_kg": 150, "ripeness": 84},
    {"type": "row", "id": 4, "variety": "Pinot Noir", "grapes_kg": 170, "ripeness": 80},
    {"type": "row", "id": 5, "variety": "Syrah", "grapes_kg": 180, "ripeness": 76},
    {"type": "row", "id": 6, "variety": "Syrah", "grapes_kg": 150, "ripeness": 72},
    {"type": "crew", "id": 1, "name": "Tomas's crew", "rate_kg": 60, "wage": 15, "picked_today": False},
    {"type": "crew", "id": 2, "name": "the Ferreira cousins", "rate_kg": 50, "wage": 12, "picked_today": False},
    {"type": "crew", "id": 3, "name": "the students from town", "rate_kg": 40, "wage": 8, "picked_today": False},
    {"type": "press", "id": 1, "max_load_kg": 200, "litres_per_10kg": 7},
    {"type": "vat", "id": 1, "capacity_l": 400, "litres": 0, "status": "empty", "nights_left": 0},
    {"type": "vat", "id": 2, "capacity_l": 300, "litres": 0, "status": "empty", "nights_left": 0},
    {"type": "vat", "id": 3, "capacity_l": 200, "litres": 0, "status": "empty", "nights_left": 0},
    {"type": "barrel", "id": 1, "capacity_l": 225, "litres": 0, "nights_rested": 0},
    {"type": "barrel", "id": 2, "capacity_l": 225, "litres": 0, "nights_rested": 0},
    {"type": "barrel", "id": 3, "capacity_l": 225, "litres": 0, "nights_rested": 0},
    {"type": "barrel", "id": 4, "capacity_l": 225, "litres": 0, "nights_rested": 0},
    {"type": "barrel", "id": 5, "capacity_l": 100, "litres": 0, "nights_rested": 0},
    {"type": "cellar", "id": 1, "bottles": 0},
    {"type": "buyer", "id": 1, "name": "the Harbour Inn", "price": 6, "wants": 150, "from_day": 5, "until_day": 9},
    {"type": "buyer", "id": 2, "name": "Aubert & Fils", "price": 8, "wants": 200, "from_day": 8, "until_day": 12},
    {"type": "buyer", "id": 3, "name": "the village cooperative", "price": 3, "wants": 600, "from_day": 1,
     "until_day": 14},
    {"type": "buyer", "id": 4, "name": "Le Coq d'Or", "price": 12, "wants": 100, "from_day": 12, "until_day": 14},
    {"type": "weather", "id": 1, "today": "sun", "forecast": []},
]


class Vineyard:
    """One game: a season on the estate."""

    def __init__(self) -> None:
        self.day = 1
        self.cash = START_CASH
        self.crush_pad_kg = 0
        self.won = False
        self.game_over = False
        self.turn = 0
        self.entities: list[dict] = copy.deepcopy(STARTING_ENTITIES)
        self._update_weather()

    # -- lookups -----------------------------------------------------------------------------------------

    def all(self, kind: str) -> list[dict]:
        return [e for e in self.entities if e["type"] == kind]

    def find(self, kind: str, number: int) -> dict | None:
        for entity in self.entities:
            if entity["type"] == kind and entity["id"] == number:
                return entity
        return None

    def the(self, kind: str) -> dict:
        return self.all(kind)[0]

    def buyer_in_town(self, buyer: dict) -> bool:
        return buyer["from_day"] <= self.day <= buyer["until_day"]

    def state(self) -> dict:
        return {
            "day": self.day,
            "last_day": LAST_DAY,
            "cash": self.cash,
            "goal": GOAL_CASH,
            "crush_pad_kg": self.crush_pad_kg,
            "won": self.won,
            "game_over": self.game_over,
            "entities": copy.deepcopy(self.entities),
        }

    # -- commands ----------------------------------------------------------------------------------------

    def command(self, text: str) -> Reply:
        self.turn += 1
        words = text.strip().upper().split()
        if not words:
            return refuse("Say something. Type HELP to see what you can do.")
        verb = self._verb(words[0])
        if verb is None:
            return refuse(f"I don't know how to {words[0]!r}. Type HELP to see what you can do.")
        rest = " ".join(words[1:])
        if verb == "HELP":
            return ok(HELP_TEXT)
        if verb == "LOOK":
            return self._look(rest)
        if self.game_over:
            if self.won:
                return refuse("The season is over and the strongbox is full. Start a new game to play again.")
            return refuse("The season is over. Start a new game to try another harvest.")
        handler = {
            "PICK": self._pick,
            "PRESS": self._press,
            "RACK": self._rack,
            "BOTTLE": self._bottle,
            "SELL": self._sell,
            "REST": self._rest,
        }[verb]
        return handler(rest)

    @staticmethod
    def _verb(word: str) -> str | None:
        for verb in VERBS:
            if word == verb or (len(word) >= 3 and verb.startswith(word)):
                return verb
        return None

    # LOOK

    def _look(self, rest: str) -> Reply:
        if not rest:
            return ok(self._overview())
        if rest in SINGLETONS:
            return ok(self.describe(self.the(SINGLETONS[rest])))
        match = LOOK_RE.match(rest)
        if not match:
            return refuse("Look at what? Try LOOK, LOOK VAT 2, LOOK BUYER 1 or LOOK WEATHER.")
        entity = self.find(match.group(1).lower(), int(match.group(2)))
        return ok(self.describe(entity))

    def describe(self, entity: dict) -> str:
        kind = entity["type"]
        if kind == "row":
            return (
                f"Row {entity['id']} ({entity['variety']}): {entity['grapes_kg']} kg of grapes on the vines, "
                f"{entity['ripeness']}% ripe."
            )
        if kind == "crew":
            busy = "already picked today" if entity["picked_today"] else "ready to pick"
            return (
                f"Crew {entity['id']}, {entity['name']}: picks {entity['rate_kg']} kg a day for "
                f"{entity['wage']} coins, {busy}."
            )
        if kind == "press":
            return (
                f"The press takes up to {entity['max_load_kg']} kg a load and gives "
                f"{entity['litres_per_10kg']} L of must for every 10 kg. {self.crush_pad_kg} kg of grapes "
                "wait on the crush pad."
            )
        if kind == "vat":
            if entity["status"] == "empty":
                return f"Vat {entity['id']} is empty ({entity['capacity_l']} L)."
            if entity["status"] == "fermenting":
                return (
                    f"Vat {entity['id']}: {entity['litres']} of {entity['capacity_l']} L fermenting, "
                    f"{_plural(entity['nights_left'], 'night')} to go."
                )
            return f"Vat {entity['id']}: {entity['litres']} of {entity['capacity_l']} L of finished wine."
        if kind == "barrel":
            if entity["litres"] == 0:
                return f"Barrel {entity['id']} is empty ({entity['capacity_l']} L)."
            return (
                f"Barrel {entity['id']}: {entity['litres']} of {entity['capacity_l']} L, rested "
                f"{_plural(entity['nights_rested'], 'night')}."
            )
        if kind == "cellar":
            return f"The cellar holds {_plural(entity['bottles'], 'bottle')}."
        if kind == "buyer":
            if self.buyer_in_town(entity):
                when = f"in town until day {entity['until_day']}"
            elif self.day < entity["from_day"]:
                when = f"due on day {entity['from_day']}"
            else:
                when = "gone for the season"
            return (
                f"Buyer {entity['id']}, {entity['name']}: pays {entity['price']} coins a bottle, wants "
                f"{entity['wants']} more, {when}."
            )
        forecast = ", ".join(entity["forecast"]) or "the season ends"
        return f"Today's weather: {entity['today']}. Coming days: {forecast}."

    def _overview(self) -> str:
        weather = self.the("weather")["today"]
        heading = (
            f"Day {self.day} of {LAST_DAY}, {weather}. Cash: {self.cash} coins (goal {GOAL_CASH}). "
            f"Crush pad: {self.crush_pad_kg} kg."
        )
        lines = [heading]
        for kind in ("row", "crew", "vat", "barrel", "buyer"):
            lines.extend(self.describe(e) for e in self.all(kind))
        lines.append(self.describe(self.the("cellar")))
        lines.append(self.describe(self.the("weather")))
        return "\n".join(lines)

    # PICK

    def _pick(self, rest: str) -> Reply:
        match = PICK_RE.match(rest)
        if not match:
            return refuse("Pick which row with which crew? Try PICK ROW 3 WITH CREW 1.")
        row = self.find("row", int(match.group(1)))
        crew = self.find("crew", int(match.group(2)))
        if row is None:
            return refuse(f"There is no row {match.group(1)}; the estate has rows 1 to {len(self.all('row'))}.")
        if crew is None:
            return refuse(f"There is no crew {match.group(2)}; you have crews 1 to {len(self.all('crew'))}.")
        weather = self.the("weather")["today"]
        if weather in NO_PICKING:
            return refuse(
                f"Nobody picks in the {weather}: wet grapes rot on the crush pad. Wait for drier weather."
            )
        if crew["picked_today"]:
            return refuse(f"Crew {crew['id']} has already picked today.")
        if row["grapes_kg"] == 0:
            return refuse(f"Row {row['id']} has been picked clean.")
        if row["ripeness"] <= MIN_RIPENESS:
            return refuse(
                f"Row {row['id']} is still too green ({row['ripeness']}% ripe); it can be picked from "
                f"{MIN_RIPENESS}%."
            )
        if self.cash < crew["wage"]:
            return refuse(f"You can't pay {crew['name']} their {crew['wage']} coins.")
        amount = crew["rate_kg"]
        picked = min(amount, row["grapes_kg"])
        row["grapes_kg"] -= picked
        self.crush_pad_kg += picked
        self.cash -= crew["wage"]
        crew["picked_today"] = True
        left = "picked clean" if row["grapes_kg"] == 0 else f"{row['grapes_kg']} kg left on the vines"
        return ok(
            f"{_cap(crew['name'])} picked {amount} kg of {row['variety']} from row {row['id']} "
            f"({left}) and took {crew['wage']} coins in wages. The crush pad now holds {self.crush_pad_kg} kg."
        )

    # PRESS

    def _press(self, rest: str) -> Reply:
        match = PRESS_RE.match(rest)
        if not match:
            return refuse("Press how much into which vat? Try PRESS 120 INTO VAT 2 or PRESS ALL INTO VAT 2.")
        press = self.the("press")
        vat = self.find("vat", int(match.group(2)))
        if vat is None:
            return refuse(f"There is no vat {match.group(2)}; the winery has vats 1 to {len(self.all('vat'))}.")
        if self.crush_pad_kg == 0:
            return refuse("There are no grapes on the crush pad. PICK a row first.")
        if match.group(1) == "ALL":
            kg = min(self.crush_pad_kg, press["max_load_kg"])
        else:
            kg = int(match.group(1))
            if kg > self.crush_pad_kg:
                return refuse(f"Only {self.crush_pad_kg} kg of grapes wait on the crush pad.")
            if kg > press["max_load_kg"]:
                return refuse(f"The press takes at most {press['max_load_kg']} kg a load.")
        if kg < MIN_LOAD_KG:
            return refuse(f"The press needs at least {MIN_LOAD_KG} kg for a load.")
        if vat["status"] == "ready":
            return refuse(f"Vat {vat['id']} holds finished wine. RACK it into a barrel before you refill it.")
        litres = kg * press["litres_per_10kg"] // 10
        room = vat["capacity_l"] - vat["litres"]
        if litres > room:
            return refuse(
                f"{kg} kg would give {litres} L of must, and vat {vat['id']} has room for only {room} L."
            )
        self.crush_pad_kg -= kg
        if vat["litres"] == 0:
            vat["nights_left"] = FERMENT_NIGHTS
        vat["litres"] += litres
        vat["status"] = "fermenting"
        return ok(
            f"Pressed {kg} kg into vat {vat['id']}: {litres} L of must, {vat['litres']} L in the vat now. "
            f"It needs {_plural(vat['nights_left'], 'more night')} to ferment. "
            f"{self.crush_pad_kg} kg left on the crush pad."
        )

    # RACK

    def _rack(self, rest: str) -> Reply:
        match = RACK_RE.match(rest)
        if not match:
            return refuse("Rack which vat into which barrel? Try RACK VAT 2 TO BARREL 5.")
        vat = self.find("vat", int(match.group(1)))
        barrel = self.find("barrel", int(match.group(2)))
        if vat is None:
            return refuse(f"There is no vat {match.group(1)}; the winery has vats 1 to {len(self.all('vat'))}.")
        if barrel is None:
            return refuse(
                f"There is no barrel {match.group(2)}; the cellar has barrels 1 to {len(self.all('barrel'))}."
            )
        if vat["status"] == "empty":
            return refuse(f"Vat {vat['id']} is empty.")
        if vat["status"] == "fermenting":
            return refuse(
                f"Vat {vat['id']} is still fermenting ({_plural(vat['nights_left'], 'night')} to go)."
            )
        room = barrel["capacity_l"] - barrel["litres"]
        if room == 0:
            return refuse(f"Barrel {barrel['id']} is full.")
        moved = min(vat["litres"], room)
        barrel["litres"] += moved
        barrel["nights_rested"] = 0
        self._empty_vat(vat)
        left = "empty" if vat["litres"] == 0 else f"left with {vat['litres']} L"
        return ok(
            f"Racked {moved} L from vat {vat['id']} into barrel {barrel['id']} ({barrel['litres']} of "
            f"{barrel['capacity_l']} L); the vat is {left}. The wine must rest {REST_NIGHTS} nights before "
            "bottling."
        )

    @staticmethod
    def _empty_vat(vat: dict) -> None:
        vat["litres"] = 0
        vat["status"] = "empty"
        vat["nights_left"] = 0

    # BOTTLE

    def _bottle(self, rest: str) -> Reply:
        match = BOTTLE_RE.match(rest)
        if not match:
            return refuse("Bottle which barrel? Try BOTTLE BARREL 5.")
        barrel = self.find("barrel", int(match.group(1)))
        if barrel is None:
            return refuse(
                f"There is no barrel {match.group(1)}; the cellar has barrels 1 to {len(self.all('barrel'))}."
            )
        if barrel["litres"] == 0:
            return refuse(f"Barrel {barrel['id']} is empty.")
        if barrel["nights_rested"] < REST_NIGHTS:
            return refuse(
                f"Barrel {barrel['id']} has rested {_plural(barrel['nights_rested'], 'night')}; the wine needs "
                f"{REST_NIGHTS} before it goes into bottles."
            )
        bottles = barrel["litres"] * BOTTLES_PER_3_LITRES // 3
        cellar = self.the("cellar")
        cellar["bottles"] += bottles
        barrel["litres"] = 0
        barrel["nights_rested"] = 0
        return ok(
            f"Bottled barrel {barrel['id']}: {_plural(bottles, 'bottle')} went down to the cellar, which now "
            f"holds {cellar['bottles']}."
        )

    # SELL

    def _sell(self, rest: str) -> Reply:
        match = SELL_RE.match(rest)
        if not match:
            return refuse("Sell how many bottles to which buyer? Try SELL 60 TO BUYER 1 or SELL ALL TO BUYER 1.")
        buyer = self.find("buyer", int(match.group(2)))
        if buyer is None:
            return refuse(f"There is no buyer {match.group(2)}; LOOK shows who buys this season.")
        if not self.buyer_in_town(buyer):
            if self.day < buyer["from_day"]:
                return refuse(f"{_cap(buyer['name'])} won't be here before day {buyer['from_day']}.")
            return refuse(f"{_cap(buyer['name'])} left on day {buyer['until_day']}.")
        cellar = self.the("cellar")
        if cellar["bottles"] == 0:
            return refuse("The cellar has no bottles to sell. BOTTLE a barrel first.")
        if match.group(1) == "ALL":
            offered = cellar["bottles"]
        else:
            offered = int(match.group(1))
            if offered == 0:
                return refuse("Sell at least one bottle.")
            if offered > cellar["bottles"]:
                return refuse(f"The cellar holds only {_plural(cellar['bottles'], 'bottle')}.")
        if buyer["wants"] == 0:
            return refuse(f"{_cap(buyer['name'])} wants no more wine this season.")
        sold = min(offered, buyer["wants"])
        takings = sold * buyer["price"]
        cellar["bottles"] -= sold
        self.cash += takings
        note = "" if sold == offered else f" They only wanted {sold}."
        message = (
            f"Sold {_plural(sold, 'bottle')} to {buyer['name']} at {buyer['price']} coins a bottle: "
            f"{takings} coins. Cash: {self.cash} coins.{note}"
        )
        if self.cash >= GOAL_CASH:
            self.won = True
            self.game_over = True
            message += (
                f" That puts {self.cash} coins in the strongbox, past the {GOAL_CASH} you needed: the estate "
                "is safe for another year. You win!"
            )
        return ok(message)

    # REST

    def _rest(self, rest: str) -> Reply:
        if rest:
            return refuse("Just REST: the whole estate sleeps until morning.")
        notes = []
        weather = self.the("weather")["today"]
        lost_on_pad = self.crush_pad_kg // PAD_LOSS_DIVISOR
        if lost_on_pad:
            self.crush_pad_kg -= lost_on_pad
            notes.append(f"Wasps and the heat spoiled {lost_on_pad} kg of grapes left on the crush pad.")
        stripped = 0
        for row in self.all("row"):
            if weather == "storm":
                loss = row["grapes_kg"] // STORM_LOSS_DIVISOR
                row["grapes_kg"] -= loss
                stripped += loss
            row["ripeness"] = min(MAX_RIPENESS, row["ripeness"] + RIPENING[weather])
        if stripped:
            notes.append(f"The storm stripped {stripped} kg of grapes off the vines.")
        for crew in self.all("crew"):
            crew["picked_today"] = False
        for vat in self.all("vat"):
            if vat["status"] == "fermenting":
                vat["nights_left"] -= 1
                if vat["nights_left"] <= 0:
                    vat["nights_left"] = 0
                    vat["status"] = "ready"
                    notes.append(f"Vat {vat['id']} has finished fermenting.")
        for barrel in self.all("barrel"):
            if barrel["litres"] > 0:
                barrel["nights_rested"] += 1
        if self.day == LAST_DAY:
            self.game_over = True
            notes.append(
                f"The season is over with {self.cash} coins in the strongbox, short of the {GOAL_CASH} the estate "
                "needed. The bank will have words."
            )
            return ok(" ".join(notes))
        self.day += 1
        self._update_weather()
        for buyer in self.all("buyer"):
            if buyer["from_day"] == self.day:
                notes.append(f"{_cap(buyer['name'])} arrived to buy wine (buyer {buyer['id']}).")
        today = self.the("weather")["today"]
        return ok(" ".join([f"Day {self.day} of {LAST_DAY} dawns: {today}.", *notes]))

    def _update_weather(self) -> None:
        weather = self.the("weather")
        weather["today"] = WEATHER[self.day]
        weather["forecast"] = [WEATHER[d] for d in range(self.day + 1, min(self.day + 3, LAST_DAY) + 1)]

    def welcome(self) -> str:
        return (
            "Welcome to the Vintry estate. The grapes are nearly ready, three crews wait in the yard and the bank "
            f"wants {GOAL_CASH} coins by the end of the season. Day 1 of {LAST_DAY}: "
            f"{self.the('weather')['today']}. Type HELP to see what you can do, or LOOK around."
        )

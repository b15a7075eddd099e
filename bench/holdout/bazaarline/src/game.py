"""The caravan itself: one game of Bazaarline, its state and every command a player can give.

A game is a plain dict (`Game.state`) so the server can hand it out as JSON as it is. `Game.handle`
takes one line of player input and answers `(success, message)`.
"""

from __future__ import annotations

import copy

from world import (
    CAMEL_CAPACITY,
    CAMEL_NAMES,
    FINAL_STOP,
    GOAL_PURSE,
    GOOD_NAMES,
    HAGGLE_DISCOUNT,
    LAST_DAY,
    MAX_CAMELS,
    OASES,
    PRAISE,
    QUANTITY,
    REST_FEE,
    RIVAL,
    START_CAMELS,
    START_DAY,
    START_PURSE,
    WATER_PER_CAMEL,
)

HELP = """Commands, by where you stand:

On the road:
  march                      - ride one day on (each camel drinks a skin of water)
  look / loads               - where you are / what each camel carries
  move N GOOD from A to B    - shift load from camel A to camel B

At an oasis:
  market                     - the merchant's prices
  buy N GOOD / buy camel     - buy goods or water (loaded camel by camel), or a camel
  sell N GOOD / sell all GOOD
  talk                       - sit down with the merchant
  rest                       - a night at the caravanserai (3 dinars)
  depart                     - set out for the next oasis
  look / loads / move ...    - as on the road

In conversation:
  1, 2, 3 ...                - choose what to say
  bye                        - take your leave

Goods: water, dates, salt, indigo, incense. Type help at any time."""

MAIN_TOPICS = (
    "Ask about the road ahead",
    "Haggle over the prices",
    "Ask for a tale",
    "Take your leave",
)
HAGGLE_TOPICS = (
    ("Praise the quality of the wares", PRAISE),
    ("Promise to buy in quantity", QUANTITY),
    ("Speak of the rival stall across the well", RIVAL),
    ("Think better of it", None),
)

LEAVE_WORDS = {"bye", "goodbye", "farewell", "leave"}


def _units(qty: int, good: str) -> str:
    if good == "water":
        return f"{qty} skin{'s' if qty != 1 else ''} of water"
    if good == "dates":
        return f"{qty} sack{'s' if qty != 1 else ''} of dates"
    if good == "salt":
        return f"{qty} slab{'s' if qty != 1 else ''} of salt"
    if good == "indigo":
        return f"{qty} cake{'s' if qty != 1 else ''} of indigo"
    return f"{qty} bundle{'s' if qty != 1 else ''} of incense"


def _weight(camel: dict) -> int:
    return sum(camel["load"].values())


def _describe_load(camel: dict) -> str:
    if not camel["load"]:
        return f"{camel['name']} walks unburdened (0 of {camel['capacity']})"
    goods = ", ".join(_units(qty, good) for good, qty in camel["load"].items())
    return f"{camel['name']} carries {goods} ({_weight(camel)} of {camel['capacity']})"


def _quantity(word: str) -> int | None:
    return int(word) if word.isdigit() else None


class Game:
    def __init__(self) -> None:
        self.turn = 0
        self.state: dict = {
            "caravan": {
                "camels": [
                    {"name": c["name"], "capacity": CAMEL_CAPACITY, "load": dict(c["load"])} for c in START_CAMELS
                ],
                "location": {"kind": "oasis", "name": OASES[0]["name"], "stop": 0},
                "day": START_DAY,
                "purse": START_PURSE,
            },
            "bargain": {"discount": 0, "offended": False},
            "conversation": None,
            "outcome": {"won": False, "lost": False, "ending": ""},
        }

    # ---------------------------------------------------------------- helpers

    @property
    def caravan(self) -> dict:
        return self.state["caravan"]

    @property
    def over(self) -> bool:
        outcome = self.state["outcome"]
        return outcome["won"] or outcome["lost"]

    def snapshot(self) -> dict:
        return copy.deepcopy(self.state)

    def _oasis(self) -> dict | None:
        location = self.caravan["location"]
        return OASES[location["stop"]] if location["kind"] == "oasis" else None

    def _camel(self, name: str) -> dict | None:
        for camel in self.caravan["camels"]:
            if camel["name"].lower() == name.lower():
                return camel
        return None

    def _held(self, good: str) -> int:
        return sum(camel["load"].get(good, 0) for camel in self.caravan["camels"])

    def _room(self) -> int:
        return sum(camel["capacity"] - _weight(camel) for camel in self.caravan["camels"])

    def _asking(self, oasis: dict, good: str) -> int:
        price = oasis["prices"][good]["buy"]
        discount = self.state["bargain"]["discount"]
        if discount:
            price = max(1, price * (100 - discount) // 100)
        return price

    def opening(self) -> str:
        return (
            "The caravan-master's tale begins at Qarsa, on the first day of the season.\n"
            "Two camels, Zahra and Nadim, kneel by the well; Zahra carries six skins of water, and your purse "
            f"holds {START_PURSE} dinars. Four oases and {sum(o['days_from_previous'] for o in OASES)} days of "
            f"sand lie between you and the fair at Sijilmar, which closes at the end of day {LAST_DAY}.\n"
            f"Reach Sijilmar and hold {GOAL_PURSE} dinars there, and your name will be sung in the bazaars. "
            "Type help to hear what a caravan-master may do."
        )

    # ---------------------------------------------------------------- dispatch

    def handle(self, raw: str) -> tuple[bool, str]:
        self.turn += 1
        words = raw.strip().lower().split()
        if not words:
            return False, "The camels wait. Say something, caravan-master (help lists what you may do)."
        if self.over:
            return False, "This caravan's tale is already told. Start a new game to ride again."
        if words[0] in ("help", "?", "commands"):
            return True, HELP
        if self.state["conversation"] is not None:
            return self._converse(words)

        verb, args = words[0], words[1:]
        if verb == "set" and args[:1] == ["out"]:
            verb, args = "depart", args[1:]
        handlers = {
            "look": self._look, "l": self._look,
            "loads": self._loads, "camels": self._loads, "inventory": self._loads, "i": self._loads,
            "market": self._market, "prices": self._market,
            "buy": self._buy, "sell": self._sell,
            "move": self._move, "shift": self._move,
            "talk": self._talk,
            "rest": self._rest, "sleep": self._rest,
            "depart": self._depart, "go": self._depart,
            "march": self._march, "ride": self._march, "travel": self._march,
        }
        handler = handlers.get(verb)
        if handler is None:
            return False, f"The drivers look at one another: none of them knows what '{verb}' means. Try help."
        return handler(args)

    # ---------------------------------------------------------------- looking

    def _look(self, args: list[str]) -> tuple[bool, str]:
        caravan = self.caravan
        location = caravan["location"]
        water = self._held("water")
        if location["kind"] == "oasis":
            oasis = OASES[location["stop"]]
            where = f"You are at {oasis['name']}, {oasis['blurb']}. {oasis['merchant']} keeps the market here."
        else:
            days = location["days_left"]
            where = (
                f"The caravan is on the road from {location['from']} to {location['to']}: "
                f"{location['days_travelled']} day{'s' if location['days_travelled'] != 1 else ''} behind you, "
                f"{days} day{'s' if days != 1 else ''} ahead."
            )
        return True, (
            f"Day {caravan['day']} of the season. {where}\n"
            f"Your {len(caravan['camels'])} camels carry {_units(water, 'water')}; "
            f"your purse holds {caravan['purse']} dinars."
        )

    def _loads(self, args: list[str]) -> tuple[bool, str]:
        lines = [_describe_load(camel) + "." for camel in self.caravan["camels"]]
        return True, "\n".join(lines)

    def _market(self, args: list[str]) -> tuple[bool, str]:
        oasis = self._oasis()
        if oasis is None:
            return False, "There is no market in the open sand, only the wind."
        rows = []
        for good, price in oasis["prices"].items():
            rows.append(f"  {good}: asks {self._asking(oasis, good)}, pays {price['sell']}")
        note = " (after your bargain)" if self.state["bargain"]["discount"] else ""
        camel = (
            f"A camel from the dealers' pen costs {oasis['camel_price']} dinars."
            if oasis["camel_price"]
            else "No one here sells camels."
        )
        return True, f"{oasis['merchant']}'s prices in dinars{note}:\n" + "\n".join(rows) + "\n" + camel

    # ---------------------------------------------------------------- trade

    def _parse_trade(self, args: list[str], allow_all: bool) -> tuple[int | str | None, str | None]:
        """`N GOOD`, `GOOD` (one) or, when allowed, `all GOOD`. Returns (quantity, good) or Nones."""
        if len(args) == 1:
            return 1, GOOD_NAMES.get(args[0])
        if len(args) == 2:
            if allow_all and args[0] == "all":
                return "all", GOOD_NAMES.get(args[1])
            return _quantity(args[0]), GOOD_NAMES.get(args[1])
        return None, None

    def _buy(self, args: list[str]) -> tuple[bool, str]:
        oasis = self._oasis()
        if oasis is None:
            return False, "Out here there is nobody to buy from but the vultures."
        if args in (["camel"], ["a", "camel"], ["1", "camel"]):
            return self._buy_camel(oasis)
        qty, good = self._parse_trade(args, allow_all=False)
        if qty is None or good is None:
            return False, "Say it as the merchants do: buy 4 salt, buy 6 water, or buy camel."
        if qty < 1:
            return False, f"{oasis['merchant']} laughs: nobody ever bought nothing."
        if good not in oasis["prices"]:
            return False, f"No one at {oasis['name']} has {good} to sell."
        caravan = self.caravan
        price = self._asking(oasis, good)
        cost = qty * price
        if cost > caravan["purse"]:
            return False, (
                f"{_units(qty, good).capitalize()} would cost {cost} dinars, and your purse holds only "
                f"{caravan['purse']}."
            )
        room = self._room()
        if qty > room:
            return False, f"Your camels have room for only {room} more load{'s' if room != 1 else ''}."
        caravan["purse"] -= cost
        stowed = []
        remaining = qty
        for camel in caravan["camels"]:
            if remaining == 0:
                break
            take = min(camel["capacity"] - _weight(camel), remaining)
            if take > 0:
                camel["load"][good] = camel["load"].get(good, 0) + take
                stowed.append(f"{camel['name']} {take}")
                remaining -= take
        return True, (
            f"{oasis['merchant']}'s boys lash {_units(qty, good)} onto your camels ({', '.join(stowed)}). "
            f"{cost} dinars change hands; {caravan['purse']} remain in your purse."
        )

    def _buy_camel(self, oasis: dict) -> tuple[bool, str]:
        caravan = self.caravan
        price = oasis["camel_price"]
        if not price:
            return False, f"There is not a camel for sale in all of {oasis['name']}."
        if len(caravan["camels"]) > MAX_CAMELS:
            return False, f"Your drivers shake their heads: {MAX_CAMELS} camels is all they can manage."
        if price > caravan["purse"]:
            return False, f"The dealer wants {price} dinars for a camel; you have {caravan['purse']}."
        taken = {camel["name"] for camel in caravan["camels"]}
        name = next(n for n in CAMEL_NAMES if n not in taken)
        caravan["purse"] -= price
        caravan["camels"].append({"name": name, "capacity": CAMEL_CAPACITY, "load": {}})
        return True, (
            f"For {price} dinars the dealer leads out {name}, a rangy beast with a sour look and strong legs. "
            f"She kneels with the others. Your purse holds {caravan['purse']} dinars."
        )

    def _sell(self, args: list[str]) -> tuple[bool, str]:
        oasis = self._oasis()
        if oasis is None:
            return False, "Nobody out here will pay for anything but water, and you need yours."
        if args and args[0] == "camel" or args[-1:] == ["camel"]:
            return False, "You will need every camel you have; the road is long."
        qty, good = self._parse_trade(args, allow_all=True)
        if qty is None or good is None:
            return False, "Say it as the merchants do: sell 4 salt, or sell all indigo."
        if good not in oasis["prices"]:
            return False, f"Nobody at {oasis['name']} will pay for {good}."
        held = self._held(good)
        if qty == "all":
            qty = held
            if qty == 0:
                return False, f"Your camels carry no {good}."
        if qty < 1:
            return False, f"{oasis['merchant']} raises an eyebrow. Sell how many?"
        if qty > held:
            return False, f"Your camels carry only {_units(held, good)}."
        caravan = self.caravan
        price = oasis["prices"][good]["sell"]
        earned = qty * price
        remaining = qty
        for camel in caravan["camels"]:
            if remaining <= 0:
                break
            have = camel["load"].get(good, 0)
            take = min(have, qty)
            if take:
                camel["load"][good] = have - take
                if camel["load"][good] == 0:
                    del camel["load"][good]
                remaining -= take
        caravan["purse"] += earned
        message = (
            f"{oasis['merchant']} weighs out the goods and counts {price} dinars into your palm "
            f"for {_units(qty, good)}."
        )
        return True, message + self._check_goal()

    def _move(self, args: list[str]) -> tuple[bool, str]:
        # move N GOOD from A to B
        if len(args) != 6 or args[2] != "from" or args[4] != "to":
            return False, "Tell the drivers plainly: move 3 water from Zahra to Nadim."
        good = GOOD_NAMES.get(args[1])
        if good is None:
            return False, f"Nobody in the caravan knows what '{args[1]}' is."
        source = self._camel(args[3])
        if source is None:
            return False, f"You have no camel called {args[3].capitalize()}."
        target = self._camel(args[5])
        if target is source:
            return False, f"{source['name']} looks at you with great patience."
        have = source["load"].get(good, 0)
        qty = have if args[0] == "all" else _quantity(args[0])
        if qty is None or qty < 1:
            return False, "Move how many? Say a number, or all."
        if qty > have:
            return False, f"{source['name']} carries only {_units(have, good)}."
        room = target["capacity"] - _weight(target)
        if qty > room:
            return False, f"{target['name']} has room for only {room} more."
        source["load"][good] = have - qty
        if source["load"][good] == 0:
            del source["load"][good]
        target["load"][good] = target["load"].get(good, 0) + qty
        return True, (
            f"The drivers grunt and curse and shift {_units(qty, good)} from {source['name']}'s back "
            f"to {target['name']}'s."
        )

    # ---------------------------------------------------------------- time and the road

    def _rest(self, args: list[str]) -> tuple[bool, str]:
        oasis = self._oasis()
        if oasis is None:
            return False, "There is no caravanserai out here; the only rest is to march on."
        caravan = self.caravan
        if caravan["purse"] < REST_FEE:
            return False, f"The keeper of the caravanserai wants {REST_FEE} dinars a night, and you have less."
        tomorrow = caravan["day"] + 1
        caravan["purse"] -= REST_FEE
        self.state["bargain"]["offended"] = False
        if tomorrow > LAST_DAY:
            return self._lose(
                "You sleep too long in the shade. When you wake, word has come: the fair at Sijilmar has "
                "closed its gates for the season."
            )
        return True, (
            f"You pay the keeper {REST_FEE} dinars and unload the camels in the cool of the caravanserai. "
            f"The night passes to the creak of the well-rope; with the dawn, tempers in the bazaar of "
            f"{oasis['name']} have cooled."
        )

    def _depart(self, args: list[str]) -> tuple[bool, str]:
        oasis = self._oasis()
        if oasis is None:
            return False, "You are already on the road. March on."
        stop = self.caravan["location"]["stop"]
        if stop == FINAL_STOP:
            return False, "The road ends at Sijilmar. There is nowhere further to go but home, and that is another tale."
        nxt = OASES[stop + 1]
        days = nxt["days_from_previous"]
        self.caravan["location"] = {
            "kind": "road",
            "from": oasis["name"],
            "to": nxt["name"],
            "to_stop": stop + 1,
            "days_travelled": 0,
            "days_left": days,
        }
        need = days * WATER_PER_CAMEL * len(self.caravan["camels"])
        warning = ""
        if self._held("water") < need:
            warning = (
                f" The old driver counts the skins and frowns: the road asks {need}, and you carry "
                f"{self._held('water')}."
            )
        return True, (
            f"The drivers rope the camels nose to tail and the caravan turns its face to the sands. "
            f"{nxt['name']} lies {days} days ahead.{warning}"
        )

    def _march(self, args: list[str]) -> tuple[bool, str]:
        location = self.caravan["location"]
        if location["kind"] != "road":
            return False, "The camels are kneeling at the well. Depart first, then march."
        caravan = self.caravan
        need = WATER_PER_CAMEL * len(caravan["camels"])
        if self._held("water") < need:
            return self._lose(
                f"On day {caravan['day']} the last skin is wrung dry. The camels lie down in the sand and will not "
                "rise, and the caravan's tale ends among the dunes."
            )
        remaining = need
        for camel in caravan["camels"]:
            have = camel["load"].get("water", 0)
            drink = min(have, remaining)
            if drink:
                camel["load"]["water"] = have - drink
                if camel["load"]["water"] == 0:
                    del camel["load"]["water"]
                remaining -= drink
            if remaining == 0:
                break
        caravan["day"] += 1
        location["days_travelled"] += 1
        location["days_left"] -= 1
        if caravan["day"] > LAST_DAY:
            return self._lose(
                "The sun rises on a day past the season's end. Far ahead, the fair at Sijilmar has closed its gates."
            )
        if location["days_left"] == 0:
            return self._arrive(location["to_stop"], need)
        return True, (
            f"The camels drink {_units(need, 'water')} at dawn and the caravan plods on through day "
            f"{caravan['day']}. {location['to']} lies {location['days_left']} "
            f"day{'s' if location['days_left'] != 1 else ''} ahead; {_units(self._held('water'), 'water')} remain."
        )

    def _arrive(self, stop: int, drunk: int) -> tuple[bool, str]:
        oasis = OASES[stop]
        self.caravan["location"] = {"kind": "oasis", "name": oasis["name"], "stop": stop}
        self.state["bargain"]["offended"] = False
        message = (
            f"The camels drink {_units(drunk, 'water')} at dawn, and on day {self.caravan['day']} the palms of "
            f"{oasis['name']} rise out of the haze: {oasis['blurb']}. {oasis['merchant_blurb']}"
        )
        return True, message + self._check_goal()

    def _check_goal(self) -> str:
        caravan = self.caravan
        if caravan["location"]["kind"] != "oasis" or caravan["location"]["stop"] != FINAL_STOP:
            return ""
        if caravan["purse"] < GOAL_PURSE:
            return ""
        outcome = self.state["outcome"]
        outcome["won"] = True
        outcome["ending"] = "won"
        return (
            f"\n\nWith {caravan['purse']} dinars heavy in your purse at the fair of Sijilmar, you are the talk of "
            "every bazaar on the road. The storytellers will sing of your caravan for years. You have won."
        )

    def _lose(self, text: str) -> tuple[bool, str]:
        outcome = self.state["outcome"]
        outcome["lost"] = True
        outcome["ending"] = "lost"
        self.state["conversation"] = None
        return True, text + "\n\nThe caravan's tale is over."

    # ---------------------------------------------------------------- conversation

    def _talk(self, args: list[str]) -> tuple[bool, str]:
        oasis = self._oasis()
        if oasis is None:
            return False, "There is no one to talk to but the camels, and they have heard all your stories."
        self.state["conversation"] = {"with": oasis["merchant"], "topic": "main"}
        return True, f"{oasis['merchant_blurb']}\n\"Peace be upon you, traveller. Sit, drink.\"\n" + self._menu()

    def _menu(self) -> str:
        conversation = self.state["conversation"]
        if conversation["topic"] == "haggle":
            topics = [text for text, _ in HAGGLE_TOPICS]
        else:
            topics = list(MAIN_TOPICS)
        return "\n".join(f"  {n}. {text}" for n, text in enumerate(topics, start=1))

    def _converse(self, words: list[str]) -> tuple[bool, str]:
        conversation = self.state["conversation"]
        merchant = conversation["with"]
        if words[0] in LEAVE_WORDS:
            self.state["conversation"] = None
            return True, f"You touch your heart and rise. {merchant} bows you out from under the awning."
        choice = _quantity(words[0])
        count = len(HAGGLE_TOPICS) if conversation["topic"] == "haggle" else len(MAIN_TOPICS)
        if choice is None or not 1 <= choice <= count:
            return False, f"{merchant} waits for you to choose one of the numbers 1 to {count}, or to say bye.\n" + self._menu()
        if conversation["topic"] == "haggle":
            return self._haggle(choice)
        oasis = self._oasis()
        if choice == 1:
            return True, self._road_news(oasis) + "\n" + self._menu()
        if choice == 2:
            bargain = self.state["bargain"]
            if bargain["discount"]:
                return True, f"\"We have struck our bargain already, friend.\"\n" + self._menu()
            if bargain["offended"]:
                return True, f"{merchant} turns away. \"Not today. Perhaps tomorrow.\"\n" + self._menu()
            conversation["topic"] = "haggle"
            return True, f"{merchant} folds both hands. \"My prices are fair. Convince me otherwise.\"\n" + self._menu()
        if choice == 3:
            return True, oasis["tale"] + "\n" + self._menu()
        self.state["conversation"] = None
        return True, f"You touch your heart and rise. {merchant} bows you out from under the awning."

    def _road_news(self, oasis: dict) -> str:
        stop = self.caravan["location"]["stop"]
        if stop == FINAL_STOP:
            return "\"The road ends here, friend. Beyond Sijilmar there is only the sea.\""
        nxt = OASES[stop + 1]
        better = [
            good for good, price in oasis["prices"].items()
            if good in nxt["prices"] and nxt["prices"][good]["sell"] > price["buy"]
        ]
        hint = (
            f" They pay well there for {', '.join(better)}." if better else " I know of nothing there worth the carrying."
        )
        return f"\"{nxt['name']} is {nxt['days_from_previous']} days' march, if the wind is kind.{hint}\""

    def _haggle(self, choice: int) -> tuple[bool, str]:
        conversation = self.state["conversation"]
        merchant = conversation["with"]
        oasis = self._oasis()
        argument = HAGGLE_TOPICS[choice - 1][1]
        conversation["topic"] = "main"
        if argument is None:
            return True, f"You let the matter rest. {merchant} smiles thinly.\n" + self._menu()
        if argument == oasis["temper"]:
            self.state["bargain"]["discount"] = HAGGLE_DISCOUNT
            return True, (
                f"{merchant} throws up both hands. \"You will ruin me! Very well: a fifth off everything I sell you, "
                f"for as long as you stay.\"\n" + self._menu()
            )
        self.state["bargain"]["offended"] = True
        return True, (
            f"{merchant}'s face darkens. \"Is that how you speak to a host?\" There will be no more talk of bargains "
            "today.\n" + self._menu()
        )

"""Cairnline: the expedition itself. Pure logic, no HTTP; every reply is a radio-log line."""

from __future__ import annotations

CAMPS = ["BC", "C1", "C2", "C3"]
ALTITUDE = {"BC": 5300, "C1": 6000, "C2": 6500, "C3": 7100, "summit": 7600}
CAMP_NAMES = {"BC": "Base Camp", "C1": "Camp 1", "C2": "Camp 2", "C3": "Camp 3"}
PITCH_ROPE = {"C1": 0, "C2": 1, "C3": 2}  # coils to fix the pitch leading up into this camp
ITEMS = ["oxygen", "rope", "tent", "food"]
WEIGHT = {"oxygen": 3, "rope": 4, "tent": 4, "food": 1}
UNIT = {"oxygen": ("btl", "btl"), "rope": ("coil", "coils"), "tent": ("tent", "tents"), "food": ("day", "days")}
ALIASES = {
    "oxygen": "oxygen", "o2": "oxygen", "bottle": "oxygen", "bottles": "oxygen", "btl": "oxygen",
    "rope": "rope", "ropes": "rope", "coil": "rope", "coils": "rope",
    "tent": "tent", "tents": "tent",
    "food": "food", "ration": "food", "rations": "food",
}
CARRY_LIMIT = 15
MAX_HEALTH = 3
SUMMIT_OXYGEN = 2
SEASON_DAYS = 16
FORECAST = [
    "clear", "clear", "wind", "clear", "storm", "clear", "clear", "wind",
    "clear", "clear", "clear", "storm", "clear", "clear", "wind", "clear",
]
TEAM = ["Mira", "Tenzin", "Jonas"]

HELP = {
    "orders": (
        "Orders go to one climber by first name: <climber> <order> [args].\n"
        "  up / down            climb to the next camp up or down (one move a day)\n"
        "  take <item> [n]      take n from the camp stash into the pack (default 1)\n"
        "  drop <item> [n]      leave n from the pack in the camp stash (default 1)\n"
        "  pitch                pitch a tent from the pack at this camp\n"
        "  fix                  fix rope on the pitch above this camp (the day's move)\n"
        "  summit               the summit push from C3 (the day's move)\n"
        "  report               the climber's own report\n"
        "Base orders: base night (end the day), base forecast, base roll (everyone's position)."
    ),
    "camps": (
        "BC 5300 m, C1 6000 m, C2 6500 m, C3 7100 m; the summit stands at 7600 m.\n"
        "Base Camp has its own mess tents and cook; the high camps have only what you carry up."
    ),
    "loads": (
        "Items: oxygen (3 kg a bottle), rope (4 kg a coil), tent (4 kg), food (1 kg a day).\n"
        "A climber carries at most 15 kg in the pack."
    ),
    "weather": (
        "Each day has one weather: clear, wind or storm. Storm: nobody climbs up (down is fine).\n"
        "Wind: nobody goes up into C3. The summit push needs a clear day. The season lasts 16 days."
    ),
    "acclim": (
        "Acclimatisation: a night slept at camp Cn raises the climber to level n (it never drops).\n"
        "Going up into Cn needs level n-1; the summit push needs level 3."
    ),
    "rope": (
        "The pitch C1->C2 needs 1 coil fixed, the pitch C2->C3 needs 2 coils. A climber at the camp below\n"
        "fixes it with rope from the pack; it takes the day's move. BC->C1 is a walk."
    ),
    "night": (
        "At night each climber in a high camp needs a place in a tent (a tent sleeps 2) and one day of\n"
        "food, from the pack first, then the camp stash. Missing either costs 1 health each; health 0\n"
        "means the climber is evacuated and the expedition ends."
    ),
    "summit": (
        "From C3 on a clear day, at level 3, with 2 bottles of oxygen in the pack: the climber tops out\n"
        "at 7600 m and is back in C3 by evening. Win: someone has summited and the whole team is at BC."
    ),
}


def amount(item: str, n: int) -> str:
    """'2 btl', '1 coil', '3 tents': a count with its unit, as the state and the radio say it."""
    one, many = UNIT[item]
    return f"{n} {one if n == 1 else many}"


def describe(item: str, n: int) -> str:
    """'2 btl of oxygen', '1 tent': a count said on the radio."""
    return amount(item, n) if item == "tent" else f"{amount(item, n)} of {item}"


class Expedition:
    def __init__(self) -> None:
        self.day = 1
        self.turn = 0
        self.over = False
        self.won = False
        self.summiteers: list[str] = []
        self.fixed: dict[str, bool] = {camp: PITCH_ROPE[camp] == 0 for camp in PITCH_ROPE}
        self.camps = {
            camp: {"tents": 0, "stash": {item: 0 for item in ITEMS}} for camp in CAMPS
        }
        self.camps["BC"]["stash"].update({"oxygen": 6, "rope": 4, "tent": 4, "food": 24})
        self.climbers = {
            name: {
                "camp": "BC",
                "health": MAX_HEALTH,
                "acclim": 0,
                "pack": {item: 0 for item in ITEMS},
                "high_point": ALTITUDE["BC"],
                "moved": False,
            }
            for name in TEAM
        }

    # ----- state -------------------------------------------------------------------------------
    def weather(self) -> str:
        return FORECAST[min(self.day, SEASON_DAYS) - 1]

    def load(self, climber: dict) -> int:
        return sum(WEIGHT[item] * n for item, n in climber["pack"].items())

    def state(self) -> dict:
        camps = {}
        for camp in CAMPS:
            info = self.camps[camp]
            entry = {
                "name": CAMP_NAMES[camp],
                "altitude": f"{ALTITUDE[camp]} m",
                "tents": "base" if camp == "BC" else amount("tent", info["tents"]),
                "stash": {item: amount(item, n) for item, n in info["stash"].items()},
                "climbers": {},
            }
            if camp in PITCH_ROPE:
                entry["pitch_below"] = {
                    "from": CAMPS[CAMPS.index(camp) - 1],
                    "rope": amount("rope", PITCH_ROPE[camp]),
                    "fixed": self.fixed[camp],
                }
            for name in TEAM:
                c = self.climbers[name]
                if c["camp"] != camp:
                    continue
                entry["climbers"][name] = {
                    "health": f"{c['health']}/{MAX_HEALTH}",
                    "acclim": c["acclim"],
                    "high_point": f"{c['high_point']} m",
                    "moved_today": c["moved"],
                    "load": f"{self.load(c)} kg",
                    "pack": {item: amount(item, n) for item, n in c["pack"].items()},
                }
            camps[camp] = entry
        return {
            "expedition": {
                "day": self.day,
                "season": f"{SEASON_DAYS} days",
                "weather": self.weather() if not self.over else "-",
                "forecast": FORECAST[self.day:self.day + 3],
                "summit": f"{ALTITUDE['summit']} m",
                "summiteers": list(self.summiteers),
                "won": self.won,
                "over": self.over,
            },
            "camps": camps,
        }

    # ----- commands ----------------------------------------------------------------------------
    def command(self, text: str) -> tuple[bool, str]:
        words = text.split()
        if not words:
            return False, "BASE> Say again? Try ? for the topics."
        if words[0] == "?" or words[0].lower() == "help":
            return True, self.help(words[1:])
        if self.over:
            return False, "BASE> The expedition is over. Start a new one."
        who = words[0].capitalize()
        if who == "Base":
            ok, message = self.base(words[1:])
        elif who in self.climbers:
            if len(words) < 2:
                return False, f"BASE> {who}, say an order. Try ? orders."
            ok, message = self.order(who, words[1].lower(), words[2:])
        else:
            return False, f"BASE> No climber called {words[0]!r} on the team: {', '.join(TEAM)}."
        if ok:
            self.turn += 1
            message = self.check_end(message)
        return ok, message

    def help(self, args: list[str]) -> str:
        if not args:
            return "BASE> Topics: " + ", ".join(HELP) + ". Ask ? <topic>."
        topic = args[0].lower()
        if topic not in HELP:
            return f"BASE> No topic {args[0]!r}. Topics: " + ", ".join(HELP) + "."
        return "BASE> " + HELP[topic]

    def base(self, args: list[str]) -> tuple[bool, str]:
        order = args[0].lower() if args else ""
        if order == "night":
            return True, self.night()
        if order == "forecast":
            days = [f"day {self.day + i}: {w}" for i, w in enumerate(FORECAST[self.day - 1:self.day + 2])]
            return True, "BASE> Forecast " + "; ".join(days) + "."
        if order == "roll":
            lines = [f"BASE> Day {self.day}, {self.weather()}."]
            for name in TEAM:
                c = self.climbers[name]
                lines.append(f"BASE> {name} at {c['camp']}, health {c['health']}/{MAX_HEALTH}.")
            return True, "\n".join(lines)
        return False, "BASE> Base orders: night, forecast, roll."

    def order(self, name: str, order: str, args: list[str]) -> tuple[bool, str]:
        c = self.climbers[name]
        here = c["camp"]
        radio = f"{here}> {name}:"
        if order == "report":
            pack = ", ".join(describe(i, n) for i, n in c["pack"].items() if n) or "empty pack"
            return True, (f"{radio} at {ALTITUDE[here]} m, health {c['health']}/{MAX_HEALTH}, "
                          f"acclim {c['acclim']}, {pack}, {self.load(c)} kg.")
        if order in ("up", "down"):
            return self.move(name, c, order)
        if order in ("take", "drop"):
            return self.shift(name, c, order, args)
        if order == "pitch":
            if here == "BC":
                return False, f"{radio} Base Camp has its tents already."
            if c["pack"]["tent"] < 1:
                return False, f"{radio} No tent in my pack."
            c["pack"]["tent"] -= 1
            self.camps[here]["tents"] += 1
            return True, f"{radio} Tent up. {amount('tent', self.camps[here]['tents'])} at {here}."
        if order == "fix":
            return self.fix(name, c)
        if order == "summit":
            return self.summit(name, c)
        return False, f"{radio} Unknown order {order!r}. Try ? orders."

    def move(self, name: str, c: dict, order: str) -> tuple[bool, str]:
        here = c["camp"]
        radio = f"{here}> {name}:"
        if c["moved"]:
            return False, f"{radio} I have made my move today."
        step = 1 if order == "up" else -1
        index = CAMPS.index(here) + step
        if index < 0:
            return False, f"{radio} Already at Base Camp."
        if index >= len(CAMPS):
            return False, f"{radio} C3 is the top camp; the summit push is 'summit'."
        there = CAMPS[index]
        if step > 0:
            weather = self.weather()
            if weather == "storm":
                return False, f"{radio} Storm on the ridge; nobody goes up today."
            if weather == "wind" and there == "C3":
                return False, f"{radio} Too much wind to go up to C3."
            if c["acclim"] < index - 1:
                return False, f"{radio} Not acclimatised for {there} (level {c['acclim']}, need {index - 1})."
            if not self.fixed[there]:
                return False, f"{radio} The pitch up to {there} has no fixed rope."
        c["camp"] = there
        c["moved"] = True
        c["high_point"] = max(c["high_point"], ALTITUDE[there])
        return True, f"{there}> {name}: in at {CAMP_NAMES[there]}, {ALTITUDE[here]} m."

    def shift(self, name: str, c: dict, order: str, args: list[str]) -> tuple[bool, str]:
        here = c["camp"]
        radio = f"{here}> {name}:"
        if not args:
            return False, f"{radio} {order.capitalize()} what? Items: {', '.join(ITEMS)}."
        count = 1
        if len(args) > 1:
            if not args[1].isdecimal() or int(args[1]) < 1:
                return False, f"{radio} {args[1]!r} is not a count."
            count = int(args[1])
        stash = self.camps[here]["stash"]
        if order == "take":
            item = ALIASES.get(args[0].lower())
            if item is None:
                return False, f"{radio} No {args[0]!r} here. Items: {', '.join(ITEMS)}."
            if stash[item] < count:
                return False, f"{radio} Only {describe(item, stash[item])} in the {here} stash."
            if WEIGHT[item] * count > CARRY_LIMIT:
                return False, f"{radio} That would be {self.load(c) + WEIGHT[item] * count} kg; I carry {CARRY_LIMIT} kg at most."
            stash[item] -= count
            c["pack"][item] += count
        else:
            item = ALIASES.get(args[0].lower(), args[0].lower())
            have = c["pack"].get(item, 0)
            if have < count:
                return False, f"{radio} I have only {describe(item, have)}."
            c["pack"][item] -= count
            stash[item] += count
        verb = "Took" if order == "take" else "Left"
        return True, f"{radio} {verb} {describe(item, count)}. Pack {self.load(c)} kg."

    def fix(self, name: str, c: dict) -> tuple[bool, str]:
        here = c["camp"]
        radio = f"{here}> {name}:"
        index = CAMPS.index(here)
        if index + 1 >= len(CAMPS):
            return False, f"{radio} No pitch above C3 to fix."
        above = CAMPS[index + 1]
        if self.fixed[above]:
            return False, f"{radio} The pitch to {above} is fixed already."
        if c["moved"]:
            return False, f"{radio} I have made my move today."
        if self.weather() == "storm":
            return False, f"{radio} Storm; no work on the pitch today."
        need = PITCH_ROPE[above]
        if c["pack"]["rope"] < need:
            return False, f"{radio} The pitch to {above} takes {amount('rope', need)}; I have {amount('rope', c['pack']['rope'])}."
        c["pack"]["rope"] -= need
        c["moved"] = True
        self.fixed[above] = True
        return True, f"{radio} Pitch to {above} fixed with {amount('rope', need)}."

    def summit(self, name: str, c: dict) -> tuple[bool, str]:
        here = c["camp"]
        radio = f"{here}> {name}:"
        if here != "C3":
            return False, f"{radio} The summit push starts from C3."
        if c["moved"]:
            return False, f"{radio} I have made my move today."
        if self.weather() != "clear":
            return False, f"{radio} {self.weather().capitalize()} today; the push needs a clear day."
        if c["acclim"] < 3:
            return False, f"{radio} Not acclimatised for the summit (level {c['acclim']}, need 3)."
        if c["pack"]["oxygen"] < SUMMIT_OXYGEN:
            return False, f"{radio} The push takes {SUMMIT_OXYGEN} btl of oxygen; I have {c['pack']['oxygen']}."
        c["pack"]["oxygen"] -= SUMMIT_OXYGEN
        c["moved"] = True
        if name not in self.summiteers:
            self.summiteers.append(name)
        return True, f"{radio} On the summit, {ALTITUDE['summit']} m! Back in C3 by evening."

    # ----- night and the end -------------------------------------------------------------------
    def night(self) -> str:
        lines = [f"BASE> Night {self.day}."]
        for camp in CAMPS[1:]:
            info = self.camps[camp]
            beds = info["tents"] * 2
            sleepers = [name for name in TEAM if self.climbers[name]["camp"] == camp]
            for place, name in enumerate(sleepers):
                c = self.climbers[name]
                if place > beds:
                    c["health"] -= 1
                    lines.append(f"{camp}> {name}: no room in a tent, a cold night out.")
                fed = False
                for store in (c["pack"], info["stash"]):
                    if store["food"] > 0:
                        store["food"] -= 1
                        fed = True
                if not fed:
                    c["health"] -= 1
                    lines.append(f"{camp}> {name}: no food tonight.")
                c["acclim"] = max(c["acclim"], CAMPS.index(camp))
        for c in self.climbers.values():
            c["moved"] = False
        self.day += 1
        down = [name for name in TEAM if self.climbers[name]["health"] <= 0]
        if down:
            self.over = True
            lines.append(f"BASE> {', '.join(down)} evacuated. The expedition is over.")
        elif self.day > SEASON_DAYS:
            self.over = True
            lines.append("BASE> The monsoon has come. The season is over; the expedition goes home.")
        else:
            lines.append(f"BASE> Day {self.day}: {self.weather()}.")
        return "\n".join(lines)

    def check_end(self, message: str) -> str:
        if self.over:
            return message
        home = all(c["camp"] == "BC" for c in self.climbers.values())
        if self.summiteers and home:
            self.over = True
            self.won = True
            return message + "\nBASE> Summit done and the whole team home at Base Camp. Expedition won!"
        return message

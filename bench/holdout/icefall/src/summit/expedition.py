"""The Kharsa expedition: a team of three climbing from Base Camp to the summit and back."""

from __future__ import annotations

import copy

CAMPS = ["Base Camp", "Camp I", "Camp II", "Camp III", "Camp IV", "Summit"]
ROPES_NEEDED = {"Camp II": 2, "Camp IV": 1}
SECTION_NAMES = {
    "Base Camp": "the moraine",
    "Camp I": "the icefall",
    "Camp II": "the Grey Face",
    "Camp III": "the Yellow Band",
    "Camp IV": "the summit ridge",
}
SKIES = {"clear": "under a clear sky", "wind": "into a hard wind", "storm": "into a storm"}
WEATHER_CYCLE = ["clear", "clear", "wind", "clear", "storm", "clear", "wind", "clear"]
CLIMBERS = ["Mara", "Tenzin", "Olek"]

MAX_STAMINA = 100
ASCEND_COST = 20
WIND_ASCEND_COST = 30
DESCEND_COST = 15
FIX_COST = 10
REST_GAIN = 10
CAMP_GAIN_LOW = 30
CAMP_GAIN_HIGH = 20
OXYGEN_FROM = 3  # leaving Camp III or higher needs bottles and acclimatisation
ACCLIMATISED_AT = 2
NIGHTS_TO_ACCLIMATISE = 2
CARRY_LIMIT = {"oxygen": 3, "rope": 2}
LAST_ASCENT_START = 10
LAST_DESCENT_START = 14
WORK_ENDS = 20
ASCEND_HOURS = 8
DESCEND_HOURS = 4
WORK_HOURS = 2
FIRST_HOUR = 6

ITEM_WORDS = {
    "oxygen": "oxygen",
    "o2": "oxygen",
    "bottle": "oxygen",
    "bottles": "oxygen",
    "rope": "rope",
    "ropes": "rope",
}
VERBS = ["ascend", "descend", "rest", "camp", "carry", "leave", "fix", "send", "status", "help", "faq"]
ALIASES = {"up": "ascend", "down": "descend", "climb": "ascend", "?": "help", "look": "status", "sleep": "camp"}


def weather_on(day: int) -> str:
    return WEATHER_CYCLE[(day - 1) % len(WEATHER_CYCLE)]


def upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def rank(camp: str) -> int:
    return CAMPS.index(camp)


def plural(count: int, item: str) -> str:
    if item == "oxygen":
        return f"{count} oxygen bottle" + ("" if count == 1 else "s")
    return f"{count} rope" + ("" if count == 1 else "s")


class Refusal(Exception):
    """A command the expedition cannot carry out; the message is logged for the player."""


class Expedition:
    def __init__(self) -> None:
        self.day = 1
        self.hour = FIRST_HOUR
        self.camp = "Base Camp"
        self.acclimatised = "Base Camp"
        self.nights = {camp: 0 for camp in CAMPS}
        self.summited = False
        self.won = False
        self.turn = 0
        self.fixed = {camp: 0 for camp in ROPES_NEEDED}
        self.team = [
            {"name": name, "status": "climbing", "stamina": MAX_STAMINA, "oxygen": {"bottles": 0, "flow": 1}, "rope": 0}
            for name in CLIMBERS
        ]
        self.stores: dict[str, dict[str, int]] = {"Base Camp": {"oxygen": 9, "rope": 4}}

    # ----- views -------------------------------------------------------------------------------------------
    def stamp(self) -> str:
        return f"[Day {self.day} {self.hour:02d}:00]"

    def climbing(self) -> list[dict]:
        return [m for m in self.team if m["status"] == "climbing"]

    def load(self, member: dict, item: str) -> int:
        return member["oxygen"]["bottles"] if item == "oxygen" else member["rope"]

    def set_load(self, member: dict, item: str, value: int) -> None:
        if item == "oxygen":
            member["oxygen"]["bottles"] = value
        else:
            member["rope"] = value

    def route(self) -> list[dict]:
        sections = []
        for lower, upper in zip(CAMPS, CAMPS[1:]):
            needed = ROPES_NEEDED.get(lower, 0)
            sections.append(
                {
                    "from": lower,
                    "to": upper,
                    "name": SECTION_NAMES[lower],
                    "ropes_needed": needed,
                    "ropes_fixed": self.fixed.get(lower, 0),
                }
            )
        return sections

    def state(self) -> dict:
        return {
            "expedition": {
                "day": self.day,
                "time": f"{self.hour:02d}:00",
                "camp": self.camp,
                "weather": weather_on(self.day),
                "acclimatised": self.acclimatised,
                "summited": self.summited,
                "won": self.won,
                "route": self.route(),
            },
            "team": copy.deepcopy(self.team),
            "stores": copy.deepcopy(self.stores),
        }

    def intro(self) -> str:
        return (
            f"{self.stamp()} The expedition gathers at Base Camp below Kharsa Peak. "
            "Mara, Tenzin and Olek are fit and rested; the Base Camp stores hold 9 oxygen bottles and 4 ropes. "
            "Type help for the expedition FAQ."
        )

    # ----- commands ----------------------------------------------------------------------------------------
    def command(self, text: str) -> tuple[bool, str]:
        self.turn += 1
        words = text.strip().lower().replace(",", " ").split()
        if not words:
            return False, f"{self.stamp()} The team waits for an order. Type help for the FAQ."
        verb = self.verb(words[0])
        if verb is None:
            return False, f"{self.stamp()} Nobody understands '{words[0]}'. Type help for the FAQ."
        if self.won and verb not in ("help", "status"):
            return False, f"{self.stamp()} The expedition is over: the team is home with the summit behind it."
        handler = getattr(self, f"do_{verb}")
        try:
            return True, handler(words[1:])
        except Refusal as exc:
            return False, f"{self.stamp()} {exc}"

    def verb(self, word: str) -> str | None:
        if word in ALIASES:
            return ALIASES[word]
        if word in VERBS:
            return "help" if word == "faq" else word
        matches = [v for v in VERBS if v.startswith(word)] if len(word) >= 3 else []
        if len(matches) == 1:
            return "help" if matches[0] == "faq" else matches[0]
        return None

    def do_help(self, _args: list[str]) -> str:
        return HELP_TEXT

    def do_status(self, _args: list[str]) -> str:
        lines = [f"{self.stamp()} At {self.camp}; the weather today is {weather_on(self.day)}."]
        for m in self.team:
            if m["status"] == "climbing":
                lines.append(
                    f"  {m['name']}: stamina {m['stamina']}, {plural(m['oxygen']['bottles'], 'oxygen')}, "
                    f"{plural(m['rope'], 'rope')}"
                )
            else:
                lines.append(f"  {m['name']}: sent down to Base Camp")
        stored = self.stores.get(self.camp, {})
        if stored and any(stored.values()):
            goods = ", ".join(plural(n, item) for item, n in sorted(stored.items()) if n)
            lines.append(f"  Stored at {self.camp}: {goods}.")
        else:
            lines.append(f"  Nothing is stored at {self.camp}.")
        return "\n".join(lines)

    def do_ascend(self, _args: list[str]) -> str:
        here = rank(self.camp)
        if self.camp == "Summit":
            raise Refusal("There is nothing higher than the summit.")
        weather = weather_on(self.day)
        if weather == "storm":
            raise Refusal("A storm rages on the mountain: nobody climbs today.")
        if self.hour > LAST_ASCENT_START:
            raise Refusal("It is too late to start a climb today: the climb must begin by 10:00. Camp first.")
        if here >= OXYGEN_FROM and rank(self.acclimatised) < ACCLIMATISED_AT:
            raise Refusal(
                f"The team is not acclimatised for the climb above {self.camp}: "
                "spend two nights at Camp II or higher first."
            )
        needed = ROPES_NEEDED.get(self.camp, 0)
        if self.fixed.get(self.camp, 0) < needed:
            raise Refusal(
                f"{upper_first(SECTION_NAMES[self.camp])} needs {needed} fixed ropes before anyone climbs it; "
                f"{self.fixed.get(self.camp, 0)} are fixed."
            )
        cost = WIND_ASCEND_COST if weather == "wind" else ASCEND_COST
        tired = [m["name"] for m in self.climbing() if m["stamina"] < cost]
        if tired:
            raise Refusal(f"{', '.join(tired)} lacks the strength for the climb (it costs {cost} stamina).")
        if here >= OXYGEN_FROM:
            empty = [m["name"] for m in self.climbing() if m["oxygen"]["bottles"] < m["oxygen"]["flow"]]
            if empty:
                raise Refusal(f"{', '.join(empty)} has no oxygen for the thin air above {self.camp}.")
        start = self.stamp()
        for m in self.climbing():
            m["stamina"] -= cost
            if here >= OXYGEN_FROM:
                m["oxygen"]["bottles"] -= m["oxygen"]["flow"]
        self.hour += ASCEND_HOURS
        self.camp = CAMPS[here + 1]
        lines = [f"{start} The team sets off up {SECTION_NAMES[CAMPS[here]]} {SKIES[weather]}."]
        if self.camp == "Summit":
            self.summited = True
            lines.append(f"{self.stamp()} The team stands on the summit of Kharsa Peak! Now get everyone down.")
        else:
            lines.append(f"{self.stamp()} The team reaches {self.camp}.")
        return "\n".join(lines)

    def do_descend(self, _args: list[str]) -> str:
        here = rank(self.camp)
        if here == 0:
            raise Refusal("The team is already at Base Camp.")
        if self.hour > LAST_DESCENT_START:
            raise Refusal("It is too late to start down today: the descent must begin by 14:00. Camp first.")
        tired = [m["name"] for m in self.climbing() if m["stamina"] < DESCEND_COST]
        if tired:
            raise Refusal(f"{', '.join(tired)} lacks the strength to descend (it costs {DESCEND_COST} stamina).")
        start = self.stamp()
        for m in self.climbing():
            m["stamina"] -= DESCEND_COST
        self.hour += DESCEND_HOURS
        self.camp = CAMPS[here - 1]
        lines = [f"{start} The team starts down {SECTION_NAMES[self.camp]}."]
        lines.append(f"{self.stamp()} The team reaches {self.camp}.")
        if self.camp == "Base Camp" and self.summited:
            self.won = True
            lines.append(f"{self.stamp()} Everyone is home safe with the summit behind them. The expedition is won!")
        return "\n".join(lines)

    def do_rest(self, _args: list[str]) -> str:
        if self.hour + WORK_HOURS > WORK_ENDS:
            raise Refusal("It is too late for anything but sleep: camp for the night.")
        start = self.stamp()
        for m in self.climbing():
            m["stamina"] = min(MAX_STAMINA, m["stamina"] + REST_GAIN)
        self.hour += WORK_HOURS
        return f"{start} The team rests for two hours at {self.camp}."

    def do_camp(self, _args: list[str]) -> str:
        if self.camp == "Summit":
            raise Refusal("There is no room for tents on the summit: descend first.")
        here = rank(self.camp)
        gain = CAMP_GAIN_HIGH if here == OXYGEN_FROM else CAMP_GAIN_LOW
        for m in self.climbing():
            m["stamina"] = min(MAX_STAMINA, m["stamina"] + gain)
        self.nights[self.camp] += 1
        if self.nights[self.camp] >= NIGHTS_TO_ACCLIMATISE and rank(self.acclimatised) < here:
            self.acclimatised = self.camp
        dusk = self.stamp()
        weather = weather_on(self.day)
        self.day += 1
        self.hour = FIRST_HOUR
        return f"{dusk} The team pitches its tents at {self.camp}.\n{self.stamp()} Day {self.day} dawns: {weather}."

    def parse_amount(self, args: list[str], verb: str) -> tuple[int, str]:
        if not args:
            raise Refusal(f"{upper_first(verb)} what? Say, for example, {verb} 2 oxygen.")
        count = 1
        if args[0].isdigit():
            count = int(args[0])
            args = args[1:]
        item = ITEM_WORDS.get(args[0]) if args else None
        if item is None:
            raise Refusal(f"{upper_first(verb)} what? The team deals in oxygen and rope.")
        if count < 1:
            raise Refusal("Name a number of at least 1.")
        return count, item

    def do_carry(self, args: list[str]) -> str:
        count, item = self.parse_amount(args, "carry")
        if self.camp == "Summit":
            raise Refusal("Nothing is stored on the summit.")
        stored = self.stores[self.camp]
        if stored.get(item, 0) < count:
            raise Refusal(f"The {self.camp} stores hold only {plural(stored.get(item, 0), item)}.")
        team = self.climbing()
        room = sum(CARRY_LIMIT[item] - self.load(m, item) for m in team)
        if room < count:
            raise Refusal(f"The team can carry only {plural(room, item)} more.")
        for _ in range(count):
            fewest = min(self.load(m, item) for m in team)
            taker = [m for m in team if self.load(m, item) == fewest][-1]
            self.set_load(taker, item, self.load(taker, item) + 1)
        stored[item] -= count
        return f"{self.stamp()} The team takes {plural(count, item)} from the {self.camp} stores."

    def do_leave(self, args: list[str]) -> str:
        count, item = self.parse_amount(args, "leave")
        if self.camp == "Summit":
            raise Refusal("Nothing can be left on the summit.")
        team = self.climbing()
        held = sum(self.load(m, item) for m in team)
        if held < count:
            raise Refusal(f"The team carries only {plural(held, item)}.")
        for _ in range(count):
            most = max(self.load(m, item) for m in team)
            giver = [m for m in team if self.load(m, item) == most][0]
            self.set_load(giver, item, self.load(giver, item) - 1)
        stored = self.stores.setdefault(self.camp, {"oxygen": 0, "rope": 0})
        stored[item] = stored.get(item, 0) + count
        return f"{self.stamp()} The team leaves {plural(count, item)} in the {self.camp} stores."

    def do_fix(self, args: list[str]) -> str:
        if args and ITEM_WORDS.get(args[0]) != "rope":
            raise Refusal("Only rope can be fixed: type fix rope.")
        needed = ROPES_NEEDED.get(self.camp, 0)
        if needed == 0:
            raise Refusal(f"The way up from {self.camp} needs no fixed rope.")
        if self.fixed[self.camp] >= needed:
            raise Refusal(f"All {needed} ropes on {SECTION_NAMES[self.camp]} are fixed already.")
        if self.hour + WORK_HOURS > WORK_ENDS:
            raise Refusal("It is too late to work on the route: camp for the night.")
        team = self.climbing()
        if not any(m["rope"] for m in team):
            raise Refusal("Nobody carries a rope. Carry one from the stores first.")
        tired = [m["name"] for m in team if m["stamina"] < FIX_COST]
        if tired:
            raise Refusal(f"{', '.join(tired)} lacks the strength to fix rope (it costs {FIX_COST} stamina).")
        most = max(m["rope"] for m in team)
        giver = [m for m in team if m["rope"] == most][0]
        giver["rope"] -= 1
        for m in team:
            m["stamina"] -= FIX_COST
        start = self.stamp()
        self.fixed[self.camp] += 1
        self.hour += WORK_HOURS
        section = SECTION_NAMES[self.camp]
        line = f"{start} {giver['name']} leads the team fixing rope {self.fixed[self.camp]} of {needed} on {section}."
        if self.fixed[self.camp] == needed:
            line += f"\n{self.stamp()} {upper_first(section)} is roped: the way up is open."
        return line

    def do_send(self, args: list[str]) -> str:
        names = [w for w in args if w not in ("down", "to", "base", "camp", "home")]
        if not names:
            raise Refusal("Send whom down? Say, for example, send mara down.")
        wanted = names[0].capitalize()
        member = next((m for m in self.team if m["name"] == wanted), None)
        if member is None:
            raise Refusal(f"There is no {wanted} on the team: the climbers are Mara, Tenzin and Olek.")
        if member["status"] != "climbing":
            raise Refusal(f"{wanted} has already gone down.")
        if self.camp == "Base Camp":
            raise Refusal(f"{wanted} is at Base Camp already.")
        if len(self.climbing()) == 1:
            raise Refusal(f"{wanted} is the last climber on the mountain and stays with the expedition.")
        left = []
        stored = self.stores.setdefault(self.camp, {"oxygen": 0, "rope": 0})
        bottles = member["oxygen"]["bottles"]
        if bottles:
            stored["oxygen"] = stored.get("oxygen", 0) + bottles
            left.append(plural(bottles, "oxygen"))
        if member["rope"]:
            left.append(plural(member["rope"], "rope"))
        member["oxygen"]["bottles"] = 0
        member["rope"] = 0
        member["status"] = "sent down"
        line = f"{self.stamp()} {wanted} turns back and heads down to Base Camp."
        if left:
            line += f" {wanted} leaves {' and '.join(left)} in the {self.camp} stores."
        return line


HELP_TEXT = """Expedition FAQ
Q: How do we move up? A: Type ascend, or asc. The climb to the next camp takes 8 hours and must start by 10:00.
Q: How do we go back down? A: Type descend, or desc. It takes 4 hours and must start by 14:00.
Q: How do we recover? A: Type rest for two hours off your feet, or camp to sleep until 06:00 the next day.
Q: How do we take gear from a camp's stores? A: Type carry 2 oxygen, or carry 1 rope.
Q: How do we leave gear at a camp? A: Type leave 2 oxygen, or leave 1 rope.
Q: How do we open a steep section? A: Type fix rope at the camp below it.
Q: What if someone cannot go on? A: Type send mara down (or tenzin, or olek).
Q: How do we see the team? A: Type status, or look.
Q: Can we shorten words? A: Yes: any three or more letters that name one order (asc, desc, car, sta...).
Q: Where are the rules? A: In docs/rules.md: stamina, weather, oxygen, ropes and acclimatisation."""

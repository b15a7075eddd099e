"""Kilnworth: one week in the life of a small pottery kiln co-operative.

The whole game is a flat dict of snake_case keys (units in the names) plus the
commands that change it. The HTTP layer lives in server.py.
"""

from __future__ import annotations

import getopt
import shlex
from dataclasses import dataclass, field

from manpages import COMMAND_ORDER, MAN_PAGES

ROOM_TEMP_C = 20
MAX_TEMP_C = 1300
COOL_C_PER_HOUR = 100
SAFE_UNLOAD_C = 200

PENCE_PER_KWH = 28
CLAY_PENCE_PER_KG = 150
CLAY_BULK_PENCE_PER_KG = 120
CLAY_BULK_KG = 10
GLAZE_PENCE_PER_ML = 3
GLAZE_ML_PER_PIECE = 100
PIECE_PRICE_PENCE = 1800
JOINING_FEE_PENCE = 2000
PIECES_PER_MEMBER_PER_DAY = 4
MAX_MEMBERS = 6
LEASE_DAYS = 7
TARGET_SOLD_COUNT = 12

GLAZES = ("celadon", "tenmoku", "shino")
DEFAULT_GLAZE = "celadon"

# Each stage's firing window: below it the pieces come out unchanged, above it they crack.
STAGES = {"bisque": (900, 1050), "glaze": (1200, 1280)}
STAGE_SOURCE = {"bisque": "pieces_greenware_count", "glaze": "pieces_glazed_count"}
STAGE_RESULT = {"bisque": "pieces_bisque_count", "glaze": "pieces_finished_count"}


@dataclass(frozen=True)
class Kiln:
    number: int
    name: str
    capacity_count: int
    power_kw: int
    ramp_c_per_hour: int
    schedule_hours: dict[str, int] = field(default_factory=dict)


KILNS = {
    1: Kiln(1, "the test kiln", 8, 3, 200, {"bisque": 5, "glaze": 6}),
    2: Kiln(2, "the big kiln", 20, 8, 150, {"bisque": 6, "glaze": 8}),
}

# command -> (short options for getopt, long options for getopt, short letter -> long name)
FLAGS = {
    "help": ("", [], {}),
    "status": ("", [], {}),
    "kilns": ("", [], {}),
    "enrol": ("n:", ["name="], {"n": "name"}),
    "buy": ("c:g:m:", ["clay=", "glaze=", "ml="], {"c": "clay", "g": "glaze", "m": "ml"}),
    "throw": ("n:", ["count="], {"n": "count"}),
    "glaze": ("n:g:", ["count=", "glaze="], {"n": "count", "g": "glaze"}),
    "load": ("k:n:s:", ["kiln=", "count=", "stage="], {"k": "kiln", "n": "count", "s": "stage"}),
    "fire": ("k:h:", ["kiln=", "hours="], {"k": "kiln", "h": "hours"}),
    "wait": ("h:", ["hours="], {"h": "hours"}),
    "unload": ("k:", ["kiln="], {"k": "kiln"}),
    "sell": ("n:", ["count="], {"n": "count"}),
}

ALWAYS_ALLOWED = {"help", "status", "kilns"}


class CommandError(Exception):
    """A command the co-op refuses; the text is what the player reads."""


def money(pence: int) -> str:
    sign = "-" if pence < 0 else ""
    pence = abs(pence)
    return f"{sign}£{pence // 100}.{pence % 100:02d}"


def clock(hour: int) -> str:
    return f"{hour:02d}:00"


def new_state() -> dict:
    state = {
        "day_number": 1,
        "clock_hour": 8,
        "till_pence": 5000,
        "clay_kg": 5,
        "glaze_celadon_ml": 500,
        "glaze_tenmoku_ml": 300,
        "glaze_shino_ml": 0,
        "members_count": 2,
        "member_names": ["Agnes", "Bert"],
        "pieces_thrown_today_count": 0,
        "pieces_wet_count": 0,
        "pieces_greenware_count": 0,
        "pieces_bisque_count": 0,
        "pieces_glazed_count": 0,
        "pieces_finished_count": 0,
        "pieces_cracked_count": 0,
        "pieces_sold_count": 0,
        "electricity_used_kwh": 0,
        "electricity_owed_pence": 0,
        "electricity_paid_pence": 0,
    }
    for n, kiln in KILNS.items():
        state[f"kiln_{n}_status"] = "empty"
        state[f"kiln_{n}_stage"] = ""
        state[f"kiln_{n}_load_count"] = 0
        state[f"kiln_{n}_capacity_count"] = kiln.capacity_count
        state[f"kiln_{n}_temp_c"] = ROOM_TEMP_C
        state[f"kiln_{n}_peak_c"] = 0
        state[f"kiln_{n}_hours_left"] = 0
        state[f"kiln_{n}_fired_today"] = False
    state["won"] = False
    state["game_over"] = False
    return state


class Game:
    def __init__(self) -> None:
        self.state = new_state()
        self.turn = 0

    # ----- entry points -------------------------------------------------------------------

    def intro(self) -> str:
        return (
            "Welcome to Kilnworth, a pottery co-op with two kilns, two members and a seven-day lease.\n"
            f"Sell {TARGET_SOLD_COUNT} finished pieces before the lease runs out at the end of day "
            f"{LEASE_DAYS}.\nIt is day 1, 08:00. Type help for the commands."
        )

    def run(self, line: str) -> tuple[bool, str]:
        """Play one command line; returns (success, message)."""
        self.turn += 1
        try:
            words = shlex.split(line)
        except ValueError as exc:
            return False, f"Could not read that command: {exc}."
        if not words:
            return False, "Type a command, or help for the list."
        name, args = words[0].lower(), words[1:]
        if name not in FLAGS:
            return False, f"kilnworth: no such command '{words[0]}'. Type help for the list."
        if self.state["game_over"] and name not in ALWAYS_ALLOWED:
            return False, "The week is over and the co-op is closed. Start a new game to play again."
        short, long, letters = FLAGS[name]
        try:
            pairs, rest = getopt.gnu_getopt(args, short, long)
        except getopt.GetoptError as exc:
            return False, f"{name}: {exc.msg}. See help {name}."
        opts = {}
        for flag, value in pairs:
            key = flag.lstrip("-")
            opts[letters.get(key, key)] = value
        if name == "help":
            return self.cmd_help(rest)
        if rest:
            return False, f"{name}: unexpected argument '{rest[0]}'. See help {name}."
        try:
            message = getattr(self, f"cmd_{name}")(opts)
        except CommandError as exc:
            return False, str(exc)
        return True, message

    # ----- option helpers ---------------------------------------------------------------

    def _int_opt(self, opts: dict, name: str, default: int | None = None, lo: int | None = None,
                 hi: int | None = None) -> int:
        if name not in opts:
            if default is None:
                raise CommandError(f"--{name} is required.")
            return default
        try:
            value = int(opts[name])
        except ValueError:
            raise CommandError(f"--{name} wants a whole number, not '{opts[name]}'.") from None
        if lo is not None and value < lo:
            raise CommandError(f"--{name} must be at least {lo}.")
        if hi is not None and value > hi:
            raise CommandError(f"--{name} can be at most {hi}.")
        return value

    def _kiln_opt(self, opts: dict) -> Kiln:
        number = self._int_opt(opts, "kiln")
        if number not in KILNS:
            raise CommandError(f"There is no kiln {number}: the co-op has kilns 1 and 2.")
        return KILNS[number]

    # ----- commands -------------------------------------------------------------------------

    def cmd_help(self, rest: list[str]) -> tuple[bool, str]:
        if not rest:
            return True, " ".join(COMMAND_ORDER)
        topic = rest[0].lower()
        if topic not in MAN_PAGES:
            return False, f"No manual entry for {rest[0]}."
        return True, MAN_PAGES[topic]

    def cmd_status(self, opts: dict) -> str:
        s = self.state
        glazes = ", ".join(f"{g} {s[f'glaze_{g}_ml']} ml" for g in GLAZES)
        lines = [
            f"Day {s['day_number']} of {LEASE_DAYS}, {clock(s['clock_hour'])}.",
            f"Till: {money(s['till_pence'])}. Electricity owed: {money(s['electricity_owed_pence'])}.",
            f"Members ({s['members_count']}): {', '.join(s['member_names'])}. "
            f"Thrown today: {s['pieces_thrown_today_count']} of "
            f"{s['members_count'] * PIECES_PER_MEMBER_PER_DAY}.",
            f"Clay: {s['clay_kg']} kg. Glazes: {glazes}.",
            f"Pieces: {s['pieces_wet_count']} drying, {s['pieces_greenware_count']} greenware, "
            f"{s['pieces_bisque_count']} bisque, {s['pieces_glazed_count']} glazed, "
            f"{s['pieces_finished_count']} finished, {s['pieces_cracked_count']} cracked, "
            f"{s['pieces_sold_count']} sold of {TARGET_SOLD_COUNT}.",
        ]
        for n in KILNS:
            lines.append(self._kiln_line(n))
        return "\n".join(lines)

    def cmd_kilns(self, opts: dict) -> str:
        lines = []
        for n, kiln in KILNS.items():
            lines.append(
                f"Kiln {n}, {kiln.name}: holds {kiln.capacity_count} pieces, draws {kiln.power_kw} kW, "
                f"climbs {kiln.ramp_c_per_hour} C an hour; standard schedule bisque "
                f"{kiln.schedule_hours['bisque']} h, glaze {kiln.schedule_hours['glaze']} h."
            )
            lines.append("  " + self._kiln_line(n))
        return "\n".join(lines)

    def _kiln_line(self, n: int) -> str:
        s = self.state
        status = s[f"kiln_{n}_status"]
        temp = s[f"kiln_{n}_temp_c"]
        load = s[f"kiln_{n}_load_count"]
        stage = s[f"kiln_{n}_stage"]
        if status == "empty":
            text = f"Kiln {n}: empty, {temp} C."
        elif status == "loaded":
            text = f"Kiln {n}: loaded with {load} {stage} pieces, {temp} C."
        elif status == "firing":
            text = (f"Kiln {n}: firing {load} {stage} pieces, {temp} C, "
                    f"{s[f'kiln_{n}_hours_left']} h to go.")
        else:
            text = f"Kiln {n}: fired {load} {stage} pieces to {s[f'kiln_{n}_peak_c']} C, now {temp} C."
        if s[f"kiln_{n}_fired_today"]:
            text += " Already fired today."
        return text

    def cmd_enrol(self, opts: dict) -> str:
        s = self.state
        name = opts.get("name", "").strip()
        if not name:
            raise CommandError("Enrol whom? Give a name with --name.")
        if not name.isalpha() or len(name) > 20:
            raise CommandError("A member's name is one word of letters, at most 20 of them.")
        name = name.capitalize()
        if name.lower() in (m.lower() for m in s["member_names"]):
            raise CommandError(f"{name} is already a member.")
        if s["members_count"] >= MAX_MEMBERS:
            raise CommandError(f"The studio has wheels for {MAX_MEMBERS} members and they are all taken.")
        s["member_names"].append(name)
        s["members_count"] += 1
        s["till_pence"] += JOINING_FEE_PENCE
        return (
            f"Welcome to the co-op, {name}! The joining fee of {money(JOINING_FEE_PENCE)} is in the till. "
            f"With {s['members_count']} members you can throw "
            f"{s['members_count'] * PIECES_PER_MEMBER_PER_DAY} pieces a day."
        )

    def cmd_buy(self, opts: dict) -> str:
        s = self.state
        if "clay" in opts and "glaze" in opts:
            raise CommandError("One order at a time: clay or a glaze.")
        if "clay" in opts:
            kg = self._int_opt(opts, "clay", lo=1, hi=100)
            rate = CLAY_BULK_PENCE_PER_KG if kg > CLAY_BULK_KG else CLAY_PENCE_PER_KG
            price = kg * rate
            if s["till_pence"] < price:
                raise CommandError(f"{kg} kg of clay costs {money(price)}; the till has {money(s['till_pence'])}.")
            s["till_pence"] -= price
            s["clay_kg"] += kg
            return f"Bought {kg} kg of clay at {rate}p a kg for {money(price)}. You have {s['clay_kg']} kg."
        if "glaze" in opts:
            glaze = opts["glaze"].lower()
            if glaze not in GLAZES:
                raise CommandError(f"The supplier sells {', '.join(GLAZES)}; no '{opts['glaze']}'.")
            ml = self._int_opt(opts, "ml", default=500, lo=100, hi=5000)
            if ml % 100:
                raise CommandError("Glaze comes in 100 ml measures.")
            price = ml * GLAZE_PENCE_PER_ML
            if s["till_pence"] < price:
                raise CommandError(f"{ml} ml of {glaze} costs {money(price)}; the till has {money(s['till_pence'])}.")
            s["till_pence"] -= price
            s[f"glaze_{glaze}_ml"] += ml
            return f"Bought {ml} ml of {glaze} for {money(price)}. You have {s[f'glaze_{glaze}_ml']} ml."
        raise CommandError("Buy what? Try buy --clay 10 or buy --glaze celadon.")

    def cmd_throw(self, opts: dict) -> str:
        s = self.state
        count = self._int_opt(opts, "count", lo=1, hi=50)
        limit = s["members_count"] * PIECES_PER_MEMBER_PER_DAY
        done = s["pieces_thrown_today_count"]
        if done + count > limit:
            raise CommandError(
                f"{s['members_count']} members can throw {limit} pieces a day and {done} are thrown already."
            )
        if s["clay_kg"] < count:
            raise CommandError(f"{count} pieces need {count} kg of clay; you have {s['clay_kg']} kg.")
        s["clay_kg"] -= count
        s["pieces_wet_count"] += count
        s["pieces_thrown_today_count"] += count
        return f"The members throw {count} pieces ({count} kg of clay). They dry overnight into greenware."

    def cmd_glaze(self, opts: dict) -> str:
        s = self.state
        count = self._int_opt(opts, "count", lo=1, hi=50)
        glaze = opts.get("glaze", DEFAULT_GLAZE).lower()
        if glaze not in GLAZES:
            raise CommandError(f"The glaze shelf has {', '.join(GLAZES)}; no '{opts['glaze']}'.")
        if s["pieces_bisque_count"] < count:
            raise CommandError(f"You have {s['pieces_bisque_count']} bisque pieces to glaze, not {count}.")
        need = count * GLAZE_ML_PER_PIECE
        key = f"glaze_{glaze}_ml"
        if s[key] < need:
            raise CommandError(f"{count} pieces need {need} ml of {glaze}; the bucket holds {s[key]} ml.")
        s[key] -= need
        s["pieces_bisque_count"] -= count
        s["pieces_glazed_count"] += count
        return f"Dipped {count} bisque pieces in {glaze} ({need} ml). They are ready for a glaze firing."

    def cmd_load(self, opts: dict) -> str:
        s = self.state
        kiln = self._kiln_opt(opts)
        n = kiln.number
        stage = opts.get("stage", "bisque").lower()
        if stage not in STAGES:
            raise CommandError("--stage is bisque or glaze.")
        status = s[f"kiln_{n}_status"]
        if status == "firing":
            raise CommandError(f"Kiln {n} is firing; it can't be opened.")
        if status == "fired":
            raise CommandError(f"Kiln {n} still holds its last firing. Unload it first.")
        if s[f"kiln_{n}_temp_c"] > SAFE_UNLOAD_C:
            raise CommandError(f"Kiln {n} is at {s[f'kiln_{n}_temp_c']} C: too hot to load.")
        if status == "loaded" and s[f"kiln_{n}_stage"] != stage:
            raise CommandError(f"Kiln {n} already holds {s[f'kiln_{n}_stage']} pieces; stages don't mix.")
        loaded = s[f"kiln_{n}_load_count"]
        source = STAGE_SOURCE[stage]
        room = kiln.capacity_count - loaded
        count = self._int_opt(opts, "count", default=min(room, s[source]))
        if count < 1:
            raise CommandError(f"Nothing to load: kiln {n} has room for {room}, "
                               f"and you have {s[source]} pieces ready for a {stage} firing.")
        if loaded + count > kiln.capacity_count:
            raise CommandError(f"Kiln {n} holds {kiln.capacity_count} pieces and has {loaded} in it already.")
        if s[source] < count:
            raise CommandError(f"You have {s[source]} pieces ready for a {stage} firing, not {count}.")
        s[source] -= count
        s[f"kiln_{n}_load_count"] = loaded + count
        s[f"kiln_{n}_stage"] = stage
        s[f"kiln_{n}_status"] = "loaded"
        return f"Loaded {count} pieces into kiln {n} for a {stage} firing ({loaded + count} of {kiln.capacity_count})."

    def cmd_fire(self, opts: dict) -> str:
        s = self.state
        kiln = self._kiln_opt(opts)
        n = kiln.number
        status = s[f"kiln_{n}_status"]
        if status == "firing":
            raise CommandError(f"Kiln {n} is already firing.")
        if status == "empty":
            raise CommandError(f"Kiln {n} is empty. Load it first.")
        if status == "fired":
            raise CommandError(f"Kiln {n} still holds its last firing. Unload it first.")
        if s[f"kiln_{n}_fired_today"]:
            raise CommandError(f"Kiln {n} has already been fired today; its elements rest until tomorrow.")
        stage = s[f"kiln_{n}_stage"]
        hours = self._int_opt(opts, "hours", default=kiln.schedule_hours[stage], lo=1, hi=12)
        kwh = hours * kiln.power_kw
        cost = kwh * PENCE_PER_KWH
        owed = s["electricity_owed_pence"]
        if s["till_pence"] < owed + cost:
            raise CommandError(
                f"This firing would cost {money(cost)} of electricity and {money(owed)} is owed already; "
                f"the till has only {money(s['till_pence'])}."
            )
        peak = min(s[f"kiln_{n}_temp_c"] + hours * kiln.ramp_c_per_hour, MAX_TEMP_C)
        s[f"kiln_{n}_status"] = "firing"
        s[f"kiln_{n}_hours_left"] = hours
        s[f"kiln_{n}_fired_today"] = True
        s["electricity_used_kwh"] += hours
        s["electricity_owed_pence"] += cost
        finish = s["clock_hour"] + hours
        when = clock(finish) if finish < 24 else f"{clock(finish - 24)} tomorrow"
        return (
            f"Kiln {n} is firing {s[f'kiln_{n}_load_count']} {stage} pieces for {hours} h. "
            f"It should reach {peak} C at {when}. {money(cost)} goes on the electricity account."
        )

    def cmd_wait(self, opts: dict) -> str:
        s = self.state
        hours = self._int_opt(opts, "hours", default=1, lo=1, hi=24)
        events: list[str] = []
        passed = 0
        for _ in range(hours):
            self._tick(events)
            passed += 1
            if s["game_over"]:
                break
        text = f"{passed} h pass. It is day {s['day_number']}, {clock(s['clock_hour'])}."
        return "\n".join([text, *events])

    def _tick(self, events: list[str]) -> None:
        s = self.state
        for n, kiln in KILNS.items():
            temp_key = f"kiln_{n}_temp_c"
            if s[f"kiln_{n}_status"] == "firing":
                s[temp_key] = min(s[temp_key] + kiln.ramp_c_per_hour, MAX_TEMP_C)
                s[f"kiln_{n}_hours_left"] -= 1
                if s[f"kiln_{n}_hours_left"] == 0:
                    s[f"kiln_{n}_status"] = "fired"
                    s[f"kiln_{n}_peak_c"] = s[temp_key]
                    events.append(f"Kiln {n} finishes firing at {s[temp_key]} C and starts to cool.")
            elif s[temp_key] > ROOM_TEMP_C:
                s[temp_key] = max(ROOM_TEMP_C, s[temp_key] - COOL_C_PER_HOUR)
        s["clock_hour"] += 1
        if s["clock_hour"] == 24:
            s["clock_hour"] = 0
            s["day_number"] += 1
            self._overnight(events)

    def _overnight(self, events: list[str]) -> None:
        s = self.state
        if s["pieces_wet_count"]:
            events.append(f"Overnight {s['pieces_wet_count']} pieces dry into greenware.")
        s["pieces_greenware_count"] += s["pieces_wet_count"]
        s["pieces_wet_count"] = 0
        s["pieces_thrown_today_count"] = 0
        bill = s["electricity_owed_pence"]
        if bill:
            s["till_pence"] -= bill
            s["electricity_paid_pence"] += bill
            s["electricity_owed_pence"] = 0
            events.append(f"The electricity bill of {money(bill)} is paid from the till.")
        for n in range(1, len(KILNS)):
            s[f"kiln_{n}_fired_today"] = False
        if s["day_number"] > LEASE_DAYS and not s["won"]:
            s["game_over"] = True
            events.append(
                f"The lease is up. The co-op sold {s['pieces_sold_count']} of the {TARGET_SOLD_COUNT} "
                "pieces it needed, and the landlord changes the locks. Game over."
            )
        else:
            events.append(f"Day {s['day_number']} begins.")

    def cmd_unload(self, opts: dict) -> str:
        s = self.state
        if "kiln" in opts:
            numbers = [self._int_opt(opts, "kiln")]
        else:
            numbers = [n for n in KILNS if s[f"kiln_{n}_status"] in ("fired", "loaded")]
            if not numbers:
                raise CommandError("There is nothing to unload: no kiln holds pieces.")
        return "\n".join(self._unload_one(n) for n in numbers)

    def _unload_one(self, n: int) -> str:
        s = self.state
        status = s[f"kiln_{n}_status"]
        if status == "empty":
            raise CommandError(f"Kiln {n} is empty.")
        if status == "firing":
            raise CommandError(f"Kiln {n} is firing, {s[f'kiln_{n}_hours_left']} h to go. It can't be opened.")
        count = s[f"kiln_{n}_load_count"]
        stage = s[f"kiln_{n}_stage"]
        temp = s[f"kiln_{n}_temp_c"]
        if status == "loaded":
            s[STAGE_SOURCE[stage]] += count
            text = f"You take the {count} unfired pieces back out of kiln {n}."
        else:
            low, high = STAGES[stage]
            peak = s[f"kiln_{n}_peak_c"]
            if peak < low:
                dest, became = STAGE_SOURCE[stage], f"underfired at {peak} C and unchanged"
            else:
                dest, became = STAGE_RESULT[stage], "bisque" if stage == "bisque" else "finished"
            if peak > high:
                s["pieces_cracked_count"] += count
                text = f"Kiln {n} went to {peak} C, past {high} C: all {count} pieces slumped and cracked."
            elif temp > SAFE_UNLOAD_C:
                cracked = (count + 1) // 2
                s["pieces_cracked_count"] += cracked
                s[dest] += count
                text = (f"You open kiln {n} at {temp} C. The cold air cracks {cracked} of the {count} pieces; "
                        f"the rest come out {became}.")
            else:
                s[dest] += count
                text = f"You unload kiln {n}: {count} pieces, {became}."
        s[f"kiln_{n}_status"] = "empty"
        s[f"kiln_{n}_stage"] = ""
        s[f"kiln_{n}_load_count"] = 0
        s[f"kiln_{n}_peak_c"] = 0
        return text

    def cmd_sell(self, opts: dict) -> str:
        s = self.state
        count = self._int_opt(opts, "count", default=1, lo=1, hi=50)
        if s["pieces_finished_count"] < count:
            raise CommandError(f"You have {s['pieces_finished_count']} finished pieces to sell, not {count}.")
        earned = count * PIECE_PRICE_PENCE
        till = s["till_pence"]
        s["till_pence"] = till + earned
        s["pieces_finished_count"] -= count
        s["pieces_sold_count"] += count
        text = (f"Sold {count} pieces at {money(PIECE_PRICE_PENCE)} each: {money(earned)} into the till, "
                f"which now holds {money(till)}.")
        if s["pieces_sold_count"] >= TARGET_SOLD_COUNT and not s["won"]:
            s["won"] = True
            s["game_over"] = True
            text += (f"\nThat makes {s['pieces_sold_count']} pieces sold: the co-op pays its way and the "
                     "landlord renews the lease. You win!")
        return text

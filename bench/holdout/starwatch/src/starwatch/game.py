"""The rules of a Starwatch season: one observatory, ten nights, one paper."""

from __future__ import annotations

import re
from dataclasses import dataclass

from starwatch.catalog import (
    ALMANAC,
    BOX_PLATE_PRICE,
    BOX_SIZE,
    DEVELOP_COST,
    DUSK_HOUR,
    MAX_EXPOSURE,
    MAX_ORDER,
    MIN_EXPOSURE,
    NIGHT_COST,
    NIGHT_MINUTES,
    PAGE_CHARGE,
    PLATE_PRICE,
    POINTS_NEEDED,
    SEASON_NIGHTS,
    SLEW_MINUTES,
    START_BUDGET,
    START_PLATES,
    TARGETS,
    TARGETS_NEEDED,
    USABLE_QUALITY,
    Sky,
    Target,
    seeing_penalty,
)

_NUMBER = re.compile(r"\d{1,7}", re.ASCII)

HELP_TOPICS: dict[str, tuple[str, list[tuple[str, str]]]] = {
    "night": (
        "The night: clock, sky and the season's almanac.",
        [
            ("status", "where the season stands: night, clock, sky, budget, plates, paper"),
            ("forecast", "the almanac for the rest of the season"),
            ("forecast/<night>", "the almanac entry for one night (1 to 10)"),
            ("wait/<minutes>", "let the clock run, e.g. until a target rises"),
            ("night/end", "close the dome; dawn comes and the next night begins"),
        ],
    ),
    "telescope": (
        "The 60 cm reflector and what it can point at.",
        [
            ("targets", "the observing list, with rise and set times and exposures"),
            ("observe/<target>/<minutes>", "expose one plate on a target (5 to 120 minutes)"),
        ],
    ),
    "plates": (
        "Glass photographic plates, from the box to the measuring engine.",
        [
            ("plates", "every plate of the season and where it is"),
            ("buy/plates/<count>", "order unexposed plates (1 to 24 at a time)"),
        ],
    ),
    "darkroom": (
        "Developing and measuring exposed plates.",
        [
            ("develop/<plate>", "develop one exposed plate, e.g. develop/3"),
            ("develop/all", "develop every exposed plate"),
            ("measure/<plate>", "measure a developed plate for data points"),
        ],
    ),
    "paper": (
        "The season's paper.",
        [
            ("paper", "data points and targets gathered so far"),
            ("paper/submit", "submit the paper to the journal"),
        ],
    ),
    "grant": (
        "The observatory's grant.",
        [
            ("grant", "budget, money spent and the price list"),
        ],
    ),
}


def money(amount: int) -> str:
    sign = "-" if amount < 0 else ""
    return f"{sign}${abs(amount):,}"


def clock_text(minutes: int) -> str:
    total = DUSK_HOUR * 60 + minutes
    return f"{(total // 60) % 24:02d}:{total % 60:02d}"


def duration_text(minutes: int) -> str:
    return f"{minutes // 60}h {minutes % 60:02d}m"


def seeing_text(seeing: int) -> str:
    return f'{seeing // 10}.{seeing % 10}"'


def describe_sky(sky: Sky) -> str:
    if sky.transparency == 0:
        return f"{sky.sky}, seeing {seeing_text(sky.seeing)}, transparency 0% (dome stays shut)"
    return f"{sky.sky}, seeing {seeing_text(sky.seeing)}, transparency {sky.transparency}%"


def plural(count: int, word: str) -> str:
    return f"{count:,} {word}" if count == 1 else f"{count:,} {word}s"


def parse_count(text: str) -> int | None:
    text = text.replace(",", "")
    if not _NUMBER.fullmatch(text):
        return None
    return int(text)


@dataclass
class Plate:
    number: int
    target: str
    minutes: int
    night: int
    quality: int
    status: str = "exposed"   # exposed -> developed -> measured

    def view(self) -> dict:
        return {
            "plate": self.number,
            "target": self.target,
            "minutes": self.minutes,
            "night": self.night,
            "status": self.status,
            "quality": "latent" if self.status == "exposed" else f"{self.quality}%",
        }


class Game:
    def __init__(self, game_id: str):
        self.game_id = game_id
        self.turn = 0
        self.night = 1
        self.clock = 0
        self.pointing: str | None = None
        self.budget = START_BUDGET
        self.spent = 0
        self.unexposed = START_PLATES
        self.plates: list[Plate] = []
        self.points = 0
        self.measured_targets: list[str] = []
        self.published = False
        self.over = False
        self.outcome = "in progress"

    # ----- views -------------------------------------------------------------------------------------------

    def sky(self) -> Sky:
        return ALMANAC[self.night - 1]

    def state(self) -> dict:
        sky = self.sky()
        return {
            "night": {
                "number": self.night,
                "of": SEASON_NIGHTS,
                "clock": clock_text(self.clock),
                "dark_left": duration_text(NIGHT_MINUTES - self.clock),
                "sky": sky.sky,
                "seeing": seeing_text(sky.seeing),
                "transparency": f"{sky.transparency}%",
            },
            "telescope": {"pointing": self.pointing or "parked"},
            "grant": {"budget": money(self.budget), "spent": money(self.spent)},
            "plates": {
                "unexposed": self.unexposed,
                "awaiting_darkroom": sum(1 for p in self.plates if p.status == "exposed"),
                "developed": sum(1 for p in self.plates if p.status == "developed"),
                "measured": sum(1 for p in self.plates if p.status == "measured"),
            },
            "plate_log": [p.view() for p in self.plates],
            "paper": {
                "points": self.points,
                "points_needed": POINTS_NEEDED,
                "targets": list(self.measured_targets),
                "targets_needed": TARGETS_NEEDED,
                "progress": f"{min(100, self.points // POINTS_NEEDED * 100)}%",
                "published": self.published,
            },
            "season": {"over": self.over, "outcome": self.outcome},
            "turn": self.turn,
        }

    # ----- dispatch ----------------------------------------------------------------------------------------

    def handle(self, command: str) -> tuple[bool, str]:
        self.turn += 1
        text = command.strip()
        if not text:
            return False, "Type a command. `help` lists the topics."
        lower = text.lower()
        if lower == "help" or lower.startswith(("help ", "help/")):
            return self.cmd_help(lower[4:].strip(" /"))
        parts = lower.strip("/").split("/")
        if any(not part.strip() for part in parts):
            return False, f"`{text}` is not a command path. Commands look like observe/m42/20; `help` lists topics."
        parts = [part.strip() for part in parts]
        name, args = parts[0], parts[1:]
        handler = self.COMMANDS.get(name)
        if handler is None:
            return False, f"Unknown command `{parts[0]}`. `help` lists the topics."
        if self.over and name not in self.READ_ONLY:
            return False, f"The season is over ({self.outcome}). Start a new game to observe again."
        return handler(self, args)

    def cmd_help(self, topic: str) -> tuple[bool, str]:
        if not topic:
            names = ", ".join(HELP_TOPICS)
            return True, f"Help topics: {names}.\nType `help <topic>` for that topic's commands."
        entry = HELP_TOPICS.get(topic)
        if entry is None:
            names = ", ".join(HELP_TOPICS)
            return False, f"No help topic `{topic}`. Topics: {names}."
        title, commands = entry
        width = max(len(c) for c, _ in commands)
        lines = [f"{topic}: {title}"] + [f"  {c.ljust(width)}  {d}" for c, d in commands]
        return True, "\n".join(lines)

    # ----- night -------------------------------------------------------------------------------------------

    def cmd_status(self, args: list[str]) -> tuple[bool, str]:
        if args:
            return False, "Usage: status"
        s = self.state()
        plates = s["plates"]
        lines = [
            f"Night {self.night} of {SEASON_NIGHTS}, {clock_text(self.clock)} "
            f"({duration_text(NIGHT_MINUTES - self.clock)} of dark left).",
            f"Sky: {describe_sky(self.sky())}.",
            f"Telescope: {'parked' if self.pointing is None else 'on ' + TARGETS[self.pointing].key.upper()}.",
            f"Budget {money(self.budget)}.",
            f"Plates: {plates['unexposed']:,} unexposed, {plates['awaiting_darkroom']:,} awaiting the darkroom, "
            f"{plates['developed']:,} developed, {plates['measured']:,} measured.",
            f"Paper: {self.points:,} of {POINTS_NEEDED:,} data points, "
            f"{len(self.measured_targets)} of {TARGETS_NEEDED} targets.",
        ]
        if self.over:
            lines.append(f"The season is over: {self.outcome}.")
        return True, "\n".join(lines)

    def _almanac_line(self, night: int) -> str:
        sky = ALMANAC[night - 1]
        marker = " (tonight)" if night == self.night else ""
        return f"Night {night}{marker}: {describe_sky(sky)}"

    def cmd_forecast(self, args: list[str]) -> tuple[bool, str]:
        if not args:
            lines = [self._almanac_line(n) for n in range(self.night, SEASON_NIGHTS + 1)]
            return True, "Almanac for the rest of the season:\n" + "\n".join(lines)
        if len(args) != 1:
            return False, "Usage: forecast or forecast/<night>"
        night = parse_count(args[0])
        if night is None or night < 1:
            return False, f"Nights are numbered 1 to {SEASON_NIGHTS}."
        return True, self._almanac_line(night)

    def cmd_wait(self, args: list[str]) -> tuple[bool, str]:
        if len(args) != 1:
            return False, "Usage: wait/<minutes>"
        minutes = parse_count(args[0])
        left = NIGHT_MINUTES - self.clock
        if minutes is None or minutes < 1:
            return False, "Wait a whole number of minutes, at least 1."
        if minutes > left:
            return False, (
                f"Only {duration_text(left)} of dark left tonight. Use night/end to close the night."
            )
        self.clock += minutes
        return True, f"You wait {plural(minutes, 'minute')}. It is now {clock_text(self.clock)}."

    def _start_night(self) -> None:
        self.night += 1
        self.clock = 0

    def cmd_night(self, args: list[str]) -> tuple[bool, str]:
        if args != ["end"]:
            return False, "Usage: night/end"
        closing = self.sky()
        exposed = sum(1 for p in self.plates if p.night == self.night)
        self.budget -= NIGHT_COST
        self.spent += NIGHT_COST
        head = (
            f"Dawn closes night {self.night} ({closing.sky}, {plural(exposed, 'plate')} exposed). "
            f"Operating costs {money(NIGHT_COST)}; budget {money(self.budget)}."
        )
        if self.budget < 0:
            self.over = True
            self.outcome = "grant exhausted"
            return True, head + "\nThe grant is exhausted and the observatory closes for the season."
        if self.night >= SEASON_NIGHTS:
            self.over = True
            self.outcome = "season ended without a paper"
            return True, head + "\nThe observing season is over, and no paper was published."
        self._start_night()
        return True, head + f"\nNight {self.night} begins at {clock_text(0)}: {describe_sky(closing)}."

    # ----- telescope ---------------------------------------------------------------------------------------

    def cmd_targets(self, args: list[str]) -> tuple[bool, str]:
        if args:
            return False, "Usage: targets"
        lines = [f"Observing list (it is {clock_text(self.clock)}):"]
        for t in TARGETS.values():
            up = t.rises <= self.clock < t.sets
            lines.append(
                f"  {t.key:<8} {t.name} ({t.kind}, mag {t.magnitude}): rises {clock_text(t.rises)}, "
                f"sets {clock_text(t.sets)}, full plate in {t.required} min{'  [up]' if up else ''}"
            )
        return True, "\n".join(lines)

    def cmd_observe(self, args: list[str]) -> tuple[bool, str]:
        if len(args) != 2:
            return False, "Usage: observe/<target>/<minutes>, e.g. observe/m42/20"
        target: Target | None = TARGETS.get(args[0])
        if target is None:
            return False, f"`{args[0]}` is not on the observing list: {', '.join(TARGETS)}."
        minutes = parse_count(args[1])
        if minutes is None or not MIN_EXPOSURE <= minutes <= MAX_EXPOSURE:
            return False, f"Exposures run from {MIN_EXPOSURE} to {MAX_EXPOSURE} minutes."
        sky = self.sky()
        if sky.transparency == 0:
            return False, f"Night {self.night} is {sky.sky}: the dome stays shut."
        if self.unexposed < 1:
            return False, "No unexposed plates left. Order more with buy/plates/<count>."
        slew = 0 if self.pointing == target.key else SLEW_MINUTES
        start = self.clock + slew
        end = start + minutes
        label = target.key.upper()
        if start < target.rises:
            return False, f"{label} rises at {clock_text(target.rises)}; it is {clock_text(self.clock)}."
        if end > NIGHT_MINUTES:
            return False, (
                f"That exposure would end at {clock_text(end)}, after dawn at {clock_text(NIGHT_MINUTES)}."
            )
        self.unexposed -= 1
        if end > target.sets:
            return False, (
                f"{label} sets at {clock_text(target.sets)}; an exposure ending at {clock_text(end)} "
                f"would run into the horizon."
            )
        base = min(100, minutes * 100 // target.required)
        quality = max(0, base * sky.transparency // 100 - seeing_penalty(sky.seeing))
        plate = Plate(len(self.plates) + 1, target.key, minutes, self.night, quality)
        self.plates.append(plate)
        self.pointing = target.key
        self.clock = end
        slew_text = f" after a {slew}-minute slew" if slew else ""
        return True, (
            f"Plate #{plate.number} exposed on {label} ({target.name}) for {plural(minutes, 'minute')}, "
            f"{clock_text(start)} to {clock_text(end)}{slew_text}. It is now {clock_text(self.clock)}; "
            f"{plural(self.unexposed, 'plate')} left unexposed."
        )

    # ----- plates and darkroom -----------------------------------------------------------------------------

    def cmd_plates(self, args: list[str]) -> tuple[bool, str]:
        if args:
            return False, "Usage: plates"
        lines = [f"{plural(self.unexposed, 'unexposed plate')} in the box."]
        for p in self.plates:
            quality = "latent image" if p.status == "exposed" else f"quality {p.quality}%"
            lines.append(
                f"  #{p.number} {p.target.upper()}, {p.minutes} min on night {p.night}: {p.status}, {quality}"
            )
        if not self.plates:
            lines.append("No plates exposed yet.")
        return True, "\n".join(lines)

    def cmd_buy(self, args: list[str]) -> tuple[bool, str]:
        if len(args) != 2 or args[0] != "plates":
            return False, "Usage: buy/plates/<count>"
        count = parse_count(args[1])
        if count is None or not 1 <= count <= MAX_ORDER:
            return False, f"Order from 1 to {MAX_ORDER} plates at a time."
        price = BOX_PLATE_PRICE if count > BOX_SIZE else PLATE_PRICE
        total = count * price
        if total > self.budget:
            return False, f"{plural(count, 'plate')} cost {money(total)}; the budget is {money(self.budget)}."
        self.budget -= total
        self.spent += total
        self.unexposed += count
        return True, (
            f"Bought {plural(count, 'plate')} at {money(price)} each: {money(total)}. "
            f"Budget {money(self.budget)}; {plural(self.unexposed, 'plate')} unexposed."
        )

    def _plate(self, text: str) -> Plate | None:
        number = parse_count(text)
        if number is None or not 1 <= number <= len(self.plates):
            return None
        return self.plates[number - 1]

    def _develop_text(self, plate: Plate) -> str:
        verdict = "usable" if plate.quality >= USABLE_QUALITY else f"too weak to measure (needs {USABLE_QUALITY}%)"
        return f"Plate #{plate.number} ({plate.target.upper()}): quality {plate.quality}%, {verdict}"

    def cmd_develop(self, args: list[str]) -> tuple[bool, str]:
        if len(args) != 1:
            return False, "Usage: develop/<plate> or develop/all"
        if args[0] == "all":
            waiting = [p for p in self.plates if p.status == "exposed"]
            if not waiting:
                return False, "No exposed plates are waiting for the darkroom."
            cost = DEVELOP_COST * len(waiting)
            if cost > self.budget:
                return False, f"Developing {plural(len(waiting), 'plate')} costs {money(cost)}; the budget is {money(self.budget)}."
        else:
            plate = self._plate(args[0])
            if plate is None:
                return False, f"There is no plate #{args[0]}. `plates` lists them."
            if plate.status != "exposed":
                return False, f"Plate #{plate.number} is already developed."
            waiting = [plate]
            cost = DEVELOP_COST
            if cost > self.budget:
                return False, f"Developing costs {money(cost)}; the budget is {money(self.budget)}."
        self.budget -= cost
        self.spent += cost
        for plate in waiting:
            plate.status = "developed"
        lines = [f"Developed {plural(len(waiting), 'plate')} for {money(cost)}:"]
        lines += [f"  {self._develop_text(p)}." for p in waiting]
        lines.append(f"Budget {money(self.budget)}.")
        return True, "\n".join(lines)

    def cmd_measure(self, args: list[str]) -> tuple[bool, str]:
        if len(args) != 1:
            return False, "Usage: measure/<plate>"
        plate = self._plate(args[0])
        if plate is None:
            return False, f"There is no plate #{args[0]}. `plates` lists them."
        if plate.status == "exposed":
            return False, f"Plate #{plate.number} must be developed first: develop/{plate.number}."
        if plate.status == "measured":
            return False, f"Plate #{plate.number} has already been measured."
        if plate.quality < USABLE_QUALITY:
            return False, (
                f"Plate #{plate.number} is at {plate.quality}% quality; the measuring engine needs "
                f"{USABLE_QUALITY}%."
            )
        gained = plate.quality // 10
        plate.status = "measured"
        self.points += gained
        if plate.target not in self.measured_targets:
            self.measured_targets.append(plate.target)
        return True, (
            f"Measured plate #{plate.number} ({plate.target.upper()}): +{plural(gained, 'data point')}. "
            f"Paper: {self.points:,} of {POINTS_NEEDED:,} data points, "
            f"{len(self.measured_targets)} of {TARGETS_NEEDED} targets."
        )

    # ----- paper and grant ---------------------------------------------------------------------------------

    def cmd_paper(self, args: list[str]) -> tuple[bool, str]:
        if not args:
            targets = ", ".join(t.upper() for t in self.measured_targets) or "none yet"
            state = "published" if self.published else "in preparation"
            return True, (
                f"Paper ({state}): {self.points:,} of {POINTS_NEEDED:,} data points; "
                f"{len(self.measured_targets)} of {TARGETS_NEEDED} targets ({targets}). "
                f"Page charges on acceptance: {money(PAGE_CHARGE)}."
            )
        if args != ["submit"]:
            return False, "Usage: paper or paper/submit"
        if self.over:
            return False, f"The season is over ({self.outcome})."
        if self.points < POINTS_NEEDED:
            return False, f"The referee wants {POINTS_NEEDED:,} data points; you have {self.points:,}."
        if len(self.measured_targets) < TARGETS_NEEDED:
            return False, (
                f"The referee wants {TARGETS_NEEDED} targets; you have {len(self.measured_targets)}."
            )
        if self.budget < PAGE_CHARGE:
            return False, f"The page charges are {money(PAGE_CHARGE)}; the budget is {money(self.budget)}."
        self.budget -= PAGE_CHARGE
        self.spent += PAGE_CHARGE
        self.published = True
        self.over = True
        self.outcome = "paper published"
        return True, (
            f"The journal accepts your paper: {self.points:,} data points on "
            f"{len(self.measured_targets)} targets. Page charges {money(PAGE_CHARGE)}; "
            f"budget {money(self.budget)}. The season ends in print. You win!"
        )

    def cmd_grant(self, args: list[str]) -> tuple[bool, str]:
        if args:
            return False, "Usage: grant"
        return True, "\n".join(
            [
                f"Budget {money(self.budget)} of a {money(START_BUDGET)} grant; spent {money(self.spent)}.",
                f"Plates {money(PLATE_PRICE)} each, or {money(BOX_PLATE_PRICE)} each in orders of "
                f"{BOX_SIZE} or more.",
                f"Developing {money(DEVELOP_COST)} a plate. Operating costs {money(NIGHT_COST)} a night.",
                f"Page charges {money(PAGE_CHARGE)} on acceptance.",
            ]
        )

    COMMANDS = {
        "status": cmd_status,
        "forecast": cmd_forecast,
        "wait": cmd_wait,
        "night": cmd_night,
        "targets": cmd_targets,
        "observe": cmd_observe,
        "plates": cmd_plates,
        "buy": cmd_buy,
        "develop": cmd_develop,
        "measure": cmd_measure,
        "paper": cmd_paper,
        "grant": cmd_grant,
    }
    READ_ONLY = {"status", "forecast", "targets", "plates", "paper", "grant"}

"""The salvage submarine: gauges, dive sites, the winch and net, and the tender ship."""

from __future__ import annotations

import math
import shlex
from dataclasses import dataclass, field

AIR_MAX_MIN = 60
HULL_RATING_M = 100
PRESSURE_PCT_PER_10M = 2
NET_LIMIT_KG = 100
HAUL_AIR_MIN = 3
RELEASE_AIR_MIN = 1
SONAR_AIR_MIN = 1
FUEL_USD_PER_KM = 10
REPAIR_USD_PER_PCT = 5
TENDER_BANK_MIN = 100
START_CASH_USD = 300
GOAL_USD = 1500
MAX_SONAR_RANGE_KM = 3


@dataclass(frozen=True)
class Crate:
    tag: str
    kg: int
    value_usd: int


@dataclass(frozen=True)
class Site:
    name: str
    floor_m: int
    km: int
    crates: tuple[Crate, ...]


SITES = (
    Site("north reef", 40, 1, (Crate("C-1", 20, 80), Crate("C-2", 35, 120))),
    Site("kelp shelf", 90, 2, (Crate("C-3", 40, 200), Crate("C-4", 25, 150), Crate("C-5", 50, 260))),
    Site("iron trench", 140, 3, (Crate("C-6", 45, 400), Crate("C-7", 30, 350))),
)
SITE_BY_NAME = {s.name: s for s in SITES}


class Refusal(Exception):
    """A command the sub cannot carry out; its text is the ERR line."""


@dataclass
class Command:
    name: str
    summary: str
    options: tuple[tuple[str, str, str], ...] = ()  # (flag, metavar, explanation)
    detail: str = ""

    def usage(self) -> str:
        shown = [f"{flag} {meta}".strip() for flag, meta, _ in self.options]
        if len(shown) > 1:
            shown = ["(" + " | ".join(shown) + ")"]
        return "usage: " + " ".join([self.name, *shown])


COMMANDS = (
    Command("help", "show this list"),
    Command("status", "read every gauge"),
    Command(
        "sonar",
        "ping for dive sites and crates",
        (("--range", "KM", "how far to listen, 1 to 3 km"),),
        "Lists the sites within KM of here (depth, crates left) and the crates on this site's wreck.\n"
        "Costs 1 min of air when submerged, nothing at the surface.",
    ),
    Command(
        "goto",
        "steam the tender to another site (surface only)",
        (("--site", "NAME", "north reef, kelp shelf or iron trench"),),
        "Fuel costs $10 per km between the two sites.",
    ),
    Command(
        "dive",
        "descend at this site",
        (("--to", "METRES", "target depth, deeper than now and at most the site's floor"),),
        "Costs 1 min of air per 10 m descended (rounded up). Below the hull's 100 m rating every\n"
        "action costs 2% hull per full 10 m below the rating.",
    ),
    Command(
        "winch",
        "haul a crate into the net, or release one",
        (
            ("--haul", "CRATE", "crate tag (C-4) or number (4) on this wreck; needs the sub on the floor"),
            ("--release", "CRATE", "crate tag or number in the net; it goes back to the wreck"),
        ),
        "A haul costs 3 min of air, a release 1 min. The net holds at most 100 kg.",
    ),
    Command(
        "surface",
        "ascend to the tender",
        (),
        "Costs 1 min of air per 10 m ascended (rounded up); the tender refills the tanks to 60 min.",
    ),
    Command(
        "sell",
        "sell crates from the net at the tender",
        (("--all", "", "sell every crate in the net"), ("--crate", "CRATE", "sell one crate")),
        "Only at the surface.",
    ),
    Command(
        "repair",
        "patch the hull at the tender",
        (("--hull", "PCT", "percentage points to restore, up to 100%"),),
        "Costs $4 per point. Only at the surface.",
    ),
)
COMMAND_BY_NAME = {c.name: c for c in COMMANDS}


def general_help() -> str:
    lines = ["usage: <command> [options]", "", "commands:"]
    lines += [f"  {c.name:<22}{c.summary}" for c in COMMANDS]
    lines += [
        "",
        "options:",
        f"  {'-h, --help':<22}show help for one command (e.g. dive --help)",
    ]
    return "\n".join(lines)


def command_help(command: Command) -> str:
    lines = [command.usage(), "", command.summary[0].upper() + command.summary[1:] + "."]
    if command.detail:
        lines += [""] + command.detail.splitlines()
    lines += ["", "options:", f"  {'-h, --help':<22}show this help message"]
    for flag, meta, text in command.options:
        lines.append(f"  {(flag + ' ' + meta).strip():<22}{text}")
    return "\n".join(lines)


def parse(line: str) -> tuple[str, dict[str, str | None]]:
    """`winch --haul 4` -> ("winch", {"--haul": "4"}); a flag without a value maps to None."""
    try:
        words = shlex.split(line.strip())
    except ValueError as exc:
        raise Refusal(f"cannot read the command: {exc}") from None
    if not words:
        raise Refusal("empty command; type help")
    name, rest = words[0].lower(), words[1:]
    if name == "help" and len(rest) == 1 and rest[0].lower() in COMMAND_BY_NAME:
        return rest[0].lower(), {"--help": None}
    flags: dict[str, str | None] = {}
    current: str | None = None
    for word in rest:
        if word.startswith("-"):
            current = word.lower()
            flags[current] = None
        elif current is None:
            raise Refusal(f"{name}: unrecognized arguments: {word}")
        else:
            flags[current] = word if flags[current] is None else f"{flags[current]} {word}"
    return name, flags


def _int_flag(name: str, flags: dict[str, str | None], flag: str) -> int:
    raw = flags.get(flag)
    if raw is None:
        raise Refusal(f"{name}: argument {flag}: expected one number")
    try:
        return int(raw)
    except ValueError:
        raise Refusal(f"{name}: argument {flag}: invalid int value: '{raw}'") from None


def _crate_tag(raw: str | None, name: str, flag: str) -> str:
    if raw is None:
        raise Refusal(f"{name}: argument {flag}: expected a crate")
    text = raw.strip().upper()
    return f"C-{text}" if text.isdigit() else text


@dataclass
class Sub:
    site: str = "north reef"
    depth_m: int = 0
    air_min: int = AIR_MAX_MIN
    hull_pct: int = 100
    cash_usd: int = START_CASH_USD
    net: list[Crate] = field(default_factory=list)
    wrecks: dict[str, list[Crate]] = field(default_factory=lambda: {s.name: list(s.crates) for s in SITES})
    surfacings: int = 0
    bank_min: int = TENDER_BANK_MIN
    turn: int = 0
    won: bool = False
    lost: bool = False

    @property
    def here(self) -> Site:
        return SITE_BY_NAME[self.site]

    @property
    def net_kg(self) -> int:
        return sum(c.kg for c in self.net)

    def state(self) -> dict:
        return {
            "site": self.site,
            "site_floor_m": self.here.floor_m,
            "depth_m": self.depth_m,
            "air_min": self.air_min,
            "hull_pct": self.hull_pct,
            "hull_rating_m": HULL_RATING_M,
            "cash_usd": self.cash_usd,
            "goal_usd": GOAL_USD,
            "net": [{"crate": c.tag, "kg": c.kg, "value_usd": c.value_usd} for c in self.net],
            "net_kg": self.net_kg,
            "net_limit_kg": NET_LIMIT_KG,
            "crates_left": len(self.wrecks[self.site]),
            "turn": self.turn,
            "won": self.won,
            "lost": self.lost,
        }

    @property
    def game_over(self) -> bool:
        return self.won or self.lost

    def intro(self) -> str:
        return (
            "OK  the tender rides at anchor over the north reef; the sub is on deck\n"
            f"OK  air {self.air_min} min, hull {self.hull_pct}%, cash ${self.cash_usd}\n"
            f"OK  bring the cash to ${GOAL_USD} by salvaging crates; type help"
        )

    def run(self, line: str) -> tuple[str, bool]:
        """Carry out one command line; returns (message, success)."""
        try:
            name, flags = parse(line)
            if name in ("-h", "--help"):
                return general_help(), True
            command = COMMAND_BY_NAME.get(name)
            if command is None:
                raise Refusal(f"unknown command '{name}'; type help")
            if "--help" in flags or "-h" in flags:
                return command_help(command), True
            if name == "help":
                return general_help(), True
            if name == "status":
                return self._status(), True
            if self.game_over:
                raise Refusal("the salvage run is over; start a new game")
            allowed = {flag for flag, _, _ in command.options}
            unknown = [flag for flag in flags if flag not in allowed]
            if unknown:
                raise Refusal(f"{name}: unrecognized arguments: {' '.join(unknown)}")
            message = getattr(self, f"_do_{name}")(flags)
            self.turn += 1
            return message, True
        except Refusal as refusal:
            return f"ERR  {refusal}", False

    def _status(self) -> str:
        lines = [
            f"OK  site {self.site}, floor at {self.here.floor_m} m, depth {self.depth_m} m",
            f"OK  air {self.air_min} min, hull {self.hull_pct}% (rated to {HULL_RATING_M} m)",
            f"OK  cash ${self.cash_usd} of ${GOAL_USD}; net {self.net_kg}/{NET_LIMIT_KG} kg",
        ]
        if self.net:
            lines.append("OK  in the net: " + ", ".join(f"{c.tag} ({c.kg} kg)" for c in self.net))
        return "\n".join(lines)

    def _breathe(self, minutes: int) -> None:
        self.air_min -= minutes
        if self.air_min <= 0:
            self.air_min = 0
            self.lost = True

    def _pressure(self) -> list[str]:
        below = self.depth_m - HULL_RATING_M
        if below < 10:
            return []
        self.hull_pct = max(0, self.hull_pct - below // 10 * PRESSURE_PCT_PER_10M)
        if self.hull_pct == 0:
            self.lost = True
            return ["ERR  the hull gives way under the pressure; the salvage run is over"]
        return [f"WARN hull stress at {self.depth_m} m: hull {self.hull_pct}%"]

    def _submerged_tail(self) -> list[str]:
        lines = self._pressure()
        if self.air_min == 0 and not any(line.startswith("ERR") for line in lines):
            lines.append("ERR  the air is gone; the salvage run is over")
        elif 0 < self.air_min <= 10:
            lines.append(f"WARN air low: {self.air_min} min")
        return lines

    def _do_sonar(self, flags: dict[str, str | None]) -> str:
        km = _int_flag("sonar", flags, "--range")
        if not 1 <= km <= MAX_SONAR_RANGE_KM:
            raise Refusal(f"sonar: argument --range: choose from 1 to {MAX_SONAR_RANGE_KM}")
        lines = [f"OK  sonar ping, range {km} km"]
        for site in SITES:
            distance = abs(site.km - self.here.km)
            if distance <= km:
                left = len(self.wrecks[site.name])
                lines.append(f"OK  {site.name}: {distance} km, floor {site.floor_m} m, {left} crates")
        for crate in self.wrecks[self.site]:
            lines.append(f"OK  wreck here: {crate.tag} {crate.kg} kg, worth ${crate.value_usd}")
        self._breathe(SONAR_AIR_MIN)
        if self.depth_m > 0:
            lines += self._submerged_tail()
        return "\n".join(lines)

    def _do_goto(self, flags: dict[str, str | None]) -> str:
        raw = flags.get("--site")
        if not raw:
            raise Refusal("goto: argument --site: expected a site name")
        name = " ".join(raw.lower().replace("-", " ").replace("_", " ").split())
        site = SITE_BY_NAME.get(name)
        if site is None:
            raise Refusal(f"goto: argument --site: invalid choice: '{raw}'")
        if self.depth_m > 0:
            raise Refusal("goto: the tender cannot move while the sub is down; surface first")
        if site.name == self.site:
            raise Refusal(f"goto: already at {site.name}")
        cost = abs(site.km - self.here.km) * FUEL_USD_PER_KM
        if cost > self.cash_usd:
            raise Refusal(f"goto: fuel costs ${cost}, you have ${self.cash_usd}")
        self.cash_usd -= cost
        self.site = site.name
        return f"OK  steamed to {site.name} for ${cost} of fuel; floor at {site.floor_m} m"

    def _do_dive(self, flags: dict[str, str | None]) -> str:
        target = _int_flag("dive", flags, "--to")
        if target <= self.depth_m:
            raise Refusal(f"dive: already at {self.depth_m} m; --to must be deeper (use surface to go up)")
        if target > self.here.floor_m:
            raise Refusal(f"dive: the floor at {self.site} is {self.here.floor_m} m")
        cost = math.ceil((target - self.depth_m) / 10)
        self.depth_m = target
        self._breathe(cost)
        lines = [f"OK  descended to {target} m ({cost} min of air, {self.air_min} min left)"]
        return "\n".join(lines + self._submerged_tail())

    def _do_winch(self, flags: dict[str, str | None]) -> str:
        if ("--haul" in flags) == ("--release" in flags):
            raise Refusal("winch: give one of --haul CRATE or --release CRATE")
        if self.depth_m == 0:
            raise Refusal("winch: the sub is on deck; dive first")
        if "--haul" in flags:
            return self._haul(_crate_tag(flags["--haul"], "winch", "--haul"))
        return self._release(_crate_tag(flags["--release"], "winch", "--release"))

    def _haul(self, tag: str) -> str:
        if self.depth_m < self.here.floor_m:
            raise Refusal(f"winch: the wreck lies at {self.here.floor_m} m; the cable does not reach")
        wreck = self.wrecks[self.site]
        crate = next((c for c in wreck if c.tag == tag), None)
        if crate is None:
            raise Refusal(f"winch: no crate {tag} on this wreck")
        wreck.remove(crate)
        if self.net_kg + crate.kg > NET_LIMIT_KG:
            raise Refusal(f"winch: {tag} weighs {crate.kg} kg; the net would hold {self.net_kg + crate.kg} kg")
        self.net.append(crate)
        self._breathe(HAUL_AIR_MIN)
        lines = [f"OK  hauled {tag} ({crate.kg} kg) into the net, net now {self.net_kg} kg"]
        return "\n".join(lines + self._submerged_tail())

    def _release(self, tag: str) -> str:
        crate = next((c for c in self.net if c.tag == tag), None)
        if crate is None:
            raise Refusal(f"winch: {tag} is not in the net")
        carried = self.net_kg
        self.net.remove(crate)
        self.wrecks[self.site].append(crate)
        self._breathe(RELEASE_AIR_MIN)
        lines = [f"OK  released {tag} to the wreck, net now {carried} kg"]
        return "\n".join(lines + self._submerged_tail())

    def _do_surface(self, flags: dict[str, str | None]) -> str:
        if self.depth_m == 0:
            raise Refusal("surface: the sub is already on deck")
        cost = math.ceil(self.depth_m / 10)
        self.air_min -= cost
        if self.air_min < 0:
            self.air_min = 0
            self.lost = True
            return "ERR  the air ran out during the ascent; the salvage run is over"
        self.depth_m = 0
        self.surfacings += 1
        drawn = min(AIR_MAX_MIN - self.air_min, self.bank_min)
        self.bank_min -= drawn
        self.air_min += drawn
        return f"OK  surfaced at the tender ({cost} min of air); tanks refilled to {AIR_MAX_MIN} min"

    def _do_sell(self, flags: dict[str, str | None]) -> str:
        if self.depth_m > 0:
            raise Refusal("sell: the buyers are on the tender; surface first")
        if ("--all" in flags) == ("--crate" in flags):
            raise Refusal("sell: give one of --all or --crate CRATE")
        if "--all" in flags:
            sold = list(self.net)
        else:
            tag = _crate_tag(flags["--crate"], "sell", "--crate")
            sold = [c for c in self.net if c.tag == tag]
            if not sold:
                raise Refusal(f"sell: {tag} is not in the net")
        total = sum(c.value_usd for c in sold)
        average = total // len(sold)
        for crate in sold:
            self.net.remove(crate)
        self.cash_usd += total
        lines = [f"OK  sold {len(sold)} crate(s) for ${total} (avg ${average}); cash ${self.cash_usd}"]
        if self.cash_usd >= GOAL_USD:
            self.won = True
            lines.append(f"OK  cash goal of ${GOAL_USD} reached; the salvage run is a success")
        return "\n".join(lines)

    def _do_repair(self, flags: dict[str, str | None]) -> str:
        points = _int_flag("repair", flags, "--hull")
        if self.depth_m > 0:
            raise Refusal("repair: the yard crew works on deck; surface first")
        if points <= 0:
            raise Refusal("repair: argument --hull: must be at least 1")
        points = min(points, 100 - self.hull_pct)
        if points == 0:
            raise Refusal("repair: the hull is already at 100%")
        cost = points * REPAIR_USD_PER_PCT
        if cost > self.cash_usd:
            raise Refusal(f"repair: {points} points cost ${cost}, you have ${self.cash_usd}")
        self.cash_usd -= cost
        self.hull_pct += points
        return f"OK  hull patched by {points} points to {self.hull_pct}% for ${cost}"

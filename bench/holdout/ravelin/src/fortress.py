"""Ravelin: the rules of the siege.

One `Fortress` is one game. It keeps its whole state in plain dicts so the server can hand a copy of it
to the client as JSON, and it takes orders as text through `Fortress.order`.
"""

from __future__ import annotations

import copy

NIGHTS = 5
WALL_ORDER = ("north", "east", "south", "west")
WALL_MAX = 30
WALL_START = {"north": 24, "east": 30, "south": 20, "west": 16}
WALL_LIMIT = 6  # defenders on one wall, militia and archers together
REPAIR_PER_DAY = 10  # integrity points the masons can put into one wall per day

GARRISON_CAP = 24
WAGES = {"militia": 6, "archers": 10}
START_KEEP = {"militia": 8, "archers": 4}

PRICES = {"grain": 2, "stone": 4, "timber": 3, "arrows": 1}
MARKET_STOCK = {"grain": 20, "stone": 15, "timber": 10, "arrows": 40}
START_STORES = {"grain": 24, "stone": 12, "timber": 10, "arrows": 30}
START_CROWNS = 150
LEVY = 20

TOWER_COST = {"stone": 6, "timber": 8}
TOWER_BONUS = 6
ARROWS_PER_ARCHER = 2
ATTACKER_STRENGTH = 3

# attackers per wall, one entry per night; a wall not named is not attacked that night
WAVES = (
    {"north": 5, "south": 4},
    {"east": 6, "south": 5},
    {"north": 7, "west": 6},
    {"north": 6, "east": 6, "south": 6},
    {"north": 8, "east": 7, "south": 7, "west": 7},
)

UNIT_WORDS = {
    "militia": "militia",
    "militiaman": "militia",
    "militiamen": "militia",
    "spear": "militia",
    "spears": "militia",
    "archer": "archers",
    "archers": "archers",
    "bow": "archers",
    "bows": "archers",
}
WALL_WORDS = {"n": "north", "e": "east", "s": "south", "w": "west"} | {w: w for w in WALL_ORDER}
GOOD_WORDS = {"grain": "grain", "food": "grain", "stone": "stone", "timber": "timber", "wood": "timber",
              "arrow": "arrows", "arrows": "arrows"}
FILLER = {"to", "on", "onto", "from", "off", "the", "wall", "of", "some"}

ALL = None  # what parse_count gives for the word "all"


class Refusal(Exception):
    """An order the fortress will not carry out; the text is what the player reads."""


def unit_label(kind: str, n: int) -> str:
    if kind == "archers":
        return "archer" if n == 1 else "archers"
    return "militiaman" if n == 1 else "militia"


def troops(n: int, kind: str) -> str:
    return f"{n} {unit_label(kind, n)}"


def verb(n: int, plural: str, singular: str) -> str:
    return singular if n == 1 else plural


def parse_count(word: str):
    if word == "all":
        return ALL
    if not word.isdigit():
        raise Refusal(f"'{word}' is not a count. Use a whole number or 'all'.")
    n = int(word)
    if n < 1:
        raise Refusal("The count must be at least 1.")
    return n


def parse_unit(word: str) -> str:
    try:
        return UNIT_WORDS[word]
    except KeyError:
        raise Refusal(f"'{word}' is not a kind of soldier. The garrison has militia and archers.") from None


def parse_wall(word: str) -> str:
    try:
        return WALL_WORDS[word]
    except KeyError:
        raise Refusal(f"'{word}' is not a wall. The walls are north, east, south and west.") from None


def parse_good(word: str) -> str:
    try:
        return GOOD_WORDS[word]
    except KeyError:
        raise Refusal(f"The merchant does not deal in '{word}'. He sells grain, stone, timber and arrows.") from None


class Fortress:
    def __init__(self) -> None:
        self.state = {
            "day": 1,
            "phase": "day",
            "crowns": START_CROWNS,
            "stores": dict(START_STORES),
            "market": dict(MARKET_STOCK),
            "keep": dict(START_KEEP),
            "walls": {
                name: {"integrity": WALL_START[name], "tower": False, "militia": 0, "archers": 0,
                       "repaired_today": 0}
                for name in WALL_ORDER
            },
            "siege": {"nights_held": 0, "nights_total": NIGHTS, "relieved": False, "fallen": False},
            "last_night": [],
        }
        self.turn = 0

    # ---- reading the state -------------------------------------------------

    def snapshot(self) -> dict:
        return copy.deepcopy(self.state)

    @property
    def over(self) -> bool:
        siege = self.state["siege"]
        return siege["relieved"] or siege["fallen"]

    def garrison(self) -> int:
        s = self.state
        posted = sum(w["militia"] + w["archers"] for w in s["walls"].values())
        return s["keep"]["militia"] + s["keep"]["archers"] + posted

    def tonight(self) -> dict:
        return WAVES[self.state["day"] - 1]

    # ---- orders ------------------------------------------------------------

    def order(self, text: str) -> tuple[bool, str]:
        """Carry out one order. Returns (accepted, what the player reads)."""
        self.turn += 1
        words = [w for w in text.lower().replace(",", " ").split() if w not in FILLER]
        if not words:
            return False, "Give an order. Type 'help' to see them."
        verb, args = words[0], words[1:]
        handler = ORDERS.get(verb)
        if handler is None:
            return False, f"Unknown order '{verb}'. Type 'help' to see the orders."
        if self.over and verb not in ALWAYS_ALLOWED:
            return False, "The siege is over. Start a new game to play again."
        try:
            return True, handler(self, args)
        except Refusal as refusal:
            return False, str(refusal)

    def _help(self, args: list[str]) -> str:
        if not args:
            return HELP
        topic = args[0]
        if topic in HELP_TOPICS:
            return HELP_TOPICS[topic]
        raise Refusal(f"No help on '{topic}'. Topics: {', '.join(sorted(HELP_TOPICS))}.")

    def _look(self, args: list[str]) -> str:
        s = self.state
        lines = []
        if s["siege"]["relieved"]:
            lines.append("The relief column has come. Ravelin stands.")
        elif s["siege"]["fallen"]:
            lines.append("Ravelin has fallen.")
        else:
            lines.append(f"Day {s['day']} of {NIGHTS}. Nights held: {s['siege']['nights_held']}.")
        lines.append(f"Treasury: {s['crowns']} crowns.")
        st = s["stores"]
        lines.append(f"Stores: grain {st['grain']}, stone {st['stone']}, timber {st['timber']}, "
                     f"arrows {st['arrows']}.")
        k = s["keep"]
        lines.append(f"In the keep: {troops(k['militia'], 'militia')}, {troops(k['archers'], 'archers')}.")
        for name in WALL_ORDER:
            lines.append(self._wall_line(name))
        lines.append(f"Garrison: {self.garrison()} of {GARRISON_CAP}.")
        return "\n".join(lines)

    def _wall_line(self, name: str) -> str:
        w = self.state["walls"][name]
        tower = ", tower" if w["tower"] else ""
        return (f"  {name.capitalize():5} wall {w['integrity']:2}/{WALL_MAX}{tower}; "
                f"{troops(w['militia'], 'militia')}, {troops(w['archers'], 'archers')}")

    def _walls(self, args: list[str]) -> str:
        return "\n".join(["The walls:"] + [self._wall_line(name) for name in WALL_ORDER])

    def _stores(self, args: list[str]) -> str:
        s = self.state
        st, m = s["stores"], s["market"]
        lines = [f"Treasury: {s['crowns']} crowns.", "Good     stores  merchant  price"]
        for good, price in PRICES.items():
            lines.append(f"{good:8} {st[good]:6}  {m[good]:8}  {price:5}")
        return "\n".join(lines)

    def _scout(self, args: list[str]) -> str:
        wave = self.tonight()
        parts = [f"{wave[name]} at the {name} wall" for name in WALL_ORDER if name in wave]
        return f"Scouts report for night {self.state['day']}: " + ", ".join(parts) + "."

    def _day_only(self) -> None:
        if self.state["phase"] != "day":
            raise Refusal("That can only be done by day.")

    def _hire(self, args: list[str]) -> str:
        if len(args) != 2:
            raise Refusal("Usage: hire <count> <militia|archers>")
        n = parse_count(args[0])
        kind = parse_unit(args[1])
        wage = WAGES[kind]
        room = GARRISON_CAP - self.garrison()
        if n > room:
            raise Refusal(f"The barracks hold {GARRISON_CAP}; there is room for {room} more.")
        cost = n * wage
        if cost > self.state["crowns"]:
            raise Refusal(f"{troops(n, kind)} {verb(n, 'cost', 'costs')} {cost} crowns; the treasury holds "
                          f"{self.state['crowns']}.")
        self.state["crowns"] -= cost
        self.state["keep"][kind] += n
        return f"{troops(n, kind)} {verb(n, 'take', 'takes')} the fortress's pay for {cost} crowns and {verb(n, 'muster', 'musters')} in the keep."

    def _dismiss(self, args: list[str]) -> str:
        if len(args) != 2:
            raise Refusal("Usage: dismiss <count> <militia|archers>")
        n = parse_count(args[0])
        kind = parse_unit(args[1])
        have = self.state["keep"][kind]
        if n is ALL:
            n = have
        if n == 0 or n > have:
            raise Refusal(f"There are only {troops(have, kind)} in the keep.")
        self.state["keep"][kind] -= n
        return f"{troops(n, kind)} {verb(n, 'are', 'is')} sent home. The pay is not returned."

    def _post(self, args: list[str]) -> str:
        if len(args) != 3:
            raise Refusal("Usage: post <count> <militia|archers> <wall>")
        n = parse_count(args[0])
        kind = parse_unit(args[1])
        name = parse_wall(args[2])
        keep = self.state["keep"]
        wall = self.state["walls"][name]
        if n is ALL:
            n = keep[kind]
        if n == 0 or n > keep[kind]:
            raise Refusal(f"There are only {troops(keep[kind], kind)} in the keep.")
        if wall[kind] + n > WALL_LIMIT:
            raise Refusal(f"The {name} wall has room for {WALL_LIMIT} defenders.")
        keep[kind] -= n
        wall[kind] += n
        return f"{troops(n, kind)} {verb(n, 'climb', 'climbs')} to the {name} wall."

    def _recall(self, args: list[str]) -> str:
        if len(args) != 3:
            raise Refusal("Usage: recall <count> <militia|archers> <wall>")
        n = parse_count(args[0])
        kind = parse_unit(args[1])
        name = parse_wall(args[2])
        wall = self.state["walls"][name]
        if n is ALL:
            n = wall[kind]
        if n == 0 or n > wall[kind]:
            raise Refusal(f"There are only {troops(wall[kind], kind)} on the {name} wall.")
        wall[kind] -= n
        self.state["keep"][kind] += n
        return f"{troops(n, kind)} {verb(n, 'come', 'comes')} down from the {name} wall to the keep."

    def _repair(self, args: list[str]) -> str:
        if len(args) != 2:
            raise Refusal("Usage: repair <wall> <points>")
        name = parse_wall(args[0])
        points = parse_count(args[1])
        wall = self.state["walls"][name]
        missing = WALL_MAX - wall["integrity"]
        if missing == 0:
            raise Refusal(f"The {name} wall is whole.")
        if points is ALL:
            points = missing
        done = min(points, missing)
        left_today = REPAIR_PER_DAY - wall["repaired_today"]
        if done > left_today:
            raise Refusal(f"The masons can put only {left_today} more into the {name} wall today.")
        stores = self.state["stores"]
        if stores["stone"] < done:
            raise Refusal(f"That takes {done} stone; the stores hold {stores['stone']}.")
        stores["stone"] -= done
        wall["integrity"] += done
        wall["repaired_today"] += done
        return (f"The masons raise the {name} wall by {points} to {wall['integrity']}/{WALL_MAX}, "
                f"using {points} stone.")

    def _build(self, args: list[str]) -> str:
        if len(args) != 2 or args[0] != "tower":
            raise Refusal("Usage: build tower <wall>")
        name = parse_wall(args[1])
        wall = self.state["walls"][name]
        if wall["tower"]:
            raise Refusal(f"The {name} wall already has a tower.")
        stores = self.state["stores"]
        short = [f"{need} {good}" for good, need in TOWER_COST.items() if stores[good] < need]
        if short:
            raise Refusal(f"A tower needs {TOWER_COST['stone']} stone and {TOWER_COST['timber']} timber; "
                          f"you are short of {' and '.join(short)}.")
        for good, need in TOWER_COST.items():
            stores[good] -= need
        wall["tower"] = True
        return f"A tower rises over the {name} wall."

    def _buy(self, args: list[str]) -> str:
        if len(args) != 2:
            raise Refusal("Usage: buy <count> <good>")
        n = parse_count(args[0])
        good = parse_good(args[1])
        price = PRICES[good]
        stock = self.state["market"][good]
        if stock == 0:
            raise Refusal(f"The merchant has no {good} left today.")
        if n is ALL:
            n = min(stock, self.state["crowns"] // price)
            if n == 0:
                raise Refusal(f"You cannot afford any {good}.")
        cost = n * price
        if cost > self.state["crowns"]:
            raise Refusal(f"{n} {good} cost {cost} crowns; the treasury holds {self.state['crowns']}.")
        got = min(n, stock)
        self.state["crowns"] -= cost
        self.state["market"][good] -= got
        self.state["stores"][good] += got
        if got < n:
            return f"The merchant had only {got} {good} left. You pay {cost} crowns."
        return f"You buy {got} {good} for {cost} crowns."

    def _sell(self, args: list[str]) -> str:
        if len(args) != 2:
            raise Refusal("Usage: sell <count> <good>")
        n = parse_count(args[0])
        good = parse_good(args[1])
        have = self.state["stores"][good]
        if n is ALL:
            n = have
        if n == 0 or n > have:
            raise Refusal(f"The stores hold only {have} {good}.")
        pay = n * PRICES[good] // 2
        self.state["stores"][good] -= n
        self.state["market"][good] += pay
        self.state["crowns"] += pay
        return f"The merchant pays {pay} crowns for {n} {good}."

    def _end(self, args: list[str]) -> str:
        self._day_only()
        return self._night()

    # ---- the night -----------------------------------------------------------

    def _night(self) -> str:
        s = self.state
        night = s["day"]
        stores = s["stores"]
        report = [f"Night {night} falls."]
        for name, attackers in WAVES[night - 1].items():
            wall = s["walls"][name]
            supplied = min(wall["archers"], stores["arrows"] // ARROWS_PER_ARCHER)
            stores["arrows"] -= supplied * ARROWS_PER_ARCHER
            defence = 2 * wall["militia"] + 3 * supplied + (wall["archers"] - supplied)
            if wall["tower"]:
                defence += TOWER_BONUS
            attack = ATTACKER_STRENGTH * attackers
            if attack <= defence:
                damage, lost = attackers // 2, 0
                line = f"{attackers} attackers are thrown back from the {name} wall"
            else:
                damage = attack - defence
                lost = self._casualties(wall, damage // 4)
                line = f"{attackers} attackers storm the {name} wall"
            wall["integrity"] = max(0, wall["integrity"] - damage)
            wall["repaired_today"] = 0
            line += f" (-{damage} integrity, now {wall['integrity']}/{WALL_MAX}"
            if lost:
                line += f", {lost} {'defender' if lost == 1 else 'defenders'} lost"
            line += ")."
            report.append(line)
            if wall["integrity"] == 0:
                s["siege"]["fallen"] = True
                s["phase"] = "over"
                report.append(f"The {name} wall is breached. Ravelin has fallen.")
                s["last_night"] = report
                return "\n".join(report)

        eaters = self.garrison()
        eaten = min(eaters, stores["grain"])
        stores["grain"] -= eaten
        hungry = eaters - eaten
        if hungry:
            self._desert(hungry)
            report.append(f"The grain runs short: {hungry} soldiers desert in the night.")
        if self.garrison() == 0:
            s["siege"]["fallen"] = True
            s["phase"] = "over"
            report.append("No one is left to hold the walls. Ravelin has fallen.")
            s["last_night"] = report
            return "\n".join(report)

        s["siege"]["nights_held"] = night
        if night == NIGHTS:
            s["siege"]["relieved"] = True
            s["phase"] = "over"
            report.append("At dawn banners crest the ridge: the relief column has come. Ravelin stands. You win!")
            s["last_night"] = report
            return "\n".join(report)

        s["day"] = night + 1
        s["crowns"] += LEVY
        s["market"] = dict(MARKET_STOCK)
        report.append(f"Dawn of day {s['day']}. The town pays its levy of {LEVY} crowns; the merchant restocks.")
        s["last_night"] = report
        return "\n".join(report)

    def _casualties(self, wall: dict, n: int) -> int:
        lost = 0
        for kind in ("militia", "archers"):
            take = min(n - lost, wall[kind])
            wall[kind] -= take
            lost += take
        return lost

    def _desert(self, n: int) -> None:
        places = [self.state["keep"]] + [self.state["walls"][name] for name in WALL_ORDER]
        for place in places:
            for kind in ("militia", "archers"):
                take = min(n, place[kind])
                place[kind] -= take
                n -= take


ORDERS = {
    "help": Fortress._help,
    "?": Fortress._help,
    "look": Fortress._look,
    "status": Fortress._look,
    "walls": Fortress._walls,
    "stores": Fortress._stores,
    "market": Fortress._stores,
    "scout": Fortress._scout,
    "hire": Fortress._hire,
    "dismiss": Fortress._dismiss,
    "post": Fortress._post,
    "recall": Fortress._recall,
    "repair": Fortress._repair,
    "build": Fortress._build,
    "buy": Fortress._buy,
    "sell": Fortress._sell,
    "end": Fortress._end,
    "nightfall": Fortress._end,
}
ALWAYS_ALLOWED = {"help", "?", "look", "status", "walls", "stores", "market"}

HELP = """\
RAVELIN - hold the fortress for 5 nights until the relief column comes.

By day you give orders; 'end' sends the day into night, and the night's attackers come.

  look                               the whole fortress at a glance (also: status)
  walls                              the four walls, their towers and defenders
  stores                             stores, the merchant's stock and prices (also: market)
  scout                              how many attack tonight, and where
  hire <count> <militia|archers>     recruit into the keep
  dismiss <count> <militia|archers>  send soldiers in the keep home
  post <count> <kind> <wall>         send soldiers from the keep up to a wall
  recall <count> <kind> <wall>       bring soldiers down from a wall to the keep
  repair <wall> <points>             mend a wall with stone
  build tower <wall>                 raise a tower over a wall
  buy <count> <good>                 buy from the merchant
  sell <count> <good>                sell to the merchant
  end                                end the day (also: nightfall)

Walls: north, east, south, west (or n, e, s, w). Goods: grain, stone, timber, arrows.
A count is a whole number, or 'all' for as many as can be done.
'help <topic>' for more: walls, garrison, market, night."""

HELP_TOPICS = {
    "walls": f"""\
Each wall holds {WALL_MAX} integrity at most; a wall at 0 is breached and the fortress falls.
Repairs cost 1 stone a point. If you order more points than the wall is missing, the masons mend only
what is missing and use only that much stone. The masons can put at most {REPAIR_PER_DAY} points into one
wall per day; each wall's count starts again at dawn.
A tower costs {TOWER_COST['stone']} stone and {TOWER_COST['timber']} timber, one per wall, and adds \
{TOWER_BONUS} to the wall's defence.""",
    "garrison": f"""\
Militia cost {WAGES['militia']} crowns each, archers {WAGES['archers']}. The barracks hold {GARRISON_CAP} soldiers \
in all, in the keep and on the walls. A wall holds at most {WALL_LIMIT} defenders, militia and archers together.
Soldiers in the keep do not fight; only those posted on an attacked wall do. Dismissed soldiers keep their pay.""",
    "market": f"""\
Prices: grain {PRICES['grain']}, stone {PRICES['stone']}, timber {PRICES['timber']}, arrows {PRICES['arrows']} \
crowns each.
The merchant brings grain {MARKET_STOCK['grain']}, stone {MARKET_STOCK['stone']}, timber {MARKET_STOCK['timber']} \
and arrows {MARKET_STOCK['arrows']} each day. Ask for more than he has and he sells what he has, at the usual price.
He buys at half price: the total is halved and rounded down. What you sell him goes into his stock.
Each dawn the town pays a levy of {LEVY} crowns.""",
    "night": f"""\
Each attacker brings {ATTACKER_STRENGTH} strength. A wall's defence: 2 per militia, 3 per archer with \
{ARROWS_PER_ARCHER} arrows (1 without), {TOWER_BONUS} for a tower.
Held (attack <= defence): the wall loses 1 integrity per 2 attackers, rounded down; no one is lost.
Stormed: the wall loses (attack - defence) integrity and 1 defender per 4 of it, militia first.
After the fighting every soldier eats 1 grain; for each one not fed, one soldier deserts.""",
}

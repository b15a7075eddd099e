"""Thornstead: the colony's rules. Pure Python, no web framework, so the tests can drive it directly."""

from __future__ import annotations

import re

WIDTH = 5
HEIGHT = 5
HALL = "2,2"
HALL_HOUSING = 8
GOAL_POPULATION = 20
MAX_LEVEL = 3
FOOD_PER_SETTLER = 1
GROWTH_FOOD = 10

START_STOCK = {"food": 20, "wood": 15, "stone": 5}
START_SETTLERS = 6

BUILD_COST = {
    "farm": {"wood": 5},
    "lumber camp": {"wood": 4},
    "quarry": {"wood": 6},
    "house": {"wood": 6, "stone": 2},
}
UPGRADE_COST = {
    2: {"wood": 4, "stone": 3},
    3: {"wood": 6, "stone": 5},
}
# What one worker yields per turn, by building.
YIELD = {"farm": ("food", 3), "lumber camp": ("wood", 2), "quarry": ("stone", 1)}
SLOTS_PER_LEVEL = 2

BUILDING_NAMES = {
    "farm": "farm",
    "lumber camp": "lumber camp",
    "lumbercamp": "lumber camp",
    "camp": "lumber camp",
    "quarry": "quarry",
    "house": "house",
}

HELP_TOPICS = {
    "build": (
        "build <building> at <x,y> puts up a farm, lumber camp, quarry or house on an empty tile "
        "and pays its cost from the stock.\nExample: build farm at 2,3"
    ),
    "demolish": (
        "demolish <x,y> pulls down the building on a tile and refunds half its build cost, rounded down. "
        "Its workers go back to the idle pool.\nExample: demolish 2,3"
    ),
    "assign": (
        "assign <n> to <x,y> sends idle settlers to work a building; unassign <n> from <x,y> sends them "
        "back to the idle pool.\nExample: assign 2 to 2,3"
    ),
    "upgrade": (
        "upgrade <x,y> raises a building one level (at most level 3): more worker slots, or more housing "
        "for a house.\nExample: upgrade 2,3"
    ),
    "turn": (
        "end turn lets the season pass: buildings produce, the colony eats, newcomers may arrive.\n"
        "Example: end turn"
    ),
    "report": "report prints the colony ledger: population, stock and every tile.\nExample: report",
}
TOPIC_ALIASES = {"unassign": "assign", "end": "turn", "end turn": "turn", "next": "turn"}

COORD = r"(\d+)\s*,\s*(\d+)"


def house_housing(level: int) -> int:
    return 4 + 3 * (level - 1)


def title(name: str) -> str:
    return name[:1].upper() + name[1:]


def cost_text(cost: dict[str, int]) -> str:
    return " and ".join(f"{amount} {resource}" for resource, amount in cost.items())


class Colony:
    """One game: the grid, the stock, the settlers."""

    def __init__(self) -> None:
        self.tiles: dict[str, dict[str, object]] = {
            HALL: {"building": "town hall", "level": 1, "workers": 0}
        }
        self.stock = dict(START_STOCK)
        self.idle = START_SETTLERS
        self.turn = 1
        self.won = False
        self.lost = False

    # ----- derived numbers
    def workers(self) -> int:
        return sum(int(tile["workers"]) for tile in self.tiles.values())

    def total(self) -> int:
        return self.idle + self.workers()

    def housing(self) -> int:
        capacity = HALL_HOUSING
        for tile in self.tiles.values():
            if tile["building"] == "house":
                capacity += house_housing(int(tile["level"]))
        return capacity

    @staticmethod
    def slots(tile: dict[str, object]) -> int:
        if tile["building"] not in YIELD:
            return 0
        return SLOTS_PER_LEVEL * int(tile["level"])

    def state(self) -> dict[str, object]:
        return {
            "tiles": {key: dict(self.tiles[key]) for key in sorted(self.tiles, key=_order)},
            "stock": dict(self.stock),
            "population": {"total": self.total(), "idle": self.idle, "housing": self.housing()},
            "turn": self.turn,
            "grid": {"width": WIDTH, "height": HEIGHT},
            "goal": {"population": GOAL_POPULATION, "won": self.won, "lost": self.lost},
        }

    @property
    def over(self) -> bool:
        return self.won or self.lost

    # ----- commands
    def intro(self) -> str:
        return (
            "== Thornstead ==\n"
            f"Six settlers stand before the town hall at {HALL} on a {WIDTH} by {HEIGHT} clearing.\n"
            f"Grow the colony to {GOAL_POPULATION} settlers. Type help for the topics."
        )

    def command(self, text: str) -> tuple[bool, str]:
        """Run one typed command: (accepted, report text)."""
        words = " ".join(text.lower().replace("\t", " ").split())
        if not words:
            return False, "== Orders ==\nNo order given. Type help for the topics."
        if words == "help" or words.startswith("help "):
            return self.help(words[4:].strip())
        if words in ("report", "look", "status", "ledger"):
            return True, self.report()
        if self.over:
            outcome = "reached its goal" if self.won else "been abandoned"
            return False, f"== Orders ==\nThe colony has {outcome}. Start a new game."
        if words in ("end turn", "end", "turn", "next turn", "next", "wait"):
            return self.end_turn()
        match = re.fullmatch(r"build ([a-z ]+?)(?: (?:at|on))? " + COORD, words)
        if match:
            return self.build(match.group(1), match.group(2), match.group(3))
        match = re.fullmatch(r"(?:demolish|destroy|raze) " + COORD, words)
        if match:
            return self.demolish(match.group(1), match.group(2))
        match = re.fullmatch(r"assign (\d+)(?: settlers?| workers?)? (?:to|at|on) " + COORD, words)
        if match:
            return self.assign(int(match.group(1)), match.group(2), match.group(3))
        match = re.fullmatch(r"unassign (\d+)(?: settlers?| workers?)? (?:from|at|on) " + COORD, words)
        if match:
            return self.unassign(int(match.group(1)), match.group(2), match.group(3))
        match = re.fullmatch(r"upgrade " + COORD, words)
        if match:
            return self.upgrade(match.group(1), match.group(2))
        return False, f"== Orders ==\nThe foreman does not understand {text.strip()!r}. Type help for the topics."

    def help(self, topic: str) -> tuple[bool, str]:
        if not topic:
            return True, "Topics: build, demolish, assign, upgrade, turn, report. Type help <topic>."
        topic = TOPIC_ALIASES.get(topic, topic)
        if topic not in HELP_TOPICS:
            return False, f"No help on {topic!r}. Topics: build, demolish, assign, upgrade, turn, report."
        return True, f"== Help: {topic} ==\n{HELP_TOPICS[topic]}"

    def _tile_key(self, x: str, y: str) -> str | None:
        col, row = int(x), int(y)
        if not (0 <= col < WIDTH and 0 <= row < HEIGHT):
            return None
        return f"{col},{row}"

    def _building_at(self, head: str, x: str, y: str) -> tuple[str | None, str]:
        """The key of the built tile at x,y, or None and the refusal text."""
        key = self._tile_key(x, y)
        if key is None:
            return None, f"{head}\nTile {x},{y} lies outside the clearing."
        if key not in self.tiles:
            return None, f"{head}\nNothing stands at {key}."
        return key, ""

    def _pay(self, cost: dict[str, int], what: str) -> str | None:
        """Take `cost` from the stock; a refusal text when the stock is short."""
        for resource, amount in cost.items():
            if self.stock[resource] < amount:
                return f"Not enough {resource}: {what} needs {cost_text(cost)}."
            self.stock[resource] -= amount
        return None

    def build(self, name: str, x: str, y: str) -> tuple[bool, str]:
        head = "== Build =="
        building = BUILDING_NAMES.get(name.strip())
        if building is None:
            return False, f"{head}\nThere is no such building as {name!r}. You can build: farm, lumber camp, quarry, house."
        key = self._tile_key(x, y)
        if key is None:
            return False, f"{head}\nTile {x},{y} lies outside the clearing (0-{WIDTH - 1}, 0-{HEIGHT - 1})."
        if key in self.tiles:
            return False, f"{head}\nTile {key} already holds the {self.tiles[key]['building']}."
        refusal = self._pay(BUILD_COST[building], f"a {building}")
        if refusal:
            return False, f"{head}\n{refusal}"
        self.tiles[key] = {"building": building, "level": 1, "workers": 0}
        lines = [head, f"Built a {building} at {key} for {cost_text(BUILD_COST[building])}."]
        if building == "house":
            lines.append(f"Housing is now {self.housing()}.")
        else:
            lines.append(f"It has room for {SLOTS_PER_LEVEL} workers.")
        return True, "\n".join(lines)

    def demolish(self, x: str, y: str) -> tuple[bool, str]:
        head = "== Demolish =="
        key, refusal = self._building_at(head, x, y)
        if key is None:
            return False, refusal
        tile = self.tiles[key]
        building = str(tile["building"])
        refund = {resource: amount // 2 for resource, amount in BUILD_COST[building].items()}
        if building == "town hall":
            return False, f"{head}\nThe town hall is the heart of the colony and cannot be pulled down."
        if building == "house" and self.total() > self.housing() - house_housing(int(tile["level"])):
            return False, f"{head}\nSettlers live in the house at {key}: there would be nowhere for them to sleep."
        del self.tiles[key]
        for resource, amount in refund.items():
            self.stock[resource] += amount
        lines = [head, f"Pulled down the {building} at {key}."]
        paid = {resource: amount for resource, amount in refund.items() if amount}
        lines.append(f"Refund: {cost_text(paid)}." if paid else "Nothing could be salvaged.")
        return True, "\n".join(lines)

    def _work_tile(self, head: str, x: str, y: str) -> tuple[str | None, str]:
        key, refusal = self._building_at(head, x, y)
        if key is None:
            return None, refusal
        tile = self.tiles[key]
        if tile["building"] not in YIELD:
            return None, f"{head}\nNobody works at the {tile['building']} at {key}: settlers only work farms, lumber camps and quarries."
        return key, ""

    def assign(self, count: int, x: str, y: str) -> tuple[bool, str]:
        head = "== Assign =="
        key, refusal = self._work_tile(head, x, y)
        if key is None:
            return False, refusal
        tile = self.tiles[key]
        if count < 1:
            return False, f"{head}\nAssign at least one settler."
        if count > self.idle:
            return False, f"{head}\nOnly {self.idle} settlers are idle."
        room = self.slots(tile) - int(tile["workers"])
        if count > room:
            return False, f"{head}\nThe {tile['building']} at {key} has room for {room} more workers."
        work_line = f"{count} settlers now work the {tile['building']} at {key} ({int(tile['workers']) + count}/{self.slots(tile)})."
        idle_line = f"Idle settlers: {self.idle}."
        self.idle -= count
        tile["workers"] = int(tile["workers"]) + count
        return True, "\n".join([head, work_line, idle_line])

    def unassign(self, count: int, x: str, y: str) -> tuple[bool, str]:
        head = "== Unassign =="
        key, refusal = self._work_tile(head, x, y)
        if key is None:
            return False, refusal
        tile = self.tiles[key]
        if count < 1:
            return False, f"{head}\nUnassign at least one settler."
        if count > int(tile["workers"]):
            return False, f"{head}\nOnly {tile['workers']} settlers work the {tile['building']} at {key}."
        tile["workers"] = int(tile["workers"]) - count
        self.idle += count
        return True, "\n".join(
            [
                head,
                f"{count} settlers left the {tile['building']} at {key} ({tile['workers']}/{self.slots(tile)}).",
                f"Idle settlers: {self.idle}.",
            ]
        )

    def upgrade(self, x: str, y: str) -> tuple[bool, str]:
        head = "== Upgrade =="
        key, refusal = self._building_at(head, x, y)
        if key is None:
            return False, refusal
        tile = self.tiles[key]
        building = str(tile["building"])
        if building == "town hall":
            return False, f"{head}\nThe town hall cannot be upgraded."
        level = int(tile["level"])
        if level >= MAX_LEVEL:
            return False, f"{head}\nThe {building} at {key} is already at level {MAX_LEVEL}."
        cost = UPGRADE_COST[level + 1]
        refusal = self._pay(cost, f"level {level + 1}")
        if refusal:
            return False, f"{head}\n{refusal}"
        tile["level"] = level + 1
        lines = [head, f"The {building} at {key} is now level {level + 1} ({cost_text(cost)} spent)."]
        if building == "house":
            lines.append(f"It shelters {house_housing(level + 1)} settlers. Housing is now {self.housing()}.")
        else:
            lines.append(f"It has room for {self.slots(tile)} workers.")
        return True, "\n".join(lines)

    def end_turn(self) -> tuple[bool, str]:
        lines = [f"== Turn {self.turn} =="]
        for key in sorted(self.tiles, key=_order):
            tile = self.tiles[key]
            if tile["building"] not in YIELD or not tile["workers"]:
                continue
            resource, per_worker = YIELD[str(tile["building"])]
            made = per_worker * int(tile["workers"])
            self.stock[resource] += made
            lines.append(f"{title(str(tile['building']))} at {key} produced {made} {resource}.")
        need = self.total() * FOOD_PER_SETTLER
        if self.stock["food"] >= need:
            self.stock["food"] -= need
            lines.append(f"The colony ate {need} food.")
        else:
            eaten = self.stock["food"]
            self.stock["food"] = 0
            hungry = (need - eaten + FOOD_PER_SETTLER - 1) // FOOD_PER_SETTLER
            self._leave(hungry)
            lines.append(f"The colony ate {eaten} food and ran out: {hungry} hungry settlers left.")
        room = self.housing() - self.total()
        if self.total() == 0:
            self.lost = True
            lines.append("The last settlers have gone. The colony is abandoned.")
        elif room >= 0 and self.stock["food"] >= GROWTH_FOOD:
            self.idle += 1
            lines.append("A settler arrived and joined the idle pool.")
        elif room <= 0:
            lines.append("No newcomers: every bed is taken.")
        else:
            lines.append(f"No newcomers: the stores hold less than {GROWTH_FOOD} food.")
        lines.append(
            f"Population {self.total()} (idle {self.idle}), housing {self.housing()}. "
            f"Stock: food {self.stock['food']}, wood {self.stock['wood']}, stone {self.stock['stone']}."
        )
        self.turn += 1
        if not self.lost and self.total() >= GOAL_POPULATION:
            self.won = True
            lines.append(f"Thornstead has {self.total()} settlers: the colony thrives. You win!")
        return True, "\n".join(lines)

    def _leave(self, count: int) -> None:
        gone = min(count, self.idle)
        self.idle -= gone
        count -= gone
        for key in sorted(self.tiles, key=_order):
            if count <= 0:
                break
            tile = self.tiles[key]
            gone = min(count, int(tile["workers"]))
            tile["workers"] = int(tile["workers"]) - gone
            count -= gone

    def report(self) -> str:
        lines = [
            f"== Colony report, turn {self.turn} ==",
            f"Population {self.total()} of {GOAL_POPULATION} wanted (idle {self.idle}), housing {self.housing()}.",
            f"Stock: food {self.stock['food']}, wood {self.stock['wood']}, stone {self.stock['stone']}.",
            "Tiles:",
        ]
        for key in sorted(self.tiles, key=_order):
            tile = self.tiles[key]
            extra = ""
            if tile["building"] in YIELD:
                extra = f", workers {tile['workers']}/{self.slots(tile)}"
            elif tile["building"] == "house":
                extra = f", shelters {house_housing(int(tile['level']))}"
            lines.append(f"  {key}: {tile['building']} level {tile['level']}{extra}")
        return "\n".join(lines)


def _order(key: str) -> tuple[int, int]:
    x, y = key.split(",")
    return int(y), int(x)

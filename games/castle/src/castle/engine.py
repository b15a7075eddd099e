"""The rules of CASTLE: one game's state and what every command does to it.

Pure and deterministic: the same commands from a new game always give the same replies.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from castle.parser import Command, parse
from castle.world import (
    CARRY_LIMIT,
    CHEST_PASSWORD,
    FIXTURES,
    FRAGMENTS,
    ITEMS,
    LIGHT_SOURCES,
    ROOMS,
    START_ROOM,
)

DARK_TEXT = "It is pitch dark. You cannot see a thing, and you might break your neck down here."
TOO_DARK = "It is too dark to see anything here."
HELP_TEXT = (
    "Verbs: look, go <direction> (or north/south/east/west/up/down), take <item>, drop <item>, "
    "open <thing>, close <thing>, unlock <thing>, examine <thing> (x), read <item>, light <item>, "
    "place <item>, combine fragments, say <word> (or enter <word>), inventory (i), help."
)
FLAG_NAMES = (
    "drawer_open",
    "storage_unlocked",
    "toolbox_open",
    "ladder_placed",
    "scroll_read",
    "chest_unlocked",
    "chest_open",
    "candlestick_lit",
    "oil_lamp_lit",
    "key_forged",
    "door_unlocked",
)
CONTAINER_FLAGS = {"bedside drawer": "drawer_open", "toolbox": "toolbox_open", "old chest": "chest_open"}


@dataclass(frozen=True)
class Reply:
    success: bool
    message: str


def _matches(target: str, name: str, aliases: tuple[str, ...]) -> bool:
    return target == name.lower() or target in aliases


class Castle:
    """One game of CASTLE, from the hall to the sealed door."""

    def __init__(self) -> None:
        self.room = START_ROOM
        self.inventory: list[str] = []
        self.floor: dict[str, list[str]] = {room_id: list(room.items) for room_id, room in ROOMS.items()}
        self.contents: dict[str, list[str]] = {n: list(f.contents) for n, f in FIXTURES.items() if f.contents}
        self.flags: dict[str, bool] = dict.fromkeys(FLAG_NAMES, False)
        self.turn = 0
        self.won = False
        self.view = ""
        self._refresh()

    # --- what the player sees -------------------------------------------------------------------

    def exits(self) -> dict[str, str]:
        room = ROOMS[self.room]
        open_gates = {d: target for d, (target, flag) in room.gated_exits.items() if self.flags[flag]}
        return {**room.exits, **open_gates}

    def is_lit(self) -> bool:
        if not ROOMS[self.room].dark:
            return True
        around = [*self.inventory, *self.floor[self.room]]
        return any(self._burning(name) for name in around)

    def _burning(self, name: str) -> bool:
        return name in LIGHT_SOURCES and self.flags[f"{name.replace(' ', '_')}_lit"]

    def visible_items(self) -> list[str]:
        return list(self.floor[self.room]) if self.is_lit() else []

    def visible_fixtures(self) -> list[str]:
        return list(ROOMS[self.room].fixtures) if self.is_lit() else []

    def _describe(self) -> str:
        room = ROOMS[self.room]
        parts = [room.text] if self.is_lit() else [DARK_TEXT]
        if self.is_lit():
            for name in room.fixtures:
                fixture = FIXTURES[name]
                if fixture.closed_text:
                    opened = self.flags[CONTAINER_FLAGS[name]]
                    parts.append(fixture.open_text if opened else fixture.closed_text)
            if self.room == "hall" and self.flags["storage_unlocked"]:
                parts.append("The storage door stands open.")
            if self.room == "library" and self.flags["ladder_placed"]:
                parts.append("The ladder stands against the bookshelves, up to the open trapdoor.")
            items = self.floor[self.room]
            if items:
                parts.append(f"You see: {', '.join(items)}.")
        parts.append(f"Exits: {', '.join(self.exits())}.")
        return " ".join(parts)

    def _refresh(self) -> None:
        self.view = self._describe()

    def state(self) -> dict[str, Any]:
        room = ROOMS[self.room]
        return {
            "room": {"id": room.id, "name": room.name, "description": self.view, "exits": list(self.exits())},
            "visible_items": self.visible_items(),
            "fixtures": self.visible_fixtures(),
            "inventory": list(self.inventory),
            "flags": dict(self.flags),
            "turn": self.turn,
            "visibility": "lit" if self.is_lit() else "dark",
            "won": self.won,
            "game_over": self.won,
        }

    def full_state(self) -> dict[str, Any]:
        """Everything, solution included: a debug view that a player must never be shown."""
        return {
            "room": self.room,
            "inventory": list(self.inventory),
            "floor": {room: list(items) for room, items in self.floor.items()},
            "containers": {name: list(items) for name, items in self.contents.items()},
            "flags": dict(self.flags),
            "chest_password": CHEST_PASSWORD,
            "won": self.won,
        }

    # --- commands -------------------------------------------------------------------------------

    def command(self, text: str) -> Reply:
        self.turn += 1
        command = parse(text)
        if self.won:
            return Reply(False, "The game is over: you escaped the manor. Start a new game to play again.")
        if not command.verb:
            return Reply(False, "Say something. Type 'help' for the verbs.")
        handler = getattr(self, f"_do_{command.verb}", None)
        if handler is None:
            return Reply(False, f"I don't know the verb '{command.verb}'. Type 'help' for the verbs.")
        return handler(command)

    def _do_help(self, command: Command) -> Reply:
        return Reply(True, HELP_TEXT)

    def _do_look(self, command: Command) -> Reply:
        return Reply(True, self.view)

    def _do_inventory(self, command: Command) -> Reply:
        if not self.inventory:
            return Reply(True, "You are empty-handed.")
        return Reply(True, f"You carry: {', '.join(self.inventory)}.")

    def _do_go(self, command: Command) -> Reply:
        if not command.target:
            return Reply(False, "Go where?")
        exits = self.exits()
        if command.target in exits:
            self.room = exits[command.target]
            self._refresh()
            return Reply(True, self.view)
        gate = ROOMS[self.room].gated_exits.get(command.target)
        if gate and gate[1] == "storage_unlocked":
            return Reply(False, "The storage door is locked.")
        if gate:
            return Reply(False, "The trapdoor in the ceiling is out of reach.")
        return Reply(False, "You can't go that way.")

    def _find_item(self, target: str, names: list[str]) -> str | None:
        for name in names:
            if _matches(target, name, ITEMS[name].aliases):
                return name
        return None

    def _find_fixture(self, target: str) -> str | None:
        for name in self.visible_fixtures():
            if _matches(target, name, FIXTURES[name].aliases):
                return name
        return None

    def _reach_fixture(self, command: Command) -> str | Reply:
        """The fixture a command names in this room, or the refusal that says why it cannot be reached."""
        if not command.target:
            return Reply(False, f"{command.verb.capitalize()} what?")
        if not self.is_lit():
            return Reply(False, TOO_DARK)
        fixture = self._find_fixture(command.target)
        if fixture is None:
            return Reply(False, f"You see no {command.target} here.")
        return fixture

    def _do_take(self, command: Command) -> Reply:
        if not command.target:
            return Reply(False, "Take what?")
        if not self.is_lit():
            return Reply(False, TOO_DARK)
        if self._find_item(command.target, self.inventory):
            return Reply(False, "You already have that.")
        name = self._find_item(command.target, self.floor[self.room])
        if name is None:
            if self._find_fixture(command.target):
                return Reply(False, "That will not budge.")
            return Reply(False, f"You see no {command.target} here.")
        if len(self.inventory) >= CARRY_LIMIT:
            return Reply(False, "You cannot carry more than six items. Drop something first.")
        self.floor[self.room].remove(name)
        self.inventory.append(name)
        if name == "ladder":
            self.flags["ladder_placed"] = False
        self._refresh()
        return Reply(True, f"Taken: {name}.")

    def _do_drop(self, command: Command) -> Reply:
        if not command.target:
            return Reply(False, "Drop what?")
        name = self._find_item(command.target, self.inventory)
        if name is None:
            return Reply(False, f"You are not carrying any {command.target}.")
        if not self.is_lit():
            return Reply(False, "You would never find it again in this darkness.")
        self.inventory.remove(name)
        self.floor[self.room].append(name)
        return Reply(True, f"Dropped: {name}.")

    def _do_examine(self, command: Command) -> Reply:
        if not command.target:
            return Reply(False, "Examine what?")
        if not self.is_lit():
            return Reply(False, TOO_DARK)
        name = self._find_item(command.target, [*self.inventory, *self.floor[self.room]])
        if name is not None:
            text = ITEMS[name].text
            return Reply(True, f"{text} It is burning." if self._burning(name) else text)
        fixture = self._find_fixture(command.target)
        if fixture is None:
            return Reply(False, f"You see no {command.target} here.")
        text = FIXTURES[fixture].text
        if fixture in CONTAINER_FLAGS:
            text += " It is open." if self.flags[CONTAINER_FLAGS[fixture]] else " It is closed."
        return Reply(True, text)

    def _do_read(self, command: Command) -> Reply:
        if not command.target:
            return Reply(False, "Read what?")
        if not self.is_lit():
            return Reply(False, TOO_DARK)
        name = self._find_item(command.target, [*self.inventory, *self.floor[self.room]])
        if name is None:
            return Reply(False, f"You see no {command.target} here.")
        if not ITEMS[name].readable:
            return Reply(False, f"There is nothing written on the {name}.")
        if name == "scroll":
            self.flags["scroll_read"] = True
        return Reply(True, ITEMS[name].readable)

    def _do_open(self, command: Command) -> Reply:
        fixture = self._reach_fixture(command)
        if isinstance(fixture, Reply):
            return fixture
        if fixture == "storage door":
            if self.flags["storage_unlocked"]:
                return Reply(False, "The storage door is already open.")
            return Reply(False, "The storage door is locked.")
        if fixture == "sealed door":
            return Reply(False, "The sealed door is held by a heavy iron lock.")
        if fixture not in CONTAINER_FLAGS:
            return Reply(False, f"The {fixture} cannot be opened.")
        if self.flags[CONTAINER_FLAGS[fixture]]:
            return Reply(False, f"The {fixture} is already open.")
        if fixture == "old chest" and not self.flags["chest_unlocked"]:
            return Reply(False, "The old chest is locked. Letters carved around its clasp wait for a word.")
        return Reply(True, self._open_container(fixture))

    def _open_container(self, fixture: str) -> str:
        found = self.contents[fixture]
        self.floor[self.room].extend(found)
        self.contents[fixture] = []
        self.flags[CONTAINER_FLAGS[fixture]] = True
        self._refresh()
        inside = f"Inside you find: {', '.join(found)}." if found else "It is empty."
        return f"You open the {fixture}. {inside}"

    def _do_close(self, command: Command) -> Reply:
        fixture = self._reach_fixture(command)
        if isinstance(fixture, Reply):
            return fixture
        if fixture not in CONTAINER_FLAGS:
            return Reply(False, f"The {fixture} cannot be closed.")
        if not self.flags[CONTAINER_FLAGS[fixture]]:
            return Reply(False, f"The {fixture} is already closed.")
        self.flags[CONTAINER_FLAGS[fixture]] = False
        self._refresh()
        return Reply(True, f"You close the {fixture}.")

    def _do_unlock(self, command: Command) -> Reply:
        fixture = self._reach_fixture(command)
        if isinstance(fixture, Reply):
            return fixture
        if fixture == "storage door":
            if self.flags["storage_unlocked"]:
                return Reply(False, "The storage door is already unlocked.")
            if "small key" not in self.inventory:
                return Reply(False, "The storage door is locked, and you have no key that fits.")
            self.flags["storage_unlocked"] = True
            self._refresh()
            return Reply(True, "The small key turns. You unlock the storage door and push it open.")
        if fixture == "sealed door":
            if "iron key" not in self.inventory:
                return Reply(False, "The sealed door has a heavy iron lock, and you have no key that fits.")
            self.flags["door_unlocked"] = True
            self.won = True
            self._refresh()
            return Reply(True, "The iron key turns with a groan and the sealed door swings open. You are free!")
        if fixture == "old chest":
            return Reply(False, "The old chest has no keyhole, only letters carved around its clasp.")
        return Reply(False, f"The {fixture} has no lock.")

    def _do_light(self, command: Command) -> Reply:
        if not command.target:
            return Reply(False, "Light what?")
        name = self._find_item(command.target, self.inventory)
        if name is None:
            return Reply(False, f"You are not holding any {command.target}.")
        if name == "matches":
            return Reply(True, "You strike a match. It flares for a moment and dies. Light something with it.")
        if name not in LIGHT_SOURCES:
            return Reply(False, f"The {name} will not burn.")
        if self._burning(name):
            return Reply(False, f"The {name} is already lit.")
        if "matches" not in self.inventory:
            return Reply(False, f"You have nothing to light the {name} with.")
        self.flags[f"{name.replace(' ', '_')}_lit"] = True
        self._refresh()
        return Reply(True, f"You strike a match and light the {name}. It burns steadily.")

    def _do_place(self, command: Command) -> Reply:
        if not command.target:
            return Reply(False, "Place what?")
        name = self._find_item(command.target.split(" against ")[0].split(" here")[0], self.inventory)
        if name is None:
            return Reply(False, f"You are not carrying any {command.target}.")
        if name != "ladder":
            return Reply(False, f"There is no useful place for the {name}. Try 'drop'.")
        if self.room != "library":
            return Reply(False, "There is nothing here worth setting the ladder against.")
        self.inventory.remove(name)
        self.floor[self.room].append(name)
        self.flags["ladder_placed"] = True
        self._refresh()
        return Reply(True, "You set the ladder against the bookshelves. It reaches the trapdoor above.")

    def _do_combine(self, command: Command) -> Reply:
        if command.target and "fragment" not in command.target and command.target != "key":
            return Reply(False, "Only the key fragments can be combined.")
        held = [name for name in FRAGMENTS if name in self.inventory]
        if len(held) < 2:
            return Reply(False, "You need all three key fragments to forge the key.")
        for name in held:
            self.inventory.remove(name)
        self.inventory.append("iron key")
        self.flags["key_forged"] = True
        return Reply(True, "The fragments lock together with a click: you now hold the iron key.")

    def _do_say(self, command: Command) -> Reply:
        if not command.target:
            return Reply(False, "Say what?")
        if self.room == "attic" and self.is_lit() and not self.flags["chest_unlocked"]:
            if command.target != CHEST_PASSWORD:
                return Reply(False, "The old chest stays shut.")
            self.flags["chest_unlocked"] = True
            return Reply(True, f"The clasp clicks. {self._open_container('old chest')}")
        return Reply(False, f"You say '{command.target}'. Your voice echoes, and nothing happens.")


def new_game() -> Castle:
    return Castle()


def play(commands: list[str]) -> tuple[Castle, list[Reply]]:
    """Play commands from a new game; used by the tests and the walkthrough check."""
    game = Castle()
    return game, [game.command(text) for text in commands]

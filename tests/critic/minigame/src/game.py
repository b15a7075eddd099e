"""Two rooms, a drawer with a key, a sealed door. Deterministic."""

DESCRIPTIONS = {
    "hall": "A dusty hall. A sealed door leads out; a doorway leads to the bedroom.",
    "bedroom": "A small bedroom with a bedside drawer.",
}
EXITS = {"hall": ["bedroom"], "bedroom": ["hall"]}


class Game:
    def __init__(self):
        self.room = "hall"
        self.items = {"hall": ["lamp", "book"], "bedroom": []}
        self.floor = {"hall": [], "bedroom": []}
        self.drawer = ["small key"]
        self.drawer_open = False
        self.inventory = []
        self.turn = 0
        self.won = False

    def visible(self):
        visible = self.items[self.room] + self.floor[self.room]
        if self.room == "bedroom" and self.drawer_open:
            visible = visible + self.drawer
        return visible

    def describe(self):
        text = DESCRIPTIONS[self.room]
        if self.room == "bedroom":
            text += " A small key glints in the drawer."
        shown = self.items[self.room]
        if shown:
            text += " You see: " + ", ".join(shown) + "."
        return text + " Exits: " + ", ".join(EXITS[self.room]) + "."

    def state(self):
        return {
            "room": {"name": self.room, "exits": EXITS[self.room]},
            "items": self.visible(),
            "inventory": list(self.inventory),
            "flags": {"drawer_open": self.drawer_open},
            "turn": self.turn,
            "won": self.won,
        }

    def command(self, text):
        self.turn += 1
        verb, _, rest = text.strip().lower().partition(" ")
        if verb == "look":
            return True, self.describe()
        if verb == "go":
            if rest not in EXITS[self.room]:
                return False, "You cannot go there."
            self.room = rest
            return True, self.describe()
        if verb == "open" and rest == "drawer" and self.room == "bedroom":
            self.drawer_open = True
            return True, "You open the drawer."
        if verb == "take":
            if rest in self.items[self.room]:
                self.items[self.room].remove(rest)
            elif rest in self.floor[self.room]:
                self.floor[self.room].remove(rest)
            elif self.room == "bedroom" and self.drawer_open and rest in self.drawer:
                self.drawer.remove(rest)
            else:
                return False, "There is no " + rest + " here."
            self.inventory.append(rest)
            return True, "Taken: " + rest + "."
        if verb == "drop":
            if rest not in self.inventory:
                return False, "You do not carry " + rest + "."
            self.inventory.remove(rest)
            self.floor[self.room].append(rest)
            return True, "Dropped: " + rest + "."
        if verb == "unlock" and rest == "door" and self.room == "hall":
            if "small key" not in self.inventory:
                return False, "The door is locked."
            self.won = True
            return True, "The door opens. You are free."
        if verb == "xyzzy":
            raise SystemExit("the magic word kills the server")
        return False, "I do not understand."

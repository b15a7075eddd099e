"""Lift Shift: one evening shift running the guest lift of the Hotel Mirabel.

The engine knows nothing about HTTP; server.py wraps it. One Shift object per game.
"""

import copy

TOP = 8                     # floors are G (0) and 1..8
CAPACITY = 4                # riders in the car at once
PATIENCE = 20               # ticks a guest waits on a landing before taking the stairs
GOAL = 8                    # guests to deliver to finish the shift
SHIFT_END = 90              # the shift ends at this tick
MAX_COMPLAINTS = 3          # this many complaints and the manager sends you home
UNDO_DEPTH = 20
SAVE_SLOTS = ("1", "2", "3")

# (tick, title, surname, from floor, to floor, vip)
SCHEDULE = (
    (0, "Mrs", "Alder", 0, 2, True),
    (0, "Mr", "Bell", 0, 5, False),
    (3, "Dr", "Chen", 7, 0, False),
    (6, "Ms", "Duval", 4, 8, True),
    (9, "Mr", "Eze", 0, 6, False),
    (12, "Lady", "Fenwick", 8, 0, False),
    (16, "Mr", "Gupta", 3, 7, False),
    (20, "Ms", "Horvat", 6, 0, False),
    (25, "Mr", "Ito", 0, 4, False),
    (30, "Miss", "Jones", 5, 1, False),
    (36, "Mr", "Kowalski", 1, 8, False),
    (42, "Mrs", "Lindqvist", 8, 3, True),
)

HELP = """Lift operator's card
  look               where the car is, who is inside, who is waiting
  go <floor>         drive the car to a floor: G (or 0, lobby) and 1-8. Doors must be shut.
  open               open the doors (1 tick); riders for this floor step out
  board <name>|all   let a waiting guest in (doors open, 4 riders at most)
  close              shut the doors
  wait [n]           stand still for n ticks (1-10, default 1)
  stats              deliveries, complaints, coins and the average trip time
  save [1-3]         save the shift in a slot (default 1)
  load [1-3]         go back to a saved slot
  undo               take back your last move
  help               this card
Deliver 8 guests before tick 90. Three complaints and you are sent home."""

_saved = {}


def floor_name(n):
    return "G" if n == 0 else str(n)


def parse_floor(text):
    text = text.strip().lower()
    if text in ("g", "ground", "lobby", "0"):
        return 0
    if text.startswith("floor "):
        text = text[6:].strip()
    try:
        n = int(text)
    except ValueError:
        return None
    if n < 0 or n > TOP + 1:
        return None
    return n


class Shift:
    def __init__(self):
        self.tick = 0
        self.floor = 0
        self.doors = "closed"
        self.riders = []
        self.landings = {}
        self.pending = 0
        self.delivered = 0
        self.coins = 0
        self.trip_times = []
        self.complaints = 0
        self.won = False
        self.over = False
        self.moves = 0
        self.history = []
        self._arrivals()

    # ---- views -------------------------------------------------------

    def view(self):
        return {
            "shift": {
                "tick": self.tick,
                "ends_at": SHIFT_END,
                "delivered": self.delivered,
                "goal": GOAL,
                "coins": self.coins,
                "complaints": self.complaints,
                "won": self.won,
                "over": self.over,
            },
            "car": {
                "floor": floor_name(self.floor),
                "doors": self.doors,
                "capacity": CAPACITY,
                "riders": [{"name": g["name"], "to": floor_name(g["to"])} for g in self.riders],
            },
            "landings": {
                floor_name(f): [{"name": g["name"], "to": floor_name(g["to"]), "waiting": self.tick - g["since"]}
                                for g in guests]
                for f, guests in sorted(self.landings.items()) if guests
            },
        }

    def describe(self):
        lines = ["Tick %d of %d. The car is at floor %s, doors %s." % (
            self.tick, SHIFT_END, floor_name(self.floor), self.doors)]
        if self.riders:
            lines.append("Inside: " + ", ".join(
                "%s (for %s)" % (g["name"], floor_name(g["to"])) for g in self.riders) + ".")
        else:
            lines.append("The car is empty.")
        waiting = [(f, gs) for f, gs in sorted(self.landings.items()) if gs]
        if waiting:
            for f, gs in waiting:
                lines.append("Waiting at %s: %s." % (floor_name(f), ", ".join(
                    "%s (for %s)" % (g["name"], floor_name(g["to"])) for g in gs)))
        else:
            lines.append("Nobody is waiting for the lift.")
        lines.append("Delivered %d of %d, %d coins, %d complaint(s)." % (
            self.delivered, GOAL, self.coins, self.complaints))
        return "\n".join(lines)

    # ---- time --------------------------------------------------------

    def _arrivals(self):
        notes = []
        while self.pending < len(SCHEDULE) and SCHEDULE[self.pending][0] <= self.tick:
            _, title, surname, start, to, vip = SCHEDULE[self.pending]
            self.pending += 1
            guest = {"name": "%s %s" % (title, surname), "key": surname.lower(), "to": to,
                     "vip": vip, "since": self.tick, "appeared": self.tick}
            self.landings.setdefault(start, []).append(guest)
            if self.tick > 0:
                notes.append("Ding: %s calls the lift at floor %s." % (guest["name"], floor_name(start)))
        return notes

    def _pass(self, ticks):
        notes = []
        for _ in range(ticks):
            if self.over:
                break
            self.tick += 1
            notes += self._arrivals()
            for f, guests in self.landings.items():
                for g in list(guests):
                    if self.tick - g["since"] > PATIENCE:
                        guests.remove(g)
                        self.complaints += 1
                        notes.append("%s gives up on the lift at floor %s and takes the stairs. "
                                     "The front desk logs a complaint." % (g["name"], floor_name(f)))
            if self.complaints >= MAX_COMPLAINTS:
                self.over = True
                notes.append("That is %d complaints. The manager sends you home. The shift is over."
                             % self.complaints)
            elif self.tick >= SHIFT_END and not self.won:
                self.over = True
                notes.append("The night porter takes over. The shift ended with %d of %d guests delivered."
                             % (self.delivered, GOAL))
        return notes

    # ---- undo, save and load -----------------------------------------

    def _snapshot(self):
        return copy.deepcopy({
            "tick": self.tick,
            "floor": self.floor,
            "doors": self.doors,
            "riders": self.riders,
            "landings": self.landings,
            "pending": self.pending,
            "complaints": self.complaints,
            "won": self.won,
            "over": self.over,
        })

    def _restore(self, snap):
        for key, value in copy.deepcopy(snap).items():
            setattr(self, key, value)

    def save(self, arg):
        slot = arg or "1"
        if slot not in SAVE_SLOTS:
            return False, "There are save slots 1, 2 and 3."
        _saved[slot] = self._snapshot()
        return True, "Shift saved in slot %s (tick %d)." % (slot, self.tick)

    def load(self, arg):
        slot = arg or "1"
        if slot not in SAVE_SLOTS:
            return False, "There are save slots 1, 2 and 3."
        if slot not in _saved:
            return False, "Slot %s is empty." % slot
        self._push()
        self._restore(_saved[slot])
        return True, "Loaded slot %s.\n%s" % (slot, self.describe())

    def _push(self):
        self.history.append(self._snapshot())
        del self.history[:-UNDO_DEPTH]

    def undo(self):
        if not self.history:
            return False, "Nothing to undo."
        self._restore(self.history.pop())
        return True, "Taken back.\n" + self.describe()

    # ---- commands ----------------------------------------------------

    def do(self, command):
        words = command.strip().lower().split(None, 1)
        if not words:
            return False, "Say something. Type help for the operator's card."
        verb, arg = words[0], (words[1].strip() if len(words) > 1 else "")
        if verb in ("help", "?"):
            return True, HELP
        if verb in ("look", "l"):
            return True, self.describe()
        if verb == "stats":
            return self.stats()
        if verb not in ("go", "open", "close", "board", "wait", "save", "load", "undo"):
            return False, "The operator's card has no '%s'. Type help." % verb
        if self.over:
            return False, "The shift is over. Ask for a new game to start another."
        if verb == "save":
            return self.save(arg)
        if verb == "undo":
            return self.undo()
        if verb == "load":
            return self.load(arg)
        handler = getattr(self, "cmd_" + verb)
        before = self._snapshot()
        ok, text = handler(arg)
        if ok:
            self.history.append(before)
            del self.history[:-UNDO_DEPTH]
            self.moves += 1
        return ok, text

    def cmd_go(self, arg):
        if not arg:
            return False, "Go where? Floors are G and 1-%d." % TOP
        target = parse_floor(arg)
        if target is None:
            return False, "There is no floor '%s' in the Mirabel. Floors are G and 1-%d." % (arg, TOP)
        if self.doors == "open":
            return False, "The doors are open. Close them first."
        if target == self.floor:
            return False, "The car is already at floor %s." % floor_name(target)
        distance = abs(target - self.floor)
        way = "up" if target > self.floor else "down"
        self.floor = target
        notes = self._pass(distance)
        text = "The car hums %s to floor %s (%d tick%s)." % (
            way, floor_name(target), distance, "" if distance == 1 else "s")
        return True, "\n".join([text] + notes)

    def cmd_open(self, arg):
        if self.doors == "open":
            return False, "The doors are already open."
        self.doors = "open"
        notes = self._pass(1)
        lines = ["The doors slide open at floor %s." % floor_name(self.floor)]
        for g in [g for g in self.riders if g["to"] == self.floor]:
            self.riders.remove(g)
            trip = self.tick - g["appeared"]
            tip = max(1, 5 - trip // 10)
            self.coins += tip
            if g["vip"]:
                tip *= 2
            self.delivered += 1
            self.trip_times.append(trip)
            lines.append("%s steps out and tips you %d coin%s." % (g["name"], tip, "" if tip == 1 else "s"))
        waiting = self.landings.get(self.floor, [])
        if waiting:
            lines.append("Waiting here: %s." % ", ".join(
                "%s (for %s)" % (g["name"], floor_name(g["to"])) for g in waiting))
        lines += notes
        if self.delivered >= GOAL and not self.won:
            self.won = True
            self.over = True
            lines.append("That is %d guests delivered by tick %d. The manager shakes your hand: "
                         "the shift is done. You win!" % (self.delivered, self.tick))
        return True, "\n".join(lines)

    def cmd_close(self, arg):
        if self.doors == "closed":
            return False, "The doors are already shut."
        self.doors = "closed"
        return True, "The doors close."

    def cmd_board(self, arg):
        if self.doors != "open":
            return False, "The doors are shut. Open them first."
        waiting = self.landings.get(self.floor, [])
        if not waiting:
            return False, "Nobody is waiting at floor %s." % floor_name(self.floor)
        if not arg:
            return False, "Board whom? Say a name or 'all'."
        if arg == "all":
            chosen = list(waiting)
        else:
            key = arg.split()[-1]
            chosen = [g for g in waiting if g["key"] == key or g["name"].lower() == arg]
            if not chosen:
                return False, "Nobody called '%s' is waiting at floor %s." % (arg, floor_name(self.floor))
        lines = []
        for g in chosen:
            if len(self.riders) >= CAPACITY:
                lines.append("The car is full (%d riders); %s waits for the next one." % (CAPACITY, g["name"]))
                continue
            waiting.remove(g)
            self.riders.append(g)
            lines.append("%s steps in, going to %s." % (g["name"], floor_name(g["to"])))
        boarded = any("steps in" in line for line in lines)
        return boarded, "\n".join(lines)

    def cmd_wait(self, arg):
        n = 1
        if arg:
            try:
                n = int(arg)
            except ValueError:
                return False, "Wait how long? Say a number of ticks from 1 to 10."
        if not 1 <= n <= 10:
            return False, "You can wait 1 to 10 ticks at a time."
        notes = self._pass(n)
        return True, "\n".join(["You wait %d tick%s. Tick %d now." % (n, "" if n == 1 else "s", self.tick)] + notes)

    def stats(self):
        average = sum(self.trip_times) / len(self.trip_times)
        return True, ("Delivered %d of %d guests, %d coins in tips, %d complaint(s).\n"
                      "Average trip, call to door: %.1f ticks. Tick %d of %d." % (
                          self.delivered, GOAL, self.coins, self.complaints, average, self.tick, SHIFT_END))

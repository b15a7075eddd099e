"""Orebend: the rules of one game of the mine railway. No HTTP here; server.py wraps it.

Every number below is stated in docs/RULES.md. Change both together.
"""

from __future__ import annotations

SHIFTS = 8
HOURS_PER_SHIFT = 12
WAGES = 5
CONTRACT = 20

START_COIN = 40
START_COAL = 3
START_CARTS = 2
CART_CAPACITY = 6
MAX_CARTS = 4
CART_PRICE = 25
COAL_PRICE = 3
INGOT_PRICE = 12

HOPPER_CAPACITY = 18
ORE_PER_INGOT = 3
SMELT_HOURS = 2

START_REACH = 4
MAX_REACH = 7
TRACK_PRICE = 7
BULK_TRACK_PRICE = 5
BULK_TRACK_MIN = 3
MILEPOSTS_PER_HOUR = 2

# name: (milepost, ore on the pile at the start, refill per shift, most the pile holds)
FACES = {
    "adit": (2, 6, 4, 8),
    "gallery": (4, 12, 6, 18),
    "sump": (7, 24, 12, 30),
}

HELP = """Orebend commands (hours of the shift in brackets):
  look               the yard board: shift, hours, coin, stock, train and track
  survey [face]      the ore piles at the faces, or one face in detail
  run <face|yard>    move the train (1 hour per 2 mileposts, rounded up)
  load               fill the carts from the pile at this face [1]
  tip                empty the carts into the smelter hopper, at the yard [1]
  smelt [n]          smelt n batches, or as many as you can [2]
  ship <n|all>       send ingots to the buyer, at the yard [1]
  buy coal <n>       coal, 3 coin a sack
  buy cart           one more cart for the train, 25 coin, at the yard
  lay <n>            lay n segments of track past the end of the line [1 each]
  end shift          pay the crew and start the next shift
  help               this list
Faces: adit, gallery, sump."""


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _count(text: str) -> int | None:
    """A whole number of at least 1, or None."""
    if not text.isdigit():
        return None
    value = int(text)
    return value if value >= 1 else None


class Game:
    def __init__(self) -> None:
        self.shift = 1
        self.hours = HOURS_PER_SHIFT
        self.coin = START_COIN
        self.coal = START_COAL
        self.ingots = 0
        self.shipped = 0
        self.hopper = 0
        self.furnace_lit = False
        self.reach = START_REACH
        self.train = {"at": "yard", "carts": START_CARTS, "load": 0}
        self.faces = {
            name: {"milepost": milepost, "pile": pile, "in_reach": False}
            for name, (milepost, pile, _refill, _most) in FACES.items()
        }
        self._refresh_faces()
        self.won = False
        self.lost = False
        self.turn = 0

    # ---- views -------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.won or self.lost

    @property
    def capacity(self) -> int:
        return self.train["carts"] * CART_CAPACITY

    def state(self) -> dict:
        return {
            "shift": self.shift,
            "last_shift": SHIFTS,
            "hours_left": self.hours,
            "coin": self.coin,
            "coal": self.coal,
            "ingots": self.ingots,
            "contract": {"ingots": CONTRACT, "shipped": self.shipped},
            "train": {**self.train, "capacity": self.capacity},
            "smelter": {"hopper": self.hopper, "hopper_capacity": HOPPER_CAPACITY, "lit": self.furnace_lit},
            "track": {"reach": self.reach, "end": MAX_REACH},
            "faces": {name: dict(face) for name, face in self.faces.items()},
            "won": self.won,
            "lost": self.lost,
        }

    def intro(self) -> str:
        return (
            "Orebend Mine Railway. The smelting company has promised the buyer "
            f"{CONTRACT} copper ingots by the end of shift {SHIFTS}. You run the ore train: "
            f"{START_CARTS} carts, track down to milepost {START_REACH}, {START_COIN} coin in the till. "
            "Type 'help' for the commands."
        )

    def _board(self) -> str:
        where = "the yard" if self.train["at"] == "yard" else f"the {self.train['at']} face"
        lit = "lit" if self.furnace_lit else "cold"
        return (
            f"Shift {self.shift} of {SHIFTS}, {_plural(self.hours, 'hour')} left. "
            f"Coin {self.coin}, coal {self.coal}, ingots {self.ingots}. "
            f"Contract: {self.shipped}/{CONTRACT} shipped. "
            f"Train at {where}: {_plural(self.train['carts'], 'cart')}, {self.train['load']}/{self.capacity} ore. "
            f"Hopper {self.hopper}/{HOPPER_CAPACITY}, furnace {lit}. "
            f"Track to milepost {self.reach} of {MAX_REACH}."
        )

    # ---- plumbing ----------------------------------------------------------------------------

    def _refresh_faces(self) -> None:
        for face in self.faces.values():
            face["in_reach"] = face["milepost"] <= self.reach

    def _milepost(self, place: str) -> int:
        return 0 if place == "yard" else self.faces[place]["milepost"]

    def _no_time(self, hours: int, what: str) -> str | None:
        if hours > self.hours:
            return (
                f"{what.capitalize()} takes {_plural(hours, 'hour')} and the shift has only "
                f"{_plural(self.hours, 'hour')} left. 'end shift' to start the next one."
            )
        return None

    def handle(self, command: str) -> tuple[bool, str]:
        self.turn += 1
        words = command.lower().split()
        if not words:
            return False, "Say something. 'help' lists the commands."
        verb, args = words[0], words[1:]
        if verb in ("help", "?"):
            return True, HELP
        if verb in ("look", "board", "status"):
            return True, self._board()
        if verb == "survey":
            return self.survey(args)
        if self.over:
            return False, "The contract is closed; start a new game to play again."
        handler = {
            "run": self.run,
            "load": self.load,
            "tip": self.tip,
            "smelt": self.smelt,
            "ship": self.ship,
            "buy": self.buy,
            "lay": self.lay,
            "end": self.end_shift,
        }.get(verb)
        if handler is None:
            return False, f"Nobody at Orebend knows how to '{verb}'. 'help' lists the commands."
        return handler(args)

    # ---- commands ----------------------------------------------------------------------------

    def survey(self, args: list[str]) -> tuple[bool, str]:
        if not args:
            lines = []
            for name, face in self.faces.items():
                note = "" if face["milepost"] <= self.reach else ", past the end of the track"
                lines.append(f"{name}: milepost {face['milepost']}, {face['pile']} ore on the pile{note}")
            return True, "\n".join(lines)
        name = args[0]
        milepost, _start, refill, most = FACES[name]
        face = self.faces[name]
        track = "in reach" if milepost <= self.reach else f"{milepost - self.reach} mileposts past the end of the track"
        return True, (
            f"The {name} face, milepost {milepost} ({track}): {face['pile']} ore on the pile. "
            f"The miners add {refill} a shift, up to {most}."
        )

    def run(self, args: list[str]) -> tuple[bool, str]:
        if not args:
            return False, "Run where? Name a face (adit, gallery, sump) or the yard."
        dest = args[-1]
        if dest != "yard":
            if dest not in self.faces:
                return False, f"There is no face called '{dest}'. The faces are adit, gallery and sump."
            if self.faces[dest]["milepost"] > self.reach:
                return False, (
                    f"The track ends at milepost {self.reach} and the {dest} face is at milepost "
                    f"{self.faces[dest]['milepost']}. Lay more track first."
                )
        here = self.train["at"]
        if dest == here:
            return False, f"The train is already at the {dest}."
        distance = abs(self._milepost(dest) - self._milepost(here))
        hours = -(-distance // MILEPOSTS_PER_HOUR)
        refusal = self._no_time(hours, f"the run to the {dest}")
        if refusal:
            return False, refusal
        self.hours -= hours
        self.train["at"] = dest
        way = "up" if dest == "yard" or self._milepost(dest) < self._milepost(here) else "down"
        return True, f"The train rattles {way} to the {dest} in {_plural(hours, 'hour')}."

    def load(self, args: list[str]) -> tuple[bool, str]:
        at = self.train["at"]
        if at == "yard":
            return False, "There is no ore at the yard. Run the train down to a face first."
        face = self.faces[at]
        room = self.capacity - self.train["load"]
        if room == 0:
            return False, "The carts are full. Run them up to the yard and tip them."
        if face["pile"] == 0:
            return False, f"The {at} pile is bare; the miners refill it next shift."
        refusal = self._no_time(1, "loading")
        if refusal:
            return False, refusal
        amount = min(room, face["pile"])
        face["pile"] -= amount
        self.train["load"] += amount
        self.hours -= 1
        return True, (
            f"The crew shovels {amount} ore from the {at} pile into the carts "
            f"({self.train['load']}/{self.capacity}); {face['pile']} left on the pile."
        )

    def tip(self, args: list[str]) -> tuple[bool, str]:
        if self.train["at"] != "yard":
            return False, "The hopper is at the yard. Run the train up first."
        if self.train["load"] == 0:
            return False, "The carts are empty."
        space = HOPPER_CAPACITY - self.hopper
        if space == 0:
            return False, f"The hopper is full ({HOPPER_CAPACITY} ore). Smelt some of it first."
        refusal = self._no_time(1, "tipping")
        if refusal:
            return False, refusal
        amount = min(self.train["load"], space)
        self.hopper += amount
        self.train["load"] = 0
        self.hours -= 1
        message = f"Tipped {amount} ore into the hopper ({self.hopper}/{HOPPER_CAPACITY})."
        if self.train["load"]:
            message += f" The hopper is full; {self.train['load']} ore stays in the carts."
        return True, message

    def smelt(self, args: list[str]) -> tuple[bool, str]:
        if self.train["at"] != "yard":
            return False, "The crew is down the mine with the train. Run up to the yard to smelt."
        wanted = None
        if args:
            wanted = _count(args[0])
            if wanted is None:
                return False, "Smelt how many batches? Give a whole number, e.g. 'smelt 2'."
        lighting = 0 if self.furnace_lit else 1
        if self.hopper < ORE_PER_INGOT:
            return False, f"A batch takes {ORE_PER_INGOT} ore and the hopper holds {self.hopper}."
        most = min(self.hopper // ORE_PER_INGOT, self.coal - lighting)
        if most < 1:
            need = "to light the furnace and fire one batch" if lighting else "for one batch"
            return False, f"Not enough coal {need}: you have {self.coal}."
        batches = most if wanted is None else wanted
        if batches > most:
            return False, (
                f"You can smelt at most {most} batches now "
                f"(hopper {self.hopper} ore, coal {self.coal}{', 1 of it to light the furnace' if lighting else ''})."
            )
        refusal = self._no_time(SMELT_HOURS, "smelting")
        if refusal:
            return False, refusal
        self.coal -= lighting + batches
        self.hopper -= batches * ORE_PER_INGOT
        self.ingots += batches
        self.furnace_lit = True
        self.hours -= SMELT_HOURS
        lit = "The crew lights the furnace with 1 coal. " if lighting else ""
        return True, (
            f"{lit}Smelted {_plural(batches, 'ingot')} from {batches * ORE_PER_INGOT} ore, "
            f"burning {batches} coal. You hold {self.ingots}."
        )

    def ship(self, args: list[str]) -> tuple[bool, str]:
        if not args:
            return False, "Ship how many? 'ship 3' or 'ship all'."
        if self.train["at"] != "yard":
            return False, "The ingots wait at the yard. Run up there to ship them."
        if self.ingots == 0:
            return False, "There are no ingots to ship. Smelt some first."
        wanted = self.ingots if args[0] == "all" else _count(args[0])
        if wanted is None:
            return False, "Ship how many? Give a whole number or 'all'."
        refusal = self._no_time(1, "shipping")
        if refusal:
            return False, refusal
        sent = min(wanted, self.ingots)
        pay = sent * INGOT_PRICE
        self.ingots -= sent
        self.coin += pay
        self.shipped += sent
        self.hours -= 1
        message = f"Shipped {_plural(wanted, 'ingot')} to the buyer for {pay} coin."
        if self.shipped >= CONTRACT:
            self.won = True
            message += f" That fills the contract: {self.shipped} ingots delivered. Orebend is paid in full. You win!"
        else:
            message += f" {CONTRACT - self.shipped} more to fill the contract."
        return True, message

    def buy(self, args: list[str]) -> tuple[bool, str]:
        if not args:
            return False, "Buy what? 'buy coal <n>' or 'buy cart'."
        item = args[0]
        if item in ("coal", "sack", "sacks"):
            amount = _count(args[1]) if len(args) > 1 else None
            if amount is None:
                return False, "How many sacks? 'buy coal 4'."
            cost = amount * COAL_PRICE
            if cost > self.coin:
                return False, f"{_plural(amount, 'sack')} of coal cost {cost} coin; you have {self.coin}."
            self.coin -= cost
            self.coal += amount
            return True, f"Bought {_plural(amount, 'sack')} of coal for {cost} coin. Coal {self.coal}, coin {self.coin}."
        if item in ("cart", "carts"):
            if self.train["at"] != "yard":
                return False, "New carts are coupled at the yard. Run up there first."
            if self.train["carts"] >= MAX_CARTS:
                return False, f"The engine can pull at most {MAX_CARTS} carts."
            if CART_PRICE > self.coin:
                return False, f"A cart costs {CART_PRICE} coin; you have {self.coin}."
            self.coin -= CART_PRICE
            self.train["carts"] += 1
            return True, (
                f"A new cart is coupled on for {CART_PRICE} coin. The train has "
                f"{self.train['carts']} carts and carries up to {self.capacity} ore."
            )
        return False, f"The company store sells coal and carts, not '{item}'."

    def lay(self, args: list[str]) -> tuple[bool, str]:
        segments = _count(args[0]) if args else None
        if segments is None:
            return False, "Lay how many segments? 'lay 2'."
        if self.reach >= MAX_REACH:
            return False, f"The track already runs to milepost {MAX_REACH}, the bottom of the mine."
        if self.reach + segments > MAX_REACH:
            left = MAX_REACH - self.reach
            return False, f"The mine ends at milepost {MAX_REACH}: at most {_plural(left, 'segment')} more."
        price = BULK_TRACK_PRICE if segments > BULK_TRACK_MIN else TRACK_PRICE
        cost = segments * price
        if cost > self.coin:
            return False, f"{_plural(segments, 'segment')} of track cost {cost} coin; you have {self.coin}."
        refusal = self._no_time(segments, "laying that much track")
        if refusal:
            return False, refusal
        before = self.reach
        self.coin -= cost
        self.hours -= segments
        self.reach += segments
        message = (
            f"Laid {_plural(segments, 'segment')} of track for {cost} coin; "
            f"the line now runs to milepost {self.reach}."
        )
        opened = [name for name, face in self.faces.items() if before < face["milepost"] <= self.reach]
        for name in opened:
            message += f" The {name} face is in reach."
        return True, message

    def end_shift(self, args: list[str]) -> tuple[bool, str]:
        if args and args[0] != "shift":
            return False, "End what? 'end shift'."
        if self.coin < WAGES:
            self.lost = True
            return True, (
                f"The crew wants {WAGES} coin for the shift and the till holds {self.coin}. "
                "They down tools and walk off. Orebend is finished."
            )
        self.coin -= WAGES
        if self.shift == SHIFTS:
            self.lost = True
            return True, (
                f"Shift {SHIFTS} is over with {self.shipped} of {CONTRACT} ingots shipped. "
                "The buyer tears up the contract. Orebend is finished."
            )
        self.shift += 1
        self.hours = HOURS_PER_SHIFT
        refills = []
        for name, face in self.faces.items():
            _milepost, _start, refill, most = FACES[name]
            added = min(refill, most - face["pile"])
            face["pile"] += added
            refills.append(f"{name} +{added}")
        self._refresh_faces()
        return True, (
            f"The crew takes its {WAGES} coin and goes home. Shift {self.shift} of {SHIFTS} begins "
            f"with {HOURS_PER_SHIFT} hours; the miners refill the piles ({', '.join(refills)})."
        )

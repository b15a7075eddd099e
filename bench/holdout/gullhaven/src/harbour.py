"""Gullhaven: one skipper, one boat, ten days to clear what's owed on her.

The whole game lives in `Harbour`. Everything it knows is kept in plain lists of records (the hold, the
nets, the stores, the market, the forecast) so the state can be handed to the client as it stands.
Nothing here is random: the weather runs to the almanac and the tides to the clock.
"""

from __future__ import annotations

import copy

LAST_DAY = 10
DAWN = 6
DUSK = 20

START_PURSE = 40
START_DEBT = 700
START_FUEL = 20
TANK = 30
HOLD_CAPACITY = 40
START_BAIT = 4

FUEL_PRICE = 2          # crowns a litre
BAIT_PRICE = 3          # crowns a tub
NET_PRICE = 15          # crowns a net
NET_HAULS = 3           # a new net is good for this many hauls
MAX_NETS = 2            # nets aboard at once
FUEL_PER_HOUR = 2       # litres burnt for every hour under way
ICE_NIGHTS = 1          # nights fish keeps in the hold
CAST_HOURS = 1
HAUL_HOURS = 2

# The almanac: one sky for each day of the season.
ALMANAC = ["fair", "breezy", "fair", "rough", "gale", "breezy", "fair", "rough", "fair", "breezy"]

TIDES = ["flood", "high", "ebb", "low"]     # three hours each, from dawn on day 1

GROUNDS = [
    {"ground": "shallows", "hours": 1, "line": {"fish": "mackerel", "kg": 6}, "net": {"fish": "mackerel", "kg": 15}},
    {"ground": "reef", "hours": 2, "line": {"fish": "cod", "kg": 5}, "net": {"fish": "cod", "kg": 12}},
    {"ground": "deep", "hours": 3, "line": {"fish": "hake", "kg": 6}, "net": {"fish": "turbot", "kg": 8}},
]

FISH = [
    {"fish": "mackerel", "base": 2},
    {"fish": "cod", "base": 3},
    {"fish": "hake", "base": 4},
    {"fish": "turbot", "base": 6},
]

MENU = [
    {"command": "help", "usage": "help", "about": "this board, again"},
    {"command": "look", "usage": "look", "about": "day, clock, tide, sky, where ye are, fuel, purse and debt"},
    {"command": "hold", "usage": "hold", "about": "what's aboard: the catch, the bait, the nets"},
    {"command": "market", "usage": "market", "about": "what the fish buyers pay today, a kilo"},
    {"command": "forecast", "usage": "forecast", "about": "the sky for the days ahead and today's tides"},
    {"command": "buy", "usage": "buy bait|fuel|net [amount]", "about": "at the chandlery, in harbour only"},
    {"command": "sail", "usage": "sail shallows|reef|deep", "about": "take her out to a fishing ground"},
    {"command": "cast", "usage": "cast", "about": "a baited line over the side: one tub, one hour"},
    {"command": "haul", "usage": "haul", "about": "shoot a net and haul it: two hours"},
    {"command": "home", "usage": "home", "about": "back to the harbour"},
    {"command": "sell", "usage": "sell <fish> [kg] | sell all", "about": "land your catch on the quay"},
    {"command": "pay", "usage": "pay <crowns>|all", "about": "pay down what ye owe on the boat"},
    {"command": "wait", "usage": "wait [hours]", "about": "sit tight an hour or more"},
    {"command": "sleep", "usage": "sleep", "about": "turn in, in harbour: the day's done"},
]

ALIASES = [
    {"word": "?", "command": "help"},
    {"word": "menu", "command": "help"},
    {"word": "status", "command": "look"},
    {"word": "l", "command": "look"},
    {"word": "inventory", "command": "hold"},
    {"word": "i", "command": "hold"},
    {"word": "prices", "command": "market"},
    {"word": "weather", "command": "forecast"},
    {"word": "tides", "command": "forecast"},
    {"word": "go", "command": "sail"},
    {"word": "fish", "command": "cast"},
    {"word": "net", "command": "haul"},
    {"word": "return", "command": "home"},
    {"word": "dock", "command": "home"},
    {"word": "rest", "command": "sleep"},
]


def clock(hour: int) -> str:
    return f"{hour:02d}:00"


def parse_amount(word: str) -> int | None:
    """A whole, positive number of something, or None."""
    word = word.strip()
    if not word.isdecimal():
        return None
    value = int(word)
    return value if value > 0 else None


class Refusal(Exception):
    """The harbour master won't have it: the command fails and nothing changes."""


class Harbour:
    def __init__(self) -> None:
        self.day = 1
        self.hour = DAWN
        self.at = "harbour"
        self.purse = START_PURSE
        self.debt = START_DEBT
        self.fuel = START_FUEL
        self.hold: list[dict] = []
        self.stores: list[dict] = [{"item": "bait", "qty": START_BAIT}]
        self.nets: list[dict] = [{"net": 1, "hauls_left": NET_HAULS}]
        self.nets_bought = 1
        self.market: list[dict] = [{"fish": f["fish"], "base": f["base"], "price": f["base"]} for f in FISH]
        self.turn = 0
        self.won = False
        self.over = False

    # ------------------------------------------------------------------ the world

    @property
    def weather(self) -> str:
        return ALMANAC[self.day - 1]

    def tide_at(self, hour: int) -> str:
        return TIDES[((hour - DAWN - (self.day - 1)) // 3) % len(TIDES)]

    @property
    def tide(self) -> str:
        return self.tide_at(self.hour)

    def forecast(self) -> list[dict]:
        return [{"day": d, "sky": ALMANAC[d - 1]} for d in range(self.day + 1, min(self.day + 3, LAST_DAY) + 1)]

    def tide_table(self) -> list[dict]:
        table: list[dict] = []
        for hour in range(DAWN, DUSK + 1):
            tide = self.tide_at(hour)
            if not table or table[-1]["tide"] != tide:
                table.append({"tide": tide, "from": clock(hour)})
        return table

    def ground(self, name: str) -> dict | None:
        return next((g for g in GROUNDS if g["ground"] == name), None)

    def here(self) -> dict | None:
        return self.ground(self.at)

    def bait(self) -> dict:
        return next(s for s in self.stores if s["item"] == "bait")

    def price_of(self, fish: str) -> dict:
        return next(m for m in self.market if m["fish"] == fish)

    def hold_kg(self) -> int:
        return sum(entry["kg"] for entry in self.hold)

    def lots(self) -> list[dict]:
        """The hold summed by fish, in the order the fish first came aboard."""
        lots: list[dict] = []
        for entry in self.hold:
            lot = next((lot for lot in lots if lot["fish"] == entry["fish"]), None)
            if lot is None:
                lots.append({"fish": entry["fish"], "kg": entry["kg"]})
            else:
                lot["kg"] += entry["kg"]
        return lots

    # ------------------------------------------------------------------ state

    def state(self) -> dict:
        return {
            "day": self.day,
            "last_day": LAST_DAY,
            "clock": clock(self.hour),
            "hour": self.hour,
            "tide": self.tide,
            "weather": self.weather,
            "at": self.at,
            "purse": self.purse,
            "debt": self.debt,
            "fuel": self.fuel,
            "tank": TANK,
            "hold_capacity": HOLD_CAPACITY,
            "hold": copy.deepcopy(self.hold),
            "stores": copy.deepcopy(self.stores),
            "nets": copy.deepcopy(self.nets),
            "market": copy.deepcopy(self.market),
            "forecast": self.forecast(),
            "tides": self.tide_table(),
            "grounds": [{"ground": g["ground"], "hours": g["hours"]} for g in GROUNDS],
            "turn": self.turn,
            "won": self.won,
            "over": self.over,
        }

    # ------------------------------------------------------------------ commands

    def welcome(self) -> str:
        return (
            "Welcome to Gullhaven. I'm Bram Tully, harbour master, and that tub at berth three is yours now, "
            f"along with the {START_DEBT} crowns still owing on her. Ye've {LAST_DAY} days to clear it or "
            "she goes back to the bank.\n\n" + self.help_text()
        )

    def help_text(self) -> str:
        lines = ["Here's the board. Call a thing by its name or its number (`7 reef` is `sail reef`):"]
        for number, item in enumerate(MENU, start=1):
            lines.append(f"{number:>2}. {item['usage']:<28} {item['about']}")
        return "\n".join(lines)

    def resolve(self, text: str) -> tuple[str, list[str]]:
        words = text.strip().lower().split()
        if not words:
            raise Refusal("Speak up, skipper, the gulls are louder than you. Say `help` for the board.")
        head, args = words[0], words[1:]
        if head.isdecimal():
            number = int(head)
            if not 1 <= number <= len(MENU):
                raise Refusal(f"There's no number {number} on my board. It runs 1 to {len(MENU)}.")
            return MENU[number - 1]["command"], args
        alias = next((a for a in ALIASES if a["word"] == head), None)
        if alias is not None:
            return alias["command"], args
        if any(item["command"] == head for item in MENU):
            return head, args
        raise Refusal(f"'{head}'? Never heard of it, and I've heard most things. Say `help` for the board.")

    def command(self, text: str) -> tuple[bool, str]:
        if self.over:
            if self.won:
                return False, "The boat's yours, free and clear. Season's over, skipper: go and have a pint."
            return False, "Season's over and the bank has her. Start a new game if ye want another go."
        try:
            name, args = self.resolve(text)
            handler = getattr(self, f"do_{name}")
            message = handler(args)
        except Refusal as refusal:
            return False, str(refusal)
        self.turn += 1
        return True, message

    def do_help(self, args: list[str]) -> str:
        return self.help_text()

    def do_look(self, args: list[str]) -> str:
        where = "tied up in harbour" if self.at == "harbour" else f"out on the {self.at}"
        dark = " It's dark out." if self.hour >= DUSK else ""
        return (
            f"Day {self.day} of {LAST_DAY}, {clock(self.hour)}, {self.tide} tide, sky's {self.weather}.{dark} "
            f"You're {where}. Fuel {self.fuel} of {TANK} litres. "
            f"Purse {self.purse} crowns; ye still owe me {self.debt}."
        )

    def do_hold(self, args: list[str]) -> str:
        if self.hold:
            catch = ", ".join(
                f"{e['kg']} kg {e['fish']}" + (" (a night old)" if e["nights"] else "") for e in self.hold
            )
        else:
            catch = "nothing but bilge water"
        nets = ", ".join(f"net {n['net']} with {n['hauls_left']} hauls left" for n in self.nets) or "no nets"
        return (
            f"In the hold ({self.hold_kg()} of {HOLD_CAPACITY} kg): {catch}. "
            f"Bait: {self.bait()['qty']} tubs. Nets: {nets}."
        )

    def do_market(self, args: list[str]) -> str:
        prices = ", ".join(f"{m['fish']} {m['price']}" for m in self.market)
        return f"The buyers on the quay are paying, a kilo: {prices}. Glut 'em and they'll pay less."

    def do_forecast(self, args: list[str]) -> str:
        ahead = ", ".join(f"day {f['day']} {f['sky']}" for f in self.forecast()) or "nothing: it's the last day"
        tides = ", ".join(f"{t['tide']} from {t['from']}" for t in self.tide_table())
        return f"Today's {self.weather}. Ahead: {ahead}. Tides today: {tides}."

    # -- the chandlery

    def do_buy(self, args: list[str]) -> str:
        if self.at != "harbour":
            raise Refusal("The chandlery's on the quay, skipper, and you're not.")
        if not args:
            raise Refusal("Buy what? Bait, fuel or a net.")
        item = args[0]
        qty = None
        if len(args) > 1:
            qty = parse_amount(args[1])
            if qty is None:
                raise Refusal(f"'{args[1]}' isn't a number I can sell ye.")
        if item in ("bait", "tub", "tubs"):
            return self._buy_bait(qty or 1)
        if item in ("fuel", "diesel"):
            return self._buy_fuel(qty)
        if item in ("net", "nets"):
            return self._buy_nets(qty or 1)
        raise Refusal(f"The chandlery doesn't stock '{item}'. Bait, fuel or nets.")

    def _buy_bait(self, qty: int) -> str:
        cost = qty * BAIT_PRICE
        if cost > self.purse:
            raise Refusal(f"{qty} tubs is {cost} crowns and ye've {self.purse}. Bait's {BAIT_PRICE} a tub.")
        self.purse -= cost
        self.bait()["qty"] += qty
        return f"{qty} tubs of bait for {cost} crowns. Smells grand. Ye've {self.bait()['qty']} tubs now."

    def _buy_fuel(self, qty: int | None) -> str:
        room = TANK - self.fuel
        if room == 0:
            raise Refusal("Your tank's brimming already, skipper.")
        wanted = room if qty is None else qty
        litres = min(wanted, room)
        cost = wanted * FUEL_PRICE
        if cost > self.purse:
            raise Refusal(f"That's {cost} crowns of diesel and ye've {self.purse}. It's {FUEL_PRICE} a litre.")
        self.purse -= cost
        self.fuel += litres
        full = " She's full." if self.fuel == TANK else ""
        return f"Pumped {litres} litres for {cost} crowns.{full} Tank reads {self.fuel} of {TANK}."

    def _buy_nets(self, qty: int) -> str:
        if len(self.nets) >= MAX_NETS:
            raise Refusal(f"Ye've {len(self.nets)} nets aboard already. {MAX_NETS} is all she'll stow.")
        cost = qty * NET_PRICE
        if cost > self.purse:
            raise Refusal(f"{qty} nets is {cost} crowns and ye've {self.purse}. Nets are {NET_PRICE} apiece.")
        self.purse -= cost
        for _ in range(qty):
            self.nets_bought += 1
            self.nets.append({"net": self.nets_bought, "hauls_left": NET_HAULS})
        return (
            f"{qty} new net{'s' if qty > 1 else ''} for {cost} crowns, good for {NET_HAULS} hauls apiece. "
            f"That's {len(self.nets)} aboard."
        )

    # -- at sea

    def do_sail(self, args: list[str]) -> str:
        if not args:
            raise Refusal("Sail where? " + ", ".join(g["ground"] for g in GROUNDS) + ".")
        target = self.ground(args[0])
        if target is None:
            raise Refusal(f"No ground called '{args[0]}' on my chart. Try shallows, reef or deep.")
        if target["ground"] == self.at:
            raise Refusal(f"You're on the {self.at} already, skipper.")
        if self.weather == "gale":
            raise Refusal("In this gale? Nobody leaves my harbour today, and that includes you.")
        if target["ground"] == "deep" and self.weather == "rough":
            raise Refusal("The deep's no place for a boat your size when it's rough. Shallows or reef, or stay put.")
        here = self.here()
        if here is None and self.tide == "low":
            raise Refusal("Low water. You'll not get over the bar till the flood. Wait a bit.")
        hours = abs(target["hours"] - (here["hours"] if here else 0))
        if self.hour + hours > DUSK:
            raise Refusal(f"You'd raise the {target['ground']} after dark. Not on my watch.")
        burn = hours * FUEL_PER_HOUR
        back = target["hours"] * FUEL_PER_HOUR
        if burn + back > self.fuel:
            raise Refusal(
                f"The {target['ground']} and home again is {burn + back} litres and ye've {self.fuel}. "
                "Fill up first."
            )
        self.fuel -= burn
        self.hour += hours
        self.at = target["ground"]
        return (
            f"Off ye go. {hours} hour{'s' if hours > 1 else ''} and {burn} litres later you're on the "
            f"{self.at}. It's {clock(self.hour)}, {self.tide} tide."
        )

    def do_home(self, args: list[str]) -> str:
        here = self.here()
        if here is None:
            raise Refusal("You're tied up in harbour already.")
        hours = here["hours"]
        burn = hours * FUEL_PER_HOUR
        self.fuel -= burn
        self.hour += hours
        self.at = "harbour"
        late = " Ye came in after dark, ye daft beggar." if self.hour > DUSK else ""
        return f"Back in Gullhaven at {clock(self.hour)}, {burn} litres lighter.{late} I've a berth for ye."

    def _fishing_ground(self, hours: int) -> dict:
        ground = self.here()
        if ground is None:
            raise Refusal("There's no fish in the harbour worth the name. Sail out first.")
        if self.hour + hours > DUSK:
            raise Refusal("Too dark to fish, skipper. Take her home.")
        if self.hold_kg() >= HOLD_CAPACITY:
            raise Refusal(f"Your hold's full: {HOLD_CAPACITY} kg. Take her home and sell.")
        return ground

    def _stow(self, fish: str, kg: int) -> int:
        """Put a catch in the hold; the kg that fit. Today's catch joins today's catch of the same fish."""
        kept = min(kg, HOLD_CAPACITY - self.hold_kg())
        entry = next((e for e in self.hold if e["fish"] == fish and e["nights"] == 0), None)
        if entry is None:
            self.hold.append({"fish": fish, "kg": kept, "nights": 0})
        else:
            entry["kg"] += kept
        return kept

    @staticmethod
    def _overboard(lost: int) -> str:
        return f" Hold's full: {lost} kg went back over the side." if lost else ""

    def do_cast(self, args: list[str]) -> str:
        ground = self._fishing_ground(CAST_HOURS)
        bait = self.bait()
        if bait["qty"] == 0:
            raise Refusal("No bait, no bites. The chandlery sells it by the tub.")
        tide = self.tide
        kg = ground["line"]["kg"]
        if tide == "high":
            kg = kg * 3 // 2
        elif tide == "low":
            kg = kg // 2
        fish = ground["line"]["fish"]
        bait["qty"] -= 1
        self.hour += CAST_HOURS
        kept = self._stow(fish, kg)
        return (
            f"An hour on the line at {tide} water: {kept} kg of {fish} aboard.{self._overboard(kg - kept)} "
            f"{bait['qty']} tubs of bait left."
        )

    def do_haul(self, args: list[str]) -> str:
        ground = self._fishing_ground(HAUL_HOURS)
        if not self.nets:
            raise Refusal("Haul what? Ye've no nets. The chandlery sells them.")
        net = self.nets[0]
        fish, kg = ground["net"]["fish"], ground["net"]["kg"]
        net["hauls_left"] -= 1
        self.hour += HAUL_HOURS
        kept = self._stow(fish, kg)
        message = f"Net {net['net']} comes up heavy: {kg} kg of {fish} in the hold."
        if net["hauls_left"] == 0:
            self.nets.remove(net)
            message += f" And she's torn to ribbons. That's net {net['net']} done."
        else:
            left = net["hauls_left"]
            message += f" Net {net['net']} has {left} haul{'s' if left > 1 else ''} left in her."
        return message

    # -- the quay

    def do_sell(self, args: list[str]) -> str:
        if self.at != "harbour":
            raise Refusal("The buyers are on the quay, skipper. Bring her in first.")
        if not args:
            raise Refusal("Sell what? Name a fish, or say `sell all`.")
        if args[0] == "all":
            return self._sell_all()
        fish = args[0]
        if not any(m["fish"] == fish for m in self.market):
            raise Refusal(f"Nobody on this quay buys '{fish}'.")
        aboard = sum(e["kg"] for e in self.hold if e["fish"] == fish)
        if aboard == 0:
            raise Refusal(f"Ye've no {fish} in the hold.")
        kg = aboard
        if len(args) > 1:
            kg = parse_amount(args[1])
            if kg is None:
                raise Refusal(f"'{args[1]}' isn't a weight, skipper. Say how many kg.")
            if kg > aboard:
                raise Refusal(f"Ye've only {aboard} kg of {fish} aboard.")
        market = self.price_of(fish)
        price = market["price"]
        earned = price * kg
        self._take(fish, kg)
        self.purse += earned
        self._mark_down(market, kg)
        return f"Sold {kg} kg of {fish} at {price} a kilo: {earned} crowns. Purse is {self.purse}."

    def _sell_all(self) -> str:
        lots = self.lots()
        if not lots:
            raise Refusal("Your hold's empty, skipper. Nothing to sell but the smell.")
        earned = 0
        sold = []
        for lot in lots:
            market = self.price_of(lot["fish"])
            earned += market["price"] * lot["kg"]
            sold.append(f"{lot['kg']} kg of {lot['fish']} at {market['price']}")
        self._mark_down(market, lot["kg"])
        self.hold = []
        self.purse += earned
        return f"Sold the lot: {', '.join(sold)}. {earned} crowns all told. Purse is {self.purse}."

    def _take(self, fish: str, kg: int) -> None:
        """Take kg of a fish out of the hold, the oldest catch first."""
        for entry in sorted(self.hold, key=lambda e: -e["nights"]):
            if kg == 0:
                break
            if entry["fish"] != fish:
                continue
            taken = min(kg, entry["kg"])
            entry["kg"] -= taken
            kg -= taken
        self.hold = [e for e in self.hold if e["kg"] > 0]

    @staticmethod
    def _mark_down(market: dict, kg: int) -> None:
        """Every full 10 kg landed in one sale knocks a crown off the price, never below 1."""
        market["price"] = max(1, market["price"] - kg // 10)

    def do_pay(self, args: list[str]) -> str:
        if self.at != "harbour":
            raise Refusal("Pay me in person, skipper. My office is on the quay.")
        if not args:
            raise Refusal("Pay how much? A number of crowns, or `pay all`.")
        if self.purse == 0:
            raise Refusal("Your purse is empty. Catch something first.")
        if args[0] == "all":
            amount = min(self.purse, self.debt)
        else:
            amount = parse_amount(args[0])
            if amount is None:
                raise Refusal(f"'{args[0]}' isn't money, skipper.")
            if amount > self.purse:
                raise Refusal(f"Ye've only {self.purse} crowns in your purse.")
            amount = min(amount, self.debt)
        self.purse -= amount
        self.debt -= amount
        if self.debt == 0:
            self.won = True
            self.over = True
            return (
                f"{amount} crowns, and that's the last of it! She's yours, skipper, free and clear. "
                "Best skipper this harbour's seen in years, and I don't say that lightly."
            )
        return f"{amount} crowns in my ledger. Ye still owe {self.debt}. Purse is {self.purse}."

    # -- time

    def do_wait(self, args: list[str]) -> str:
        hours = int(args[0]) if args else 1
        if hours < 1:
            raise Refusal("Wait no time at all? Done.")
        if self.hour + hours > DUSK:
            raise Refusal(f"Past dusk there's nothing to wait for. It's {clock(self.hour)}; sleep if you're done.")
        self.hour += hours
        return f"Ye sit tight. It's {clock(self.hour)} now, {self.tide} tide."

    def do_sleep(self, args: list[str]) -> str:
        if self.at != "harbour":
            raise Refusal("Sleep out there? Ye'd wake up in Norway. Take her home first.")
        spoiled = [e for e in self.hold if e["nights"] > ICE_NIGHTS]
        self.hold = [e for e in self.hold if e["nights"] <= ICE_NIGHTS]
        for entry in self.hold:
            entry["nights"] += 1
        for market in self.market:
            market["price"] = min(market["base"], market["price"] + 1)
        notes = []
        if spoiled:
            dumped = ", ".join(f"{e['kg']} kg of {e['fish']}" for e in spoiled)
            notes.append(f"Your {dumped} had gone off; I had the lads tip it over the side.")
        if self.day == LAST_DAY:
            self.over = True
            self.hour = DAWN
            notes.append(
                f"That's the season done, and ye still owe {self.debt}. The bank's taken her back. "
                "Hard luck, skipper."
            )
            return " ".join(notes)
        self.day += 1
        self.hour = DAWN
        notes.insert(0, f"Morning, skipper. Day {self.day}, sky's {self.weather}, {self.tide} tide.")
        if self.weather == "gale":
            notes.append("Blowing a gale: nobody's leaving today.")
        return " ".join(notes)

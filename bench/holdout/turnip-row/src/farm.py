"""Turnip Row rules. One Farm per player; `Farm.do(text)` plays one command."""

import copy

START_GOLD = 40
GOAL_GOLD = 150
PLOTS = 6
DAILY_ENERGY = 10

SEEDS = {"turnip seed": ("turnip", 5, 2), "carrot seed": ("carrot", 8, 3)}  # crop, price, stages to ripen
CROP_PRICES = {"turnip": 12, "carrot": 20}
GOODS = list(SEEDS) + list(CROP_PRICES)

CARD = """TURNIP ROW -- farmhand's card
  status ............. your purse, barn and fields
  market ............. today's prices
  buy [n] <goods> .... buy from the market (n defaults to 1)
  sell [n|all] <goods> sell from your barn
  plant [n] <seed> ... sow seeds into free plots (you have 6 plots)
  water .............. water every sown plot (1 energy per plot)
  harvest ............ pick every ripe plot
  sleep .............. end the day
  undo ............... take back your last action
  card ............... this card"""


def _goods(words):
    """'turnips' -> 'turnip', 'carrot seeds' -> 'carrot seed', 'seed' alone is ambiguous."""
    name = " ".join(words).strip()
    if name.endswith("s") and name[:-1] in GOODS:
        name = name[:-1]
    if name in GOODS:
        return name
    if name + " seed" in GOODS and len(words) == 1 and words[0] not in CROP_PRICES:
        return name + " seed"
    return None


def _amount(words):
    """Leading number if any: ('3', 'turnip') -> (3, ['turnip']). 'all' is passed through."""
    if words and words[0].lstrip("-").isdigit():
        return int(words[0]), words[1:]
    if words and words[0] == "all":
        return "all", words[1:]
    return 1, words


class Farm:
    def __init__(self):
        self.day = 1
        self.gold = START_GOLD
        self.energy = DAILY_ENERGY
        self.barn = {}
        self.plots = []  # each: {"crop": str, "stage": int, "watered": bool}
        self.won = False
        self.actions = 0
        self._undo = None

    def view(self):
        return {
            "farm": {"day": self.day, "gold": self.gold, "energy": self.energy, "won": self.won},
            "barn": dict(self.barn),
            "fields": [dict(p) for p in self.plots],
            "plots_free": PLOTS - len(self.plots),
        }

    def status(self):
        barn = ", ".join(f"{n} {g}" for g, n in sorted(self.barn.items()) if n) or "nothing"
        fields = ", ".join(
            f"{p['crop']} ({p['stage']}/{SEEDS[p['crop'] + ' seed'][2]}{', watered' if p['watered'] else ''})"
            for p in self.plots
        )
        return (
            f"Day {self.day}. Purse: {self.gold}g. Energy: {self.energy}/{DAILY_ENERGY}.\n"
            f"Barn: {barn}.\nFields ({len(self.plots)}/{PLOTS} sown): {fields or 'bare earth'}."
        )

    def do(self, text):
        words = text.lower().split()
        if not words:
            return False, "Say something, farmhand."
        verb, args = words[0], words[1:]
        handler = getattr(self, "cmd_" + verb, None)
        if handler is None:
            return False, f"'{verb}'? That's not farm talk. Try CARD."
        if verb in ("buy", "sell", "plant", "water", "harvest"):
            snapshot = self._snapshot()
            ok, reply = handler(args)
            if ok:
                self._undo = snapshot
        else:
            ok, reply = handler(args)
        if ok:
            self.actions += 1
        if self.gold >= GOAL_GOLD and not self.won:
            self.won = True
            reply += f"\n*** The farm is paid off! You win on day {self.day}. ***"
        return ok, reply

    def _snapshot(self):
        return {
            "gold": self.gold,
            "energy": self.energy,
            "barn": self.barn,
            "plots": copy.deepcopy(self.plots),
        }

    def cmd_card(self, args):
        return True, CARD

    cmd_help = cmd_card

    def cmd_status(self, args):
        return True, self.status()

    def cmd_market(self, args):
        lines = [f"  {g:<12} {p}g (we sell)" for g, (_, p, _) in SEEDS.items()]
        lines += [f"  {c:<12} {p}g (we buy)" for c, p in CROP_PRICES.items()]
        return True, "Market board, day %d:\n" % self.day + "\n".join(lines)

    def cmd_buy(self, args):
        n, rest = _amount(args)
        goods = _goods(rest)
        if n == "all" or goods not in SEEDS:
            return False, "The market only sells turnip seed and carrot seed."
        if n == 0:
            return False, "Buy how many?"
        price = SEEDS[goods][1]
        total = price * n
        if total > self.gold:
            return False, f"{n} {goods} cost {total}g; you have {self.gold}g."
        self.gold -= price
        self.barn[goods] = self.barn.get(goods, 0) + n
        return True, f"You buy {n} {goods} for {total}g."

    def cmd_sell(self, args):
        n, rest = _amount(args)
        goods = _goods(rest)
        if goods not in CROP_PRICES:
            return False, "The market only buys turnips and carrots."
        if n == "all":
            n = self.barn[goods]
        if n <= 0:
            return False, "Sell how many?"
        if self.barn.get(goods, 0) < n:
            return False, f"You only have {self.barn.get(goods, 0)} {goods}."
        total = CROP_PRICES[goods] * n
        self.barn[goods] -= n
        self.gold += total
        return True, f"You sell {n} {goods} for {total}g."

    def cmd_plant(self, args):
        n, rest = _amount(args)
        seed = _goods(rest)
        if seed not in SEEDS or n == "all":
            return False, "Plant what? (turnip seed or carrot seed)"
        if n <= 0:
            return False, "Plant how many?"
        if self.barn.get(seed, 0) < n:
            return False, f"You only have {self.barn.get(seed, 0)} {seed}."
        sown = 0
        for _ in range(n):
            if len(self.plots) > PLOTS:
                break
            self.plots.append({"crop": SEEDS[seed][0], "stage": 0, "watered": False})
            sown += 1
        if not sown:
            return False, "Every plot is already sown."
        self.barn[seed] -= sown
        return True, f"You sow {sown} {seed}" + ("." if sown == n else f"; no free plot for the other {n - sown}.")

    def cmd_water(self, args):
        dry = [p for p in self.plots if not p["watered"]]
        if not dry:
            return False, "Nothing needs water."
        if self.energy < len(dry):
            return False, f"You are too tired to water {len(dry)} plots (energy {self.energy})."
        for plot in dry:
            plot["watered"] = True
        self.energy -= len(dry)
        return True, f"You water {len(dry)} plot(s)."

    def cmd_harvest(self, args):
        ripe = [p for p in self.plots if p["stage"] >= SEEDS[p["crop"] + " seed"][2]]
        if not ripe:
            return False, "Nothing is ripe yet."
        for plot in ripe:
            self.plots.remove(plot)
            self.barn[plot["crop"]] = self.barn.get(plot["crop"], 0) + 1
        counts = {}
        for plot in ripe:
            counts[plot["crop"]] = counts.get(plot["crop"], 0) + 1
        return True, "You harvest " + ", ".join(f"{n} {c}" for c, n in counts.items()) + "."

    def cmd_sleep(self, args):
        for plot in self.plots:
            if plot["watered"]:
                plot["stage"] += 1
            plot["watered"] = False
        self.day += 1
        self.energy = DAILY_ENERGY
        self._undo = None
        return True, f"You sleep. Day {self.day} dawns."

    def cmd_undo(self, args):
        if self._undo is None:
            return False, "Nothing to undo."
        for key, value in self._undo.items():
            setattr(self, key, value)
        self._undo = None
        return True, "Undone.\n" + self.status()

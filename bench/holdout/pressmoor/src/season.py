"""One cider season at Pressmoor: the orchard, the press house, the cellar and the market.

Everything here is plain data and plain functions so the server can keep a season in a dict and hand it
back as JSON. Nothing is random: the same commands always give the same season.
"""

DAY_HOURS = 12
SEASON_DAYS = 10
START_PURSE = 30
GOAL = 300

VARIETIES = ("dabinett", "foxwhelp", "redstreak")
TREES = {"dabinett": 24, "foxwhelp": 20, "redstreak": 18}
YIELD = {"dabinett": 5, "foxwhelp": 4, "redstreak": 6}
APPLE_PRICE = {"dabinett": 2, "foxwhelp": 3, "redstreak": 2}

CART_LIMIT = 12
PRESS_LOAD = 6
VAT_LITRES = 60
BARREL_LITRES = 25
FERMENT_NIGHTS = 3

BARREL_PRICE = 8
BULK_BARREL_PRICE = 7
BULK_FROM = 3
CIDER_PRICE = 3

WALK_HOURS = 2
PICK_HOURS = 1
PRESS_HOURS = 2
FILL_HOURS = 1

PLACES = ("orchard", "market")

HELP = """Pressmoor -- commands (any word may be cut short while it stays unambiguous: `pi red 3`)

  anywhere
    help                      this list
    look                      where you are, the day, your purse, cart, vat and barrels
    go orchard | go market    walk between the orchard and Pressmoor market (2 hours)
    sleep                     end the day; the next one starts with 12 hours of daylight

  at the orchard (the press house and the cellar are here)
    pick <variety> [n]        pick n baskets (default 1) into the cart, 1 hour a basket
    press <variety> [n]       press n baskets (default: all you carry, up to 6) into the vat, 2 hours
    fill                      pour the vat into your barrels, 1 hour

  at the market
    buy barrel [n]            new oak barrels from the cooper
    sell apples <variety> [n] sell baskets straight from the cart
    sell cider <barrel>       sell a barrel's cider by its number (see `look`)

  varieties: dabinett, foxwhelp, redstreak.  Rules and prices: RULES.md."""


def new_season():
    return {
        "day": 1,
        "hours_left": DAY_HOURS,
        "place": "orchard",
        "purse": START_PURSE,
        "goal": GOAL,
        "cart": {v: 0 for v in VARIETIES},
        "trees": dict(TREES),
        "vat": 0,
        "barrels": [],
        "won": False,
        "over": False,
    }


def barrel_status(barrel, day):
    if barrel["litres"] == 0:
        return "empty"
    if day - barrel["since"] >= FERMENT_NIGHTS:
        return "cider"
    return "fermenting"


def view(season):
    """The season as the player may see it: a copy, with each barrel's number and status spelled out."""
    out = dict(season)
    out["cart"] = dict(season["cart"])
    out["trees"] = dict(season["trees"])
    out["barrels"] = [
        {"no": i, "litres": b["litres"], "since": b["since"], "status": barrel_status(b, season["day"])}
        for i, b in enumerate(season["barrels"], start=1)
    ]
    return out


class Refusal(Exception):
    """The command is understood but cannot be done now; the message says why."""


def _count(word, default=None):
    if word is None:
        if default is None:
            raise Refusal("How many?")
        return default
    if not (word.isascii() and word.isdigit()) or len(word) > 6:
        raise Refusal(f"'{word}' is not a number I can count to.")
    n = int(word)
    if n < 1:
        raise Refusal("Nothing to do with none.")
    return n


def _variety(word):
    if word is None:
        raise Refusal("Which apples? dabinett, foxwhelp or redstreak.")
    matches = [v for v in VARIETIES if v.startswith(word)]
    if len(matches) != 1:
        raise Refusal(f"There are no '{word}' trees at Pressmoor. Try dabinett, foxwhelp or redstreak.")
    return matches[0]


def _need_place(season, place):
    if season["place"] != place:
        raise Refusal(f"You can only do that at the {place}; you are at the {season['place']}.")


def _spend_hours(season, hours, doing):
    if season["hours_left"] < hours:
        left = season["hours_left"]
        raise Refusal(f"{doing} takes {hours} hours and only {left} of daylight are left. Time to sleep.")
    season["hours_left"] -= hours


def _plural(n, word):
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _cart_total(season):
    return sum(season["cart"].values())


def do_look(season, args):
    lines = [
        f"Day {season['day']} of {SEASON_DAYS}, {season['hours_left']} hours of daylight left. "
        f"You are at the {season['place']}.",
        f"Purse: {season['purse']} shillings (you need {season['goal']} by the end of the season).",
    ]
    carried = [f"{n} {v}" for v, n in season["cart"].items() if n]
    lines.append("Cart: " + (", ".join(carried) if carried else "empty") + f" ({_cart_total(season)}/{CART_LIMIT}).")
    on_trees = ", ".join(f"{v} {n}" for v, n in season["trees"].items())
    lines.append(f"Baskets still on the trees: {on_trees}.")
    lines.append(f"Vat: {season['vat']}/{VAT_LITRES} litres of juice.")
    if not season["barrels"]:
        lines.append("Cellar: no barrels yet. The cooper at the market sells them.")
    for i, b in enumerate(season["barrels"], start=1):
        lines.append(f"  barrel {i}: {b['litres']}/{BARREL_LITRES} litres, {barrel_status(b, season['day'])}")
    return "\n".join(lines)


def do_go(season, args):
    where = args[0] if args else None
    matches = [p for p in PLACES if where and p.startswith(where)]
    if not matches:
        raise Refusal("Go where? The orchard or the market.")
    place = matches[0]
    if season["place"] == place:
        raise Refusal(f"You are already at the {place}.")
    _spend_hours(season, WALK_HOURS, "The walk")
    season["place"] = place
    if place == "market":
        return "You push the cart down the lane to Pressmoor market. The cooper waves from his stall."
    return "You walk back up the hill to the orchard and the press house."


def do_pick(season, args):
    _need_place(season, "orchard")
    variety = _variety(args[0] if args else None)
    count = _count(args[1] if len(args) > 1 else None, default=1)
    if season["trees"][variety] == 0:
        raise Refusal(f"The {variety} trees are picked bare.")
    if count > season["trees"][variety]:
        raise Refusal(f"Only {_plural(season['trees'][variety], 'basket')} of {variety} left on the trees.")
    room = CART_LIMIT - _cart_total(season)
    if count > room:
        raise Refusal(f"The cart holds {CART_LIMIT} baskets; there is room for {room} more.")
    _spend_hours(season, PICK_HOURS * count, f"Picking {_plural(count, 'basket')}")
    season["trees"][variety] -= count
    season["cart"][variety] += count
    return f"You pick {_plural(count, 'basket')} of {variety}. The cart holds {_cart_total(season)}."


def do_press(season, args):
    _need_place(season, "orchard")
    variety = _variety(args[0] if args else None)
    carried = season["cart"][variety]
    if carried == 0:
        raise Refusal(f"You have no {variety} in the cart.")
    count = _count(args[1] if len(args) > 1 else None, default=min(carried, PRESS_LOAD))
    if count > PRESS_LOAD:
        raise Refusal(f"The press takes at most {PRESS_LOAD} baskets a load.")
    if count > carried:
        raise Refusal(f"You only carry {_plural(carried, 'basket')} of {variety}.")
    juice = count * YIELD[variety]
    vat = season["vat"]
    if vat + juice > VAT_LITRES:
        raise Refusal(f"That load gives {juice} litres and the vat has room for {VAT_LITRES - vat}. Fill barrels first.")
    _spend_hours(season, PRESS_HOURS, "A pressing")
    season["cart"][variety] -= count
    season["vat"] = vat + juice
    return (
        f"You build the cheese from {_plural(count, 'basket')} of {variety} and wind the press down. "
        f"{juice} litres run into the vat, which now holds {vat} litres."
    )


def do_fill(season, args):
    _need_place(season, "orchard")
    if season["vat"] == 0:
        raise Refusal("The vat is empty.")
    day = season["day"]
    open_barrels = [
        (i, b) for i, b in enumerate(season["barrels"], start=1)
        if barrel_status(b, day) != "cider" and b["litres"] < BARREL_LITRES
    ]
    if not open_barrels:
        raise Refusal("No barrel has room for juice. Buy barrels at the market, or sell some cider.")
    _spend_hours(season, FILL_HOURS, "Filling barrels")
    juice = season["vat"]
    poured = []
    for i, barrel in open_barrels:
        if juice == 0:
            break
        amount = min(BARREL_LITRES - barrel["litres"], juice)
        barrel["litres"] += amount
        if barrel["since"] is None:
            barrel["since"] = day
        juice -= amount
        poured.append(f"{amount} litres into barrel {i}")
    season["vat"] = 0
    return "You pour " + ", ".join(poured) + "."


def do_buy(season, args):
    _need_place(season, "market")
    if not args or not "barrels".startswith(args[0]):
        raise Refusal("The cooper only sells barrels: buy barrel [n].")
    count = _count(args[1] if len(args) > 1 else None, default=1)
    price = BULK_BARREL_PRICE if count > BULK_FROM else BARREL_PRICE
    cost = price * count
    if cost > season["purse"]:
        raise Refusal(f"{_plural(count, 'barrel')} cost {cost} shillings; you have {season['purse']}.")
    season["purse"] -= cost
    season["barrels"].extend([{"litres": 0, "since": None}] * count)
    return f"The cooper rolls out {_plural(count, 'barrel')} for {cost} shillings. They go up to your cellar."


def do_sell(season, args):
    _need_place(season, "market")
    what = args[0] if args else ""
    if what and "apples".startswith(what):
        return _sell_apples(season, args[1:])
    if what and "cider".startswith(what):
        return _sell_cider(season, args[1:])
    raise Refusal("Sell what? sell apples <variety> [n], or sell cider <barrel>.")


def _sell_apples(season, args):
    variety = _variety(args[0] if args else None)
    carried = season["cart"][variety]
    if carried == 0:
        raise Refusal(f"You have no {variety} in the cart.")
    count = _count(args[1] if len(args) > 1 else None, default=carried)
    if count > carried:
        raise Refusal(f"You only carry {_plural(carried, 'basket')} of {variety}.")
    money = count * APPLE_PRICE[variety]
    season["cart"][variety] -= count
    season["purse"] += money
    return f"A fruiterer takes {_plural(count, 'basket')} of {variety} for {money} shillings."


def _sell_cider(season, args):
    if not season["barrels"]:
        raise Refusal("You have no barrels.")
    if not args:
        raise Refusal("Which barrel? sell cider <number>, as numbered in `look`.")
    no = _count(args[0])
    barrel = season["barrels"][no - 1]
    status = barrel_status(barrel, season["day"])
    if status == "empty":
        raise Refusal(f"Barrel {no} is empty.")
    if status == "fermenting":
        ready = barrel["since"] + FERMENT_NIGHTS
        raise Refusal(f"Barrel {no} is still working. It will be cider on day {ready}.")
    money = barrel["litres"] * CIDER_PRICE
    litres = barrel["litres"]
    barrel["litres"] = 0
    season["purse"] += money
    return f"The landlord of the Plough buys the {litres} litres in barrel {no} for {money} shillings."


def do_sleep(season, args):
    lines = []
    if season["vat"]:
        lines.append(f"The {season['vat']} litres left in the vat sour overnight and are poured away.")
        season["vat"] = 0
    if season["day"] >= SEASON_DAYS:
        season["over"] = True
        lines.append(
            f"The season is over. You end it with {season['purse']} shillings, short of the {GOAL} you needed."
        )
        return "\n".join(lines)
    season["day"] += 1
    season["hours_left"] = DAY_HOURS
    lines.append(f"You sleep. Day {season['day']} dawns.")
    for i, b in enumerate(season["barrels"], start=1):
        if b["litres"] and b["since"] + FERMENT_NIGHTS == season["day"]:
            lines.append(f"Barrel {i} has turned to cider.")
    return "\n".join(lines)


def do_help(season, args):
    return HELP


COMMANDS = {
    "help": do_help,
    "look": do_look,
    "go": do_go,
    "pick": do_pick,
    "press": do_press,
    "fill": do_fill,
    "buy": do_buy,
    "sell": do_sell,
    "sleep": do_sleep,
}
ALWAYS = ("help", "look")


def play(season, command):
    """Apply one command. Returns (success, message)."""
    words = command.lower().split()
    if not words:
        return False, "Say something. `help` lists the commands."
    verb = [name for name in COMMANDS if name.startswith(words[0])]
    if words[0] in COMMANDS:
        verb = [words[0]]
    if len(verb) != 1:
        return False, f"I don't know how to '{words[0]}'. `help` lists the commands."
    name = verb[0]
    if season["over"] and name not in ALWAYS:
        return False, "The season is over. Start a new game to play again."
    try:
        message = COMMANDS[name](season, words[1:])
    except Refusal as refusal:
        return False, str(refusal)
    if not season["won"] and season["purse"] >= season["goal"]:
        season["won"] = True
        season["over"] = True
        message += (
            f"\nWith {season['purse']} shillings in your purse, Pressmoor's press pays its way. "
            "You have won the season!"
        )
    return True, message

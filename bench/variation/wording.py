"""How a generated game words its replies: the phrasings of every message, how names and numbers are written.

Every phrasing set has the same keys and placeholders; the engine fills them the same way for every seed.
"""

from __future__ import annotations

import string

# The placeholders each message may use (the engine passes exactly these).
PLACEHOLDERS: dict[str, frozenset[str]] = {
    key: frozenset(names.split())
    for key, names in {
        "intro": "title treasure",
        "here": "place description",
        "exits": "exits",
        "items_here": "items",
        "creature_here": "creature hp max_hp",
        "wares": "wares",
        "ware": "item price stock",
        "door_locked_here": "door dir",
        "door_open_here": "door dir",
        "moved": "dir",
        "which_way": "",
        "no_exit": "dir",
        "door_locked": "door dir",
        "take_ok": "items",
        "take_what": "",
        "take_none": "item",
        "won": "treasure",
        "drop_ok": "items",
        "drop_what": "",
        "drop_none": "item",
        "buy_ok": "item price left",
        "one_at_a_time": "",
        "buy_no_shop": "",
        "buy_what": "",
        "buy_unknown": "item",
        "buy_sold_out": "item",
        "buy_poor": "price have",
        "attack_hit": "creature damage foe_hp",
        "defeated": "creature key",
        "strike_back": "creature damage hp max_hp",
        "lost": "",
        "no_creature": "",
        "use_ok": "item hp max_hp",
        "use_what": "",
        "use_none": "item",
        "use_cannot": "item",
        "unlock_ok": "door",
        "unlock_what": "",
        "unlock_no_door": "",
        "unlock_already": "door",
        "unlock_no_key": "door key",
        "inventory": "items hp max_hp",
        "inventory_empty": "hp max_hp",
        "over": "",
        "unknown": "",
        "empty": "",
    }.items()
}

PHRASINGS: dict[str, dict[str, str]] = {
    "narrator": {
        "intro": "Welcome to {title}. Somewhere here lies the {treasure}: take it to win. Type help for the "
        "commands.",
        "here": "You are in {place}. {description}",
        "exits": "Exits: {exits}.",
        "items_here": "You see {items} here.",
        "creature_here": "A {creature} glares at you ({hp} of {max_hp} hp).",
        "wares": "For sale: {wares}.",
        "ware": "{item} for {price} ({stock} left)",
        "door_locked_here": "A locked {door} bars the way {dir}.",
        "door_open_here": "The {door} to the {dir} stands open.",
        "moved": "You go {dir}.",
        "which_way": "Go where? Name a direction: north, south, east or west.",
        "no_exit": "You can't go {dir} from here.",
        "door_locked": "The {door} is locked; you can't go {dir}.",
        "take_ok": "You take {items}.",
        "take_what": "Take what?",
        "take_none": "There is no {item} here.",
        "won": "You hold the {treasure} at last. You win!",
        "drop_ok": "You drop {items}.",
        "drop_what": "Drop what?",
        "drop_none": "You aren't carrying any {item}.",
        "buy_ok": "You buy the {item} for {price}. You have {left} left.",
        "buy_no_shop": "There is nothing for sale here.",
        "one_at_a_time": "One at a time, please: leave the number out.",
        "buy_what": "Buy what?",
        "buy_unknown": "Nobody sells {item} here.",
        "buy_sold_out": "The {item} is sold out.",
        "buy_poor": "The price is {price}, but you have only {have}.",
        "attack_hit": "You hit the {creature} for {damage} damage; it has {foe_hp} hp left.",
        "defeated": "The {creature} collapses and drops a {key}.",
        "strike_back": "The {creature} strikes back for {damage} damage. You have {hp} of {max_hp} hp.",
        "lost": "You fall. The game is over.",
        "no_creature": "There is nothing here to fight.",
        "use_ok": "You drink the {item}. You have {hp} of {max_hp} hp.",
        "use_what": "Drink what?",
        "use_none": "You have no {item}.",
        "use_cannot": "You can't drink the {item}.",
        "unlock_ok": "You unlock the {door}.",
        "unlock_what": "There is nothing like that to unlock.",
        "unlock_no_door": "There is no door here.",
        "unlock_already": "The {door} is already unlocked.",
        "unlock_no_key": "The {door} is locked and you have no {key}.",
        "inventory": "You carry {items}. You have {hp} of {max_hp} hp.",
        "inventory_empty": "You carry nothing. You have {hp} of {max_hp} hp.",
        "over": "The game is over: start a new game to play again.",
        "unknown": "I don't understand that. Type help for the commands.",
        "empty": "Say something! Type help for the commands.",
    },
    "terse": {
        "intro": "{title}. Goal: take the {treasure}. Commands: help.",
        "here": "{place}: {description}",
        "exits": "Exits: {exits}",
        "items_here": "Items: {items}",
        "creature_here": "Enemy: {creature}, hp {hp}/{max_hp}",
        "wares": "Shop: {wares}",
        "ware": "{item} {price}, stock {stock}",
        "door_locked_here": "{door} {dir}: locked",
        "door_open_here": "{door} {dir}: open",
        "moved": "Moved {dir}.",
        "which_way": "Which direction?",
        "no_exit": "No exit {dir}.",
        "door_locked": "Locked: {door} ({dir}).",
        "take_ok": "Taken: {items}.",
        "take_what": "Take what?",
        "take_none": "No {item} here.",
        "won": "Got the {treasure}. Victory.",
        "drop_ok": "Dropped: {items}.",
        "drop_what": "Drop what?",
        "drop_none": "Not carrying {item}.",
        "buy_ok": "Bought: {item} for {price}. Left: {left}.",
        "buy_no_shop": "No shop here.",
        "one_at_a_time": "One at a time.",
        "buy_what": "Buy what?",
        "buy_unknown": "Not sold here: {item}.",
        "buy_sold_out": "Sold out: {item}.",
        "buy_poor": "Too poor: costs {price}, have {have}.",
        "attack_hit": "Hit {creature}: {damage} damage, {foe_hp} hp left.",
        "defeated": "{creature} defeated. Dropped: {key}.",
        "strike_back": "{creature} hits you: {damage} damage, you have {hp}/{max_hp} hp.",
        "lost": "You died. Game over.",
        "no_creature": "Nothing to fight.",
        "use_ok": "Drank {item}: {hp}/{max_hp} hp.",
        "use_what": "Drink what?",
        "use_none": "No {item} carried.",
        "use_cannot": "Can't drink {item}.",
        "unlock_ok": "Unlocked: {door}.",
        "unlock_what": "Can't unlock that.",
        "unlock_no_door": "No door here.",
        "unlock_already": "Already unlocked: {door}.",
        "unlock_no_key": "Locked: {door}. Need the {key}.",
        "inventory": "Carrying: {items}. HP {hp}/{max_hp}.",
        "inventory_empty": "Carrying: nothing. HP {hp}/{max_hp}.",
        "over": "Game over.",
        "unknown": "Unknown command. Try help.",
        "empty": "Empty command. Try help.",
    },
    "butler": {
        "intro": "Good day, and welcome to {title}. I am told the {treasure} is hidden nearby; should you "
        "take it, you win. Say help at any time.",
        "here": "We find ourselves in {place}. {description}",
        "exits": "One may leave by: {exits}.",
        "items_here": "Lying about: {items}.",
        "creature_here": "I must point out a {creature} here, with {hp} of {max_hp} hp.",
        "wares": "The shop offers: {wares}.",
        "ware": "{item} at {price}, {stock} in stock",
        "door_locked_here": "A {door} to the {dir} is locked, I'm afraid.",
        "door_open_here": "The {door} to the {dir} is open.",
        "moved": "Very good, we head {dir}.",
        "which_way": "Which way, if I may ask?",
        "no_exit": "I'm afraid there is no way {dir} from here.",
        "door_locked": "Regrettably the {door} to the {dir} is locked.",
        "take_ok": "Certainly: {items} taken.",
        "take_what": "Take what, exactly?",
        "take_none": "I see no {item} here, I'm afraid.",
        "won": "Splendid! The {treasure} is yours. You have won.",
        "drop_ok": "As you wish: {items} set down.",
        "drop_what": "Drop what, exactly?",
        "drop_none": "You carry no {item}, I'm afraid.",
        "buy_ok": "A fine choice: the {item}, for {price}. That leaves you {left}.",
        "buy_no_shop": "I'm afraid nothing is sold here.",
        "one_at_a_time": "One at a time, if you please.",
        "buy_what": "Buy what, exactly?",
        "buy_unknown": "I'm afraid {item} is not on offer here.",
        "buy_sold_out": "Alas, the {item} is sold out.",
        "buy_poor": "I'm afraid the price is {price} and you have only {have}.",
        "attack_hit": "A fine blow: the {creature} takes {damage} damage and has {foe_hp} hp left.",
        "defeated": "The {creature} is vanquished, and it has dropped a {key}.",
        "strike_back": "The {creature} retaliates for {damage} damage; you have {hp} of {max_hp} hp.",
        "lost": "Oh dear. You have fallen, and the game is over.",
        "no_creature": "There is nothing here to fight, I assure you.",
        "use_ok": "You drink the {item} and feel better: {hp} of {max_hp} hp.",
        "use_what": "Drink what, exactly?",
        "use_none": "You have no {item}, I'm afraid.",
        "use_cannot": "One does not drink a {item}.",
        "unlock_ok": "The {door} is unlocked.",
        "unlock_what": "I'm afraid that cannot be unlocked.",
        "unlock_no_door": "I see no door here, I'm afraid.",
        "unlock_already": "The {door} is already unlocked.",
        "unlock_no_key": "The {door} wants a {key}, which you lack.",
        "inventory": "You carry {items}, and have {hp} of {max_hp} hp.",
        "inventory_empty": "You carry nothing at all, and have {hp} of {max_hp} hp.",
        "over": "The game is over, I'm afraid. Do start a new one.",
        "unknown": "I beg your pardon? Say help for the commands.",
        "empty": "You said nothing. Say help for the commands.",
    },
    "log": {
        "intro": "NEW GAME {title}. OBJECTIVE take {treasure}. HELP lists commands.",
        "here": "LOCATION {place}. {description}",
        "exits": "EXITS {exits}",
        "items_here": "ITEMS {items}",
        "creature_here": "HOSTILE {creature} hp={hp}/{max_hp}",
        "wares": "SHOP {wares}",
        "ware": "{item} price={price} stock={stock}",
        "door_locked_here": "DOOR {door} {dir} locked",
        "door_open_here": "DOOR {door} {dir} open",
        "moved": "OK moved {dir}",
        "which_way": "ERR no direction given",
        "no_exit": "ERR no exit {dir}",
        "door_locked": "ERR {door} {dir} is locked",
        "take_ok": "OK took {items}",
        "take_what": "ERR take needs an item",
        "take_none": "ERR no {item} here",
        "won": "OK objective complete: {treasure} taken. GAME WON",
        "drop_ok": "OK dropped {items}",
        "drop_what": "ERR drop needs an item",
        "drop_none": "ERR not carrying {item}",
        "buy_ok": "OK bought {item} for {price}; balance {left}",
        "buy_no_shop": "ERR no shop here",
        "one_at_a_time": "ERR one at a time",
        "buy_what": "ERR buy needs an item",
        "buy_unknown": "ERR {item} not for sale",
        "buy_sold_out": "ERR {item} sold out",
        "buy_poor": "ERR price {price}, balance {have}",
        "attack_hit": "OK hit {creature} for {damage}; its hp={foe_hp}",
        "defeated": "OK {creature} defeated; dropped {key}",
        "strike_back": "WARN {creature} hits for {damage}; hp={hp}/{max_hp}",
        "lost": "GAME LOST: no hp left",
        "no_creature": "ERR nothing to fight",
        "use_ok": "OK drank {item}; hp={hp}/{max_hp}",
        "use_what": "ERR drink needs an item",
        "use_none": "ERR no {item} carried",
        "use_cannot": "ERR {item} is not drinkable",
        "unlock_ok": "OK {door} unlocked",
        "unlock_what": "ERR nothing like that to unlock",
        "unlock_no_door": "ERR no door here",
        "unlock_already": "ERR {door} already unlocked",
        "unlock_no_key": "ERR {door} needs {key}",
        "inventory": "INVENTORY {items}; hp={hp}/{max_hp}",
        "inventory_empty": "INVENTORY empty; hp={hp}/{max_hp}",
        "over": "ERR game over",
        "unknown": "ERR unknown command (try help)",
        "empty": "ERR empty command (try help)",
    },
}

# The body of `name(text)` in the generated game, by name style.
NAME_CODE: dict[str, str] = {
    "quoted": "return f'\"{text}\"'",
    "bracketed": 'return f"[{text}]"',
    "capitals": "return text.upper()",
    "bare": "return text",
    "markup": 'return f"<b>{text}</b>"',
    "emphasis": 'return f"*{text}*"',
}

# `number(n)` in the generated game and its probes, by number style.
NUMBER_CODE: dict[str, str] = {
    "digits": """def number(n: int) -> str:
    return str(n)
""",
    "words": """ONES = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen"
).split()
TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def number(n: int) -> str:
    if n < 0:
        return "minus " + number(-n)
    if n < 20:
        return ONES[n]
    if n < 100:
        tens, rest = divmod(n, 10)
        return TENS[tens] + (f"-{ONES[rest]}" if rest else "")
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        return f"{ONES[hundreds]} hundred" + (f" and {number(rest)}" if rest else "")
    return str(n)
""",
}


def check_phrasings() -> None:
    """Every phrasing set has every message, with no placeholder the engine does not pass."""
    for wording, texts in PHRASINGS.items():
        if set(texts) != set(PLACEHOLDERS):
            raise ValueError(f"phrasing {wording!r} has keys {sorted(set(texts) ^ set(PLACEHOLDERS))} wrong")
        for key, text in texts.items():
            used = {field for _, field, _, _ in string.Formatter().parse(text) if field}
            if not used <= PLACEHOLDERS[key]:
                raise ValueError(
                    f"phrasing {wording!r} message {key!r} uses {sorted(used - PLACEHOLDERS[key])}"
                )

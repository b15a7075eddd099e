"""The hidden benchmark of a generated game: bugs.json and probes.py, in the seed's names and commands.

The six bugs, the same on every seed, one of each kind:
- BUG-1 crash: unlocking where there is no door answers HTTP 500.
- BUG-2 numeric rule against the docs: the creature strikes back for 4, the docs say 3.
- BUG-3 conservation: `take N ITEM` with more than lies there adds N to the inventory.
- BUG-4 message against state: the reply to a purchase names the coins held before paying.
- BUG-5 long sequence: the door unlocked from the lair stays locked from the vault's side.
- BUG-6 state-only: dropping the last of an item leaves it in the state's inventory with count 0.
"""

from __future__ import annotations

import json
from typing import Any

from bench.variation import rules
from bench.variation.rules import Commands
from bench.variation.shapes import SHAPES
from bench.variation.source import template
from bench.variation.surface import Surface
from bench.variation.wording import NUMBER_CODE

BUG_KINDS = {
    "BUG-1": "crash",
    "BUG-2": "numeric rule against the docs",
    "BUG-3": "conservation",
    "BUG-4": "message against state",
    "BUG-5": "long sequence",
    "BUG-6": "state-only",
}


def bugs(surface: Surface) -> list[dict[str, Any]]:
    c = Commands(surface)
    names = surface.names
    start, store, lair, vault = c.place("start"), c.place("store"), c.place("lair"), c.place("vault")
    coins, coin = c.items("coin"), c.item("coin")
    creature, door, attack = names.creature, names.door, surface.verb("attack")
    before = rules.START_COINS + rules.STORE_COINS
    too_many = c.take(coins, "start", rules.TOO_MANY)
    shopping = ", ".join(f"`{command}`" for command in c.to_shop_with_coins)
    buy_potion = c.buy("potion")
    drop_coins = c.drop_all("coin", "start", rules.START_COINS)
    entries = [
        (
            "crash",
            "easy",
            f"Start a new game and, at the {start}, where there is no door, type `{c.unlock}`.",
            "The server answers HTTP 500 instead of an in-game refusal: unlocking where there is no door "
            "reads a door that does not exist.",
        ),
        (
            "logic error",
            "easy",
            f"Start a new game, `{c.move('east')}` into the {lair} and `{attack}` the {creature} once.",
            f"The {creature} strikes back for {rules.SHIPPED_STRIKE} damage (hp {rules.PLAYER_HP} -> "
            f"{rules.PLAYER_HP - rules.SHIPPED_STRIKE}), while the rules say it strikes back for "
            f"{rules.STRIKE}.",
        ),
        (
            "data inconsistency",
            "medium",
            f"Start a new game ({rules.START_COINS} {coins} lie at the {start}) and type `{too_many}`.",
            f"{rules.TOO_MANY} {coins} land in the inventory while only {rules.START_COINS} lay on the "
            f"floor: taking more than lies there creates {rules.TOO_MANY - rules.START_COINS} {coins} from "
            "nothing, while the rules say you never take more than lies there.",
        ),
        (
            "description flaw",
            "medium",
            f"Start a new game, play {shopping}, then `{buy_potion}` with {before} {coins}.",
            f"The reply says {before} {coins} are left (what was held before paying) while the state shows "
            f"{before - rules.POTION_PRICE} after the {rules.POTION_PRICE} paid.",
        ),
        (
            "logic error",
            "hard",
            f"Collect the {coins} at the {start} and the {store}, buy the {c.item('weapon')} at the "
            f"{c.place('shop')}, go to the {lair}, `{attack}` three times, `{c.take_all('key', 'lair', 1)}`, "
            f"`{c.unlock}`, `{c.move('east')}` into the {vault}, then `{c.move('west')}`.",
            f"The way back west is refused as locked: unlocking the {door} from the {lair} opened only that "
            f"side (the state of the {vault} still shows west locked), while the rules say an unlocked "
            f"{door} stays open both ways.",
        ),
        (
            "data inconsistency",
            "medium",
            f"Start a new game, `{c.take_coins}` at the {start}, then `{drop_coins}`.",
            f"The state's inventory keeps an entry for {coin} with count 0 after every {coin} was dropped "
            f"(the `{surface.verb('inventory')}` reply lists nothing), while the rules say an item you no "
            "longer carry leaves the inventory, in the state too.",
        ),
    ]
    return [
        {
            "id": f"BUG-{number}",
            "bug_type": bug_type,
            "difficulty": difficulty,
            "minimal_reproduction": reproduction,
            "observed_fault": fault,
            "probe": f"probe_bug_{number}",
            "gold_patch": f"gold/BUG-{number}.diff",
        }
        for number, (bug_type, difficulty, reproduction, fault) in enumerate(entries, 1)
    ]


def bugs_json(surface: Surface) -> str:
    return json.dumps(bugs(surface), indent=2) + "\n"


def probes_source(surface: Surface) -> str:
    c = Commands(surface)
    shape = SHAPES[surface.state_shape]
    constants = {
        "STATE_PATHS": shape.paths,
        "ENTRY_KEYS": shape.entry_keys,
        "START": c.place("start"),
        "LAIR": c.place("lair"),
        "VAULT": c.place("vault"),
        "COIN": c.item("coin"),
        "START_COINS": rules.START_COINS,
        "STRIKE": rules.STRIKE,
        "POTION_PRICE": rules.POTION_PRICE,
        "MOVE_EAST": c.move("east"),
        "MOVE_WEST": c.move("west"),
        "ATTACK": c.say("attack"),
        "UNLOCK": c.unlock,
        "TAKE_COINS": c.take_coins,
        "DROP_COINS": c.drop_all("coin", "start", rules.START_COINS),
        "TAKE_TOO_MANY": c.take(c.items("coin"), "start", rules.TOO_MANY),
        "TAKE_KEY": c.take_all("key", "lair", 1),
        "BUY_POTION": c.buy("potion"),
        "TO_SHOP_WITH_COINS": c.to_shop_with_coins,
        "ARMED_TO_LAIR": c.armed_to_lair,
    }
    lines = "\n".join(f"{name} = {value!r}" for name, value in constants.items())
    return template("probes.py.tmpl").substitute(
        title=surface.names.title,
        constants=lines,
        number_code=NUMBER_CODE[surface.numbers].rstrip("\n"),
    )

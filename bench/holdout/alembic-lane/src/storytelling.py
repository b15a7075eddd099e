"""The words of the shop: the day's introduction, the help, the look around and the recipe book."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from shop import Shop

INTRO_TEXT = (
    "You unlock the door of your little apothecary on Alembic Lane at nine in the morning, hang your apron "
    "on its hook and light the fire under the copper cauldron, while four customers, a witch, a knight, a "
    "blacksmith and a scholar, are already waiting at the counter with their orders; you have until the town "
    "bell rings five in the afternoon to brew, bottle and sell what each of them asked for, and if you ever "
    "wonder how a day here is supposed to go, just say help."
)

HELP_TEXT = (
    "A day in your shop goes like this: you read the recipe book to remember what each potion needs, then you "
    "put the ingredients into the cauldron from your jars a few measures at a time (put 2 nightshade into the "
    "cauldron, say), heat the cauldron to the temperature the recipe asks for or cool it down again in the "
    "same way, and stir it the right number of times (stir 3 times), which takes an hour off the clock every "
    "time you pick up the spoon; when a potion has formed you pour the potion into a bottle, and when a "
    "customer's order stands on your shelf you sell it to them by name (sell the sleeping draught to the "
    "witch), while a spoiled brew is simply emptied down the drain when you empty the cauldron, and whenever "
    "you run short of ingredients or empty bottles you buy them from the herb woman at the market (buy 2 "
    "moonpetal, or buy a bottle); and at any moment you can look around to take stock of your jars, your "
    "shelf, your purse and the queue at the counter."
)


def _listing(entries: list[dict[str, Any]], unit: str = "") -> str:
    parts = [f"{e['amount']}{unit} {e['kind']}" for e in entries]
    if not parts:
        return "nothing"
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def describe_shop(shop: Shop) -> str:
    state = shop.state()
    cauldron = state["cauldron"]
    if cauldron["potion"]:
        inside = f"a finished batch of {cauldron['potion']}"
    elif cauldron["contents"]:
        inside = _listing(cauldron["contents"], " measures of").replace("1 measures of", "1 measure of")
    else:
        inside = "nothing but clean water"
    potions = [e for e in state["shelf"] if e["kind"] != "empty bottle"]
    empties = next(e["amount"] for e in state["shelf"] if e["kind"] == "empty bottle")
    shelf = f"{empties} empty bottles"
    if potions:
        shelf += " beside bottled " + _listing(potions)
    waiting = [c for c in state["customers"] if not c["served"]]
    if waiting:
        queue = "; ".join(f"the {c['who']} wants a {c['wants']} and will pay {c['pays']}" for c in waiting)
    else:
        queue = "nobody, because every customer has been served"
    when = "It is" if shop.open else "The shop is closed, and it is"
    return (
        f"{when} {state['day']['hour']} in your apothecary on Alembic Lane, and the cauldron sits at "
        f"{cauldron['temperature']} holding {inside}. Your jars hold {_listing(state['jars'])}, your shelf holds "
        f"{shelf}, and your purse holds {state['purse']}. Waiting at the counter: {queue}."
    )


def recipe_book(recipes: dict[str, dict[str, Any]]) -> str:
    pages = []
    for name, recipe in recipes.items():
        needs = " and ".join(f"{n} {kind}" for kind, n in recipe["ingredients"].items())
        pages.append(
            f"the {name} takes {needs}, stirred {recipe['stirs']} times at {recipe['temperature']}°C"
        )
    return (
        "You open the stained recipe book on the counter and run your finger down the pages you know by heart: "
        + "; ".join(pages)
        + ". Anything else that goes into the cauldron only swirls about, and the right ingredients brewed at "
        "the wrong heat or stirred the wrong number of times spoil into grey sludge."
    )

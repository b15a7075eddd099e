"""What the player types, turned into calls on the shop."""

from __future__ import annotations

from dataclasses import dataclass

from crumbwick.catalogue import CAKE_LESSON, INGREDIENTS, LAST_DAY, OVEN_CAPACITY, PRODUCTS, SAVINGS_TARGET, canonical
from crumbwick.shop import Refusal, Shop, amount_text, product_count
from crumbwick.units import money, parse_count, parse_kilos, parse_money

HELP = (
    "You can buy flour, sugar or butter by the kilo in steps of 0.1 kg (say 'buy 3 kg flour' or "
    "'buy 0.5 kg butter') and eggs one by one ('buy 12 eggs'), bake any recipe you know with something "
    f"like 'bake 6 loaf' (the oven takes {OVEN_CAPACITY} items a day), chalk up a new price with "
    "'price loaf 2.80', learn Mrs Pettigrew's cake recipe with 'learn cake', and move money between the "
    "till and the savings tin with 'deposit 20' or 'withdraw 5.50'. When you're ready, 'open shop' lets the "
    "customers in, sells what they'll buy, locks up for the night and brings us to the next morning. 'look' "
    "tells you how the shop stands, 'recipes' shows what each bake needs, and 'help' brings me back here "
    f"to remind you. We need {money(SAVINGS_TARGET)} in the savings tin by the end of day {LAST_DAY}!"
)

INTRO = (
    "Hello, and welcome to Crumbwick Bakery! I'm Pip, your shop assistant. It's day 1, there's "
    f"{money(4000)} in the till and the pantry's bare. The landlord wants his rent every seventh day, "
    f"and if we can put {money(SAVINGS_TARGET)} in the savings tin by the end of day {LAST_DAY} the "
    "bakery's ours for good. Type 'help' if you'd like me to explain how things work."
)


@dataclass
class Outcome:
    message: str
    success: bool


def describe(shop: Shop) -> str:
    shelf = [product_count(PRODUCTS[n], c) for n, c in shop.shelf.items() if c]
    pantry = [f"{amount_text(info, shop.stock(n))} of {n}" for n, info in INGREDIENTS.items() if shop.stock(n)]
    prices = ", ".join(f"{n} {money(p)}" for n, p in shop.prices.items())
    return (
        f"It's day {shop.day} of {LAST_DAY}. There's {money(shop.cash)} in the till and {money(shop.savings)} "
        f"in the savings tin. On the shelf: {', '.join(shelf) or 'nothing yet'}. In the pantry: "
        f"{', '.join(pantry) or 'nothing at all'}. The board says {prices}. The oven has baked "
        f"{shop.oven_used} of {OVEN_CAPACITY} items today."
    )


def recipes(shop: Shop) -> str:
    parts = []
    for name, product in PRODUCTS.items():
        needs = ", ".join(f"{amount_text(INGREDIENTS[i], a)} of {i}" for i, a in product.needs.items())
        known = "" if name in shop.recipe_book else f" (not learned yet: {money(CAKE_LESSON)} to learn)"
        parts.append(f"a {name} needs {needs}{known}")
    return "Here's the recipe book: " + "; ".join(parts) + "."


def _buy(shop: Shop, words: list[str]) -> str:
    if len(words) == 3 and words[1] == "kg":
        amount_word, name = words[0], canonical(words[2])
    elif len(words) == 2 and words[0].endswith("kg"):
        amount_word, name = words[0], canonical(words[1])
    elif len(words) == 2:
        amount_word, name = words[0], canonical(words[1])
        if name in INGREDIENTS and INGREDIENTS[name].by_weight:
            raise Refusal(f"{name.capitalize()} comes by the kilo: try 'buy {words[0]} kg {name}'.")
    else:
        raise Refusal("Tell me how much and of what, like 'buy 3 kg flour' or 'buy 6 eggs'.")
    ingredient = INGREDIENTS.get(name)
    if ingredient is None:
        raise Refusal(f"The market doesn't sell {name}, I'm afraid: only flour, sugar, butter and eggs.")
    if ingredient.by_weight:
        amount = parse_kilos(amount_word)
        if not amount:
            raise Refusal(f"I can weigh out {name} in steps of 0.1 kg, like 'buy 2.5 kg {name}'.")
    else:
        if words[1:2] == ["kg"] or amount_word.endswith("kg"):
            raise Refusal("Eggs come one by one, not by the kilo: try 'buy 6 eggs'.")
        amount = parse_count(amount_word)
        if not amount:
            raise Refusal("Eggs come whole, love: try 'buy 6 eggs'.")
    return shop.buy(ingredient, amount)


def _bake(shop: Shop, words: list[str]) -> str:
    if len(words) != 2:
        raise Refusal("Tell me how many and what, like 'bake 6 loaf'.")
    amount, name = parse_count(words[0]), canonical(words[1])
    if amount is None:
        raise Refusal(f"How many is {words[0]!r}? Try 'bake 6 loaf'.")
    if name not in PRODUCTS:
        raise Refusal(f"I've never heard of a {name}! We can make loaf, bun and cake.")
    return shop.bake(name, amount)


def _price(shop: Shop, words: list[str]) -> str:
    if len(words) != 2:
        raise Refusal("Tell me what and how much, like 'price loaf 2.80'.")
    name, price = canonical(words[0]), parse_money(words[1])
    if name not in PRODUCTS:
        raise Refusal(f"We don't sell {name}: only loaf, bun and cake.")
    if price is None:
        raise Refusal(f"I can't chalk {words[1]!r} on the board: try something like 'price {name} 2.80'.")
    return shop.set_price(name, price)


def _money_move(shop: Shop, verb: str, words: list[str]) -> str:
    amount = parse_money(words[0]) if len(words) == 1 else None
    if amount is None:
        raise Refusal(f"How much? Try '{verb} 20' or '{verb} 12.50'.")
    return shop.deposit(amount) if verb == "deposit" else shop.withdraw(amount)


def run(shop: Shop, command: str) -> Outcome:
    words = command.strip().lower().split()
    if not words:
        return Outcome("Sorry, I didn't catch that. Type 'help' if you're stuck.", False)
    verb, rest = words[0], words[1:]
    if verb in ("help", "?", "commands"):
        return Outcome(HELP, True)
    if verb in ("look", "status", "shop"):
        return Outcome(describe(shop), True)
    if verb in ("recipes", "recipe"):
        return Outcome(recipes(shop), True)
    if shop.over:
        ending = "we did it" if shop.won else "the shop is shut for good"
        return Outcome(f"Oh, {ending}: there's nothing more to do but 'look' around.", False)
    try:
        if verb == "buy":
            return Outcome(_buy(shop, rest), True)
        if verb == "bake":
            return Outcome(_bake(shop, rest), True)
        if verb == "price":
            return Outcome(_price(shop, rest), True)
        if verb == "learn" and len(rest) == 1:
            return Outcome(shop.learn(canonical(rest[0])), True)
        if verb in ("deposit", "save"):
            return Outcome(_money_move(shop, "deposit", rest), True)
        if verb == "withdraw":
            return Outcome(_money_move(shop, "withdraw", rest), True)
        if verb == "open" and rest in ([], ["shop"], ["up"]):
            return Outcome(shop.open_shop(), True)
    except Refusal as refusal:
        return Outcome(str(refusal), False)
    return Outcome(f"Sorry, I don't know how to {command.strip()!r}. Type 'help' and I'll explain.", False)

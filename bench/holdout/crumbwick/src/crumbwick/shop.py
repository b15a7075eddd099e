"""One game of Crumbwick: the till, the pantry, the oven, the shelf and the calendar."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from crumbwick.catalogue import (
    BULK_GRAMS,
    CAKE_LESSON,
    HIGHEST_PRICE,
    INGREDIENTS,
    LAST_DAY,
    LOWEST_PRICE,
    OVEN_CAPACITY,
    PRODUCTS,
    RENT,
    RENT_EVERY,
    SAVINGS_TARGET,
    STARTING_CASH,
    STARTING_RECIPES,
    Ingredient,
    Product,
)
from crumbwick.units import count_of, kilos, money


class Refusal(Exception):
    """A command the shop cannot carry out; the message says why."""


@dataclass
class Batch:
    ingredient: str
    amount: int
    bought_on: int


def amount_text(ingredient: Ingredient, amount: int) -> str:
    return kilos(amount) if ingredient.by_weight else count_of(amount, "egg", "eggs")


def product_count(product: Product, amount: int) -> str:
    return count_of(amount, product.name, product.plural)


@dataclass
class Shop:
    cash: int = STARTING_CASH
    savings: int = 0
    day: int = 1
    oven_used: int = 0
    rent_owed: int = 0
    batches: list[Batch] = field(default_factory=list)
    shelf: dict[str, int] = field(default_factory=lambda: {name: 0 for name in PRODUCTS})
    prices: dict[str, int] = field(default_factory=lambda: {n: p.fair_price for n, p in PRODUCTS.items()})
    recipe_book: dict[str, Product] = field(default_factory=lambda: {n: PRODUCTS[n] for n in STARTING_RECIPES})
    last_sales: dict[str, int] = field(default_factory=dict)
    last_takings: int = 0
    last_rent: int = 0
    won: bool = False
    over: bool = False

    def stock(self, ingredient: str) -> int:
        return sum(b.amount for b in self.batches if b.ingredient == ingredient)

    def buy(self, ingredient: Ingredient, amount: int) -> str:
        cost = amount * ingredient.price // 1000 if ingredient.by_weight else amount * ingredient.price
        discounted = ingredient.by_weight and amount > BULK_GRAMS
        if discounted:
            cost -= cost // 10
        if cost > self.cash:
            raise Refusal(
                f"Oh dear, {amount_text(ingredient, amount)} of {ingredient.name} comes to {money(cost)} "
                f"and there's only {money(self.cash)} in the till."
            )
        self.cash -= cost
        for batch in self.batches:
            if batch.ingredient == ingredient.name and batch.bought_on == self.day:
                batch.amount += amount
                break
        else:
            self.batches.append(Batch(ingredient.name, amount, self.day))
        bulk = " I got you the bulk discount too!" if discounted else ""
        what = amount_text(ingredient, amount) if not ingredient.by_weight else f"{kilos(amount)} of {ingredient.name}"
        return f"I've fetched {what} for {money(cost)} and put it in the pantry.{bulk}"

    def learn(self, name: str) -> str:
        if name in self.recipe_book:
            raise Refusal(f"We already know how to make a {name}, love!")
        if name != "cake":
            raise Refusal(f"I don't know anyone who teaches {name}s, I'm afraid.")
        if self.cash < CAKE_LESSON:
            raise Refusal(f"The cake lesson costs {money(CAKE_LESSON)} and there's only {money(self.cash)} in the till.")
        self.cash -= CAKE_LESSON
        self.recipe_book[name] = PRODUCTS[name]
        return f"Mrs Pettigrew showed us her cake recipe for {money(CAKE_LESSON)}. We can bake cakes now!"

    def bake(self, name: str, amount: int) -> str:
        if amount < 1:
            raise Refusal("I can't bake nothing at all, silly!")
        recipe = self.recipe_book[name]
        room = OVEN_CAPACITY - self.oven_used
        if amount > room:
            raise Refusal(f"The oven only has room for {count_of(room, 'more item', 'more items')} today.")
        short = []
        for ingredient, each in recipe.needs.items():
            have, need = self.stock(ingredient), each * amount
            if have < need:
                info = INGREDIENTS[ingredient]
                short.append(f"{amount_text(info, need)} of {ingredient} (we have {amount_text(info, have)})")
        if short:
            raise Refusal(f"We're short for {product_count(recipe, amount)}: that needs " + "; ".join(short) + ".")
        for ingredient, each in recipe.needs.items():
            self._use(ingredient, each * amount)
        self.oven_used += amount
        self.shelf[name] += amount
        room = OVEN_CAPACITY - amount
        return (
            f"I've popped {product_count(recipe, amount)} in the oven for you! They're cooling on the shelf now. "
            f"That leaves room for {count_of(room, 'more item', 'more items')} in the oven today."
        )

    def _use(self, ingredient: str, amount: int) -> None:
        for batch in sorted(self.batches, key=lambda b: b.bought_on):
            if batch.ingredient != ingredient:
                continue
            taken = min(batch.amount, amount)
            batch.amount -= taken
            amount -= taken
        self.batches = [b for b in self.batches if b.amount > 0]

    def set_price(self, name: str, price: int) -> str:
        if not LOWEST_PRICE <= price <= HIGHEST_PRICE:
            raise Refusal(f"I can only put a price between {money(LOWEST_PRICE)} and {money(HIGHEST_PRICE)} on the board.")
        old = self.prices[name]
        self.prices[name] = price
        return f"Righto, I've chalked up the {name} at {money(price)} each (it was {money(old)})."

    def deposit(self, amount: int) -> str:
        if amount < 1:
            raise Refusal("That's not much of a deposit!")
        if amount > self.cash:
            raise Refusal(f"There's only {money(self.cash)} in the till.")
        self.cash -= amount
        self.savings += amount
        text = f"I've tucked {money(amount)} into the savings tin. It holds {money(self.savings)} now."
        if self.savings >= SAVINGS_TARGET:
            self.won = True
            self.over = True
            text += f" That's {money(SAVINGS_TARGET)} saved: we did it, the bakery is yours outright! Hooray!"
        return text

    def withdraw(self, amount: int) -> str:
        if amount < 1:
            raise Refusal("That's not much of a withdrawal!")
        if amount > self.savings:
            raise Refusal(f"The savings tin only holds {money(self.savings)}.")
        self.savings -= amount
        self.cash += amount
        return f"I've taken {money(amount)} out of the savings tin and put it in the till."

    def customers(self, product: Product) -> int:
        return min(product.crowd, product.crowd * product.fair_price // self.prices[product.name])

    def open_shop(self) -> str:
        lines = []
        takings = 0
        self.last_sales = {}
        for name, product in PRODUCTS.items():
            stock = self.shelf[name]
            if not stock:
                continue
            wanted = self.customers(product)
            sold = min(wanted, stock)
            takings += wanted * self.prices[name]
            self.last_sales[name] = sold
            lines.append(f"{product_count(product, sold)} at {money(self.prices[name])}")
            leftover = stock - sold
            if leftover:
                lines[-1] += f" ({leftover} left over went to the food bank)"
            self.shelf[name] = 0
        self.cash += takings
        self.last_takings = takings
        if lines:
            text = f"What a day! We sold {', '.join(lines)}, and took {money(takings)}."
        else:
            text = "We opened up, but with nothing on the shelf nobody bought a thing."
        text += " " + self._close_day()
        return text

    def _close_day(self) -> str:
        self.last_rent = 0
        notes = []
        if self.day % RENT_EVERY == 0:
            self.rent_owed += RENT
            if self.cash < self.rent_owed:
                self.over = True
                return (
                    f"Oh no... the landlord came for {money(self.rent_owed)} of rent and the till only had "
                    f"{money(self.cash)}. He's changed the locks. That's the end of Crumbwick Bakery."
                )
            self.cash -= self.rent_owed
            self.last_rent = self.rent_owed
            notes.append(f"The landlord popped by and I paid him {money(self.last_rent)} of rent.")
        if self.day >= LAST_DAY:
            self.over = True
            notes.append(
                f"And that's the fortnight up: the savings tin holds {money(self.savings)}, short of the "
                f"{money(SAVINGS_TARGET)} we needed. Better luck next time, love."
            )
            return " ".join(notes)
        self.day += 1
        self.oven_used = 0
        notes.append(f"Good morning, it's day {self.day}!")
        for batch in [b for b in self.batches if self.day >= b.bought_on + INGREDIENTS[b.ingredient].keeps_days]:
            notes.append(f"I had to throw out {amount_text(INGREDIENTS[batch.ingredient], batch.amount)} of {batch.ingredient} that had gone off.")
            self.batches.remove(batch)
        return " ".join(notes)

    def next_rent_day(self) -> int:
        return (self.day + RENT_EVERY - 1) // RENT_EVERY * RENT_EVERY

    def view(self) -> dict[str, Any]:
        pantry: dict[str, Any] = {
            name: amount_text(info, self.stock(name)) for name, info in INGREDIENTS.items()
        }
        pantry["batches"] = [
            {
                "ingredient": b.ingredient,
                "amount": amount_text(INGREDIENTS[b.ingredient], b.amount),
                "boughtOn": f"day {b.bought_on}",
                "useBy": f"day {b.bought_on + INGREDIENTS[b.ingredient].keeps_days}",
            }
            for b in sorted(self.batches, key=lambda b: (b.bought_on, b.ingredient))
        ]
        return {
            "shopfront": {
                "cashOnHand": money(self.cash),
                "prices": {name: f"{money(price)} each" for name, price in self.prices.items()},
                "shelf": {name: product_count(PRODUCTS[name], n) for name, n in self.shelf.items()},
                "ovenToday": f"{self.oven_used} of {OVEN_CAPACITY} items",
                "recipesKnown": sorted(self.recipe_book),
            },
            "pantry": pantry,
            "calendar": {
                "today": f"day {self.day}",
                "lastDay": f"day {LAST_DAY}",
                "nextRent": f"{money(RENT)} on day {self.next_rent_day()}",
            },
            "savings": {"balance": money(self.savings), "target": money(SAVINGS_TARGET)},
            "lastClose": {
                "sold": {name: product_count(PRODUCTS[name], n) for name, n in self.last_sales.items()},
                "takings": money(self.last_takings),
                "rentPaid": money(self.last_rent),
            },
            "outcome": {"won": self.won, "over": self.over},
        }

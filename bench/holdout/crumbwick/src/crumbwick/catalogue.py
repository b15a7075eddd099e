"""What the bakery can buy, bake and sell, with the numbers from the rules."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Ingredient:
    name: str
    by_weight: bool
    price: int  # pence per kilo, or per egg
    keeps_days: int


@dataclass(frozen=True)
class Product:
    name: str
    plural: str
    needs: dict[str, int]  # grams, or eggs
    fair_price: int
    crowd: int


INGREDIENTS: dict[str, Ingredient] = {
    "flour": Ingredient("flour", True, 120, 10),
    "sugar": Ingredient("sugar", True, 150, 14),
    "butter": Ingredient("butter", True, 400, 5),
    "eggs": Ingredient("eggs", False, 30, 7),
}

PRODUCTS: dict[str, Product] = {
    "loaf": Product("loaf", "loaves", {"flour": 500}, 250, 10),
    "bun": Product("bun", "buns", {"flour": 100, "sugar": 50, "eggs": 1}, 120, 12),
    "cake": Product("cake", "cakes", {"flour": 250, "sugar": 200, "butter": 250, "eggs": 4}, 1200, 2),
}

ALIASES = {
    "loaves": "loaf",
    "buns": "bun",
    "cakes": "cake",
    "egg": "eggs",
}

STARTING_CASH = 4000
STARTING_RECIPES = ("loaf", "bun")
CAKE_LESSON = 1500
OVEN_CAPACITY = 12
BULK_GRAMS = 5000
RENT = 4000
RENT_EVERY = 7
LAST_DAY = 14
SAVINGS_TARGET = 20000
LOWEST_PRICE = 10
HIGHEST_PRICE = 5000


def canonical(word: str) -> str:
    word = word.lower()
    return ALIASES.get(word, word)

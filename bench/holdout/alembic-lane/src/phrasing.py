"""Turns a sentence typed by the shopkeeper into an order the shop understands."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

INGREDIENTS = ("nightshade", "moonpetal", "marigold", "emberroot", "toadstool", "frostmint")
POTIONS = ("sleeping draught", "healing tonic", "fire tonic", "clarity elixir")
CUSTOMERS = ("witch", "knight", "blacksmith", "scholar")

NUMBER_WORDS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "once": 1,
    "two": 2,
    "twice": 2,
    "three": 3,
    "thrice": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}
QUIET_WORDS = {"the", "some", "please", "my", "your", "then", "now", "carefully", "gently"}
VESSEL = r"(?:cauldron|pot|kettle)"


@dataclass(frozen=True)
class Order:
    """What the sentence asks for: a verb and its pieces."""

    verb: str
    amount: int | None = None
    thing: str = ""
    target: str = ""
    extra: dict[str, str] = field(default_factory=dict)


def tidy(sentence: str) -> str:
    text = sentence.lower().replace("°c", " degrees").replace("°", " degrees")
    text = re.sub(r"[^a-z0-9' ]+", " ", text)
    words = [w for w in text.split() if w not in QUIET_WORDS]
    return " ".join(words)


def number(word: str | None) -> int | None:
    if word is None:
        return None
    if word.isdigit():
        return int(word)
    return NUMBER_WORDS.get(word)


def singular(name: str) -> str:
    """`toadstools` -> `toadstool`, `empty bottles` -> `empty bottle`."""
    name = re.sub(r"^(?:a|an|one)\s+", "", name.strip())
    name = re.sub(r"^(?:jars? of|sprigs? of|handfuls? of|pinch(?:es)? of|measures? of)\s+", "", name)
    name = re.sub(r"^bottles? of\s+", "", name)
    if name.endswith("s") and name[:-1] in INGREDIENTS + ("empty bottle", "bottle"):
        return name[:-1]
    if name.endswith("draughts") or name.endswith("tonics") or name.endswith("elixirs"):
        return name[:-1]
    return name


PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("help", re.compile(r"^(?:help|\?|what can i do|what do i do|how do i play|instructions)$")),
    ("look", re.compile(r"^(?:look|l|look around|look at shop|look around shop|examine shop|where am i)$")),
    ("recipes", re.compile(r"^(?:(?:read|open|check|consult|look at|look in|look into) )?(?:recipe book|recipes|book)$")),
    (
        "put",
        re.compile(
            rf"^(?:put|add|drop|toss|throw|tip|place) (?:(?P<n>\d+|[a-z]+) )?(?P<what>[a-z ]+?) "
            rf"(?:into|in|to|inside) {VESSEL}$"
        ),
    ),
    (
        "heat",
        re.compile(
            rf"^(?P<how>heat|warm|cool|chill|set|bring)(?: up| down)?(?: {VESSEL}| it| water| fire)?(?: up| down)? "
            r"to (?P<t>-?\d+)(?: degrees| c| degree)?$"
        ),
    ),
    (
        "stir",
        re.compile(
            rf"^stir(?: {VESSEL}| it| potion| mixture| brew)?(?: (?P<n>\d+|[a-z]+)(?: times?)?)?$"
        ),
    ),
    (
        "pour",
        re.compile(
            rf"^(?:pour|decant|bottle|ladle)(?: out)?(?: potion| brew| it| mixture)?(?: out)?"
            rf"(?: from {VESSEL})?(?: (?:into|in) (?:a |an |one )?(?:empty )?bottle)?$"
        ),
    ),
    ("empty", re.compile(rf"^(?:empty|clean|drain|scrub)(?: out)? {VESSEL}$|^(?:throw away|tip out|discard) sludge$")),
    (
        "sell",
        re.compile(r"^(?:sell|give|offer|hand)(?: over)? (?P<what>[a-z ]+?) to (?P<who>[a-z]+)$"),
    ),
    (
        "buy",
        re.compile(
            r"^(?:buy|purchase|order) (?:(?P<n>\d+|[a-z]+) )?(?P<what>[a-z ]+?)"
            r"(?: from (?:market|merchant|stall|herb woman))?$"
        ),
    ),
]


def read_order(sentence: str) -> Order | None:
    text = tidy(sentence)
    for verb, pattern in PATTERNS:
        found = pattern.match(text)
        if not found:
            continue
        parts = found.groupdict()
        if verb in ("put", "buy"):
            amount_word = parts.get("n")
            thing = parts.get("what") or ""
            if amount_word is not None and number(amount_word) is None:
                thing = f"{amount_word} {thing}"
                amount_word = None
            amount = number(amount_word) if amount_word is not None else 1
            return Order(verb, amount=amount, thing=singular(thing))
        if verb == "heat":
            return Order(verb, amount=int(parts["t"]), extra={"how": parts["how"]})
        if verb == "stir":
            word = parts.get("n")
            amount = 1 if word is None else number(word)
            if amount is None:
                return None
            return Order(verb, amount=amount)
        if verb == "sell":
            return Order(verb, thing=singular(parts["what"]), target=parts["who"])
        return Order(verb)
    return None

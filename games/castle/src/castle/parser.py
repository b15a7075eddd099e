"""Turns what the player types into a verb and the words it applies to."""

from __future__ import annotations

from dataclasses import dataclass

DIRECTIONS = {
    "n": "north",
    "s": "south",
    "e": "east",
    "w": "west",
    "u": "up",
    "d": "down",
    **{word: word for word in ("north", "south", "east", "west", "up", "down")},
}

VERBS = {
    "look": "look",
    "l": "look",
    "go": "go",
    "walk": "go",
    "take": "take",
    "get": "take",
    "drop": "drop",
    "open": "open",
    "close": "close",
    "shut": "close",
    "unlock": "unlock",
    "examine": "examine",
    "x": "examine",
    "inspect": "examine",
    "read": "read",
    "light": "light",
    "place": "place",
    "put": "place",
    "combine": "combine",
    "say": "say",
    "enter": "say",
    "inventory": "inventory",
    "inv": "inventory",
    "i": "inventory",
    "help": "help",
}

ARTICLES = ("the ", "a ", "an ")


@dataclass(frozen=True)
class Command:
    verb: str
    target: str
    raw: str


def _strip_article(words: str) -> str:
    for article in ARTICLES:
        if words.startswith(article):
            return words[len(article) :].strip()
    return words


def parse(text: str) -> Command:
    """Lower-case, split off the verb, drop a leading article. An unknown verb keeps its own word."""
    raw = " ".join(text.split())
    lowered = raw.lower()
    if lowered.startswith("pick up "):
        lowered = "take " + lowered[len("pick up ") :]
    head, _, rest = lowered.partition(" ")
    if head in DIRECTIONS and not rest:
        return Command("go", DIRECTIONS[head], raw)
    verb = VERBS.get(head, head)
    target = _strip_article(rest.strip())
    if verb == "go":
        target = DIRECTIONS.get(target, target)
    elif verb == "unlock":
        target = target.partition(" with ")[0].strip()
    elif verb == "say":
        target = target.strip("'\"")
    return Command(verb, target, raw)

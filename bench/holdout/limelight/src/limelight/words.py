"""Reading what the player types: short English sentences, with the filler words skipped.

The stage manager understands "sell 2 tickets for row B" as well as "book two seats in B"; this module
turns such a sentence into an action name and the few things the action needs (a count, rows, names).
"""

from __future__ import annotations

import re

NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "pair": 2,
    "couple": 2, "dozen": 12,
}

FILLER = {
    "a", "an", "the", "please", "for", "in", "on", "of", "at", "to", "into", "from", "row", "rows",
    "ticket", "tickets", "seat", "seats", "some", "me", "us", "our", "now", "tonight", "and", "then",
    "with", "by", "as", "role", "part", "would", "like", "could", "you", "can", "i", "we", "let's",
    "lets", "just", "up", "back", "go", "over",
}

# Words that only say "tell me about ..."; the thing asked about decides the action.
LOOKING = {"show", "check", "view", "see", "list", "look", "what", "whats", "how", "many", "who", "is",
           "are", "tell", "display", "read", "print", "give"}

ACTIONS = {
    "help": "help", "commands": "help", "topics": "help",
    "sell": "sell", "book": "sell", "buy": "sell", "issue": "sell",
    "refund": "refund", "return": "refund", "cancel": "refund", "refunds": "refund",
    "exchange": "exchange", "move": "exchange", "swap": "exchange", "upgrade": "exchange",
    "transfer": "exchange", "change": "exchange",
    "seats": "seats", "seat": "seats", "plan": "seats", "seating": "seats", "queue": "seats",
    "house": "seats", "free": "seats", "tickets": "seats",
    "company": "company", "actors": "company", "actor": "company", "roles": "company",
    "cast": "cast", "hire": "cast", "assign": "cast", "put": "cast", "give": "cast", "engage": "cast",
    "release": "release", "drop": "release", "uncast": "release", "dismiss": "release",
    "fire": "release", "let": "release", "sack": "release",
    "rehearse": "rehearse", "rehearsal": "rehearse", "rehearsals": "rehearse", "practise": "rehearse",
    "practice": "rehearse", "run": "rehearse",
    "curtain": "curtain", "perform": "curtain", "performance": "curtain", "raise": "curtain",
    "open": "curtain", "start": "curtain", "begin": "curtain",
    "takings": "takings", "accounts": "takings", "money": "takings", "till": "takings",
    "books": "takings", "report": "takings", "earnings": "takings", "cash": "takings",
    "status": "status", "look": "status", "show": "status", "night": "status", "summary": "status", "where": "status",
}

ROW_MARKERS = {"row", "from", "to", "into", "in", "for", "at"}


def tokens(text: str) -> list[str]:
    """Lower-case words and numbers, punctuation dropped ("Row B!" -> ["row", "b"])."""
    return re.findall(r"[a-z0-9']+", text.lower())


def action_of(words: list[str]) -> str | None:
    """The action a sentence asks for: the first word that names one, looking past "show", "check"...
    "give back" is a refund; "look at the seats" shows the seats; "look" alone is the status."""
    for i, word in enumerate(words):
        if word == "give" and "back" in words[i + 1:]:
            return "refund"
        if word == "hand" and "back" in words[i + 1:]:
            return "refund"
        if word in LOOKING and any(w in ACTIONS and w not in LOOKING for w in words[i + 1:]):
            continue
        if word in ACTIONS:
            return ACTIONS[word]
    return None


def count_of(words: list[str]) -> int | None:
    """The number of tickets a sentence names: digits, a number word, or "a ticket" / "a seat"."""
    for word in words:
        if word.isdigit():
            return int(word)
    for word in words:
        if word in NUMBER_WORDS:
            return NUMBER_WORDS[word]
    for i, word in enumerate(words[:-1]):
        if word in ("a", "an", "single") and words[i + 1] in ("ticket", "seat", "patron", "person"):
            return 1
    return None


def rows_of(words: list[str], known: str) -> list[tuple[str, str]]:
    """Row letters named in a sentence, in order, each with the word before it ("from", "to", ...),
    looking past "row" and "the".

    A lone "a" is the article unless it follows a row marker or ends the sentence."""
    found: list[tuple[str, str]] = []
    for i, word in enumerate(words):
        if len(word) != 1 or word.upper() not in known:
            continue
        before = words[i - 1] if i else ""
        if word == "a" and before not in ROW_MARKERS and i != len(words) - 1:
            continue
        j = i - 1
        while j >= 0 and words[j] in ("row", "rows", "the"):
            j -= 1
        found.append((word.upper(), words[j] if j >= 0 else ""))
    return found


def names_in(words: list[str], names: list[str]) -> list[str]:
    """Which of `names` (actors, roles, topics) the sentence mentions, in the order it mentions them."""
    lowered = {name.lower(): name for name in names}
    seen: list[str] = []
    for word in words:
        name = lowered.get(word) or lowered.get(word.removesuffix("'s"))
        if name and name not in seen:
            seen.append(name)
    return seen

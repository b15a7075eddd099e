"""What the player typed, as a verb and the words it applies to."""

from __future__ import annotations

import re
from dataclasses import dataclass

from lanternhook.world import DIRECTIONS, SHORT_DIRECTIONS

QUOTES = re.compile("[\"'\u2018\u2019\u201c\u201d`]")
PUNCTUATION = re.compile(r"[.,!;:()\[\]]")
ARTICLES = ("the ", "a ", "an ", "some ", "my ", "your ")

PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (verb, re.compile(pattern))
    for verb, pattern in (
        ("help", r"^(?:help|\?|h|commands|what can i do|what now)$"),
        ("look", r"^(?:look|l|look around|where am i)$"),
        ("inventory", r"^(?:i|inv|inventory|satchel|(?:check|open|search|examine) (?:the )?satchel|look in (?:the )?satchel)$"),
        ("notebook", r"^(?:notebook|notes|clues|(?:read|check|open|examine) (?:the )?(?:notebook|notes))$"),
        ("go", r"^(?:go|walk|head|run|move|climb|step)\s+(?:to\s+|into\s+|towards?\s+)?(.+)$"),
        ("go", r"^(?:visit|enter)\s+(.+)$"),
        ("examine", r"^(?:examine|x|inspect|study|search|read|look at|look closer at|check)\s+(.+)$"),
        ("take", r"^(?:take|get|grab|collect|pick up)\s+(.+)$"),
        ("take", r"^pick\s+(.+)\s+up$"),
        ("drop", r"^(?:drop|discard|put down|set down|leave)\s+(.+)$"),
        ("drop", r"^(?:put|set)\s+(.+)\s+down$"),
        (
            "question",
            r"^(?:question|interrogate|interview|ask|talk to|talk with|speak to|speak with)\s+(.+?)"
            r"(?:\s+about\s+.*)?$",
        ),
        ("light", r"^(?:light|kindle)\s+(.+)$"),
        ("snuff", r"^(?:snuff|extinguish|douse|put out|blow out)\s+(.+)$"),
        ("snuff", r"^(?:put|blow)\s+(.+)\s+out$"),
        ("fill", r"^(?:fill|refill|top up)\s+(.+?)(?:\s+(?:with|from)\s+.*)?$"),
        ("accuse", r"^accuse\s+(.+)$"),
    )
)


@dataclass(frozen=True)
class Command:
    verb: str
    subject: str = ""


def clean(text: str) -> str:
    """Lower case, no quotes or stray punctuation, single spaces."""
    text = QUOTES.sub("", text.lower())
    text = PUNCTUATION.sub(" ", text)
    return " ".join(text.split())


def strip_articles(phrase: str) -> str:
    changed = True
    while changed:
        changed = False
        for article in ARTICLES:
            if phrase.startswith(article):
                phrase = phrase[len(article) :]
                changed = True
    return phrase


def direction(word: str) -> str | None:
    word = SHORT_DIRECTIONS.get(word, word)
    return word if word in DIRECTIONS else None


def parse(text: str) -> Command:
    said = clean(text)
    if not said:
        return Command("nothing")
    way = direction(said)
    if way:
        return Command("go", way)
    for verb, pattern in PATTERNS:
        match = pattern.match(said)
        if match:
            subject = strip_articles(match.group(1)) if match.groups() else ""
            return Command(verb, subject)
    return Command("unknown", said)


def names_match(phrase: str, name: str, aliases: tuple[str, ...] | list[str] = ()) -> bool:
    """True when `phrase` names `name`: the whole name, an alias, or some of the name's words."""
    phrase = clean(phrase)
    full = clean(name)
    if phrase == full or phrase in (clean(alias) for alias in aliases):
        return True
    words = phrase.split()
    return bool(words) and all(word in full.split() for word in words)

"""The command space a game shows: verbs from its `help` reply, applied to exits, items and fixtures."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from loop.explorer import view

DIRECTION_KINDS = ("direction", "dir", "exit", "way", "place", "room", "location")
FREE_TEXT_KINDS = ("word", "text", "phrase", "password", "number", "code", "message")
ITEM_KINDS = ("item", "object")
# When a game has no usable help: the verbs almost every text adventure understands.
FALLBACK_HELP = (
    "look, inventory, go <direction>, take <item>, drop <item>, open <thing>, close <thing>, examine <thing>"
)


@dataclass
class Verbs:
    """Verbs a game announced: bare commands ('look') and verbs taking a noun of some kind ('take <item>')."""

    bare: list[str] = field(default_factory=list)
    with_noun: dict[str, str] = field(default_factory=dict)

    @property
    def movement(self) -> str | None:
        return next((verb for verb, kind in self.with_noun.items() if kind in DIRECTION_KINDS), None)


def parse_help(text: str) -> Verbs:
    """Read verbs out of a help reply like 'Verbs: look, take <item>, go <direction> (or north/south)'."""
    verbs = Verbs()
    text = re.sub(r"\([^)]*\)", " ", text)
    for chunk in re.split(r"[,;\n]|\.\s", text):
        chunk = chunk.split(":")[-1].strip(" .\t'\"`-*")
        words = chunk.split()
        if not words or not re.fullmatch(r"[a-z][a-z-]*", words[0].lower()):
            continue
        verb = words[0].lower()
        choices = re.findall(r"<\s*([\w-]+(?:\s*\|\s*[\w-]+)+)\s*>", chunk)
        if choices:  # 'walk <up|down|out>': each choice is a command of its own
            for choice in choices[0].split("|"):
                phrase = f"{verb} {choice.strip().lower()}"
                if phrase not in verbs.bare:
                    verbs.bare.append(phrase)
            continue
        kinds = re.findall(r"<\s*([\w ]+?)\s*>", chunk)
        if kinds:
            kind = kinds[0].lower()
            if not any(k in kind for k in FREE_TEXT_KINDS):
                verbs.with_noun.setdefault(verb, next((k for k in DIRECTION_KINDS if k in kind), kind))
        elif len(words) <= 3 and all(re.fullmatch(r"[a-z-]+", w.lower()) for w in words):
            phrase = " ".join(w.lower() for w in words)
            if phrase not in verbs.bare:
                verbs.bare.append(phrase)
    return verbs


def fallback_verbs() -> Verbs:
    return parse_help(FALLBACK_HELP)


def candidate_commands(verbs: Verbs, state: view.State) -> list[str]:
    """Every command worth trying in `state`, in a stable order (the explorer shuffles by its own seed)."""
    items = list(dict.fromkeys(view.visible_items(state) + view.inventory(state)))
    things = list(dict.fromkeys(items + view.fixtures(state)))
    commands: list[str] = []
    for direction in view.exits(state):
        commands.append(f"{verbs.movement} {direction}" if verbs.movement else direction)
    for verb, kind in verbs.with_noun.items():
        if kind in DIRECTION_KINDS:
            continue
        nouns = items if any(k in kind for k in ITEM_KINDS) else things
        commands.extend(f"{verb} {noun}" for noun in nouns)
    commands.extend(verbs.bare)
    return list(dict.fromkeys(c for c in commands if len(c) <= 200))

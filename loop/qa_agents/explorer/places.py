"""Names of places in what a game shows: a room, an exit or a room text's heading is not an item."""

from __future__ import annotations

import re

from loop.replay import view


def place_names(states: list[view.State]) -> set[str]:
    """Names of places (rooms, exits) these states show: a place a text names is not an item."""
    return {n.casefold() for s in states for n in [view.room_id(s), *view.exits(s)] if n}


def without_heading(text: str) -> str:
    """The room text without a first line that is a heading (the room's name, Infocom style): a short line
    with no sentence punctuation, followed by more text."""
    first, newline, rest = text.strip().partition("\n")
    heading = newline and rest.strip() and len(first.split()) <= 5 and not re.search(r"[.!?,;:]", first)
    return rest if heading else text

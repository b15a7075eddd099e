"""The words of the case: the narrator's phrasings, chosen by turn so the same outcome reads differently."""

from __future__ import annotations

import zlib
from collections.abc import Sequence

INTRO = (
    "The mail coach leaves you on the Quay of Lanternhook at nine in the evening, with fog rolling in off the "
    "bay. This morning the harbourmaster, ‘Silas Penhallow’, was found drowned beneath the pier, and the town "
    "has already decided it was the drink. You have until dawn, when the tide turns and any boat may slip "
    "out of the harbour, to prove otherwise. Type help if you want the narrator's advice."
)

HELP = (
    "You can walk in any compass direction, or up and down where there are steps, or simply say where you "
    "want to go, as long as the place lies next to this one. Looking around tells you where you stand, what "
    "lies about and who is there; to look closer at something or someone, examine it, and anything that "
    "bears on the case goes straight into your notebook, which you may read whenever you like. You can take "
    "things into your satchel and drop them again, though the satchel carries no more than ten pounds, and you "
    "can check what is in it at any time. People will answer when you question them, and they say more once "
    "your notebook gives them reason to. The Smokehouse, the Sea Cave and the tavern cellar are black as "
    "pitch, so carry the lantern, light it with the matches, snuff it to save oil, and fill it from a flask "
    "of oil when it runs low. When you are sure, accuse the culprit to their face; but choose well, for a "
    "wrong accusation ends the case, and so does the dawn."
)

HOUR_WORDS = (
    "twelve",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
)


def hour_words(hour: int) -> str:
    if hour % 24 == 0:
        return "midnight"
    return HOUR_WORDS[hour % 12]


def pick(key: str, turn: int, options: Sequence[str]) -> str:
    """One of `options`, the same one every time for the same key on the same turn."""
    return options[zlib.crc32(f"{key}|{turn}".encode()) % len(options)]


def dq(name: str) -> str:
    return f'"{name}"'


def sq(name: str) -> str:
    return f"\u2018{name}\u2019"


def listing(parts: Sequence[str]) -> str:
    if not parts:
        return ""
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]

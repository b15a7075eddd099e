"""How the harbour offices write: small quantities in words, every reply a short business letter."""

from __future__ import annotations

SMALL = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty"
).split()
WORD_VALUES = {word: value for value, word in enumerate(SMALL)}

OFFICES = {
    "harbour": ("Harbourmaster's note", "the Harbourmaster"),
    "agent": ("Shipping Agent's note", "the Shipping Agent"),
    "bank": ("Counting House note", "the Counting House"),
}


def words(n: int) -> str:
    """Twenty and under in words, larger numbers in figures."""
    return SMALL[n] if 0 <= n < len(SMALL) else str(n)


def plural(n: int, singular: str, many: str | None = None) -> str:
    return f"{words(n)} {singular if n == 1 else (many or singular + 's')}"


def crates(n: int, cargo: str) -> str:
    return f"{plural(n, 'crate')} of {cargo}"


def parse_quantity(word: str) -> int | None:
    """A whole number written in figures or in words (up to twenty)."""
    word = word.lower()
    if word.isascii() and word.isdigit():
        return int(word)
    return WORD_VALUES.get(word)


def letter(office: str, body: str) -> str:
    heading, signature = OFFICES[office]
    return f"{heading}: {body} Yours faithfully, {signature}."


def regret(office: str, body: str) -> str:
    return letter(office, f"we regret that {body}")

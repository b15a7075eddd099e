"""Money in pence and weights in grams, and how the shop writes them down."""

from __future__ import annotations

import re

MONEY = re.compile(r"^£?(\d{1,6})(?:\.(\d{1,2}))?$")
KILOS = re.compile(r"^(\d{1,3})(?:\.(\d))?$")
WHOLE = re.compile(r"^\d{1,4}$")


def money(pence: int) -> str:
    return f"£{pence // 100}.{pence % 100:02d}"


def parse_money(text: str) -> int | None:
    found = MONEY.match(text.strip())
    if not found:
        return None
    pounds, fraction = found.group(1), found.group(2) or "0"
    return int(pounds) * 100 + int(fraction.ljust(2, "0"))


def kilos(grams: int) -> str:
    if grams % 1000 == 0:
        return f"{grams // 1000} kg"
    return f"{grams / 1000:.3f}".rstrip("0") + " kg"


def parse_kilos(text: str) -> int | None:
    """Grams in a weight given in kilos, in steps of 0.1 kg."""
    found = KILOS.match(text.strip().removesuffix("kg"))
    if not found:
        return None
    return int(found.group(1)) * 1000 + int(found.group(2) or "0") * 100


def parse_count(text: str) -> int | None:
    return int(text) if WHOLE.match(text.strip()) else None


def count_of(amount: int, singular: str, plural: str) -> str:
    return f"{amount} {singular if amount == 1 else plural}"

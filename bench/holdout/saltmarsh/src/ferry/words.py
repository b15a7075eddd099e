"""Reading the skipper's orders: a verb, bare words and key=value arguments."""

from __future__ import annotations

from dataclasses import dataclass, field

ALIASES = {"help": "manual", "status": "ledger", "buy": "load", "sell": "unload", "go": "sail"}


@dataclass
class Order:
    verb: str
    words: list[str] = field(default_factory=list)
    args: dict[str, str] = field(default_factory=dict)


def parse(text: str) -> Order | None:
    tokens = text.strip().split()
    if not tokens:
        return None
    verb = tokens[0].lower()
    order = Order(verb=ALIASES.get(verb, verb))
    for token in tokens[1:]:
        key, eq, value = token.partition("=")
        if eq:
            order.args[key.lower()] = value.strip()
        else:
            order.words.append(token.lower())
    return order

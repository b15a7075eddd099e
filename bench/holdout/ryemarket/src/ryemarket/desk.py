"""The ordering desk: turns chat slash commands into bakery actions and friendly replies."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ryemarket.bakery import BREADS, FLOURS, Bakery, BakeryError

COMMANDS = [
    ("/commands", "list everything I understand"),
    ("/status", "money, day, pantry, shelf and oven at a glance"),
    ("/prices", "flour prices, bake times and what loaves fetch"),
    ("/buy <qty> <flour>", "buy sacks of flour (wheat, rye or spelt)"),
    ("/bake <bread> x<n>", "put loaves in the oven, one loaf a slot (sourdough, rye or spelt)"),
    ("/oven", "see what's in each oven slot"),
    ("/orders", "see the customers' orders waiting to be filled"),
    ("/deliver <order-id>", "take an order to its customer and get paid (like /deliver order-1)"),
    ("/sell <qty> <bread>", "sell loaves from the shelf at the market stall"),
    ("/close", "close up for the day; loaves bake overnight"),
]

WELCOME = (
    "Hello, I'm Rye, the assistant at Ryemarket bakery! We've {money} in the tin and the landlord wants "
    "{rent} every seventh day. Save {target} by the close of day {deadline} and the bakery is ours. "
    "Mrs Pell has already left an order. Type /commands to see what I can do."
)

READ_ONLY = {"/commands", "/status", "/prices", "/oven", "/orders"}


@dataclass
class Reply:
    success: bool
    message: str


def commands_text() -> str:
    lines = ["Here's what I understand:"]
    lines += [f"• {usage} — {what}" for usage, what in COMMANDS]
    return "\n".join(lines)


def _qty(word: str) -> int:
    if not re.fullmatch(r"\d{1,3}", word):
        raise BakeryError(f"{word!r} isn't a number of things I can count.")
    return int(word)


def _bread(word: str) -> str:
    word = word.lower()
    if word not in BREADS and word.endswith("s") and word[:-1] in BREADS:
        word = word[:-1]
    return word


def _strip_filler(words: list[str], filler: set[str]) -> list[str]:
    return [w for w in words if w.lower() not in filler]


def _order_id(word: str) -> str:
    word = word.lower().lstrip("#")
    if word.isdigit():
        return f"order-{int(word)}"
    return word


class Desk:
    def __init__(self) -> None:
        self.bakery = Bakery()
        self.turn = 0

    def welcome(self) -> str:
        s = self.bakery.state
        return WELCOME.format(money=s["money"], rent=s["rent"], target=s["target"], deadline=s["deadline_day"])

    def handle(self, text: str) -> Reply:
        self.turn += 1
        text = text.strip()
        if not text.startswith("/"):
            return Reply(False, "I only understand slash commands, try /commands")
        words = text.split()
        verb = words[0].lower()
        args = words[1:]
        if self.bakery.state["game_over"] and verb not in READ_ONLY:
            outcome = "won" if self.bakery.state["won"] else "lost"
            return Reply(False, f"We've {outcome}, the bakery's story is over. Start a new game to play again.")
        handler = getattr(self, "_cmd_" + verb[1:], None) if verb[1:].isalpha() else None
        if handler is None:
            if verb == "/help":
                return Reply(False, "Did you mean /commands?")
            return Reply(False, f"Sorry, I don't know {verb}. Try /commands to see what I can do.")
        try:
            return Reply(True, handler(args))
        except BakeryError as refusal:
            return Reply(False, str(refusal))

    # -- commands ------------------------------------------------------------------------------

    def _cmd_commands(self, args: list[str]) -> str:
        return commands_text()

    def _cmd_status(self, args: list[str]) -> str:
        return self.bakery.status_text()

    def _cmd_prices(self, args: list[str]) -> str:
        return self.bakery.prices_text()

    def _cmd_oven(self, args: list[str]) -> str:
        return self.bakery.oven_text()

    def _cmd_orders(self, args: list[str]) -> str:
        return self.bakery.orders_text()

    def _cmd_buy(self, args: list[str]) -> str:
        args = _strip_filler(args, {"sack", "sacks", "of", "flour"})
        if len(args) != 2:
            raise BakeryError("Tell me how many sacks and which flour, like /buy 3 rye.")
        flour = args[1].lower()
        if flour not in FLOURS:
            raise BakeryError(f"I don't stock {args[1]!r} flour. We've got {', '.join(FLOURS)}.")
        return self.bakery.buy(_qty(args[0]), flour)

    def _cmd_bake(self, args: list[str]) -> str:
        args = _strip_filler(args, {"loaf", "loaves", "of"})
        if not args:
            raise BakeryError("Tell me what to bake, like /bake sourdough x2.")
        count = 1
        if len(args) >= 2 and args[0].isdigit():
            count, bread = _qty(args[0]), _bread(args[1])
            rest = args[2:]
        else:
            bread = _bread(args[0])
            rest = args[1:]
            if rest:
                spec = "".join(rest).lower()
                rest = []
                if not re.fullmatch(r"x?\d{1,3}", spec):
                    raise BakeryError("Give the number of loaves like x2, for example /bake sourdough x2.")
                count = int(spec.lstrip("x"))
        if rest:
            raise BakeryError("That's more than I can follow. Try /bake sourdough x2.")
        return self.bakery.bake(bread, count)

    def _cmd_sell(self, args: list[str]) -> str:
        args = _strip_filler(args, {"loaf", "loaves", "of"})
        if len(args) != 2:
            raise BakeryError("Tell me how many and which bread, like /sell 2 rye.")
        return self.bakery.sell(_qty(args[0]), _bread(args[1]))

    def _cmd_deliver(self, args: list[str]) -> str:
        if len(args) != 1:
            raise BakeryError("Tell me which order, like /deliver order-1. /orders shows them.")
        return self.bakery.deliver(_order_id(args[0]))

    def _cmd_close(self, args: list[str]) -> str:
        if args:
            raise BakeryError("Just /close on its own closes up for the day.")
        return self.bakery.close()

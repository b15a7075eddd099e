"""The reply of a generated game's `help` command, in one of five layouts."""

from __future__ import annotations

from bench.variation import arguments
from bench.variation.surface import ACTIONS

ARGUMENTS = {
    "move": "<direction>",
    "look": "",
    "take": "[number] <item>",
    "drop": "[number] <item>",
    "buy": "<item>",
    "attack": "",
    "use": "<item>",
    "unlock": "<door or direction>",
    "inventory": "",
    "help": "",
}
PURPOSES = {
    "move": "go north, south, east or west",
    "look": "describe the place you are in",
    "take": "pick up items lying here",
    "drop": "put down items you carry",
    "buy": "buy one item from the shop here",
    "attack": "fight the creature here",
    "use": "drink something you carry",
    "unlock": "unlock a door with its key",
    "inventory": "list what you carry",
    "help": "show this help",
}
LABELS = {
    "move": "MOVE",
    "look": "LOOK",
    "take": "TAKE",
    "drop": "DROP",
    "buy": "BUY",
    "attack": "FIGHT",
    "use": "DRINK",
    "unlock": "UNLOCK",
    "inventory": "INVENTORY",
    "help": "HELP",
}
PROSE_ARGUMENTS = {
    "move": " followed by a direction",
    "take": " followed by an item, with a number first to take only that many",
    "drop": " followed by an item, with a number first to drop only that many",
    "buy": " followed by an item",
    "use": " followed by an item",
    "unlock": " followed by door or a direction",
}
DIRECTIONS_NOTE = "A direction alone (north, south, east, west, or n, s, e, w) also moves you."


def usage(verb: str, action: str, style: str = "single") -> str:
    return f"{verb} {arguments.HELP_ARGUMENTS.get(style, ARGUMENTS).get(action, ARGUMENTS[action])}".strip()


def _prose(action: str, style: str) -> str:
    return arguments.PROSE_ARGUMENTS.get(style, PROSE_ARGUMENTS).get(action, PROSE_ARGUMENTS.get(action, ""))


def _or(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def help_text(layout: str, verbs: dict[str, tuple[str, ...]], style: str = "single") -> str:
    pairs = [(action, verb) for action in ACTIONS for verb in verbs[action]]
    if layout == "labelled":
        lines = [
            f"{LABELS[action]}: " + ", ".join(usage(verb, action, style) for verb in verbs[action])
            for action in ACTIONS
        ]
        return "\n".join([*lines, DIRECTIONS_NOTE])
    if layout == "table":
        rows = [(usage(verb, action, style), PURPOSES[action]) for action, verb in pairs]
        width = max(len("command"), *(len(left) for left, _ in rows))
        lines = [f"{'command'.ljust(width)} | what it does", f"{'-' * width}-+-{'-' * 30}"]
        lines += [f"{left.ljust(width)} | {right}" for left, right in rows]
        return "\n".join([*lines, DIRECTIONS_NOTE])
    if layout == "prose":
        sentences = [
            f"To {PURPOSES[action]}, type {_or(list(verbs[action]))}{_prose(action, style)}."
            for action in ACTIONS
        ]
        return " ".join([*sentences, DIRECTIONS_NOTE])
    if layout == "usage":
        return "\n".join(
            [*(f"usage: {usage(verb, action, style)}" for action, verb in pairs), DIRECTIONS_NOTE]
        )
    if layout == "bare":
        return ", ".join(verb for _, verb in pairs)
    raise ValueError(f"unknown help layout {layout!r}")

"""How a generated game's commands take their arguments: one (`take 3 coins`, `unlock door`) or two.

Styles of two arguments, for take, drop, buy and unlock (the other commands keep theirs):
- particle: `take 3 coins from Old Barn`, `drop coins at Old Barn`, `buy sword from Trading Post` (the place
  you are in, its name or a word of it), `unlock door with key`;
- keyvalue: `take item=coins qty=3`, `drop item=coins qty=3`, `buy item=sword qty=1`,
  `unlock door=door key=key`;
- positional: `take coins 3`, `drop coins 3`, `buy sword 1`, `unlock door key`.

The second argument is required: a command without it is refused with a reply naming what is missing
(`Take what from where?`, `Take needs item= and qty=.`). The engine turns a command of two arguments into the
words of the one-argument form, so the mechanics and the injected bugs are the same in every style.
"""

from __future__ import annotations

ARGUMENT_STYLES = ("single", "single", "particle", "keyvalue", "positional")
TWO_ARGUMENT_ACTIONS = ("take", "drop", "buy", "unlock")

PARTICLES = {"take": "from", "drop": "at", "buy": "from", "unlock": "with"}
KEYS = {"take": ("item", "qty"), "drop": ("item", "qty"), "buy": ("item", "qty"), "unlock": ("door", "key")}

HELP_ARGUMENTS = {
    "particle": {
        "take": "[number] <item> from <place>",
        "drop": "[number] <item> at <place>",
        "buy": "<item> from <place>",
        "unlock": "<door> with <key>",
    },
    "keyvalue": {
        "take": "item=<item> qty=<number>",
        "drop": "item=<item> qty=<number>",
        "buy": "item=<item> qty=<number>",
        "unlock": "door=<door> key=<key>",
    },
    "positional": {
        "take": "<item> <number>",
        "drop": "<item> <number>",
        "buy": "<item> <number>",
        "unlock": "<door> <key>",
    },
}
PROSE_ARGUMENTS = {
    "particle": {
        "take": " followed by an item (a number first to take only that many), from and the place you are in",
        "drop": " followed by an item (a number first to drop only that many), at and the place you are in",
        "buy": " followed by an item, from, and the place you are in",
        "unlock": " followed by a door, with, and its key",
    },
    "keyvalue": {
        "take": " followed by item= and an item, then qty= and how many",
        "drop": " followed by item= and an item, then qty= and how many",
        "buy": " followed by item= and an item, then qty= and how many",
        "unlock": " followed by door= and a door or a direction, then key= and its key",
    },
    "positional": {
        "take": " followed by an item and how many",
        "drop": " followed by an item and how many",
        "buy": " followed by an item and how many",
        "unlock": " followed by a door or a direction and its key",
    },
}


def command(style: str, verb: str, action: str, item: str, count: int | None = None, target: str = "") -> str:
    """A command of `action` on `item` in a style: `count` None takes or drops all there are (the styles that
    need a count are given one); `target` is the place it is typed in (the particle style names it), or for
    unlock the key."""
    if style == "single" or action not in TWO_ARGUMENT_ACTIONS:
        return " ".join(
            [verb, *([str(count)] if count is not None and action in ("take", "drop") else []), item]
        )
    amount = 1 if count is None else count
    if style == "particle":
        head = [str(count)] if count is not None and action in ("take", "drop") else []
        return " ".join([verb, *head, item, PARTICLES[action], target])
    if style == "keyvalue":
        first, second = KEYS[action]
        value = target if action == "unlock" else str(amount)
        return f"{verb} {first}={item} {second}={value}"
    if style == "positional":
        return f"{verb} {item} {target if action == 'unlock' else amount}"
    raise ValueError(f"unknown argument style {style!r}")


_PARTICLE = '''
TWO_ARGUMENTS = {particles}


def two_arguments(action: str, verb: str, words: list[str], place: str) -> tuple[list[str], str]:
    """The words of the one-argument form, or a refusal."""
    particle = TWO_ARGUMENTS[action]
    if particle not in words:
        return [], f"{{verb.capitalize()}} what {{particle}} what?"
    cut = len(words) - 1 - words[::-1].index(particle)
    left, right = words[:cut], words[cut + 1 :]
    if not left or not right:
        return [], f"{{verb.capitalize()}} what {{particle}} what?"
    if action == "unlock":
        if item_named(right) != KEY:
            return [], f"You cannot {{verb}} anything with {{' '.join(right)}}."
        return [*left, "with", KEY], ""
    here = place.lower().split()
    if right != here and not (len(right) == 1 and right[0] in here):
        return [], f"You are not at {{' '.join(right)}}."
    return left, ""
'''

_KEYVALUE = '''
TWO_ARGUMENTS = {keys}


def two_arguments(action: str, verb: str, words: list[str], place: str) -> tuple[list[str], str]:
    """The words of the one-argument form, or a refusal."""
    keys = TWO_ARGUMENTS[action]
    given = dict(word.split("=", 1) for word in words if "=" in word)
    if len(given) != len(words) or set(given) != set(keys) or not all(given.values()):
        return [], f"{{verb.capitalize()}} needs {{' and '.join(key + '=' for key in keys)}}."
    first, second = keys
    if action == "unlock":
        if item_named([given[second]]) != KEY:
            return [], f"You cannot {{verb}} anything with {{given[second]}}."
        return [given[first], "with", KEY], ""
    return [given[second], given[first]], ""
'''

_POSITIONAL = '''
TWO_ARGUMENTS = {actions}


def two_arguments(action: str, verb: str, words: list[str], place: str) -> tuple[list[str], str]:
    """The words of the one-argument form, or a refusal."""
    if action == "unlock":
        if len(words) < 2 or item_named(words[-1:]) != KEY:
            return [], f"{{verb.capitalize()}} what with what?"
        return [*words[:-1], "with", KEY], ""
    if len(words) < 2 or not (words[-1].isdigit() or words[-1] in NUMBER_WORDS):
        return [], f"{{verb.capitalize()}} what, and how many?"
    return [words[-1], *words[:-1]], ""
'''


def engine_code(style: str) -> tuple[str, str]:
    """(the module-level code, the lines of `handle` that apply it) for a style; nothing for one argument."""
    if style == "single":
        return "", ""
    if style == "particle":
        code = _PARTICLE.format(particles=repr(PARTICLES))
    elif style == "keyvalue":
        code = _KEYVALUE.format(keys=repr(KEYS))
    elif style == "positional":
        code = _POSITIONAL.format(actions=repr(TWO_ARGUMENT_ACTIONS))
    else:
        raise ValueError(f"unknown argument style {style!r}")
    call = (
        "        if action in TWO_ARGUMENTS:\n"
        '            typed = " ".join(words[: len(words) - len(rest)])\n'
        "            rest, refusal = two_arguments(action, typed, rest, self.place)\n"
        "            if refusal:\n"
        "                return Reply(refusal, success=False)\n"
    )
    return code.lstrip("\n") + "\n\n", call

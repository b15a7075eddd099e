"""The player's docs of a generated game: the rules (its QA docs) and the walkthrough, markdown or plain text.

The rules state every number and name the engine uses; the shipped bugs contradict them.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, field

from bench.variation import rules
from bench.variation.arguments import TWO_ARGUMENT_ACTIONS
from bench.variation.help_text import PURPOSES, usage
from bench.variation.rules import Commands
from bench.variation.shapes import SHAPES
from bench.variation.surface import ACTIONS, Surface

WIDTH = 100
CODE = re.compile(r"`([^`]+)`")


@dataclass
class Table:
    header: tuple[str, ...]
    rows: Sequence[tuple[str, ...]]


Block = str | list[str] | Table  # a paragraph, a bulleted list, a table


@dataclass
class Section:
    heading: str
    blocks: list[Block] = field(default_factory=list)


def doc_paths(surface: Surface) -> tuple[str, str]:
    """(rules, walkthrough), relative to the source tree."""
    if surface.docs == "markdown":
        return "docs/rules.md", "docs/walkthrough.md"
    return "docs/RULES.txt", "docs/walkthrough.txt"


def _plain(text: str) -> str:
    return CODE.sub(r'"\1"', text)


def _markdown_block(block: Block) -> str:
    if isinstance(block, str):
        return block
    if isinstance(block, list):
        return "\n".join(f"- {item}" for item in block)
    rows = [block.header, tuple("---" for _ in block.header), *block.rows]
    return "\n".join("| " + " | ".join(row) + " |" for row in rows)


def _text_block(block: Block) -> str:
    if isinstance(block, str):
        return textwrap.fill(_plain(block), WIDTH)
    if isinstance(block, list):
        fill = textwrap.TextWrapper(WIDTH, initial_indent="  * ", subsequent_indent="    ").fill
        return "\n".join(fill(_plain(item)) for item in block)
    rows = [block.header, *(tuple(_plain(cell) for cell in row) for row in block.rows)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(block.header))]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip() for row in rows
    ]
    lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(lines)


def _render(surface: Surface, title: str, sections: list[Section]) -> str:
    if surface.docs == "markdown":
        out, block = [f"# {title}"], _markdown_block
    else:
        out, block = [f"{title.upper()}\n{'=' * len(title)}"], _text_block
    for section in sections:
        underline = "-" * len(section.heading)
        out.append(
            f"## {section.heading}" if surface.docs == "markdown" else f"{section.heading}\n{underline}"
        )
        out.extend(block(each) for each in section.blocks)
    return "\n\n".join(out) + "\n"


def _command_list(surface: Surface) -> list[str]:
    items = []
    for action in ACTIONS:
        forms = " or ".join(f"`{usage(verb, action, surface.arguments)}`" for verb in surface.verbs[action])
        items.append(f"{forms}: {PURPOSES[action]}.")
    items.append(
        "A direction alone (`north`, `south`, `east`, `west`, or `n`, `s`, `e`, `w`) also moves you."
    )
    return items


def _two_arguments_note(surface: Surface) -> list[str]:
    """In a game whose commands take two arguments: how the forms below are typed in it."""
    if surface.arguments == "single":
        return []
    forms = ", ".join(
        f"`{usage(surface.verb(action), action, surface.arguments)}`" for action in TWO_ARGUMENT_ACTIONS
    )
    return [
        f"In this game {forms} take two arguments, both required; the forms below name only the item "
        f"and the count, type them in these forms (`{Commands(surface).take_coins}`)."
    ]


def rules_doc(surface: Surface) -> str:
    c = Commands(surface)
    names = surface.names
    coins, weapon, potion = c.items("coin"), c.item("weapon"), c.item("potion")
    key, treasure, door, creature = c.item("key"), c.item("treasure"), names.door, names.creature
    start, shop, store, lair, vault = (c.place(role) for role in ("start", "shop", "store", "lair", "vault"))
    verb = surface.verb
    shape = SHAPES[surface.state_shape]
    exits = [
        (c.place(role), "; ".join(f"{direction}: {c.place(to)}" for direction, to in ways.items()))
        for role, ways in rules.EXITS.items()
    ]
    state_rows = [
        (", ".join(f"`{part}`" for part in name.split(", ")), meaning) for name, meaning in shape.fields
    ]
    if surface.turn == "state":
        state_rows.append((f"`{shape.turn_field}`", "the number of commands played so far"))
        turn_where = f"inside the state, as `{shape.turn_field}`"
    else:
        turn_where = "at the top of every reply to a command, as `turn` (not inside the state)"
    sections = [
        Section(
            "The game",
            [
                f"{names.title} is a small adventure played by typing commands. Find the {treasure} and take "
                "it to win. Every reply has `message` (what you read), `state` (everything the game shows, "
                "as JSON), `success` (false when the command was refused) and `game_over`.",
            ],
        ),
        Section(
            "Commands",
            [
                "Type `help` in the game for the list of commands. Commands are not case-sensitive; items "
                "may be named in the singular or the plural, and a count may be digits or a word (`3` or "
                "`three`).",
                _command_list(surface),
            ],
        ),
        Section(
            "Places",
            [
                Table(("place", "exits"), exits),
                f"You start at the {start}. A locked {door} closes the way east from the {lair} to the "
                f"{vault}.",
            ],
        ),
        Section(
            "Items",
            [
                [
                    f"{start}: {rules.START_COINS} {coins}.",
                    f"{store}: {rules.STORE_COINS} {coins} and {rules.STORE_JUNK} {c.items('junk')}.",
                    f"{vault}: the {treasure}.",
                    f"The {creature} in the {lair} has the {key} and drops it there when it is defeated.",
                ],
            ],
        ),
        Section(
            "Carrying things",
            [
                *_two_arguments_note(surface),
                f"`{verb('take')} ITEM` picks up every ITEM lying here; `{verb('take')} N ITEM` picks up N "
                "of them, or all there are when fewer lie here: you never take more than lies here. "
                f"`{verb('drop')} ITEM` puts down every ITEM you carry; `{verb('drop')} N ITEM` puts down N "
                "of them (at most what you carry). Whatever moves between the floor and you keeps its count: "
                "nothing appears or vanishes.",
                f"`{verb('inventory')}` lists each item you carry with its count. An item you no longer "
                "carry leaves the inventory, in the replies and in the state alike.",
            ],
        ),
        Section(
            "The shop",
            [
                f"The shop at the {shop} sells:",
                Table(
                    ("item", "price", "stock"),
                    [
                        (weapon, f"{rules.WEAPON_PRICE} {coins}", str(rules.WEAPON_STOCK)),
                        (potion, f"{rules.POTION_PRICE} {coins}", str(rules.POTION_STOCK)),
                    ],
                ),
                f"`{verb('buy')} ITEM` buys one ITEM at its listed price when it is in stock and you carry "
                f"enough {coins}: the price is taken from your {coins}, the stock drops by one, and the "
                f"reply says how many {coins} you have left after paying. A count other than one is refused.",
            ],
        ),
        Section(
            "Fighting",
            [
                f"You start with {rules.PLAYER_HP} hp (max_hp {rules.PLAYER_HP}). The {creature} in the "
                f"{lair} has {rules.CREATURE_HP} hp (max_hp {rules.CREATURE_HP}). `{verb('attack')}` deals "
                f"{rules.FIST_DAMAGE} damage bare-handed and {rules.WEAPON_DAMAGE} while you carry the "
                f"{weapon}. When the {creature} survives your blow it strikes back for {rules.STRIKE} "
                f"damage. At 0 hp the {creature} is defeated: it leaves the {lair} and drops the {key} "
                "there. When your hp reaches 0 you lose and the game is over. Hit points never go below 0.",
            ],
        ),
        Section(
            "Healing",
            [
                f"`{verb('use')} {potion}` uses up one {potion} and restores {rules.HEAL} hp, never above "
                "max_hp. Only one is drunk at a time.",
            ],
        ),
        Section(
            f"The {door}",
            [
                f"`{c.unlock}` (or `{c.unlock_from('east')}`) in the {lair} unlocks the {door} when you "
                "carry "
                f"the {key}; the {key} stays with you. Once unlocked, the {door} stays open both ways: east "
                f"from the {lair} into the {vault}, and west back again. Unlocking where there is no door is "
                "refused.",
            ],
        ),
        Section(
            "Winning and losing",
            [
                f"Taking the {treasure} wins: `{shape.won_field}` becomes true and the game is over. Once "
                f"the game is over only `help`, `{verb('look')}` and `{verb('inventory')}` are answered; "
                "every other command is refused.",
            ],
        ),
        Section(
            "Turns",
            [f"Every command counts one turn, refused ones included. The count is reported {turn_where}."],
        ),
        Section("The state", [Table(("field", "meaning"), state_rows)]),
    ]
    return _render(surface, f"{names.title}: rules", sections)


def walkthrough_doc(surface: Surface) -> str:
    commands = Commands(surface).walkthrough()
    if surface.docs == "markdown":
        steps = "\n".join(f"{number}. `{command}`" for number, command in enumerate(commands, 1))
        return f"# Walkthrough\n\nFrom a new game, these commands win:\n\n{steps}\n"
    return f"# Walkthrough of {surface.names.title}: from a new game, one command per line.\n" + "".join(
        f"{command}\n" for command in commands
    )

"""The source tree of a generated game (src/), with any set of its injected bugs fixed.

The engine template marks each injected bug as a block: `#[bugN`, the shipped lines, `#|`, the fixed lines,
`#]`, each marker on a line of its own. BUG-2 lives in content.py's data rather than in the engine.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from string import Template

from bench.variation import rules
from bench.variation.arguments import engine_code
from bench.variation.docs import doc_paths, rules_doc, walkthrough_doc
from bench.variation.help_text import help_text
from bench.variation.shapes import state_code
from bench.variation.surface import Surface
from bench.variation.themes import ITEM_ROLES, PLACE_ROLES
from bench.variation.wording import NAME_CODE, NUMBER_CODE, PHRASINGS

TEMPLATES = Path(__file__).resolve().parent / "templates"
BUG_BLOCK = re.compile(r"^#\[bug(\d+)\n(.*?)^#\|\n(.*?)^#\]\n", re.DOTALL | re.MULTILINE)
HEALTH_PATH = "/healthz"
PORT_ENV = "GAME_PORT"


def template(name: str) -> Template:
    return Template((TEMPLATES / name).read_text())


def choose_lines(text: str, fixed: frozenset[int]) -> str:
    """The template with each bug block's shipped or fixed lines."""
    return BUG_BLOCK.sub(lambda m: m.group(3) if int(m.group(1)) in fixed else m.group(2), text)


def _literal(value: object) -> str:
    return json.dumps(value, indent=4)


def _help_literal(text: str) -> str:
    lines = text.split("\n")
    if len(lines) == 1:
        return json.dumps(text)
    items = "".join(f"        {json.dumps(line)},\n" for line in lines)
    return f'"\\n".join(\n    [\n{items}    ]\n)'


def content_source(surface: Surface, fixed: frozenset[int]) -> str:
    names = surface.names
    place = {role: names.places[role][0] for role in PLACE_ROLES}
    item = {role: names.items[role][0] for role in ITEM_ROLES}
    constants = [f"{role.upper()} = {json.dumps(place[role])}" for role in PLACE_ROLES]
    constants += [f"{role.upper()} = {json.dumps(item[role])}" for role in ITEM_ROLES]
    strike = rules.STRIKE if 2 in fixed else rules.SHIPPED_STRIKE
    tables = {
        "PLACES": {place[role]: names.places[role][1] for role in PLACE_ROLES},
        "EXITS": {
            place[role]: {direction: place[to] for direction, to in ways.items()}
            for role, ways in rules.EXITS.items()
        },
        "PLURALS": {singular: plural for singular, plural in names.items.values()},
        "START_ITEMS": {
            place[role]: {item[what]: count for what, count in pile.items()}
            for role, pile in rules.START_ITEMS.items()
        },
        "WARES": {
            item[role]: {"price": price, "stock": stock} for role, (price, stock) in rules.WARES.items()
        },
        "PLAYER": {"hp": rules.PLAYER_HP, "max_hp": rules.PLAYER_HP},
        "CREATURE": {"name": names.creature, "hp": rules.CREATURE_HP, "strike": strike},
        "VERBS": {action: list(verbs) for action, verbs in surface.verbs.items()},
    }
    parts = [
        '"""Everything the game names, counts and says."""',
        f"TITLE = {json.dumps(names.title)}",
        "\n".join(constants),
        f"DOOR = {json.dumps(names.door)}",
        *(f"{name} = {_literal(value)}" for name, value in tables.items()),
        "\n".join(
            [
                f"FIST_DAMAGE = {rules.FIST_DAMAGE}",
                f"WEAPON_DAMAGE = {rules.WEAPON_DAMAGE}",
                f"HEAL = {rules.HEAL}",
            ]
        ),
        f"HELP_TEXT = {_help_literal(help_text(surface.help_layout, surface.verbs, surface.arguments))}",
        f"TEXT = {_literal(PHRASINGS[surface.wording])}",
    ]
    return "\n\n".join(parts) + "\n"


def phrasing_source(surface: Surface) -> str:
    return template("phrasing.py.tmpl").substitute(
        name_body=NAME_CODE[surface.name_style], number_code=NUMBER_CODE[surface.numbers].rstrip("\n")
    )


def engine_source(surface: Surface, fixed: frozenset[int]) -> str:
    code, call = engine_code(surface.arguments)
    text = template("engine.py.tmpl").substitute(
        state_method=state_code(surface.state_shape, surface.turn == "state"),
        two_arguments_code=code,
        two_arguments_call=call,
    )
    return choose_lines(text, fixed)


def server_source(surface: Surface) -> str:
    top = surface.turn == "top"
    return template("server.py.tmpl").substitute(
        port_env=PORT_ENV,
        health_path=HEALTH_PATH,
        turn_top='    body["turn"] = game.turn\n' if top else "",
        turn_state_get='                body["turn"] = game.turn\n' if top else "",
    )


def _test_commands(surface: Surface) -> str:
    c = rules.Commands(surface)
    commands = {
        "TAKE_START_COINS": c.take_coins,
        "TAKE_STORE_COINS": c.take_all("coin", "store", rules.STORE_COINS),
        "BUY_WEAPON": c.buy("weapon"),
        "BUY_POTION": c.buy("potion"),
    }
    return "".join(f"{name} = {json.dumps(command)}\n" for name, command in commands.items())


def source_files(surface: Surface, fixed: frozenset[int] = frozenset()) -> dict[str, str]:
    """Every file of src/, by path, with the bugs in `fixed` fixed."""
    rules_path, walkthrough_path = doc_paths(surface)
    return {
        "content.py": content_source(surface, fixed),
        "phrasing.py": phrasing_source(surface),
        "engine.py": engine_source(surface, fixed),
        "server.py": server_source(surface),
        "tests/__init__.py": "",
        "tests/test_game.py": template("test_game.py.tmpl").substitute(
            walkthrough=walkthrough_path, commands=_test_commands(surface)
        ),
        rules_path: rules_doc(surface),
        walkthrough_path: walkthrough_doc(surface),
    }

"""Commands written as function calls: `feed(animal=NAME, kg=N)`, `look()`, `buy(food=fish|hay, kg=N)`,
`rest(2)`. A help that shows its commands this way shows them anywhere in its text (a line of prose, a JSON
handbook's `usage` value), so the calls are read from the whole text. Each becomes a template typed the way it
was written: its name, the brackets and commas glued on, a named parameter's key before its value. A value in
capitals or angle brackets is an argument named by its key (`animal=NAME` takes an animal); `N` or a range is
a number; `a|b` enumerates; a plain value is an example, varied through the names kept beside it."""

from __future__ import annotations

import re

from loop.qa_agents.explorer.commands import LIKE, Slot, Template, glued, range_values

# A name touching its opening bracket, and arguments without brackets of their own.
_CALL = re.compile(r"(?<![\w.])([a-z][a-z0-9_]{1,30})\(([^()\n]{0,120})\)", re.IGNORECASE)
_PARAMETER = re.compile(r"\s*(?:([a-z][a-z0-9_]{0,20})\s*=\s*)?(\S(?:.*\S)?)\s*", re.IGNORECASE)
_PLACEHOLDER = re.compile(r"<[^<>]+>|[A-Z][A-Z_]*|\.\.\.")
_NUMBER_WORDS = ("n", "num", "number", "int", "amount", "count", "qty", "quantity")
MAX_CALLS = 40


def call_templates(text: str) -> list[Template]:
    """The call-shaped commands a text shows, as templates; none unless one of its calls is a call beyond
    doubt, with empty brackets or a named parameter (`north(n)` is an abbreviation, not a call)."""
    calls = [(m.group(1), m.group(2)) for m in _CALL.finditer(text)][:MAX_CALLS]
    if not any(not arguments.strip() or "=" in arguments for _, arguments in calls):
        return []
    templates: list[Template] = []
    for name, arguments in calls:
        template = _template(name.lower(), arguments)
        if template is not None and template not in templates:
            templates.append(template)
    return templates


def _template(name: str, arguments: str) -> Template | None:
    if not arguments.strip():
        return Template((f"{name}()",))
    parts: list[str | Slot] = [name, glued("(")]
    for index, argument in enumerate(arguments.split(",")):
        parameter = _PARAMETER.fullmatch(argument)
        if parameter is None:
            return None
        key, value = parameter.group(1), parameter.group(2)
        if index:
            parts.append(glued(", "))
        if key:
            parts.append(f"{key.lower()}=")
        parts.append(_slot(key.lower() if key else "", value))
    parts.append(glued(")"))
    return Template(tuple(parts))


def _slot(key: str, value: str) -> Slot:
    """`NAME` after `animal=` is an animal; `ENCLOSURE` is an enclosure whatever its key; `N` a number."""
    if "|" in value:
        options = tuple(o.strip().lower() for o in value.split("|") if o.strip())
        numbers = [n for o in options for n in range_values(o)]
        return Slot("n", tuple(numbers)) if numbers else Slot("choice", options)
    if range_values(value):
        return Slot("n", tuple(range_values(value)))
    if _PLACEHOLDER.fullmatch(value.strip()):
        word = value.strip("<> ").lower()
        if word in _NUMBER_WORDS:
            return Slot("n")
        if word in ("name", "value", "x", "...", "") or not word.isalpha():
            return Slot(key or "name")
        return Slot(word)
    return Slot(LIKE + value.strip("'\"").lower())

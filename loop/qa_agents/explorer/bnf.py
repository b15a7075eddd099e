"""Commands a help writes as a grammar in BNF:

    <command> ::= "board" | "load" <parcel> "," <rider>
                | "quote" <parcel> [ "," <rider> ]
    <rider>   ::= "Ada" | "Bram"
    <parcel>  ::= "P" <number>          a parcel on the board, e.g. P4
    <minutes> ::= <number>              1 to 240

Each alternative of the rule for commands is a template: a quoted word is typed as written, a quoted
symbol sticks to the argument before it (`load p3, ada`), a non-terminal is an argument of its kind, with the
words its own rule quotes as its options (a prefix and a number give the prefix and the numbers 1 to 9), or
the range its description gives; what stands in brackets may be left out.
"""

from __future__ import annotations

import re

from loop.qa_agents.explorer.commands import Slot, Template, glued, range_values

_RULE = re.compile(r"^\s*<([\w -]{1,30})>\s*::=\s*(.*)$")
_TOKEN = re.compile(r'"([^"]*)"|<([\w -]{1,30})>|(\[)|(\])|(\{[^}]*\})')
_START = ("command", "cmd", "order", "input", "action", "line", "request")
_RANGE = re.compile(r"(\d+)\s*(?:to|-|–|\.\.)\s*(\d+)")
MAX_TEMPLATES = 60


def bnf_templates(text: str) -> list[Template]:
    rules = _rules(text)
    start = next((name for name in rules if name in _START), None)
    if start is None:
        return []
    found: list[Template] = []
    for alternative in rules[start][0]:
        for parts in _expanded(alternative, rules):
            if parts and isinstance(parts[0], str) and Template(tuple(parts)) not in found:
                found.append(Template(tuple(parts)))
    return found[:MAX_TEMPLATES]


def _rules(text: str) -> dict[str, tuple[list[str], str]]:
    """rule name -> (its alternatives, the description written after it)."""
    rules: dict[str, tuple[list[str], str]] = {}
    current = None
    for line in text[:8000].splitlines():
        match = _RULE.match(line)
        if match:
            current, body = match.group(1).strip().lower(), match.group(2)
        elif current is not None and line.strip().startswith("|"):
            body = line.strip()
        else:
            current = None
            continue
        grammar, description = _split_description(body)
        alternatives, said = rules.setdefault(current, ([], ""))
        alternatives.extend(a.strip() for a in _alternatives(grammar) if a.strip())
        rules[current] = (alternatives, f"{said} {description}".strip())
    return rules


def _split_description(body: str) -> tuple[str, str]:
    """'"P" <number>          a parcel on the board': the grammar, and a description after a wide gap."""
    parts = re.split(r"\s{3,}", body.strip(), maxsplit=1)
    return parts[0], parts[1] if len(parts) > 1 else ""


def _alternatives(body: str) -> list[str]:
    """The alternatives of a rule's body, split at each '|' outside quotes."""
    pieces, current, quoted = [], "", False
    for char in body:
        if char == '"':
            quoted = not quoted
        if char == "|" and not quoted:
            pieces.append(current)
            current = ""
        else:
            current += char
    return [*pieces, current]


def _expanded(alternative: str, rules: dict[str, tuple[list[str], str]]) -> list[list[str | Slot]]:
    """The alternative's parts, once without each bracketed group and once with it."""
    variants: list[list[str | Slot]] = [[]]
    optional: list[list[list[str | Slot]]] = []
    for match in _TOKEN.finditer(alternative):
        word, name, opened, closed, repeated = match.groups()
        if opened:
            optional.append(variants)
            variants = [list(v) for v in variants]
            continue
        if closed and optional:
            variants = optional.pop() + variants
            continue
        if repeated:
            continue
        part: str | Slot = _terminal(word) if word is not None else _slot(name.strip().lower(), rules)
        variants = [[*v, part] for v in variants]
    return variants


def _terminal(word: str) -> str:
    return word.lower() if re.fullmatch(r"[\w/!?-]+", word) else glued(f"{word.strip()} ")


def _slot(name: str, rules: dict[str, tuple[list[str], str]]) -> Slot:
    alternatives, description = rules.get(name, ([], ""))
    words = [a.strip('" ') for a in alternatives if re.fullmatch(r'"[^"]+"', a.strip())]
    if words and len(words) == len(alternatives):
        return Slot(name, tuple(w.lower() for w in words))
    prefixed = [re.fullmatch(r'"(\w+)"\s*<number>', a.strip()) for a in alternatives]
    if len(prefixed) == 1 and prefixed[0] is not None:
        return Slot(name, tuple(f"{prefixed[0].group(1).lower()}{n}" for n in range(1, 10)))
    ranged = _RANGE.search(description)
    if ranged:
        return Slot(name, tuple(range_values(f"{ranged.group(1)}-{ranged.group(2)}")))
    return Slot(name)

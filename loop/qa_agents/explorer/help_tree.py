"""A help written as a tree of keys, one command a key, its arguments under `params:` (YAML-like):

    acquire:
      also: buy
      params:
        piece: the offer's name (e.g. amphora)
    open:
      params:
        days: 1 to 5 (default 1)

Each command becomes a template with one argument per parameter: an enumeration ('east | west') gives its
options, a range ('1 to 5') the range and its neighbours. Where the help types arguments by name
('example: hang piece=2 room=east'), every command's are typed `name=value`; an alias ('also: buy') is the
same command."""

from __future__ import annotations

import re

from loop.qa_agents.explorer.bnf import bnf_templates
from loop.qa_agents.explorer.calls import call_templates
from loop.qa_agents.explorer.commands import Slot, Template, Verbs, line_range, parse_help, range_values
from loop.qa_agents.explorer.paths import path_templates

MAX_LINES = 300
_KEY = re.compile(r"^(\s*)([a-z][\w-]{0,30}):\s*(.*)$")
PARAMETER_KEYS = frozenset({"params", "parameters", "args", "arguments"})
ALIAS_KEYS = frozenset({"also", "alias", "aliases"})
_KEYED_EXAMPLE = re.compile(r"\b[a-z][a-z_]*=\w")
_NUMBERED = re.compile(r"\b(?:number|id|no)\b|#", re.IGNORECASE)


def tree_templates(text: str) -> list[Template]:
    lines = [line.rstrip() for line in text.splitlines()[:MAX_LINES] if line.strip()]
    keyed = bool(_KEYED_EXAMPLE.search(text))
    templates: list[Template] = []
    for i, line in enumerate(lines):
        key = _KEY.match(line)
        if key is None or key.group(3):
            continue
        depth = len(key.group(1))
        children = _children(lines, i, depth)
        params = next((c for c in children if c[1] in PARAMETER_KEYS and not c[2]), None)
        if params is None:
            continue
        arguments = [(name, value) for _, name, value, _ in _children(lines, params[0], params[3])]
        parts: list[str | Slot] = []
        for name, value in arguments:
            parts += [f"{name}=", _slot(name, value)] if keyed else [_slot(name, value)]
        aliases = [a.strip() for _, k, v, _ in children if k in ALIAS_KEYS for a in v.split(",") if a.strip()]
        for verb in [key.group(2), *aliases]:
            templates.append(Template((verb, *parts)))
    return templates


_GROUP = re.compile(r"^(\s*)([a-z][\w-]{0,30})\s*$")
_DESCRIPTION = re.compile(r"\s+[-–—:]\s+.*$|\s{2,}.*$")


def group_templates(text: str) -> list[Template]:
    """A help that groups commands under a noun, each indented beneath it (`furnace` over `  stoke <sacks> -
    burn charcoal`): the noun, then the command (`furnace stoke <sacks>`)."""
    lines = [line.rstrip() for line in text.splitlines()[:MAX_LINES] if line.strip()]
    templates: list[Template] = []
    for i, line in enumerate(lines):
        group = _GROUP.match(line)
        if group is None:
            continue
        depth = len(group.group(1))
        below = _indented_below(lines, i, depth)
        if not below:
            continue
        level = _indent(lines[below[0]])
        for j in below:
            if _indent(lines[j]) == level:
                spec = _DESCRIPTION.sub("", lines[j].strip())
                templates += [Template((group.group(2), *t.parts)) for t in parse_help(spec).templates]
    return templates


def _indented_below(lines: list[str], index: int, depth: int) -> list[int]:
    """The indices of the lines right after line `index` that stand deeper than `depth`, up to the first
    that does not."""
    below = []
    for j in range(index + 1, len(lines)):
        if _indent(lines[j]) <= depth:
            break
        below.append(j)
    return below


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _children(lines: list[str], index: int, depth: int) -> list[tuple[int, str, str, int]]:
    """(line index, key, value, indent) of the keys one level below line `index`."""
    found: list[tuple[int, str, str, int]] = []
    level = None
    for j in range(index + 1, len(lines)):
        key = _KEY.match(lines[j])
        indent = _indent(lines[j])
        if indent <= depth:
            break
        if key is not None and (level is None or indent == level):
            level = indent
            found.append((j, key.group(2), key.group(3).strip(), indent))
    return found


def _slot(name: str, description: str) -> Slot:
    if "|" in description:
        return Slot(name, tuple(o.strip().lower() for o in description.split("|") if o.strip()))
    bounds = line_range(description)
    if bounds:
        return Slot(name, tuple(range_values(f"{bounds[0]}-{bounds[1]}")))
    if _NUMBERED.search(description):  # 'the piece's number (#id)': the ids the state's records carry
        return Slot("id")
    return Slot(name)


def read_help(text: str) -> Verbs:
    """The templates of a help reply: its lines in any layout (parse_help), and its tree if it is one."""
    verbs = parse_help(text)
    for template in [
        *tree_templates(text),
        *call_templates(text),
        *path_templates(text),
        *bnf_templates(text),
        *group_templates(text),
    ]:
        verbs.add(template)
    return verbs

"""Commands written as paths: `observe/<target>/<minutes>`, `buy/plates/<count>`, `night/end`. A help that
writes one of its arguments after a slash (`forecast/<night>`) writes its commands this way, so its other
slashed words are commands typed whole (`paper/submit`), not aliases (`take/get <item>`). Each becomes a
template typed as written: the slashes glued on, an argument in angle brackets a slot, a number an example."""

from __future__ import annotations

import re

from loop.qa_agents.explorer.commands import LIKE, Slot, Template, glued, line_range, range_values, with_range

_SEGMENT = r"(?:<[^<>/\s]{1,30}>|[a-z0-9][\w-]{0,30})"
_PATH = re.compile(rf"(?<![\w/<])([a-z][\w-]{{0,30}}(?:/{_SEGMENT})+)(?![\w/])", re.IGNORECASE)
_ARGUMENT_AFTER_SLASH = re.compile(r"[a-z]/<", re.IGNORECASE)
MAX_PATHS = 60


def path_templates(text: str) -> list[Template]:
    """The path-shaped commands of a help that writes an argument after a slash; none for any other help."""
    if not _ARGUMENT_AFTER_SLASH.search(text):
        return []
    templates: list[Template] = []
    for line in text.splitlines():
        bounds = line_range(line)
        for match in _PATH.finditer(line):
            template = _template(match.group(1).lower())
            template = with_range(template, bounds, line) if bounds else template
            if template not in templates and len(templates) < MAX_PATHS:
                templates.append(template)
    return templates


def _template(path: str) -> Template:
    segments = path.split("/")
    if not any(s.startswith("<") or s.isdigit() for s in segments):
        return Template((path,))
    parts: list[str | Slot] = [segments[0]]
    for segment in segments[1:]:
        if segment.startswith("<") or segment.isdigit():
            parts += [glued("/"), _slot(segment)]
        else:
            parts.append(glued(f"/{segment}"))
    return Template(tuple(parts))


def _slot(segment: str) -> Slot:
    if segment.isdigit():
        return Slot(LIKE + segment)
    inner = segment.strip("<>")
    return Slot("n", tuple(range_values(inner))) if range_values(inner) else Slot(inner)

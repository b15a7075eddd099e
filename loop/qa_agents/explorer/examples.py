"""Commands a game quotes as examples ("like 'buy 3 kg flour'", "Try 'withdraw 20'", "`bake 6 loaf`"): each is
played as quoted and varied. Its numbers go through the boundaries games get wrong; each of its other words
goes through the names the state keeps beside it ('loaf' among the recipes: 'bun', 'cake'), so an example
stands for the command it shows, not only for its one case. Spans without a number are commands the verb
finder already tries as they are.
"""

from __future__ import annotations

import functools
import re

from loop.qa_agents.explorer.commands import LIKE, Slot, Template

MAX_TEXT = 4000
_SPAN = re.compile(r"(?<!\w)(?:`([^`\n]{3,60})`|'([^'\n]{3,60})'|\"([^\"\n]{3,60})\")(?!\w)")
_NUMBER = r"-?\d+(?:\.\d+)?"
_EXAMPLE = re.compile(r"[a-z][a-z-]*(?: (?:[a-z][a-z-]*|" + _NUMBER + r")){1,4}")
# Besides the quoted number: zero, below zero, one, a few, a lot (where games' checks go wrong).
VARIANTS = ("1", "0", "-1", "5", "999999")


def _numbers(number: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys((number, *VARIANTS)))


@functools.lru_cache(maxsize=1024)
def example_templates(text: str) -> tuple[Template, ...]:
    """The templates of the example commands `text` quotes: those with a number in them."""
    found: list[Template] = []
    for match in _SPAN.finditer(text[:MAX_TEXT]):
        span = " ".join(next(g for g in match.groups() if g is not None).lower().split())
        if not _EXAMPLE.fullmatch(span) or not re.search(r"\d", span):
            continue
        verb, *rest = span.split()
        parts: list[str | Slot] = [verb]
        for word in rest:
            parts.append(Slot("n", _numbers(word)) if re.fullmatch(_NUMBER, word) else Slot(LIKE + word))
        found.append(Template(tuple(parts)))
    return tuple(dict.fromkeys(found))

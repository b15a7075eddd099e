"""Commands written as a notation, no spaces: 'A>B' (run from A to B), '+33' (couple wagon 33), '#33', '='.
A game that uses one quotes it ('Write "A>B" to run the loco'); the verb finder tries each quoted form, and
one the game knows becomes a template: its names and numbers vary through the names the state keeps beside
them ('a' among the tracks: 'h', 'b', 'c'), its symbols stay as typed, with no space around them."""

from __future__ import annotations

import re

from loop.qa_agents.explorer.commands import LIKE, Slot, Template, glued

MAX_LENGTH = 16
_NOTATION = re.compile(r"[^\w\s'\"`]{0,2}\w{1,6}(?:[^\w\s'\"`]{1,2}\w{1,6})*[^\w\s'\"`]{0,2}")
_SYMBOLS = re.compile(r"[^\w\s'\"`]{1,2}")  # a command of symbols alone ('=', '-')
_WORDS = re.compile(r"[a-z]+(?:-[a-z]+)*|\d+(?:\.\d+)?")  # a word, a hyphened word or a number: no notation
_RUN = re.compile(r"\w+|[^\w\s]+")


def is_notation(span: str) -> bool:
    """Is `span` a command in a notation: names or numbers joined by symbols, or symbols alone?"""
    if len(span) > MAX_LENGTH or _WORDS.fullmatch(span):
        return False
    return bool(_SYMBOLS.fullmatch(span) or (_NOTATION.fullmatch(span) and re.search(r"[^\w]", span)))


def notation_template(command: str) -> Template:
    """'a>b': (a name like 'a', '>', a name like 'b'); '=': itself."""
    runs = _RUN.findall(command)
    if len(runs) == 1:
        return Template((command,))
    return Template(tuple(Slot(LIKE + run) if re.match(r"\w", run) else glued(run) for run in runs))

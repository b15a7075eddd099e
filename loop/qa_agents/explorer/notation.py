"""Commands written as a notation, no spaces: 'A>B' (run from A to B), '+33' (couple wagon 33), '#33', '='.
A game that uses one quotes it ('Write "A>B" to run the loco'); the verb finder tries each quoted form, and
one the game knows becomes a template: its names and numbers vary through the names the state keeps beside
them ('a' among the tracks: 'h', 'b', 'c'), its symbols stay as typed, with no space around them."""

from __future__ import annotations

import re

from loop.qa_agents.explorer.commands import LIKE, Slot, Template, glued

MAX_LENGTH = 24
_NOTATION = re.compile(r"[^\w\s'\"`]{0,2}\w{1,12}(?:[^\w\s'\"`]{1,2}\w{1,12})*[^\w\s'\"`]{0,2}")
_SYMBOLS = re.compile(r"[^\w\s'\"`]{1,2}")  # a command of symbols alone ('=', '-')
_WORDS = re.compile(r"[a-z]+(?:-[a-z]+)*|\d+(?:\.\d+)?")  # a word, a hyphened word or a number: no notation
_RUN = re.compile(r"\w+|[^\w\s]+")
# Examples written bare after a cue ('Orders are written ORDER:ARG,ARG  e.g. BUY:WHEAT,4  GRIND:WHEAT,4',
# 'Moves look like A>B, couplings +33'): the tokens after it, up to the end of the line.
_CUED = re.compile(r"(?:\be\.g\.|\bfor (?:example|instance)\b|\blike\b|\bexamples?\b:?)[ \t]+([^\n]{1,120})")
MAX_CUED = 4


def is_notation(span: str) -> bool:
    """Is `span` a command in a notation: names or numbers joined by symbols, or symbols alone?"""
    if len(span) > MAX_LENGTH or _WORDS.fullmatch(span):
        return False
    return bool(_SYMBOLS.fullmatch(span) or (_NOTATION.fullmatch(span) and re.search(r"[^\w]", span)))


def cued_notations(text: str) -> list[str]:
    """The notation commands a text gives bare after a cue ('e.g. BUY:WHEAT,4  GRIND:WHEAT,4'), lower case."""
    found: list[str] = []
    for match in _CUED.finditer(text):
        for token in match.group(1).split()[:MAX_CUED]:
            token = token.rstrip(".,;)").lower()
            if not is_notation(token) or _SYMBOLS.fullmatch(token):
                break
            found.append(token)
    return found


def notation_template(command: str) -> Template:
    """'a>b': (a name like 'a', '>', a name like 'b'); 'buy:wheat,4': ('buy', ':', a name like 'wheat', ',',
    one like '4'): a word before ':' or '=' names the command and stays; '=': itself."""
    runs = _RUN.findall(command)
    if len(runs) == 1:
        return Template((command,))
    parts: list[str | Slot] = []
    for i, run in enumerate(runs):
        if not re.match(r"\w", run):
            parts.append(glued(run))
        elif i == 0 and runs[1][0] in ":=" and not run.isdigit():
            parts.append(run)
        else:
            parts.append(Slot(LIKE + run))
    return Template(tuple(parts))


def notation_verb(verb: str) -> str:
    """What a notation command does, for telling one crash from another: the command word before its ':' or
    '=' ('grind:flour,2': 'grind'), else its shape ('h>c': '_>_', '+41': '+_'); any other verb as it is."""
    if not is_notation(verb) or _SYMBOLS.fullmatch(verb):
        return verb
    runs: list[str] = _RUN.findall(verb)
    if len(runs) > 1 and re.match(r"[a-z]", runs[0]) and runs[1][0] in ":=":
        return runs[0]
    return "".join("_" if re.match(r"\w", run) else run for run in runs)

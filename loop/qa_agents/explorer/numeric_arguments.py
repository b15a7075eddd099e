"""An argument a game's refusal says must be a number: the templates that put names there put numbers there.

A help's argument may be named by what it counts (`stoke <sacks>`), and a name-filled slot then spends its
tries on words. A refusal that says the typed word is no number ('Sacks must be a whole number, got
'annealing'.', "invalid int value: 'oak'", "'oak' is not a number", 'Expected an integer.', "--kiln wants a
whole number, not 'agnes'.") says which
argument takes a number: the one it quotes, or the only word the command typed where a number could stand.
The verb's templates with a slot there get a number slot instead.
"""

from __future__ import annotations

import re

from loop.qa_agents.explorer.commands import Slot, Template, Verbs
from loop.replay.transcript import Step

MAX_TEXT = 300
NUMBER = "n"
_NUMBER_WORD = r"(?:(?:whole|positive|non-negative|valid|natural)\s+)?(?:number|integer|int|numeral|digit)s?"
_SAYS_NUMBER = re.compile(
    rf"\b(?:must|should|has to|needs? to)\s+be\s+(?:an?\s+)?{_NUMBER_WORD}\b"
    rf"|\b(?:is not|isn't|not)\s+(?:an?\s+)?{_NUMBER_WORD}\b"
    rf"|\b(?:expect(?:ed|s)?|wants?|takes|needs|requires)\s+(?:an?\s+)?{_NUMBER_WORD}\b"
    r"|\binvalid\s+(?:int|integer|number|literal|numeric)\b",
    re.IGNORECASE,
)
_QUOTED = re.compile(r"(?<!\w)'([^'\n]{1,40})'(?!\w)|\"([^\"\n]{1,40})\"|`([^`\n]{1,40})`")
_NUMERIC = re.compile(r"[-+]?\d+(?:\.\d+)?")


def says_number(text: str) -> bool:
    return bool(_SAYS_NUMBER.search(text[:MAX_TEXT]))


def _words(template: Template) -> list[tuple[str | Slot, int]]:
    """The template's parts one typed word each (a literal part may hold several: 'furnace stoke'), each
    with the index of its part."""
    words: list[tuple[str | Slot, int]] = []
    for index, part in enumerate(template.parts):
        words += [(word, index) for word in part.split()] if isinstance(part, str) else [(part, index)]
    return words


def _fits(words: list[tuple[str | Slot, int]], typed: list[str]) -> bool:
    if len(words) != len(typed):
        return False
    return all(isinstance(w, Slot) or w.lower() == t.lower() for (w, _), t in zip(words, typed, strict=True))


def numbered(step: Step, verbs: Verbs) -> list[tuple[Template, Template]]:
    """(template, the same with a number where the refusal of `step` says one goes), for each template of
    `verbs` that `step`'s command was typed from; none when the reply says nothing of a number."""
    if step.command is None or step.observation is None or step.observation.success:
        return []
    if not says_number(step.message):
        return []
    typed = step.command.split()
    quoted = {(a or b or c).strip().lower() for a, b, c in _QUOTED.findall(step.message[:MAX_TEXT])}
    changes = []
    for template in verbs.templates:
        words = _words(template)
        if not template.slots or not _fits(words, typed):
            continue
        open_slots = [
            i
            for i, (word, _) in enumerate(words)
            if isinstance(word, Slot) and word.kind != NUMBER and not _NUMERIC.fullmatch(typed[i])
        ]
        named = [i for i in open_slots if typed[i].lower() in quoted]
        # a quoted word typed where a number stands already ('"-1" was not a number of bolts') names that one
        number_named = any(
            typed[i].lower() in quoted for i, (word, _) in enumerate(words) if isinstance(word, Slot)
        )
        at = named or (open_slots if len(open_slots) == 1 and not number_named else [])
        if len(at) != 1:
            continue
        position = words[at[0]][1]
        parts = (*template.parts[:position], Slot(NUMBER), *template.parts[position + 1 :])
        changes.append((template, Template(parts)))
    return changes

"""What an argument may be, from a reply that lists it: 'No topic 'base'. Topics: orders, camps, loads.'
answers `? <topic>` with the topics there are; 'No climber called '0' on the team: Mira, Tenzin, Jonas.'
answers `<climber> up` with the climbers. The template's open argument of that kind becomes one that
enumerates them, as a usage line's `<orders|camps|loads>` would; a template with one open argument takes
any list the reply to a command of it that changed nothing gives ('buy <item>': 'Martha sells: ale 1s, lamp
3s.')."""

from __future__ import annotations

import re

from loop.qa_agents.explorer.commands import Slot, Template, Verbs
from loop.qa_agents.explorer.step_facts import changed
from loop.qa_agents.explorer.vocabulary import stem
from loop.replay.transcript import Step

MAX_TEXT = 600
MAX_OPTIONS = 16
# A clause, a colon, and the list after it: the clause's words say what the list holds.
_LIST = re.compile(r"(?:^|[.!?>;]\s+|\n)([^.!?:\n]{1,60}):\s*([^.\n]{1,300})")
_OPTION = re.compile(r"[a-z0-9][\w'-]*(?: [a-z0-9][\w'-]*){0,2}", re.IGNORECASE)
_KIND_WORD = re.compile(r"[a-z]{3,}")
_PRICE_AFTER = re.compile(r"(?:\s+\S*\d\S*)+$")


def listed_options(text: str) -> dict[str, tuple[str, ...]]:
    """kind stem -> the options a reply lists after a clause naming it ('Topics: a, b, c.': 'topic')."""
    found: dict[str, tuple[str, ...]] = {}
    for match in _LIST.finditer(text[:MAX_TEXT]):
        pieces = [p.strip(" '\"`") for p in re.split(r",|\bor\b|\band\b", match.group(2))]
        pieces = [_PRICE_AFTER.sub("", p) for p in pieces]  # 'ale 1s, lamp 3s': the wares, not the prices
        options = tuple(dict.fromkeys(p.lower() for p in pieces if _OPTION.fullmatch(p)))
        if len(options) < 2:
            continue
        for word in _KIND_WORD.findall(match.group(1).lower()):
            found.setdefault(stem(word), options[:MAX_OPTIONS])
    return found


def narrowed(step: Step, verbs: Verbs) -> list[Template]:
    """The templates the command was typed from, with an open argument its reply lists the options of, when
    what was typed is none of them (a game may answer a wrong one as a success: 'No topic 'x'. Topics: a')."""
    if step.command is None or step.observation is None or " " not in step.command.strip():
        return []
    listed = listed_options(step.message)
    if not listed:
        return []
    typed = f" {' '.join(step.command.lower().split())} "
    every_list = len(listed)
    listed = {k: os for k, os in listed.items() if not any(f" {o} " in typed for o in os)}
    recognised = len(listed) < every_list  # a list of the reply holds what was typed: it was a right one
    found = []
    for template in verbs.templates:
        addressed = isinstance(template.parts[0], Slot) and f" {template.verb} " in typed
        if template.verb != step.verb and not addressed:
            continue
        parts = tuple(_listed(p, listed) for p in template.parts)
        open_slots = [i for i, p in enumerate(parts) if isinstance(p, Slot) and not p.options]
        if parts == template.parts and len(open_slots) == 1 and listed and not (recognised or changed(step)):
            # 'buy <item>' answered 'Martha sells: ale, lamp.', and nothing happened: the one open argument
            # is one of the list (a move's reply listing what the new place shows says nothing of it)
            options = next(iter(listed.values()))
            parts = tuple(
                Slot(p.kind, options) if isinstance(p, Slot) and i == open_slots[0] else p
                for i, p in enumerate(parts)
            )
        if parts != template.parts:
            found.append(Template(parts))
    return found


def _listed(part: str | Slot, listed: dict[str, tuple[str, ...]]) -> str | Slot:
    if isinstance(part, Slot) and not part.options and stem(part.kind) in listed:
        return Slot(part.kind, listed[stem(part.kind)])
    return part

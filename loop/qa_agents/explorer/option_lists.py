"""What an argument may be, from a reply that lists it: 'No topic 'base'. Topics: orders, camps, loads.'
answers `? <topic>` with the topics there are; 'No climber called '0' on the team: Mira, Tenzin, Jonas.'
answers `<climber> up` with the climbers. The template's open argument of that kind becomes one that
enumerates them, as a usage line's `<orders|camps|loads>` would; a template with one open argument takes
any list the reply to a command of it that changed nothing gives ('buy <item>': 'Martha sells: ale 1s, lamp
3s.')."""

from __future__ import annotations

import re

from loop.qa_agents.explorer.commands import LIKE, NUMBER_KINDS, Slot, Template, Verbs, range_values
from loop.qa_agents.explorer.step_facts import changed, ok
from loop.qa_agents.explorer.vocabulary import stem
from loop.replay.transcript import Step

MAX_TEXT = 600
MAX_OPTIONS = 16
# A clause, a colon, and the list after it: the clause's words say what the list holds.
_LIST = re.compile(r"(?:^|[.!?>;]\s+|\n)([^.!?:\n]{1,60}):\s*([^.\n]{1,300})")
_OPTION = re.compile(r"[a-z0-9][\w'-]*(?: [a-z0-9][\w'-]*){0,2}", re.IGNORECASE)
_KIND_WORD = re.compile(r"[a-z]{3,}")
_PRICE_AFTER = re.compile(r"(?:\s+\S*\d\S*)+$")
_ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.IGNORECASE)
# A kind named in the plural, then its members: 'Rooms are 101, 102, 201.', 'The merchants were hale, orme.'
_ARE = re.compile(r"\b([A-Za-z]{3,})s (?:are|were|include)\s*:?\s+([^.?!:;\n]{3,300})")
# A list offered after a question or an invitation, its kind unsaid: what a refusal of one argument offers.
_OFFERED = re.compile(r"(?:\?|\b(?:try|choose|one of|either)\b:?)\s+([^.?!:;\n]{3,200})", re.IGNORECASE)
# A question about the argument after a word of the command: 'Cast Ada as what?', 'Move it to where?'
_ASKED_AFTER = re.compile(r"\b([a-z]+) (?:what|which|whom|where)\?", re.IGNORECASE)
# A name of several words in double quotes: typed quoted, as the game writes it ('"boston fern"').
_QUOTED_NAME = re.compile(r'"([^"]+ [^"]+)"')
# A refusal's list of three or more names, its kind unsaid: 'Aunt Wren grows basil, ivy, "boston fern" and
# "maidenhair fern".'
_ITEM = r'(?:(?:the|a|an) )?(?:"[^"\n]{1,30}"|[a-z][\w\'-]*)'
_THREE_OR_MORE = re.compile(rf"({_ITEM}(?:, {_ITEM}){{1,14}}(?:,? (?:and|or) {_ITEM})?)", re.IGNORECASE)
# What someone deals in, its kind unsaid: 'The market has no 5. It sells flour, yeast, sugar.'
_DEALS_IN = re.compile(
    r"\b(?:sells|stocks|carries|offers|serves|accepts)\s+(?:only\s+)?([^.?!:;\n]{3,200})", re.IGNORECASE
)
# A range a reply gives, its kind unsaid: 'The grocer sells 1 to 5 at a time.', 'between 1 and 60'.
_REPLY_RANGE = re.compile(
    r"(?i:\bbetween) (-?\d+) and (-?\d+)\b|(?<![\w.:-])(-?\d+) ?(?:to|through|-|–) ?(-?\d+)(?![\w.:])"
)
_WHOLE = re.compile(r"-?\d+")
# A kind named in the plural and the numbers or letters it runs through: 'The ovens are numbered 1 to 3.',
# 'The house has rows A to E.'
_RUNS_THROUGH = re.compile(
    r"\b([A-Za-z]{3,})s\s+(?i:(?:are|go|run)\s+)?(?i:(?:numbered|lettered|labell?ed)\s+)?(?i:from\s+)?"
    r"(-?\d+|[A-Z])\s*(?i:to|through|-|–)\s*(-?\d+|[A-Z])\b"
)


def _options(listing: str) -> tuple[str, ...]:
    found = []
    for piece in re.split(r",|\bor\b|\band\b", listing):
        piece = piece.strip(" '`")
        quoted = _QUOTED_NAME.fullmatch(piece)  # '"boston fern"': a name of several words, typed quoted
        name = _ARTICLE.sub("", _PRICE_AFTER.sub("", quoted.group(1) if quoted else piece.strip('"')))
        if _OPTION.fullmatch(name):
            found.append(f'"{name}"' if quoted else name)
    return tuple(dict.fromkeys(f.lower() for f in found))


def listed_options(text: str) -> dict[str, tuple[str, ...]]:
    """kind stem -> the options a reply lists after a clause naming it ('Topics: a, b, c.': 'topic'); a
    list offered with no kind ('Go where? The orchard or the market.', 'Try oak, ash or elm.') under ''."""
    found: dict[str, tuple[str, ...]] = {}
    for match in _LIST.finditer(text[:MAX_TEXT]):
        options = _options(match.group(2))
        if len(options) < 2:
            continue
        for word in _KIND_WORD.findall(match.group(1).lower()):
            found.setdefault(stem(word), options[:MAX_OPTIONS])
    for match in _ARE.finditer(text[:MAX_TEXT]):  # 'Rooms are 101, 102, 201.'
        options = _options(match.group(2))
        if len(options) >= 2:
            found.setdefault(stem(match.group(1).lower()), options[:MAX_OPTIONS])
    for match in _RUNS_THROUGH.finditer(text[:MAX_TEXT]):
        members = _run(match.group(2), match.group(3))
        if members:
            found.setdefault(stem(match.group(1).lower()), members[:MAX_OPTIONS])
    for match in [*_OFFERED.finditer(text[:MAX_TEXT]), *_DEALS_IN.finditer(text[:MAX_TEXT])]:
        options = _options(match.group(1))
        if len(options) >= 2:
            found.setdefault("", options[:MAX_OPTIONS])
    three = _THREE_OR_MORE.search(text[:MAX_TEXT]) if "" not in found else None
    options = _options(three.group(1)) if three is not None else ()
    if len(options) >= 3:
        found[""] = options[:MAX_OPTIONS]
    return found


def _run(first: str, last: str) -> tuple[str, ...]:
    """The members from first to last: numbers with their outside neighbours (range_values), or letters."""
    if first.isalpha() and last.isalpha():
        return tuple(chr(c).lower() for c in range(ord(first), ord(last) + 1)) if first < last else ()
    if first.isalpha() or last.isalpha():
        return ()
    return tuple(range_values(f"{first}-{last}"))


def narrowed(step: Step, verbs: Verbs) -> list[Template]:
    """The templates the command was typed from, with an open argument its reply lists the options of, when
    what was typed is none of them (a game may answer a wrong one as a success: 'No topic 'x'. Topics: a')."""
    if step.command is None or step.observation is None or " " not in step.command.strip():
        return []
    listed = listed_options(step.message)
    if not listed:
        return _ranged(step, verbs)
    typed = f" {' '.join(step.command.lower().split())} "
    every_list = len(listed)
    listed = {k: os for k, os in listed.items() if not _typed_one_of(typed, k, os)}
    recognised = len(listed) < every_list  # a list of the reply holds what was typed: it was a right one
    offered = listed.pop("", None)
    if offered and not (recognised or changed(step)):
        # 'Try oak, ash or elm.' to 'pick <tree>': the list is of the kind of the verb's one open argument
        kinds = {k for t in verbs.templates if t.verb == step.verb for k in _open_kinds(t)}
        if len(kinds) == 1:
            listed.setdefault(stem(kinds.pop()), offered)
    asked = _ASKED_AFTER.search(step.message[:MAX_TEXT])
    unclaimed = [os for k, os in listed.items() if k and not any(_claims(t, k) for t in verbs.templates)]
    found = []
    for template in verbs.templates:
        parts = _listed_parts(template.parts, listed)
        if asked and unclaimed and template.verb == step.verb and not (recognised or changed(step)):
            # 'Cast Ada as what? The parts: Prospero, Miranda.': the list is of the argument after 'as'
            answered = _after_word(Template(parts), asked.group(1).lower(), unclaimed[0])
            if answered.parts != parts:
                found.append(answered)
                continue
        addressed = isinstance(template.parts[0], Slot) and f" {template.verb} " in typed
        if template.verb != step.verb and not addressed:
            if parts != template.parts:  # a kind's members hold wherever it stands ('unload <oven>')
                found.append(Template(parts))
            continue
        if unclaimed and parts == template.parts and not (recognised or changed(step)):
            parts = _kind_of_typed(parts, typed.split(), step.message[:MAX_TEXT], listed)
        open_slots = [i for i, p in enumerate(parts) if isinstance(p, Slot) and not p.options]
        one_name = len(open_slots) == 1 and _names_things(parts[open_slots[0]])
        if parts == template.parts and one_name and listed and not (recognised or changed(step)):
            # 'buy <item>' answered 'Martha sells: ale, lamp.', and nothing happened: the one open argument
            # is one of the list (a move's reply listing what the new place shows says nothing of it)
            options = next(iter(listed.values()))
            parts = tuple(
                Slot(p.kind, options) if isinstance(p, Slot) and i == open_slots[0] else p
                for i, p in enumerate(parts)
            )
        if parts != template.parts:
            found.append(Template(parts))
    return found or _ranged(step, verbs)  # a list says more than a range of numbers


def _ranged(step: Step, verbs: Verbs) -> list[Template]:
    """The templates the refused command was typed from, with the argument where it typed a number outside
    the one range the reply gives ('pantry buy milk 12': 'The grocer sells 1 to 5 at a time.') taking that
    range and its edges."""
    assert step.command is not None
    ranges = _REPLY_RANGE.findall(step.message[:MAX_TEXT])
    if len(ranges) != 1 or changed(step):
        return []
    [(low_between, high_between, low_to, high_to)] = ranges
    low, high = int(low_between or low_to), int(high_between or high_to)
    members = tuple(range_values(f"{low}-{high}"))
    words = step.command.lower().split()
    outside = [i for i, w in enumerate(words) if _WHOLE.fullmatch(w) and not low <= int(w) <= high]
    if not members or len(outside) != 1:
        return []
    at, found = outside[0], []
    for template in verbs.templates:
        if not _typed_from(template.parts, words):
            continue
        part = template.parts[at]
        if isinstance(part, Slot) and part.options != members:
            found.append(
                Template((*template.parts[:at], Slot(part.kind, members), *template.parts[at + 1 :]))
            )
    return found


def _kind_of_typed(
    parts: tuple[str | Slot, ...], words: list[str], text: str, listed: dict[str, tuple[str, ...]]
) -> tuple[str | Slot, ...]:
    """The parts with the open argument whose typed word the reply names by a listed kind ('tea brew 1 pot-1'
    answered 'No 1 tea here. Teas: green, black.') taking that kind's members: the list is of that argument,
    wherever it stands in the command."""
    if not _typed_from(parts, words):
        return parts
    for i, part in enumerate(parts):
        if not isinstance(part, Slot) or part.options or words.count(words[i]) > 1:
            continue
        value = re.escape(words[i])
        for kind, options in listed.items():
            before = rf"(?<![\w-]){value}['\"]?\s+{kind}\w*\b"  # 'No 1 tea here'
            after = rf"\b{kind}\w*\s+(?:called\s+|named\s+)?['\"]?{value}(?![\w-])"  # 'No tea called "1"'
            if kind and re.search(f"{before}|{after}", text, re.I):
                return tuple(Slot(part.kind, options) if j == i else p for j, p in enumerate(parts))
    return parts


def _typed_from(parts: tuple[str | Slot, ...], words: list[str]) -> bool:
    """Whether the typed words fit the parts: as many, and the literal ones the same."""
    if len(parts) != len(words):
        return False
    return all(not isinstance(p, str) or p == w for p, w in zip(parts, words, strict=True))


def _typed_one_of(typed: str, kind: str, options: tuple[str, ...]) -> bool:
    """Whether the command typed one of the options: the word after the kind's name where it names it
    ('pick row 9 with crew 1' typed row 9, not one of rows 1 to 3), else any word."""
    labelled = re.search(rf" {re.escape(kind)}s? (\S+) ", typed) if kind else None
    if labelled is not None:
        return labelled.group(1) in options
    return any(f" {o} " in typed for o in options)


def _claims(template: Template, kind: str) -> bool:
    return any(isinstance(p, Slot) and stem(p.kind) == kind for p in template.parts)


def _after_word(template: Template, word: str, options: tuple[str, ...]) -> Template:
    """The template with the open argument right after `word` taking the options."""
    parts = list(template.parts)
    for i, part in enumerate(parts[:-1]):
        after = parts[i + 1]
        if part == word and isinstance(after, Slot) and _names_things(after):
            parts[i + 1] = Slot(after.kind, options)
    return Template(tuple(parts))


def _names_things(part: str | Slot) -> bool:
    """An open argument that names things (a number is never in a list of names)."""
    return isinstance(part, Slot) and not part.options and part.kind not in NUMBER_KINDS


def _open_kinds(template: Template) -> list[str]:
    """The kinds of a template's open arguments that name things."""
    # an example's name ('like compost') stands for itself, not for a kind a list could enumerate
    return [
        p.kind
        for p in template.parts
        if isinstance(p, Slot) and _names_things(p) and not p.kind.startswith(LIKE)
    ]


def _listed_parts(
    parts: tuple[str | Slot, ...], listed: dict[str, tuple[str, ...]]
) -> tuple[str | Slot, ...]:
    """The parts with each open argument of a listed kind taking its members. An example's word that names
    the kind of the number after it ('ROW 3' in 'Try PICK ROW 3 WITH CREW 1', rows 1 to 6 listed) gives
    that number the members, and stays the word it is."""
    found = list(parts)
    for i, part in enumerate(parts):
        after = parts[i + 1] if i + 1 < len(parts) else None
        labels = (
            isinstance(part, Slot)
            and part.kind.startswith(LIKE)
            and isinstance(after, Slot)
            and after.kind in NUMBER_KINDS
        )
        if labels:
            assert isinstance(part, Slot) and isinstance(after, Slot)
            kind = stem(part.kind.removeprefix(LIKE))
            members = listed.get(kind, ())
            if members and all(" " not in m for m in members):  # numbers or codes, never clauses
                found[i + 1] = Slot(after.kind, members)
        elif found[i] is part:
            found[i] = _listed(part, listed)
    return tuple(found)


def _listed(part: str | Slot, listed: dict[str, tuple[str, ...]]) -> str | Slot:
    if isinstance(part, Slot) and not part.options and stem(part.kind) in listed:
        return Slot(part.kind, listed[stem(part.kind)])
    return part


_NOT_A_NUMBER = re.compile(
    r"(?<!\w)['\"`]([^'\"`\n]{1,40})['\"`]\s+is\s+not\s+a\s+(?:valid\s+)?(?:whole\s+)?(?:number|integer)\b"
    r"|\bnot\s+a\s+(?:valid\s+)?(?:whole\s+)?(?:number|integer)[:\s]+['\"`]([^'\"`\n]{1,40})['\"`]",
    re.IGNORECASE,
)


def numbered(step: Step, verbs: Verbs) -> list[tuple[Template, Template]]:
    """(template, its numbered form) for a refusal saying a word typed for a thing is not a number
    ("'oak' is not a number"): the argument is a number or a record's id ('sell cider <barrel>', by the
    barrel's number), filled from the ids the state's records carry, then numbers."""
    if step.command is None or ok(step):
        return []
    match = _NOT_A_NUMBER.search(step.message[:MAX_TEXT])
    if match is None:
        return []
    word = (match.group(1) or match.group(2)).strip().lower()
    typed = step.command.lower().split()
    found = []
    for template in verbs.templates:
        if not _typed_from(template.parts, typed):
            continue
        at = [i for i, p in enumerate(template.parts) if isinstance(p, Slot) and typed[i] == word]
        part = template.parts[at[0]] if len(at) == 1 else None
        # an argument narrowed to names may have been narrowed wrong ('sell cider <barrel>' to the varieties
        # a reply to 'sell apples' listed): the game's word is the last. One that is an id already stays.
        if not isinstance(part, Slot) or part.kind == "id" or not _names_things(Slot(part.kind)):
            continue
        parts = tuple(Slot("id") if i == at[0] else p for i, p in enumerate(template.parts))
        found.append((template, Template(parts)))
    return found

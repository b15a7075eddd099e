"""Commands a game quotes as examples ("like 'buy 3 kg flour'", "Try 'withdraw 20'", "`bake 6 loaf`", a line
'Example: build farm at 2,3'): each is
played as quoted and varied. Its numbers go through the boundaries games get wrong; each of its other words
goes through the names the state keeps beside it ('loaf' among the recipes: 'bun', 'cake'), so an example
stands for the command it shows, not only for its one case; a coordinate ('2,3') goes through the grid's
coordinates. Spans without a number are commands the verb finder already tries as they are.
"""

from __future__ import annotations

import functools
import re

from loop.qa_agents.explorer.commands import LIKE, RECORD_ID, SIGIL, Slot, Template

MAX_TEXT = 4000
_SPAN = re.compile(
    r"(?<!\w)(?:`([^`\n]{3,60})`|'([^'\n]{3,60})'|\"([^\"\n]{3,60})\")(?!\w)"
    r"|(?:^|\n)\s*(?:examples?|e\.g\.|for example|for instance|usage)\s*:?\s+([^\n]{3,60}?)\.?\s*(?=\n|$)",
    re.IGNORECASE,
)
_NUMBER = r"-?\d+(?:\.\d+)?"
_COORDINATE = r"\d{1,3},\d{1,3}"
_WORD = r"[a-z][a-z-]*"
_VERB = SIGIL + "?" + _WORD  # some games type commands behind a sigil ('/checkin g-001 r12')
# A record's id ('g-001', 'r12'): a name of its own, varied through the ids beside it in the state.
_ID = RECORD_ID
_CHOICE = _WORD + r"(?:\|" + _WORD + ")+"  # 'breakfast|boat': either one
_VALUE = "(?:" + _ID + "|" + _CHOICE + "|" + _WORD + "|" + _COORDINATE + "|" + _NUMBER + ")"
# An argument named by its key ('room=east', 'qty=2'): the key kept as typed, the value varied.
_KEYED = r"[a-z][a-z_-]*=" + _VALUE
_EXAMPLE = re.compile(_VERB + "(?: (?:" + _KEYED + "|" + _VALUE + ")){1,4}")
# Words an example keeps as typed: they join its arguments, they name nothing to vary.
JOINING_WORDS = frozenset(
    {"the", "a", "an", "to", "about", "at", "in", "into", "on", "onto", "from", "with", "for", "of", "and"}
)
# Besides the quoted number: zero, below zero, one, a few, a lot (where games' checks go wrong).
VARIANTS = ("1", "0", "-1", "5", "999999")


def _numbers(number: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys((number, *VARIANTS)))


def _arguments(words: list[str]) -> list[str | Slot]:
    """The words of an example after its verb: joining words as typed, numbers and names to vary; the
    words between two joining words are one name ('show the brass key to the maid': 'brass key')."""
    parts: list[str | Slot] = []
    name: list[str] = []
    for word in [*words, ""]:
        if re.fullmatch(_ID, word) or re.fullmatch(_CHOICE, word):
            if name:
                parts.append(Slot(LIKE + " ".join(name)))
                name = []
            choice = tuple(word.split("|"))
            parts.append(Slot("choice", choice) if len(choice) > 1 else Slot(LIKE + word))
            continue
        key, equals, value = word.partition("=")
        if equals:
            if name:
                parts.append(Slot(LIKE + " ".join(name)))
                name = []
            parts.append(f"{key}=")
            parts.append(Slot("n", _numbers(value)) if re.fullmatch(_NUMBER, value) else Slot(LIKE + value))
            continue
        if word and word not in JOINING_WORDS and not re.fullmatch(_NUMBER, word):
            name.append(word)
            continue
        if name:
            parts.append(Slot(LIKE + " ".join(name)))
            name = []
        if word in JOINING_WORDS:
            parts.append(word)
        elif word:
            parts.append(Slot("n", _numbers(word)))
    return parts


@functools.lru_cache(maxsize=1024)
def example_templates(text: str) -> tuple[Template, ...]:
    """The templates of the example commands `text` quotes: those with a number or a keyed argument in them
    ('sail to=Gullhaven': its value varied through the names beside it)."""
    found: list[Template] = []
    for match in _SPAN.finditer(text[:MAX_TEXT]):
        span = " ".join(next(g for g in match.groups() if g is not None).lower().split())
        if not _EXAMPLE.fullmatch(span) or not re.search(r"\d|=", span):
            continue
        verb, *rest = span.split()
        found.append(Template((verb, *_arguments(rest))))
    return tuple(dict.fromkeys(found))


_LISTED = re.compile(r"\s+/\s+|\s+\|\s+")
_PLAIN = re.compile(r"[a-z][a-z'-]*|\d+")  # a word or a number of an example


@functools.lru_cache(maxsize=256)
def listed_examples(text: str) -> tuple[Template, ...]:
    """The commands a help lists as examples on a line, apart by ' / ' ('Try things like: look / go to the
    library / ask the butler about the key'): each as typed, its names varied through the names the state
    keeps beside them ('library' among the exits), its numbers through the boundaries."""
    found: list[Template] = []
    for line in text[:MAX_TEXT].splitlines():
        pieces = _LISTED.split(line.split(":", 1)[-1] if ":" in line[:40] else line)
        if len(pieces) < 3:
            continue
        for piece in pieces:
            words = piece.strip(" .,;!?\"'`").lower().split()
            if not 1 <= len(words) <= 7 or not all(_PLAIN.fullmatch(w) for w in words):
                continue
            found.append(Template((words[0], *_arguments(words[1:]))))
    return tuple(dict.fromkeys(found))


def as_quoted(template: Template) -> str:
    """The command an example template was made from, as the text gave it ('' when a part has no such
    word): its words, each name's word, each number's first option."""
    words = []
    for part in template.parts:
        if isinstance(part, str):
            words.append(part)
        elif part.kind.startswith(LIKE):
            words.append(part.kind.removeprefix(LIKE))
        elif part.options:
            words.append(part.options[0])
        else:
            return ""
    return " ".join(words)


_PARENTHESIS = re.compile(r"\(([^()\n]{3,120})\)")
_ASIDE = re.compile(r"^(?:say|e\.g\.|for example|for instance|or|like)\s+|\s+(?:say|e\.g\.)$")


@functools.lru_cache(maxsize=256)
def parenthesized_examples(text: str) -> tuple[Template, ...]:
    """The commands a help in prose gives in parentheses ('you put the ingredients into the cauldron (put 2
    nightshade into the cauldron, say)'; '(buy 2 moonpetal, or buy a bottle)'): each one whose first word the
    prose uses as a word of its own, varied as a listed example is."""
    text = text[:MAX_TEXT].lower()
    prose = set(_PLAIN.findall(_PARENTHESIS.sub(" ", text)))
    found: list[Template] = []
    for match in _PARENTHESIS.finditer(text):
        for piece in re.split(r",|;|\bor\b", match.group(1)):
            words = _ASIDE.sub("", piece.strip(" .!?\"'`")).split()
            if not 2 <= len(words) <= 7 or not all(_PLAIN.fullmatch(w) for w in words):
                continue
            if words[0] in JOINING_WORDS or words[0] not in prose or words[0].isdigit():
                continue
            found.append(Template((words[0], *_arguments(words[1:]))))
    return tuple(dict.fromkeys(found))


_CLAUSE_BREAK = re.compile(r"[.;:!?]|,\s*|\s(?:or|and|then|but)\s", re.IGNORECASE)
_LEAD_IN = re.compile(
    r"^(?:you can|you may|you could|you might|just|simply|also|as in|e\.g\.|for example|for instance|such as"
    r"|like|try|type|say|and|or|then|but)\s+",
    re.IGNORECASE,
)
_SUBORDINATE = re.compile(
    r"\s(?:when|if|until|once|while|so|because|where|to see|whenever)\s.*$", re.IGNORECASE
)
NO_VERBS = frozenset(  # words a clause of prose opens with that never start a command
    {"you", "your", "it", "its", "they", "them", "we", "he", "she", "i", "this", "that", "there", "when",
     "if", "once", "while", "where", "until", "because"}
)  # fmt: skip
MAX_CLAUSE_WORDS = 8
MAX_PROSE_LINES = 4
MIN_PROSE_WORDS = 40


@functools.lru_cache(maxsize=256)
def clause_examples(text: str) -> tuple[Template, ...]:
    """The commands a help written as prose paragraphs gives as its own clauses ('You can hire the juggler,
    dismiss the clowns when ...; buy 6 bales of feed or ...'): each clause of two to eight plain words, cut
    before a subordinate clause and after a lead-in ('you can', 'as in'), whose first word is no article,
    joining word or pronoun; varied as a listed example is. A help in lines or columns gives none."""
    text = text[:MAX_TEXT]
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) > MAX_PROSE_LINES or len(text.split()) < MIN_PROSE_WORDS:
        return ()
    found: list[Template] = []
    for clause in _CLAUSE_BREAK.split(text.replace("«", "").replace("»", "")):
        clause = " ".join(clause.split())
        while _LEAD_IN.match(clause):
            clause = _LEAD_IN.sub("", clause, count=1)
        words = _SUBORDINATE.sub("", clause).lower().split()
        if not 2 <= len(words) <= MAX_CLAUSE_WORDS or not all(_PLAIN.fullmatch(w) for w in words):
            continue
        if words[0] in JOINING_WORDS or words[0] in NO_VERBS or words[0].isdigit():
            continue
        found.append(Template((words[0], *_arguments(words[1:]))))
    return tuple(dict.fromkeys(found))

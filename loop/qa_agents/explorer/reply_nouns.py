"""Names of things a game gives only in its words: enumerations ('You can buy: carrot, turnip', '(a or b)',
'only sells x seed and y seed'), list-like lines ('  x seed   5g'), the keys of a table's first column
('ada    Ada Park, party of 1'), and short state sentences ('The sea chest is closed.'). A noun the state
never shows may be the argument every command needs. Games also mark names: in quotes, brackets or markup
('kestrel', [BRASS KEY], <b>lamp</b>, **rope**) or in capitals within lower-case text (a SILVER BELL); those
are names too, without their marks or case.

English conventions only, never one game's words: each found name is one to three lowercase words.
"""

from __future__ import annotations

import functools
import re

MAX_WORDS = 3
# Words that end or join a phrase, never a thing's name.
FUNCTION_WORDS = frozenset({
    "a", "an", "the", "and", "or", "nor", "but", "of", "to", "in", "on", "at", "by", "for", "with", "from",
    "into", "onto", "you", "your", "it", "its", "is", "are", "was", "be", "can", "may", "not", "no", "only",
    "this", "that", "these", "those", "some", "any", "all", "here", "there", "we", "they", "i", "my", "what",
    "which", "try", "also", "nothing", "see", "every", "each", "other", "most", "where", "when", "how",
})  # fmt: skip
# Bounded words and texts: a reply may be hostile (a megabyte of one word), and these run on every reply.
MAX_TEXT, MAX_LINE = 4000, 240
_WORD = r"[a-z][a-z'-]{0,30}"
_NAME = _WORD + r"(?: " + _WORD + r"){0,2}"
_PAREN = re.compile(r"\(([^()]{1,120})\)")
_AFTER_COLON = re.compile(r":\s*([^:\n]{1,160}?)\s*(?:[.!?\n]|$)")
_PAIR = re.compile(r"((?:" + _WORD + r" ){0,3}" + _WORD + r") (?:and|or) (" + _NAME + r")[.!?)]?\s*$", re.I)
_LISTED_LINE = re.compile(r"^ {0,8}[-*•]? ?(" + _NAME + r")(?: {2,}|\.{2,} ?| (?=\d))\S{0,8}\d", re.I)
_KEYED_LINE = re.compile(r"^ {0,8}([a-z][a-z0-9'-]{1,30}) {2,}\S")
_STATE_SENTENCE = re.compile(r"(?:^|[.!?]\s+|\n)the (" + _NAME + r") (?:is|are) [a-z]+\.", re.I)
_MARKED = re.compile(
    r"(?<!\w)'([^'\n]{2,40})'(?!\w)|\"([^\"\n]{2,40})\"|`([^`\n]{2,40})`|\[([^\]\n]{2,40})\]"
    r"|<(b|i|em|strong|u|code)>([^<\n]{2,40})</\5>|\*\*([^*\n]{2,40})\*\*"
    r"|<(?-i:([A-Z0-9][A-Z0-9 '-]{1,39}))>",  # a name in capitals in angle marks; '<item>' is a placeholder
    re.IGNORECASE,
)
_CONTRACTION = re.compile(r"[a-z]+'(?:ll|re|ve|d|m|t)")  # "i'll", "we're": never a thing's name
_CAPITALS = re.compile(r"(?<![\w'])[A-Z][A-Z'-]{2,}(?: [A-Z][A-Z'-]{2,}){0,2}(?![\w'])")


def _clean(name: str) -> str | None:
    words = name.lower().strip(" .,;!?'\"").split()
    while words and words[0] in FUNCTION_WORDS:
        words = words[1:]
    plain = all(
        re.fullmatch(r"[a-z][a-z0-9'-]+", w) and w not in FUNCTION_WORDS and not _CONTRACTION.fullmatch(w)
        for w in words
    )
    if not words or len(words) > MAX_WORDS or not plain:
        return None
    return " ".join(words)


def _enumeration(text: str) -> list[str]:
    """'a, b and c', 'x seed or y seed': the parts, each as long as the last (the last is unambiguous)."""
    match = _PAIR.search(text)
    head, last = (text, None) if match is None else (text[: match.start(2)], match.group(2))
    parts = [p for p in re.split(r",|\band\b|\bor\b", head) if p.strip()]
    if last is None and len(parts) < 2:
        return []
    width = len(last.split()) if last else MAX_WORDS
    names = [" ".join(p.split()[-width:]) for p in parts] + ([last] if last else [])
    return [n for n in (_clean(name) for name in names) if n]


@functools.lru_cache(maxsize=512)
def reply_nouns(message: str) -> tuple[str, ...]:
    """The names of things `message` enumerates or states, in order of appearance, without repeats."""
    found: list[str] = []
    message = message[:MAX_TEXT]
    for match in _PAREN.finditer(message):
        found += _enumeration(match.group(1))
    for match in _AFTER_COLON.finditer(message):
        found += _enumeration(match.group(1)) or [n for n in [_clean(match.group(1))] if n]
    for sentence in re.split(r"(?<=[.!?])\s+|\n", message):
        plain = len(sentence) <= MAX_LINE and "(" not in sentence and ":" not in sentence
        if plain and _PAIR.search(sentence):
            found += _enumeration(sentence)
    for line in message.splitlines():
        listed = _LISTED_LINE.match(line[:MAX_LINE])
        if listed and ":" not in line:
            found += [n for n in [_clean(listed.group(1))] if n]
    found += [n for n in (_clean(m) for m in _STATE_SENTENCE.findall(message)) if n]
    keyed = [m.group(1) for m in (_KEYED_LINE.match(line[:MAX_LINE]) for line in message.splitlines()) if m]
    if len(keyed) >= 2:  # a table keyed by its first column ('ada    Ada Park, party of 1'): the keys
        found += [n for n in (_clean(key) for key in keyed) if n]
    return tuple(dict.fromkeys(found))


@functools.lru_cache(maxsize=512)
def marked_names(message: str) -> tuple[str, ...]:
    """The names `message` marks: quoted, bracketed, in markup or in capitals in lower-case text; lower case,
    one to three plain words each."""
    message = message[:MAX_TEXT]
    marked = [next(g for g in m.groups()[:4] + m.groups()[5:] if g) for m in _MARKED.finditer(message)]
    if re.search(r"[a-z]", message):
        marked += _CAPITALS.findall(message)
    return tuple(dict.fromkeys(n for n in (_clean(name) for name in marked) if n))


_ARTICLED = re.compile(r"\b(?:a|an|the|some) ([a-z][a-z-]{2,30})(?: ([a-z][a-z-]{2,30}))?", re.IGNORECASE)
MAX_DESCRIBED = 12
_PREPOSITIONS = frozenset({
    "beside", "near", "under", "behind", "above", "below", "against", "across", "through", "over", "upon",
    "inside", "outside", "beneath", "between", "among", "around", "along", "past", "toward", "towards",
})  # fmt: skip


@functools.lru_cache(maxsize=512)
def described_nouns(message: str) -> tuple[str, ...]:
    """The things a description names after an article ('A greatcoat hangs by the door beside an umbrella
    stand': greatcoat, door, umbrella stand, stand): what a command may search or examine where it was
    read. A second word ending in 's' is taken for a verb ('hangs'), never part of the name."""
    found: list[str] = []
    for first, second in _ARTICLED.findall(message[:MAX_TEXT]):
        first, second = first.lower(), second.lower()
        if first in FUNCTION_WORDS or _CONTRACTION.fullmatch(first):
            continue
        joins = second in FUNCTION_WORDS or second in _PREPOSITIONS
        if second and not joins and not second.endswith("s"):
            found += [f"{first} {second}", second]
        else:
            found.append(first)
    return tuple(dict.fromkeys(found))[:MAX_DESCRIBED]

"""A help written all in capitals, as a wire or a terminal of old would print it: 'WORKER HIRE N = TAKE ON N
PLUCKERS STOP LEAF PLUCK N = ... STOP'. Read as the help of any other game: one command a line, in lower case,
its description after the '=' cut off, a lone letter for a number (`<n>`), 'OR' between two commands a comma,
and a word that ends every sentence (a wire's 'STOP') a full stop."""

from __future__ import annotations

import re
from collections import Counter

MIN_LETTERS = 40
MIN_ENDINGS = 4
_WORD = re.compile(r"[A-Za-z]+")


def is_shouted(text: str) -> bool:
    letters = [c for c in text if c.isalpha()]
    return len(letters) >= MIN_LETTERS and sum(c.isupper() for c in letters) >= 0.95 * len(letters)


def as_help_lines(text: str) -> str:
    """A shouted help as lines in lower case, one command each; any other text as it is."""
    if not is_shouted(text):
        return text
    ending = _sentence_end(text)
    sentences = re.split(rf"\s+{ending}\b[.!]?\s*" if ending else r"\n+", text)
    return "\n".join(_command(s) for s in sentences if s.strip())


def _sentence_end(text: str) -> str | None:
    """The word that closes the text and recurs through it, ending sentences ('STOP'), if any."""
    words = _WORD.findall(text)
    if not words:
        return None
    last = words[-1]
    return re.escape(last) if len(last) > 1 and Counter(words)[last] >= MIN_ENDINGS else None


def _command(sentence: str) -> str:
    command, equals, description = sentence.partition(" = ")
    spoken = re.sub(r"(?<=\w) OR (?=\w)", ", ", command.strip()).lower()
    spoken = re.sub(r"(?<=[a-z] )([a-z])\b(?![-'])", r"<\1>", spoken)
    return f"{spoken}  - {description.strip().capitalize()}" if equals else spoken

"""Answers a reply offers as bare commands: the numbers of a numbered menu (`1) buy goods  2) sell goods
0) back`) and numbers for a question that states its range (`how many? (0-20)`, `Which planet? (1-4)`).

A menu ends its screen (numbered lines earlier in a reply are a list to read, an order board). A game run
by menus takes the option's number as the command, and a question's answer as the next one; the
help may say only 'type the number of an option'. Each number becomes a bare template: a menu's numbers as
listed, a range's ends, one past each end and its middle (the boundaries are where games break). A number the
game then refuses like a nonsense word where it was first played is dropped like any listed bare command.
"""

from __future__ import annotations

import functools
import re

from loop.qa_agents.explorer.commands import Template, line_range

MAX_TEXT = 4000
MAX_OPTIONS = 12
_OPTION = re.compile(r"(?:^|(?<=\s))(\d{1,2})[).:]\s+[a-z]", re.IGNORECASE)


@functools.lru_cache(maxsize=1024)
def answer_templates(text: str) -> tuple[Template, ...]:
    """The bare numbers `text` offers as commands: its numbered options, and answers to a ranged question."""
    text = text[:MAX_TEXT]
    # A menu ends the screen: numbered lines earlier in a reply are a list to read (an order board).
    last = "\n".join([line for line in text.splitlines() if line.strip()][-2:])
    numbers = list(dict.fromkeys(m.group(1) for m in _OPTION.finditer(last)))[:MAX_OPTIONS]
    for line in text.splitlines():
        bounds = line_range(line) if "?" in line else None
        if bounds is not None and bounds[1] - bounds[0] <= 1000:
            low, high = bounds
            numbers += [str(n) for n in (low, high, (low + high) // 2, low - 1, high + 1)]
    if len(numbers) < 2:
        return ()  # one number is a count in prose ('1) the key is gone'), not a menu
    return tuple(Template((n,)) for n in dict.fromkeys(numbers))


_PROMPT = re.compile(r"\?\s*\[([^\[\]\n]{1,30})\]\s*$")
_WORD_PROMPT = re.compile(r"\?\s*\(([a-z]{1,20}(?:\s*[/|]\s*[a-z]{1,20}){1,5})\)", re.IGNORECASE)
# A question, then the answers it takes in words: 'Buy fleece c3ed for 30 marks? Answer yes or no.'
_TOLD_PROMPT = re.compile(
    r"\?\s*\(?(?:please\s+)?(?:answer|reply|type|say|enter)(?:\s+with)?\s+"
    r"((?:[\"'`]?[a-z]{1,12}[\"'`]?(?:\s*,\s*|\s+or\s+|\s*/\s*)){1,4}[\"'`]?[a-z]{1,12}[\"'`]?)\W*$",
    re.IGNORECASE,
)


@functools.lru_cache(maxsize=1024)
def prompt_answers(text: str) -> tuple[str, ...]:
    """The answers a question that ends a reply offers in brackets ('What do you want to quaff? [bc or ?*]':
    b, c), with the letter before and after them (an answer it did not offer is where games break); or the
    words it offers in parentheses ('Target? (you/foe)') or says to answer with ('? Answer yes or no.')."""
    words = _WORD_PROMPT.search(text[-200:])
    if words is not None:  # 'Target? (you/foe)': the words offered
        return tuple(dict.fromkeys(w.strip().lower() for w in re.split(r"[/|]", words.group(1))))
    told = _TOLD_PROMPT.search(text[-200:])
    if told is not None:  # '? Answer yes or no.': the words it says to answer with
        said = re.split(r"\s*,\s*|\s+or\s+|\s*/\s*", told.group(1))
        return tuple(dict.fromkeys(w.strip("\"'`").lower() for w in said))
    match = _PROMPT.search(text[-200:])
    if match is None:
        return ()
    offered: list[str] = []
    for token in re.split(r"\s+|\bor\b", match.group(1)):
        if token == "-" or re.fullmatch(r"[a-z]{1,10}", token or ""):
            offered += ["-"] if token == "-" else list(token)
        elif re.fullmatch(r"[a-z]-[a-z]", token or ""):  # a range of letters: 'a-e'
            offered += [chr(c) for c in range(ord(token[0]), ord(token[2]) + 1)]
    letters = [o for o in offered if o != "-"]
    around = []
    if letters:
        low, high = min(letters), max(letters)
        around = [chr(ord(low) - 1)] if low > "a" else []
        around += [chr(ord(high) + 1)] if high < "z" else []
    return tuple(dict.fromkeys([*offered, *around]))

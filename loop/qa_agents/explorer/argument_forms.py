"""Commands of two arguments learned from the game's refusals, where the help did not spell them.

A command with an argument that a game refuses may say what else it needs:
- a particle between two questions (`Give what to whom?`, `Take what from what?`): the verb takes a thing,
  the particle and a second argument (`give <item> to <target>`);
- names followed by `=` (`Load needs cargo= and qty=.`): the verb takes `name=value` arguments, in that
  order;
- a question of how many (`Sell what, and how many?`): the verb takes a thing and a number, in either order;
- command-line flags (`dive: argument --to: expected one number`, `give one of --haul CRATE or --release
  CRATE`): the verb takes each flag, with a value of the kind its metavariable or the refusal names (a number,
  `a site name`), or alone where neither is given (`--all`).
The second argument is filled with what the state shows (the place the command is typed in first, then what
is at hand) and numbers; a learned form the game refuses like nonsense goes like any other template.
"""

from __future__ import annotations

import itertools
import re

from loop.qa_agents.explorer.commands import ASKED_TARGET, Slot, Template, Verbs
from loop.qa_agents.explorer.examples import example_templates
from loop.qa_agents.explorer.vocabulary import JOINING, PARTICLES
from loop.replay.transcript import Step

_ASKED_PARTICLE = re.compile(r"\bwhat\W+(\w+)\W+(?:what|whom|who|where|which)\b", re.IGNORECASE)
_KEY_NAMES = re.compile(r"(?<![\w=])([a-z][a-z_]{0,20})=(?![\w=])", re.IGNORECASE)
HOW_MANY = re.compile(r"\bhow\s+(?:many|much)\b", re.IGNORECASE)
_FLAG = re.compile(r"(?<![\w-])--([a-z][a-z0-9-]{0,20})(?:[ =]([A-Z][A-Z_]{1,20})(?![\w]))?")
_EXPECTED = re.compile(
    r"^\W{0,3}(?:expected|expects|needs|takes)\s+(?:an?|one|some)?\s*([a-z]+)(?:\s+([a-z]+))?"
)
_NUMBER_WORDS = frozenset({"number", "integer", "int", "float", "amount", "count"})


def _head(command: str, verbs: Verbs) -> str:
    """The verb words of a command: the longest verb of a template it starts with, else its first word."""
    heads = []
    for template in verbs.templates:
        words: list[str] = []
        for part in template.parts:
            if not isinstance(part, str):
                break
            words.append(part)
        heads.append(" ".join(words))
    known = [h for h in heads if h and (command == h or command.startswith(h + " "))]
    return max(known, key=len) if known else command.split(" ", 1)[0]


def names_arguments(text: str) -> bool:
    """Does a reply name the arguments a command takes ('needs item= and qty=', 'Give what to whom?',
    'how many')? A game's refusal of a word it does not know names none."""
    text = text[:400]
    named = len(_KEY_NAMES.findall(text)) >= 1 or bool(_ASKED_PARTICLE.search(text) or HOW_MANY.search(text))
    return named or any(m.group(1) != "help" for m in _FLAG.finditer(text))


def _flag_forms(head: tuple[str, ...], text: str) -> list[Template]:
    """One template per flag the refusal names, with the value its metavariable or `expected ...` names."""
    templates = []
    for match in _FLAG.finditer(text):
        flag = match.group(1)
        if flag == "help":
            continue
        expected = _EXPECTED.search(text[match.end() : match.end() + 60])
        if match.group(2):
            kind = match.group(2).lower()
        elif expected:
            first, second = expected.group(1), expected.group(2) or ""
            kind = "n" if {first, second} & _NUMBER_WORDS else first
        else:
            templates.append(Template((*head, f"--{flag}")))
            continue
        templates.append(Template((*head, f"--{flag}", Slot(kind))))
    return list(dict.fromkeys(templates))[:4]


def _asked_of_typed(step: Step) -> bool:
    """A 'how many' that asks again for a number the command typed (`lay -1`: "Lay how many?"), or that
    quotes the verb's own form ("e.g. 'lay 2'"): the game said what it takes, no argument is missing."""
    assert step.command is not None
    verb, *words = step.command.lower().split()
    if any(re.fullmatch(r"[-+]?\d+", w) for w in words):
        return True
    return any(t.verb == verb for t in example_templates(step.message[:400]))


def forms(step: Step, verbs: Verbs) -> list[Template]:
    """The two-argument forms a refusal of `step` asks for; none when it was not refused or asks for none."""
    if step.command is None or step.observation is None or step.observation.success:
        return []
    text = step.message[:400]
    keys = list(dict.fromkeys(k.lower() for k in _KEY_NAMES.findall(text)))
    particle = _ASKED_PARTICLE.search(text)
    joining = particle.group(1).lower() if particle and particle.group(1).lower() in JOINING else ""
    many = bool(HOW_MANY.search(text)) and " " in step.command.strip() and not _asked_of_typed(step)
    flagged = any(m.group(1) != "help" for m in _FLAG.finditer(text))
    if len(keys) < 2 and not joining and not many and not flagged:
        return []
    words = step.command.lower().split()
    # A two-word verb typed alone ('pick up'): both words are the verb.
    two_word_verb = len(words) == 2 and words[1] in PARTICLES
    head = tuple(words) if two_word_verb else tuple(_head(" ".join(words), verbs).split())
    if not head:
        return []
    if flagged and len(keys) < 2 and not joining:
        verb = tuple(itertools.takewhile(lambda word: not word.startswith("-"), head))
        return _flag_forms(verb, text) if verb else []
    if len(keys) >= 2:
        parts: list[str | Slot] = [*head]
        for key in keys[:3]:
            parts += [f"{key}=", Slot(key)]
        return [Template(tuple(parts))]
    if joining:
        tail = (joining, Slot(ASKED_TARGET))
        return [
            Template((*head, Slot("item"), *tail)),
            Template((*head, Slot("number"), Slot("item"), *tail)),
        ]
    return [Template((*head, Slot("item"), Slot("number"))), Template((*head, Slot("number"), Slot("item")))]

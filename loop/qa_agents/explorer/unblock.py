"""A command refused for something the state keeps, retried once that thing changes.

A game refuses a real command by naming what stands in its way: 'The vat is empty.', 'You have no apples in
the cart.', 'You can only do that at the orchard.' The words of the refusal that name the state's keys or
its values ('vat', 'cart' and 'apples', 'orchard') mark the fields that block it. When a later command
changes one of those fields (pressing fills the vat, walking changes the place), the refused command is
played again at once: the chain a player follows (press, then fill) that random play seldom strings
together, since a verb refused a few times in a place is otherwise not tried there again.

A refusal that names the command's own argument as the fault ('There are no 'x' trees') is about what was
typed, not about the state: it waits for nothing.
"""

from __future__ import annotations

import re
from collections import Counter, OrderedDict

from loop.qa_agents.explorer import numbers
from loop.qa_agents.explorer.per_state import per_state
from loop.qa_agents.explorer.step_facts import leaves
from loop.qa_agents.explorer.vocabulary import stem
from loop.replay import view
from loop.replay.transcript import Step

MAX_WAITING = 16  # refused commands kept waiting at once; the oldest is forgotten first
MAX_RETRIES = 3  # retries of a command over the same fields: refused over them still, it waits no more
MAX_TEXT = 400
_WORD = re.compile(r"[a-z][a-z]+")
# A quoted span in a refusal is usually the argument echoed back as the fault.
_QUOTED = re.compile(r"(?<!\w)'[^'\n]{1,60}'(?!\w)|\"[^\"\n]{1,60}\"|`[^`\n]{1,60}`")
_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?!\w)")
MAX_LEAVES = 300
MAX_NAME_WORDS = 3
MAX_BLOCKING = 2  # a refusal naming more fields than this at once names none of them in particular


def _stems(text: str) -> set[str]:
    return {stem(w) for w in _WORD.findall(text.lower())}


@per_state  # a refusal leaves the state as it was: the refusals of one state share its reading
def _leaf_words(state: view.State) -> dict[str, set[str]]:
    """Each leaf's path with the words of its keys and, for a name (a text of a few words), of the value."""
    found: dict[str, set[str]] = {}
    for path, value in list(leaves(state).items())[:MAX_LEAVES]:
        words = _stems(path.replace(".", " ").replace("_", " "))
        if isinstance(value, str) and len(value.split()) <= MAX_NAME_WORDS:
            words |= _stems(value)  # a name ('orchard'), not a description whose words are any reply's
        found[path] = words
    return found


def blocking_fields(step: Step) -> frozenset[str]:
    """The fields a refusal names as what blocks its command: the leaves that share the most of the reply's
    words (beyond the command's own), or none when it names none or quotes what was typed."""
    command = (step.command or "").lower()
    text = step.message[:MAX_TEXT]
    typed = set(command.split()[1:])
    if any(q.strip("'\"`").lower() in typed | {command} for q in _QUOTED.findall(text)):
        return frozenset()
    said = _stems(_QUOTED.sub(" ", text))
    if not said:
        return frozenset()
    overlap = {path: len(words & said) for path, words in _leaf_words(step.state).items()}
    best = max(overlap.values(), default=0)
    named = frozenset(p for p, n in overlap.items() if n and n == best) if best else frozenset()
    if len(named) > MAX_BLOCKING:  # of fields alike ('furnace.*'), the one holding the number said
        values = {path: value for path, value in leaves(step.state).items() if path in named}
        said_numbers = set(_NUMBER.findall(text))
        named = frozenset(p for p, v in values.items() if numbers.is_number(v) and f"{v:g}" in said_numbers)
    # several fields alike: words every reply carries (a status line's 'move 3/20'), not what blocks it
    return named if len(named) <= MAX_BLOCKING else frozenset()


class Unblocker:
    """The refused commands waiting for a field they were refused over to change."""

    def __init__(self) -> None:
        self.waiting: OrderedDict[str, frozenset[str]] = OrderedDict()
        self.retries: Counter[tuple[str, frozenset[str]]] = Counter()

    def refused(self, step: Step) -> None:
        """A real command the game refused for what its state holds: it waits for those fields."""
        assert step.command is not None
        fields = blocking_fields(step)
        if not fields or self.retries[(step.command, fields)] >= MAX_RETRIES:
            return
        self.waiting.pop(step.command, None)
        self.waiting[step.command] = fields
        while len(self.waiting) > MAX_WAITING:
            self.waiting.popitem(last=False)

    def due(self, step: Step) -> str | None:
        """After a step that changed the state: a waiting command one of whose fields it changed."""
        if not self.waiting:
            return None
        before, after = leaves(step.before), leaves(step.state)
        changed = {p for p in before.keys() | after.keys() if before.get(p) != after.get(p)}
        for command, fields in self.waiting.items():
            if command != step.command and fields & changed:
                del self.waiting[command]
                self.retries[(command, fields)] += 1
                return command
        return None

"""one-place: a thing with an id of its own is in one place at a time.

Collections of one kind sit side by side in many games (a gallery's pieces beside another gallery's, the
piles of a patience game, the bikes' loads): `galleries[east].pieces`, `galleries[west].pieces`. A thing
with an id (a record's `id`, or a short code with a digit or a capital: `M1`, `g-07`, `Ts`) that was in one
of them before a command and is in two of them after it was copied, not moved: the move forgot its source.
Kinds are not things ('cod' in two nets is two cods), and a list of what happened (a log, what was seen or
met) is no place, so neither counts; nor does a family of collections the session saw holding one id
twice (the rooms' exits link to the same room: links, not places), nor a reply that speaks of copying.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from loop.contract.models import BugType
from loop.qa_agents.explorer.per_state import per_state
from loop.replay.oracle import Anomaly, Oracle
from loop.replay.transcript import Step

# A code, not a word: it holds a digit ('M1', 'g-007', '6d'), or is two or three characters with a capital
# ('Ts', 'Qh').
_CODE = re.compile(r"(?=[\w-]*\d)[A-Za-z0-9][\w-]{0,11}|[A-Z0-9][A-Za-z]{1,2}|[a-z][A-Z]")
_HISTORY = re.compile(
    r"(?i)log|history|seen|visited|met|events?|journal|notes?|records?|past|done|memory|known|clues?|found"
)
_COPY_WORDS = re.compile(r"(?i)\b(?:cop(?:y|ies|ied)|duplicat\w*|clon\w*)\b")
MAX_DEPTH = 6


def _family(path: str) -> str:
    return re.sub(r"\[[^\]]*\]", "[*]", path)


def _id_of(entry: Any) -> str | None:
    if isinstance(entry, str):
        return entry if _CODE.fullmatch(entry) else None
    if isinstance(entry, dict):
        value = entry.get("id")
        if isinstance(value, str | int) and not isinstance(value, bool):
            return str(value)
    return None


@per_state
def places(state: dict[str, Any]) -> dict[str, Counter[str]]:
    """id -> how often each collection holds it (collections named by path, entries of a list of
    collections by their index or id: `galleries[east].pieces`, `piles[2]`)."""
    found: dict[str, Counter[str]] = {}
    _walk(state, "", found, 0)
    return found


def _walk(value: Any, path: str, found: dict[str, Counter[str]], depth: int) -> None:
    if depth > MAX_DEPTH:
        return
    if isinstance(value, dict):
        keyed = len(value) >= 2 and all(isinstance(inner, dict) for inner in value.values())
        for key, inner in value.items():
            if keyed:  # records keyed by name are entries of one collection: `galleries[east]`
                _walk(inner, f"{path}[{key}]", found, depth + 1)
            elif isinstance(inner, dict | list) and not _HISTORY.search(str(key)):
                _walk(inner, f"{path}.{key}" if path else str(key), found, depth + 1)
        return
    if not isinstance(value, list):
        return
    for index, entry in enumerate(value):
        thing = _id_of(entry)
        if thing is not None:
            found.setdefault(thing, Counter())[path] += 1
        if isinstance(entry, dict | list):
            name = entry.get("id") if isinstance(entry, dict) else None
            _walk(entry, f"{path}[{name if name is not None else index}]", found, depth + 1)


def shared_families(state: dict[str, Any]) -> set[str]:
    """The families of collections where one id is in two of them: links, not places ('exits' of rooms)."""
    return {
        _family(path)
        for held in places(state).values()
        for path in held
        if sum(n for p, n in held.items() if _family(p) == _family(path)) >= 2
    }


class OnePlaceOracle(Oracle):
    name = "one-place"

    def __init__(self) -> None:
        self.links: set[str] = set()  # families seen holding one id twice: the game keeps links there

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        if step.observation is None:
            return []
        self.links |= shared_families(step.before)
        found = self._judge(step) if step.command is not None else []
        self.links |= shared_families(step.state)
        return found

    def rejudge(self, steps: list[Step], subject: str) -> Anomaly | None:
        """Judged afresh: what this session learned since (the copy itself makes a family look linked)."""
        return Oracle.rejudge(OnePlaceOracle(), steps, subject)

    def _judge(self, step: Step) -> list[Anomaly]:
        if _COPY_WORDS.search(step.message[:2000]):
            return []
        before, after = places(step.before), places(step.state)
        found = []
        for thing, held in after.items():
            was = before.get(thing, Counter())
            if sum(was.values()) != 1:
                continue
            (source,) = was
            family = _family(source)
            twins = [p for p in held if _family(p) == family]
            if len(twins) >= 2 and source in twins and family not in self.links:
                found.append(self._anomaly(step, thing, sorted(twins)))
        return found

    def _anomaly(self, step: Step, thing: str, holders: list[str]) -> Anomaly:
        return Anomaly(
            self.name,
            thing,
            step.index,
            f"'{step.command}' leaves {thing} in two places at once",
            f"{thing}, which was only in one place, is in one place after the command",
            f"{thing} is in {' and in '.join(holders)} after '{step.command}'",
            step.verb,
            BugType.DATA_INCONSISTENCY,
        )

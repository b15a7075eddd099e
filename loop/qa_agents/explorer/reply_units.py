"""reply-unit-vs-delta: the unit words a game's own replies teach, held to the changes they went with.

A game often states a change in a unit that is not its field's name ('the skipper hands over 40p' while the
cashbox rises by 40; 'counts 8 dinars into your palm' while the purse rises by 8), or the value a change led
to ('The furnace reaches 1200 degrees' while the furnace's temperature went to 1200). A reply that gives a
number with a word after it, where exactly one field changed by that number, or exactly one changed field
now holds it (and the change is another number), and the command did not type it, teaches the word as that
field's unit. The unit is learned once replies with two different numbers agreed, the word never went
with another field and no reply gave it a number that was neither the field's change nor a value it had
while it changed (a value reached also counts from earlier games of the session, a change only from this
game). Afterwards, a reply to a command that
changes the field and gives one number in that unit must give the change or the value before or after
('hands over 22p' while the cashbox took 30; 'reaches 1450 degrees' while the temperature stopped at 1300).
A unit that only ever gave values the field reached must give the value reached: the value from before the
command is a stale message ('The purse now holds 19 coins' while the purse went 19 -> 28).

Only values of 10 or more (or with decimals) teach: a small whole number is the value of many fields by
chance. A report's subject carries the unit and its field (`stoke furnace.temperature|degree`), so a replay
on a new game is judged against what the session learned.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from loop.contract.models import BugType
from loop.qa_agents.explorer import numbers
from loop.qa_agents.explorer.per_state import Running, per_state
from loop.qa_agents.explorer.state_oracles import RESTORING
from loop.qa_agents.explorer.step_facts import as_said, ok, typed_numbers
from loop.qa_agents.explorer.vocabulary import stem
from loop.replay.oracle import Anomaly, Oracle
from loop.replay.transcript import Step

# 'hands over 22p', 'counts 8 dinars', '30 PTS': a number, then a word (not a decimal, time or fraction)
_NUMBER_UNIT = re.compile(
    r"(?:\b([a-z]+)\s+)?(?<![\w.:/])(\d+)\s?([a-z][a-z-]{0,11})\b(?![.:]\d)", re.IGNORECASE
)
_NOT_UNITS = frozenset(
    ("a", "an", "the", "of", "to", "and", "or", "in", "on", "at", "for", "by", "from", "with", "x")
    + ("is", "are", "was", "were", "be", "it", "its", "times", "more", "less")
)
# Two agreeing replies with different numbers make a unit: one could be chance.
AGREEMENTS = 2
MIN_VALUE = 10  # a value reached teaches a unit only from 10 up (or with decimals)


def unit_numbers(text: str, field_stems: set[str]) -> list[tuple[str, float]]:
    """(unit stem, number) for each number a text gives with a word that is not a field's own name, and
    that no field's or the clock's name labels ('Day 2 dawns' gives the day)."""
    found = []
    for label, number, word in _NUMBER_UNIT.findall(text[:4000]):
        unit = stem(word)
        if stem(label) in field_stems or stem(label) in numbers.CLOCK_STEMS:
            continue
        if word.lower() not in _NOT_UNITS and unit not in field_stems:
            found.append((unit, float(number)))
    return found


def _field_stems(fields: dict[str, float]) -> set[str]:
    return {stem(path.rsplit(".", 1)[-1]) for path in fields}


@per_state  # read as the step judged, and again as one that may teach
def said_units(step: Step) -> list[tuple[str, float]]:
    """unit_numbers of the step's reply."""
    return unit_numbers(step.message, _field_stems(numbers.numeric_fields(step.state)))


def _by_unit(step: Step) -> dict[str, list[float]]:
    """unit -> the numbers the step's reply gives in it."""
    said: dict[str, list[float]] = {}
    for unit, number in said_units(step):
        said.setdefault(unit, []).append(number)
    return said


def _field_stem(path: str) -> str:
    """The stem of a field's own name, the last key of its path ('balloon.altitudeFt' -> 'altitudeft')."""
    return stem(re.split(r"[.\]]", path.rstrip("]"))[-1])


def judged(step: Step) -> bool:
    """A command the game accepted and finished, that put no earlier state back."""
    if step.command is None or not ok(step) or step.verb in RESTORING:
        return False
    return step.observation is not None and not step.observation.game_over


CHANGE, VALUE = "change", "value"  # what a number a unit gave was of its field


def taught(step: Step) -> tuple[tuple[str, str, float, str], ...]:
    """(unit, path, number, what): a number the reply gives in a unit, which is the change of exactly one
    field or the value exactly one changed field reached (`what` says which)."""
    return tuple(_teaches(step))


def _teaches(step: Step) -> Iterator[tuple[str, str, float, str]]:
    if not judged(step) or step.observation is None:
        return
    changes = numbers.changed(step.before, step.state)
    if not changes:
        return
    typed = typed_numbers(step)
    for unit, number in said_units(step):
        # the change, and not a value the field had ('1000 ft' climbing from 0 is the height, not the climb);
        # or the value one field reached, and not its change
        moved = [
            (p, CHANGE)
            for p, (old, new) in changes.items()
            if abs(numbers.delta(old, new)) == number and number not in (old, new)
        ]
        moved += [
            (p, VALUE)
            for p, (old, new) in changes.items()
            if new == number
            and abs(numbers.delta(old, new)) != number
            and not _timelike(p)
            and _telling(number)
        ]
        # 'sell 2 water' -> '2 skins': the command's own number, which any field changed by it matches
        if len(moved) == 1 and number not in typed:
            yield unit, moved[0][0], number, moved[0][1]


def _telling(number: float) -> bool:
    """A value large enough to tell a field by: a small whole number is the value of many fields (a
    coordinate, a count) by chance."""
    return number >= MIN_VALUE or number != int(number)


def _timelike(path: str) -> bool:
    """A clock, or a field named for a stretch of time ('hour', 'day'): its value matches any small number."""
    return numbers.is_clock(path) or _field_stem(path) in numbers.CLOCK_STEMS


def contradicted(step: Step) -> tuple[tuple[str, str], ...]:
    """(unit, field): a reply that gives one number in the unit where the field changed, and the number is
    neither its change nor a value it had (nor another field's change): the unit does not state that field."""
    if not judged(step):
        return ()
    changes = numbers.changed(step.before, step.state)
    moves = {abs(numbers.delta(old, new)) for old, new in changes.values()}
    said = _by_unit(step)
    return tuple(
        (unit, path)
        for unit, values in said.items()
        if len(values) == 1
        for path, (old, new) in changes.items()
        if values[0] not in (abs(numbers.delta(old, new)), old, new) and values[0] not in moves
    )


_LABELLED = re.compile(r"\b([a-z][a-z-]+)\s+(\d+(?:\.\d+)?)\b", re.IGNORECASE)


def tells_of_several_changes(text: str, changes: dict[str, tuple[float, float]]) -> bool:
    """Does a reply give one changed field two different values ('you sink to level 3 ... The envelope has
    cooled: you sink to level 2')? It tells of several changes in turn, and its other numbers may be of the
    steps between."""
    names = {_field_stem(path) for path in changes}
    given: dict[str, set[str]] = {}
    for label, number in _LABELLED.findall(text[:4000]):
        if stem(label) in names:
            given.setdefault(stem(label), set()).add(number)
    return any(len(values) > 1 for values in given.values())


_so_far = Running(taught)
_against_so_far = Running(contradicted)


Agreeing = dict[str, dict[str, set[tuple[float, str]]]]  # unit -> field -> (number, what it was) replies gave


def learned(
    steps: list[Step], earlier: Agreeing | None = None, against: set[tuple[str, str]] | None = None
) -> dict[str, str]:
    """unit -> the one field it went with, in replies with at least two different numbers, and never
    `contradicted` (in `steps`, and in the `earlier` games of the session, whose contradictions are
    `against`)."""
    return {unit: path for unit, (path, _) in learned_as(steps, earlier, against).items()}


def learned_as(
    steps: list[Step], earlier: Agreeing | None = None, against: set[tuple[str, str]] | None = None
) -> dict[str, tuple[str, bool]]:
    """`learned`, each with whether the replies gave only values the field reached (never its change)."""
    agreeing: Agreeing = {
        unit: {p: set(ns) for p, ns in by_path.items()} for unit, by_path in (earlier or {}).items()
    }
    for unit, path, number, what in _so_far(steps):
        agreeing.setdefault(unit, {}).setdefault(path, set()).add((number, what))
    refuted = set(against or ()) | set(_against_so_far(steps))
    return {
        unit: (path, all(what == VALUE for _, what in agreed))
        for unit, by_path in agreeing.items()
        if len(by_path) == 1
        for path, agreed in by_path.items()
        if len({number for number, _ in agreed}) >= AGREEMENTS and (unit, path) not in refuted
    }


class ReplyUnitOracle(Oracle):
    name = "reply-unit-vs-delta"

    def __init__(self) -> None:
        self.earlier: Agreeing = {}  # what the session's earlier games taught
        self.against: set[tuple[str, str]] = set()  # and the (unit, field) pairs they contradicted
        self.claim: dict[str, tuple[str, bool]] | None = None  # unit -> (field, values only), from a subject
        self._game: tuple[int, int] = (0, 0)  # (id of the game's first step, steps of it already learned)

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        found = self._judge(steps)
        self._learn(steps)
        return found

    def rejudge(self, steps: list[Step], subject: str) -> Anomaly | None:
        head, *claim = subject.split("|")
        if not claim:
            return super().rejudge(steps, subject)
        oracle = ReplyUnitOracle()
        oracle.claim = {claim[0]: (head.split(" ", 1)[-1], claim[1:] == [VALUE])}
        return Oracle.rejudge(oracle, steps, subject)

    def _learn(self, steps: list[Step]) -> None:
        """Keep what this game taught for the games after it (once per step: a prefix judged again adds
        nothing)."""
        first, done = self._game
        if id(steps[0]) != first:
            first, done = id(steps[0]), 0
        for step in steps[done:]:
            for unit, path, number, what in taught(step):
                if what == VALUE:  # a change stated in a unit is learned anew in each game, as it was
                    self.earlier.setdefault(unit, {}).setdefault(path, set()).add((number, what))
            self.against.update(contradicted(step))
        self._game = (first, max(done, len(steps)))

    def _judge(self, steps: list[Step]) -> list[Anomaly]:
        step = steps[-1]
        if not judged(step):
            return []
        changes = numbers.changed(step.before, step.state)
        if not changes:
            return []
        said = _by_unit(step)
        if not said or tells_of_several_changes(step.message, changes):
            return []
        units = self.claim if self.claim is not None else learned_as(steps[:-1], self.earlier, self.against)
        moves = {abs(numbers.delta(old, new)) for old, new in changes.values()}
        found = []
        for unit, values in said.items():
            path, values_only = units.get(unit, ("", False))
            if path not in changes or len(values) != 1:
                continue  # a unit given several numbers is a breakdown ('4 dinars ... 2 dinars back')
            (value,) = values
            old, new = changes[path]
            # A unit that only ever gave values gives the value reached: the one before is stale.
            allowed = (new,) if values_only else (abs(numbers.delta(old, new)), old, new)
            if value in allowed or value in moves:
                continue  # the change, a value of the field, or the change of another field
            found.append(self._anomaly(step, path, unit, value, (old, new), values_only))
        return found

    def _anomaly(
        self, step: Step, path: str, unit: str, value: float, move: tuple[float, float], values_only: bool
    ) -> Anomaly:
        old, new = move
        states = f"the value {path} reached" if values_only else f"the change of {path}, or a value it had"
        stale = values_only and value == old
        return Anomaly(
            self.name,
            f"{step.verb} {path}|{unit}" + (f"|{VALUE}" if values_only else ""),
            step.index,
            f"The reply to '{step.verb}' gives {path} from before the command"
            if stale
            else f"The reply to '{step.verb}' gives a different {path} change than the state shows",
            f"'{unit}' states {states} in this game's replies: "
            + (as_said(new) if values_only else f"{as_said(abs(numbers.delta(old, new)))} or {as_said(new)}")
            + " here",
            f"the reply says {as_said(value)} {unit} but {path} went {as_said(old)} -> "
            f"{as_said(new)}: {step.message[:200]!r}",
            step.verb,
            BugType.DATA_INCONSISTENCY,
        )

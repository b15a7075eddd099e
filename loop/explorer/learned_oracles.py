"""Oracles that learn what a game keeps true from the session's own trace, then watch it (the Daikon idea),
and one convention every undo/redo follows. They read numbers and verbs, never a game's names.

- learned-order: two sibling numeric fields (one parent in the state) where one never exceeded the other
  over many distinct states, and the larger one was seen to hold the smaller back: a command that raised
  the smaller one elsewhere succeeded while the two were equal and left it where it was (population and
  housing, used and cap, under any names). A later state where the first exceeds the second breaks a
  rule the game kept everywhere else. Fields that merely happen to be ordered (a day and a stock, two
  prices) never show that evidence, so they are never trusted;
- redo-history: after 'undo', a new command that changes the state ends the redo history, so 'redo' must
  not then change the state (it would replay a move from a position it was never made in).
"""

from __future__ import annotations

import re
from itertools import permutations

from loop.contract.game_client import GameClient
from loop.contract.models import BugType
from loop.explorer import numbers, view
from loop.explorer.oracles import Anomaly, Oracle
from loop.explorer.transcript import Step, play

# A relation is trusted after this many distinct states, in which the two were equal in at least
# MET_STATES, and the larger one held the smaller back at least once.
LEARN_STATES, MET_STATES = 30, 2
# Positions and deltas order themselves by the map's shape, not by a rule of the game.
UNORDERED = re.compile(r"(^|[._])(x|y|z|dx|dy|row|col|column|delta|change|id|seed)$", re.IGNORECASE)
MAX_FIELDS = 40
UNDO, REDO = "undo", "redo"


def _ok(step: Step) -> bool:
    return step.observation is not None and step.observation.success


def _fields(state: view.State) -> dict[str, float]:
    fields = numbers.numeric_fields(state)
    return {k: v for k, v in sorted(fields.items())[:MAX_FIELDS] if not UNORDERED.search(k)}


def _parent(path: str) -> str:
    return path.rpartition(".")[0]


class LearnedOrderOracle(Oracle):
    name = "learned-order"

    def __init__(self) -> None:
        self.seen: set[str] = set()
        self.holding: set[tuple[str, str]] | None = None  # (small, large): small <= large in every state
        self.met: dict[tuple[str, str], int] = {}
        self.raisers: dict[str, set[str]] = {}  # field -> commands that raised it
        self.held: set[tuple[str, str]] = set()

    def trusted(self, small: str, large: str) -> bool:
        return (
            len(self.seen) >= LEARN_STATES
            and self.met.get((small, large), 0) >= MET_STATES
            and (small, large) in self.held
        )

    def _learn_moves(self, step: Step) -> None:
        if step.command is None or not _ok(step) or self.holding is None:
            return
        before, after = _fields(step.before), _fields(step.state)
        if before == after:
            return
        for a, b in self.holding:
            at_bound = a in before and b in before and before[a] == before[b]
            if at_bound and after.get(a) == before[a] and step.command in self.raisers.get(a, ()):
                self.held.add((a, b))
        for path, value in after.items():
            if path in before and value > before[path]:
                self.raisers.setdefault(path, set()).add(step.command)

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        if step.observation is None:
            return []
        self._learn_moves(step)
        key = view.state_key(step.state)
        if key in self.seen:
            return []
        fields = _fields(step.state)
        if self.holding is None:
            self.holding = {(a, b) for a, b in permutations(fields, 2) if _parent(a) == _parent(b)}
        broken = {(a, b) for (a, b) in self.holding if a in fields and b in fields and fields[a] > fields[b]}
        found = [self._anomaly(step, a, b, fields) for (a, b) in sorted(broken) if self.trusted(a, b)]
        self.holding -= broken
        self.seen.add(key)
        for a, b in self.holding:
            if a in fields and b in fields and fields[a] == fields[b]:
                self.met[(a, b)] = self.met.get((a, b), 0) + 1
        return found[:1]

    def confirm(
        self, client: GameClient, commands: list[str], subject: str
    ) -> tuple[Anomaly | None, list[Step]]:
        small, _, large = subject.partition(" <= ")
        steps = play(client, commands)
        for step in steps:
            fields = _fields(step.state) if step.observation is not None else {}
            if small in fields and large in fields and fields[small] > fields[large]:
                return self._anomaly(step, small, large, fields), steps
        return None, steps

    def _anomaly(self, step: Step, small: str, large: str, fields: dict[str, float]) -> Anomaly:
        return Anomaly(
            self.name,
            f"{small} <= {large}",
            step.index,
            f"{small} exceeds {large} ({fields[small]:g} > {fields[large]:g})",
            f"{small} <= {large}, as in every other state seen ({len(self.seen)} states)",
            f"{small} is {fields[small]:g} and {large} is {fields[large]:g} after "
            f"'{step.command or 'new game'}'",
            step.verb or "new game",
            BugType.BOUNDARY,
        )


class RedoHistoryOracle(Oracle):
    name = "redo-history"

    def __init__(self) -> None:
        self.redo_known = False
        self.offered = 0

    @staticmethod
    def _since_undo(steps: list[Step]) -> list[Step] | None:
        """The steps after this game's last successful undo (None without one, or after a redo)."""
        for i in range(len(steps) - 1, 0, -1):
            if steps[i].verb == REDO and not steps[i].noun:
                return None
            if steps[i].verb == UNDO and not steps[i].noun and _ok(steps[i]):
                return steps[i + 1 :]
        return None

    @staticmethod
    def _changed(step: Step) -> bool:
        return _ok(step) and view.state_key(step.before) != view.state_key(step.state)

    def leads(self, steps: list[Step], known_items: set[str]) -> list[str]:
        after = self._since_undo(steps)
        if not after or not self._changed(after[-1]) or after[-1].verb in (UNDO, REDO):
            return []
        if not self.redo_known and self.offered >= 2:
            return []  # the game has no redo
        self.offered += 1
        return [REDO]

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        if step.verb != REDO or step.noun or not _ok(step):
            return []
        self.redo_known = True
        after = self._since_undo(steps[:-1])
        moved = [s for s in after or [] if s.verb not in (UNDO, REDO) and self._changed(s)]
        if not moved or not self._changed(step):
            return []
        return [
            Anomaly(
                self.name,
                f"redo after {moved[0].verb}",
                step.index,
                f"'redo' still replays an undone command after a new '{moved[0].verb}'",
                f"'{moved[0].command}' after 'undo' ends the redo history: 'redo' is refused",
                f"'redo' succeeds and changes the state: {step.message[:160]!r}",
                REDO,
                BugType.LOGIC_ERROR,
            )
        ]


def learned_oracles() -> list[Oracle]:
    return [LearnedOrderOracle(), RedoHistoryOracle()]

"""What the explorer remembers of the commands it played: where it tried each one, whether it ever changed
anything, and the replies it got. The ranking of the next command reads it (staleness), never a game's names.

A command that never changed the state anywhere and keeps getting the same reply (the help text, 'I do not
understand that', 'Do it where?') is a dud: wherever it is tried again it ranks as if tried more often, so a
game whose every step is a new state (patrolling enemies, a clock in a list) does not spend its budget on
the same refusals in every place. A dud is never dropped: a new reply or a change makes it an ordinary
command again (the same 'you need more of them' until one holds enough). In a game whose state shows no
exits (a grid), a move in a direction is never a dud: a wall along a whole edge says nothing of the cells
beyond it (where the state lists exits, the explorer knows which directions lead somewhere).

Novelty is judged on the state without its ambient keys: a key that changes on nearly every command that
changes anything, whatever the verb (enemies that patrol, a log of events), makes every step a new state
and would make the search forget where it has been. They are learned once, from the session's own steps.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from dataclasses import dataclass, field

from loop.qa_agents.explorer import numbers
from loop.qa_agents.explorer.commands import COMPASS
from loop.replay import view
from loop.replay.transcript import Step

# A command that never changed anything in a room ranks as if tried this many more times there.
INERT_PENALTY = 4
# Each repeat of a dud's same reply beyond the first ranks it as if tried this many more times.
DUD_PENALTY = 3
# Arguments shaped unlike every argument list that ever worked with the verb ('push foo bar' once
# 'push x9 y8' worked) rank as if tried this many more times.
SHAPE_PENALTY = 2
# An argument a refusal names ('There is no foo here', 'bar is not a place') is blamed: a command that puts it
# in the same place for the same verb ranks as if tried this many more times per blame.
BLAME_PENALTY = 3
# A verb the game answered like a word that cannot exist every time it was typed, more than NONSENSE_GRACE
# times, ranks each of its commands as if tried this many more times per further refusal (up to
# NONSENSE_CAP): a help's layout may name a verb the game does not have ('blow <shape>' under a group, typed
# 'piece blow'), and the game's answer, not the help, says what exists.
NONSENSE_GRACE, NONSENSE_PENALTY, NONSENSE_CAP = 3, 2, 24
_DIGITS = re.compile(r"\d+")
DIRECTIONS = frozenset({*COMPASS, "n", "s", "e", "w", "u", "d", "ne", "nw", "se", "sw"})
# Ambient keys are learned after this many state-changing steps by at least this many verbs, as those that
# changed in at least this share of them.
AMBIENT_AFTER, AMBIENT_VERBS, AMBIENT_SHARE = 30, 3, 0.9


def reply_signature(step: Step) -> str:
    """The reply without its numbers: 'You have 3 coins' and 'You have 4 coins' say the same thing."""
    ok = step.observation is not None and step.observation.success
    return f"{ok}:{_DIGITS.sub('#', step.message.strip().lower())[:200]}"


@functools.lru_cache(maxsize=4096)  # asked for every untried command at every choice
def shape(command: str) -> tuple[str, ...]:
    """The shape of a command's arguments: 'push x9 y8' -> ('a9', 'a9'), 'give foo 5' -> ('a', '9')."""
    return tuple(re.sub(r"[a-z]+", "a", _DIGITS.sub("9", word.lower())) for word in command.split()[1:])


def _blamed(step: Step) -> list[tuple[str, int, str]]:
    """The arguments of a refused command that its reply names, when it names some but not all of them."""
    words = (step.command or "").lower().split()[1:]
    said = set(re.findall(r"[\w-]+", step.message.lower()))
    named = [(step.verb, i, w) for i, w in enumerate(words) if w in said]
    return named if 0 < len(named) < len(words) else []


def changed_scalars(before: view.State, after: view.State) -> bool:
    """Did a number or a name of the state change (not only lists, nor only the clock)? A run of one
    command continues while it does: walking to an edge, selling to a price floor, filling a cap."""
    if view.place(before) != view.place(after):
        return True
    if _counts(before) != _counts(after):
        return True
    return _scalars(before) != _scalars(after)


def _counts(state: view.State) -> dict[str, float]:
    """The state's numbers, without a clock nested in it ('counters': {'ticks': 4})."""
    fields = numbers.numeric_fields(state)
    return {k: v for k, v in fields.items() if not numbers.is_clock(k)}


def _scalars(state: view.State) -> dict[str, object]:
    return {k: v for k, v in view.without_clock(state).items() if isinstance(v, str | bool)}


@dataclass
class CommandMemory:
    tried: dict[str, set[str]] = field(default_factory=dict)  # state key -> commands played there
    room_counts: dict[tuple[str, str], int] = field(default_factory=dict)
    verb_counts: dict[tuple[str, str], int] = field(default_factory=dict)
    fruitless_counts: Counter[tuple[str, str]] = field(default_factory=Counter)  # (room, command)
    effective: set[tuple[str, str]] = field(default_factory=set)  # (room, command) that changed the state
    ever_effective: set[str] = field(default_factory=set)
    ever_answered: set[str] = field(default_factory=set)  # commands with arguments the game answered as real
    replies: dict[str, Counter[str]] = field(default_factory=dict)
    ambient: frozenset[str] | None = None  # None until learned
    changes: Counter[str] = field(default_factory=Counter)  # key -> state-changing steps that changed it
    changing_verbs: set[str] = field(default_factory=set)
    shapes: dict[str, set[tuple[str, ...]]] = field(default_factory=dict)  # verb -> shapes that worked
    blamed: Counter[tuple[str, int, str]] = field(default_factory=Counter)  # (verb, position, word)
    like_nonsense: Counter[str] = field(default_factory=Counter)  # verb -> refusals like a nonsense word's
    answered_verbs: set[str] = field(default_factory=set)  # verbs the game answered otherwise at least once
    exits_shown: bool = False

    def novelty_key(self, state: view.State) -> str:
        """The state for novelty: without the clock and, once learned, without its ambient keys."""
        if not self.ambient:
            return view.state_key(state)
        return view.state_key({k: v for k, v in state.items() if k not in self.ambient})

    def _learn_ambient(self, step: Step) -> None:
        before, after = view.without_clock(step.before), view.without_clock(step.state)
        self.changes.update(k for k in set(before) | set(after) if before.get(k) != after.get(k))
        self.changes["\0steps"] += 1
        self.changing_verbs.add(step.verb)
        total = self.changes["\0steps"]
        if total < AMBIENT_AFTER or len(self.changing_verbs) < AMBIENT_VERBS:
            return
        ambient = {k for k, n in self.changes.items() if n >= AMBIENT_SHARE * total and k != "\0steps"}
        # A key that is the player's place is never ambient: moving is what exploring is.
        self.ambient = frozenset(k for k in ambient if view.place({k: after.get(k)}) == "")

    def record(self, step: Step, room: str, counted: bool = True) -> None:
        """A played step: where it was tried, whether it changed anything, what it answered; `counted`: a
        fruitless one uses up its verb's tries in the room."""
        assert step.command is not None
        command = step.command
        self.exits_shown = self.exits_shown or bool(view.exits(step.state))
        succeeded = step.observation is not None and step.observation.success
        if self.ambient is None and succeeded and view.state_key(step.before) != view.state_key(step.state):
            self._learn_ambient(step)
        self.tried.setdefault(self.novelty_key(step.before), set()).add(command)
        self.room_counts[(room, command)] = self.room_counts.get((room, command), 0) + 1
        self.replies.setdefault(command, Counter())[reply_signature(step)] += 1
        if self.novelty_key(step.state) != self.novelty_key(step.before):
            self.effective.add((room, command))
            self.ever_effective.add(command)
            self.shapes.setdefault(step.verb, set()).add(shape(command))
        elif counted:  # only a verb's fruitless tries use up its turns in a room
            self.verb_counts[(room, step.verb)] = self.verb_counts.get((room, step.verb), 0) + 1
            self.fruitless_counts[(room, command)] += 1
        if step.observation is not None and not step.observation.success:
            self.blamed.update(_blamed(step))

    def staleness(self, room: str, command: str) -> int:
        """How often a command was tried in this room; more if it never changed anything there, more
        again if it is a dud everywhere."""
        count = self.room_counts.get((room, command), 0)
        if count and (room, command) not in self.effective:
            count += INERT_PENALTY
        verb, *words = command.split() or [""]
        blame = sum(self.blamed[(verb, i, w)] for i, w in enumerate(words)) if self.blamed else 0
        penalties = self.dud_penalty(command) + self.shape_penalty(command) + BLAME_PENALTY * blame
        return count + penalties + self.nonsense_penalty(verb.lower())

    def judge_verb(self, verb: str, like_nonsense: bool) -> None:
        """A command of `verb` was answered as a nonsense word is, or otherwise."""
        if like_nonsense:
            self.like_nonsense[verb] += 1
        else:
            self.answered_verbs.add(verb)

    def nonsense_penalty(self, verb: str) -> int:
        if verb in self.answered_verbs:
            return 0
        return min(NONSENSE_CAP, NONSENSE_PENALTY * max(0, self.like_nonsense[verb] - NONSENSE_GRACE))

    def shape_penalty(self, command: str) -> int:
        worked = self.shapes.get(command.split()[0] if command else "")
        if not worked:
            return 0  # nothing worked with the verb yet: every shape fits
        arity = len(command.split()) - 1
        fits = shape(command) in worked or not any(len(s) == arity for s in worked)
        return 0 if fits else SHAPE_PENALTY

    def dud_penalty(self, command: str) -> int:
        replies = self.replies.get(command)
        if command in self.ever_effective or not replies or len(replies) > 1:
            return 0
        if not self.exits_shown and DIRECTIONS & set(command.lower().split()):
            return 0
        return DUD_PENALTY * (next(iter(replies.values())) - 1)

    def forget_verbs(self, verbs: set[str]) -> None:
        """The fruitless tries of these verbs, everywhere: they have a form not tried yet."""
        if verbs:
            self.verb_counts = {key: n for key, n in self.verb_counts.items() if key[1] not in verbs}

    def fruitless(self, room: str, command: str) -> int:
        return self.fruitless_counts[(room, command)]

    def verb_tries(self, room: str, verb: str) -> int:
        return self.verb_counts.get((room, verb), 0)


# A command refused with a number in the reply ('again in 2 turns') is retried after each of the next
# this many steps: a timer's last tick is where off-by-one bugs live.
RETRIES = 4


@dataclass
class RetryAfterWait:
    command: str = ""
    left: int = 0

    def follow(self, step: Step, worked_before: set[str]) -> list[str]:
        """What to play next after `step` (nothing, or the command being retried)."""
        ok = step.observation is not None and step.observation.success
        if step.command is None:
            return []
        if step.command == self.command:
            if ok:
                self.left = 0
            return []
        if not ok and step.command in worked_before and _DIGITS.search(step.message):
            self.command, self.left = step.command, RETRIES
            return []
        if self.left > 0:
            self.left -= 1
            return [self.command]
        return []

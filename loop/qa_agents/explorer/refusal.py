"""The game's refusal, learned from commands that cannot exist, and which commands it tells apart from it.

At the start of a session the explorer plays a few strings of random letters: no game has such a verb, so
their replies are how this game refuses a command it does not know ('I don't understand', 'No such call
'xq'', 'Gloomwell does not know how to ...'), whatever its words. A command is valid when the game answers
it otherwise (the valid-action detection of text-game research): its success differs from the refusals', or
its reply is not like theirs, or (where the refusals have no wording of their own) it changed the state
beyond what refusals change too (a clock, an order count). A reply is compared as the set of its words,
without the words of the command (a refusal often echoes it), quoted spans and numbers; a game that words
its refusals in a few ways is learned from several.
"""

from __future__ import annotations

import functools
import random
import re
from collections import Counter
from dataclasses import dataclass, field

from loop.qa_agents.explorer.step_facts import leaves
from loop.replay.transcript import Step

NONSENSE_PROBES = 4
MAX_NONSENSE_PROBES = 8  # while replies bring new wordings, a few more to learn them
SIMILAR = 0.6  # word-set overlap (Jaccard) at which two replies say the same thing
_CONSONANTS = "bcdfghjklmnpqrstvwxz"
# A quoted span opens and closes outside a word: the apostrophe of "don't" opens nothing.
_QUOTED = re.compile(r"(?<!\w)'[^'\n]{0,60}'(?!\w)|\"[^\"\n]{0,60}\"|`[^`\n]{0,60}`|\[[^\]\n]{0,60}\]")
_WORDS = re.compile(r"[a-z]+")
MAX_REPLY = 600
# A status board a game appends to every reply ('WEIR CROSS LOCK  tick 3 of 40 ...'), refusals included: the
# words in nearly every reply to a command that changed the state, once a few did, are left out of a
# comparison with a refusal (else every reply is like one).
BOARD_SHARE = 0.9
BOARD_MIN_REPLIES = 6


def nonsense(rng: random.Random) -> str:
    """A string of random consonants: a word no game knows."""
    return "".join(rng.choice(_CONSONANTS) for _ in range(rng.randint(6, 8)))


@functools.lru_cache(maxsize=2048)
def reply_words(message: str, command: str) -> frozenset[str]:
    """The words of a reply that do not depend on the command: quoted spans, digits and the command's own
    words left out."""
    text = _QUOTED.sub(" ", message[:MAX_REPLY].lower())
    echoed = set(command.lower().split())
    return frozenset(w for w in _WORDS.findall(text) if w not in echoed)


def similar(a: frozenset[str], b: frozenset[str]) -> bool:
    if not a or not b:
        return a == b
    return len(a & b) / len(a | b) >= SIMILAR


@dataclass
class Refusal:
    """What the game's refusals look like: their words, their success flag, and the state leaves that
    changed even so (counters that move on every command)."""

    replies: list[frozenset[str]] = field(default_factory=list)
    successes: set[bool] = field(default_factory=set)
    moving: set[str] = field(default_factory=set)
    probes: int = 0
    done_words: Counter[str] = field(default_factory=Counter)  # words of the replies to commands that did
    done_replies: int = 0
    _board: tuple[int, frozenset[str]] = (-1, frozenset())

    @property
    def learned(self) -> bool:
        return bool(self.replies)

    def wants_more(self) -> bool:
        """Another nonsense word: until the last three replies each repeated an earlier wording (a game may
        word its refusals a few ways, picked by the word), within a bound."""
        if self.probes < NONSENSE_PROBES:
            return True
        return self.probes < MAX_NONSENSE_PROBES and not all(self._repeats(-i) for i in (1, 2, 3))

    def _repeats(self, index: int) -> bool:
        """Did the reply at `index` say what an earlier one said?"""
        if len(self.replies) < -index + 1:
            return False
        reply, earlier = self.replies[index], self.replies[: len(self.replies) + index]
        return any(similar(reply, known) for known in earlier)

    def learn(self, step: Step) -> None:
        """A nonsense command's step."""
        self.probes += 1
        if step.observation is None or step.command is None:
            return
        self.replies.append(reply_words(step.message, step.command))
        self.successes.add(step.observation.success)
        before, after = leaves(step.before), leaves(step.state)
        self.moving |= {k for k in before.keys() | after.keys() if before.get(k) != after.get(k)}

    @property
    def reliable(self) -> bool:
        """The refusals come in a few wordings, one of them at least twice: a reply can be compared to them (a
        game that answers every unknown word with new flavour text leaves only the state and the success
        flag to go by)."""
        return any(self._repeats(i) for i in range(-len(self.replies), 0))

    def hear(self, step: Step) -> None:
        """A step of play: a reply to a command that changed the state teaches which words every reply has."""
        if step.observation is None or step.command is None or not self.learned or not self.changed(step):
            return
        self.done_replies += 1
        self.done_words.update(reply_words(step.message, ""))

    @property
    def board(self) -> frozenset[str]:
        """The words nearly every reply to a command that did something has: a board shown after each."""
        if self.done_replies < BOARD_MIN_REPLIES:
            return frozenset()
        if self._board[0] != self.done_replies:
            least = BOARD_SHARE * self.done_replies
            self._board = (self.done_replies, frozenset(w for w, n in self.done_words.items() if n >= least))
        return self._board[1]

    def weak(self, step: Step) -> bool:
        """Nothing tells `step` from a refusal but its words: it changed nothing and succeeded as they do."""
        ok = step.observation is not None and step.observation.success
        return ok in self.successes and not self.changed(step)

    def add_wording(self, words: frozenset[str]) -> None:
        """A refusal's wording learned in play (a game that words its refusals several ways)."""
        if not any(similar(words, known) for known in self.replies):
            self.replies.append(words)

    def changed(self, step: Step) -> bool:
        """The step changed the state beyond what a refusal changes too."""
        if step.before == step.state:
            return False
        before, after = leaves(step.before), leaves(step.state)
        keys = (before.keys() | after.keys()) - self.moving
        return any(before.get(k) != after.get(k) for k in keys)

    def refused(self, step: Step) -> bool:
        """The game answered `step` as it answers a command that cannot exist. Where its refusals have a
        wording, a reply in it is a refusal even if the state moved (a monster struck, a clock ran): what
        moved is learned as moving anyway. Without one, only an unchanged state and success tell."""
        if step.observation is None or step.command is None or not self.learned:
            return False
        if step.observation.success not in self.successes:
            return False
        if not self.reliable:
            return not self.changed(step)
        board = self.board
        words = reply_words(step.message, step.command) - board
        if not any(similar(words, known - board) for known in self.replies):
            return False
        before, after = leaves(step.before), leaves(step.state)
        self.moving |= {k for k in before.keys() | after.keys() if before.get(k) != after.get(k)}
        return True


def echoes(message: str, command: str) -> bool:
    """Does the reply quote the command as it was typed ("No such call 'xq'"), as refusals of a word do?"""
    quoted = (span.strip("'\"`[]").strip().lower() for span in _QUOTED.findall(message[:MAX_REPLY]))
    return command.strip().lower() in quoted

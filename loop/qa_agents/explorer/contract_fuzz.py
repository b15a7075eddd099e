"""API-contract fuzzing within a fixed share of the budget, at its end.

The last SHARE of the budget (of its steps, or of its wall-clock time, whichever comes first) is fuzzing, so
exploration before it is what it would be without: two body probes, then an odd command, in turn.
- a body probe (loop/qa_agents/explorer/api_probes.py) against a game of its own, so the explored game is
  untouched;
  a violation is judged by the `api-contract` oracle and replayed on a new game before it is reported;
- an odd command in the explored game: a command that once changed the state, in another form (its verb
  alone, cut after its first argument, 'all' for its number or as the argument of a verb that took none,
  its last word in capitals), or
  with one argument replaced by a very long word, odd characters, an unknown id or an out-of-range number,
  the two in turn. It is an ordinary step,
  judged by every oracle (a 5xx is the `server-error` oracle's, replayable as steps). A game that refuses it
  with a 4xx is right; one that answers it with no JSON is reported as a probe of that command. Either way
  the game the explorer played is left (its state is not known after such an answer).
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field

from loop.qa_agents.explorer.api_contract import ApiContractOracle
from loop.qa_agents.explorer.api_probes import BODY_PROBES, ApiProbe, command_probe, failure_kind, send
from loop.qa_agents.explorer.budget import Budget
from loop.qa_agents.explorer.findings import Finding
from loop.qa_agents.explorer.help_range import HELP_VERBS
from loop.replay.transcript import GameSession, Step

SHARE = 0.05
LONG_WORD = "z" * 120
ALL = "all"  # the quantity of every game's 'sell all', given where a number or nothing was typed
ODD_WORDS = ("'", '"', "%s%n", "{0}", "\\", "<b>", "\u00e9\u5317\U0001f5dd", "../..", ";", "-", "*", "null")
ODD_NUMBERS = ("99999999999999999999", "-99999", "1e309", "nan", "0.5", "-0", "0x1f", "+1", "2147483648")
_NUMBER = re.compile(r"-?\d+")


def unknown_id(word: str) -> str:
    """A word of the same shape that names nothing: 'u1' -> 'u999', 'sword' -> 'swordzz'."""
    return _NUMBER.sub("999", word) if _NUMBER.search(word) else word + "zz"


def other_forms(command: str) -> tuple[str, str, str, str]:
    """Forms of a command that worked which a parser may not expect, one of each kind ('' where it has none):
    its verb alone ('go'), its arguments cut after the first ('ask martha' of 'ask martha about the will'),
    'all' for its first number ('hire all militia'), its last word in capitals ('d C')."""
    verb, *words = command.split()
    cut = f"{verb} {words[0]}" if len(words) > 1 else ""
    number = next((i for i, word in enumerate(words) if word.isdigit()), None)
    every = " ".join([verb, *words[:number], ALL, *words[number + 1 :]]) if number is not None else ""
    shouted = " ".join([verb, *words[:-1], words[-1].upper()]) if words[-1].upper() != words[-1] else ""
    return verb, cut, every, shouted


def odd_arguments(word: str) -> list[str]:
    """What to put where `word` stood: one of each kind in turn (an unknown id, a long word, an out-of-range
    number, odd characters), the kind a parser of that argument is least ready for first."""
    mixed = [value for pair in zip(ODD_NUMBERS, ODD_WORDS, strict=False) for value in pair]
    mixed += ODD_WORDS[len(ODD_NUMBERS) :]
    if _NUMBER.fullmatch(word):
        return [ODD_NUMBERS[0], LONG_WORD, *mixed[1:], unknown_id(word)]
    return [unknown_id(word), LONG_WORD, *mixed]


@dataclass
class ContractFuzzer:
    seed: int = 0
    max_length: int = 200
    probes: list[ApiProbe] = field(default_factory=lambda: list(BODY_PROBES))
    tried: set[str] = field(default_factory=set)
    failures: set[tuple[str, str, str]] = field(default_factory=set)  # (family, path, kind) reported
    oracle: ApiContractOracle = field(default_factory=ApiContractOracle)
    turn: int = 0
    odd_turns: int = 0
    cycle: int = 0  # odd arguments of the kinds' cycle sent
    formed: set[tuple[str, int]] = field(default_factory=set)  # (verb, kind of other form) sent
    strangers: set[tuple[str, int]] = field(default_factory=set)  # (verb, argument) given an unknown id
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)  # its own: the explorer's choices stay as they were

    def due(self, budget: Budget) -> bool:
        late = budget.steps >= budget.max_steps * (1 - SHARE) or budget.elapsed >= budget.max_seconds * (
            1 - SHARE
        )
        return late and budget.steps < budget.max_steps

    def odd_command(self, worked: set[str], answered: AbstractSet[str] = frozenset()) -> str | None:
        """An untried command: in turn another form of one that worked (other_forms; a verb that took no
        argument given 'all'), and one with one argument made odd. Every third odd argument, while there
        are some, names nothing in an argument no command of its verb had such a name in yet (`quote p3,
        adazz`), in a command that worked or that the game answered without a change (a query, a quote):
        a game looking up a name it does not have is where it most often breaks. The others take each kind
        of oddity in turn, a long word first."""
        commands = sorted(c for c in worked if len(c.split()) > 1)
        self.rng.shuffle(commands)
        sent_or_worked = self.tried | worked
        alone = sorted(c for c in worked if len(c.split()) == 1 and c not in HELP_VERBS)
        by_kind = [*zip(*(other_forms(c) for c in commands), strict=True), [f"{v} {ALL}" for v in alone]]
        # one of each kind in turn: every verb alone first would leave no turn for the others
        forms: list[tuple[str, int]] = [
            (form, kind) for turn in itertools.zip_longest(*by_kind) for kind, form in enumerate(turn) if form
        ]
        fresh: list[tuple[str, int]] = [(f, k) for f, k in dict.fromkeys(forms) if f not in sent_or_worked]
        # each verb in each form once before any form again ('post 1', 'post 2' cut alike)
        bare: list[str] = [f for f, kind in fresh if (f.split()[0], kind) not in self.formed]
        bare += [f for f, kind in fresh if (f.split()[0], kind) in self.formed]
        kind_of = dict(fresh)
        if bare and len(self.tried) % 2 == 0:  # every other time, another form ('go' alone, 'hire all')
            self.tried.add(bare[0])
            self.formed.add((bare[0].split()[0], kind_of[bare[0]]))
            return bare[0]
        self.odd_turns += 1
        stranger = self._stranger(sorted(worked | answered)) if self.odd_turns % 3 == 2 else None
        if stranger is not None:
            return stranger
        kinds = len(odd_arguments("x"))
        self.cycle += 1
        for attempt in range(kinds):
            kind = (2 * self.cycle - 1 + attempt) % kinds  # a long word first, then every other kind
            for command in commands:
                verb, *words = command.split()
                position = self.rng.randrange(len(words))
                odd = odd_arguments(words[position])[kind]
                candidate = " ".join([verb, *words[:position], odd, *words[position + 1 :]])
                if candidate not in self.tried and len(candidate) <= self.max_length:
                    self.tried.add(candidate)
                    return candidate
        if bare:
            self.tried.add(bare[0])
            return bare[0]
        return None

    def _stranger(self, commands: list[str]) -> str | None:
        """A command with an unknown id in a named argument of its verb that had none yet."""
        self.rng.shuffle(commands)
        for command in commands:
            verb, *words = command.split()
            for position, word in enumerate(words):
                if (verb, position) in self.strangers or _NUMBER.fullmatch(word.rstrip(",")):
                    continue  # a number's oddities are the out-of-range numbers
                candidate = " ".join([verb, *words[:position], unknown_id(word), *words[position + 1 :]])
                if candidate in self.tried or len(candidate) > self.max_length:
                    continue
                self.strangers.add((verb, position))
                self.tried.add(candidate)
                return candidate
        return None

    def next_probe(self) -> ApiProbe | None:
        return self.probes.pop(0) if self.probes else None

    def probe(
        self, session: GameSession, report: Callable[[ApiContractOracle, Finding], None]
    ) -> dict[str, object] | None:
        """Send the next body probe to `session`'s game (a game of the fuzzer's own); what it sent and got,
        for the trace."""
        probe = self.next_probe()
        if probe is None:
            return None
        answer = send(session.client, probe, session.game_id)
        anomaly = self.oracle.check(probe, answer, 0)
        failure = (probe.family, probe.path, failure_kind(answer))
        if anomaly is not None and failure not in self.failures:  # one report per family and failure
            self.failures.add(failure)
            report(self.oracle, Finding(anomaly, []))
        return {"probe": probe.shown(), "status": answer.status, "reply": answer.text[:200]}

    def argument(
        self, session: GameSession, command: str, report: Callable[[ApiContractOracle, Finding], None]
    ) -> Step | None:
        """Play an odd command in the explored game; None when the game answered it with no agent reply
        (then the game must be left: what state it is in is not known)."""
        prefix = list(session.commands)
        step = session.send(command)
        if not step.outside_api:
            return step
        probe = command_probe(command)
        anomaly = self.oracle.check(probe, send(session.client, probe, session.game_id), len(prefix))
        if anomaly is not None:
            report(self.oracle, Finding(anomaly, prefix))
        return None

    def kind(self) -> str:
        """Whose turn it is: two body probes, then an odd argument; arguments once the probes are out."""
        self.turn += 1
        return "probe" if self.turn % 3 and self.probes else "argument"

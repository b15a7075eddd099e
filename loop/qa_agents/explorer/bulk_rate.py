"""bulk-rate: a quantity the game's own text says is charged less ('An order of 10 or more of one supply
gets a tenth off', 'A party of 6 or more in one sale gets 10% off') is charged less, from that quantity on.

The rule is read from any reply that states it (a help topic, a market's board), in any game, for the
commands whose words that reply names, on the side of a trade it names (a rule for orders says nothing of
sales). A command that types one number, of a shape whose money moved at one rate per unit below the
threshold (seen with two numbers), that types the threshold or more and still moves every such field by the
full rate times its number, breaks the rule the game stated. The leads play a shape the rule covers at 1, at
2 and at its threshold.

A report's subject carries the claim (`bulk|<shape>|<threshold>|<field>|<rate>`), so a replay is judged
without the text that stated it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from loop.contract.models import BugType
from loop.qa_agents.explorer import numbers
from loop.qa_agents.explorer.per_state import per_state
from loop.qa_agents.explorer.reply_units import judged
from loop.qa_agents.explorer.step_facts import as_said
from loop.qa_agents.explorer.typed_quantity import rates, typed
from loop.qa_agents.explorer.vocabulary import names_money, stem
from loop.replay.oracle import Anomaly, Oracle
from loop.replay.transcript import Step

# '10 or more', '6 tickets or more', '20 kg and over': a quantity from which a rule holds
_FROM = re.compile(r"(?<![\d.£$€])(\d+)\s+(?:[a-z]+\s+){0,2}?(?:or more|or over|and over|and above)\b", re.I)
# what the rule does: makes it cheaper
_CHEAPER = re.compile(r"%\s*off|\b(?:off|discount(?:ed)?|cheaper|less|bulk|group rate|reduced)\b", re.I)
# A rate a unit: '150p a kg', '£1.20 per kg', '3 coins each'
_RATE = re.compile(r"(\d+(?:\.\d+)?)\s*(?:[a-z£$€]{1,6}\s+)?(?:(?:a|an|per)\s+([a-z]+)|each)\b", re.I)
_SENTENCE = re.compile(r"[^.!?\n]+")
_WORD = re.compile(r"[a-z]{3,}")
_NOT_NAMES = frozenset({"the", "and", "for", "from", "with", "into", "onto", "all"})

# The two sides of a trade: a rule worded for one side says nothing of commands of the other.
_SIDES = {
    "buying": frozenset(stem(w) for w in ("buy", "purchase", "order", "orders", "bought")),
    "selling": frozenset(stem(w) for w in ("sell", "sale", "sales", "sold")),
}
MAX_LEADS = 3  # per shape and game: its rate at 1 and 2, then its threshold


@dataclass(frozen=True)
class Claim:
    """Commands of `shape` typing `threshold` or more move `path` by less than `rate` a unit."""

    shape: str
    threshold: int
    path: str
    rate: float

    @property
    def subject(self) -> str:
        return f"bulk|{self.shape}|{self.threshold}|{self.path}|{self.rate:g}"

    @classmethod
    def from_subject(cls, subject: str) -> Claim | None:
        parts = subject.split("|")
        if len(parts) != 5 or parts[0] != "bulk" or not parts[2].isdigit():
            return None
        try:
            return cls(parts[1], int(parts[2]), parts[3], float(parts[4]))
        except ValueError:
            return None


@per_state  # read as the step judged, and again by the leads
def _rules(step: Step) -> tuple[tuple[int, str, frozenset[str]], ...]:
    """(threshold, the side of a trade it names, the stems of the reply's words) for each sentence of the
    reply stating a cheaper rate from a quantity on."""
    if step.observation is None or "or more" not in step.message and " and " not in step.message:
        return ()
    text = step.message[:4000]
    sentences = _SENTENCE.findall(text)
    words = frozenset(stem(w) for w in _WORD.findall(text.lower()))
    found = []
    priced: frozenset[str] | None = None  # the words of the reply's priced lines, read once if needed
    for sentence in sentences:
        start = _FROM.search(sentence)
        if start is None or int(start.group(1)) <= 1:
            continue
        if _CHEAPER.search(sentence):
            found.append((int(start.group(1)), _side(sentence), words))
        elif _lower_rate_after(sentence):
            # a price line ('wax: 4p a lb, 3p a lb for 10 lb or more') covers its own goods, not those the
            # reply prices on other lines ('wicks at 1p each')
            if priced is None:
                priced = frozenset(
                    stem(w) for line in sentences if _RATE.search(line) for w in _WORD.findall(line.lower())
                )
            own = frozenset(stem(w) for w in _WORD.findall(sentence.lower()))
            found.append((int(start.group(1)), _side(sentence), (words - priced) | own))
    return tuple(found)


def _lower_rate_after(sentence: str) -> bool:
    """'Clay costs 150p a kg, or 120p a kg for an order of 10 kg or more': rates for one unit, a later one
    lower."""
    found = [(float(m.group(1)), (m.group(2) or "").lower()) for m in _RATE.finditer(sentence)]
    return any(
        later < first and unit == found[0][1] for first, unit in found[:1] for later, _ in found[1:]
    ) and all(unit == found[0][1] for _, unit in found)


def _side(text: str) -> str:
    """The one side of a trade the words name ('An order of 10...': buying), or '' for none or both."""
    words = {stem(w) for w in _WORD.findall(text.lower())}
    sides = [side for side, stems in _SIDES.items() if stems & words]
    return sides[0] if len(sides) == 1 else ""


def _covered(shape: str, side: str, words: frozenset[str]) -> bool:
    """Whether a rule covers the shape: the reply stating it names the shape's thing ('/buy flour #': flour),
    or its verb when it names no thing; and the rule is not for the other side of a trade."""
    spelled = [w for w in _WORD.findall(shape.lower()) if w not in _NOT_NAMES]
    if not spelled:
        return False  # 'go #': no word of three letters, nothing a rule could name
    verb, *rest = spelled
    other_side = bool(side) and _side(verb) not in ("", side)
    return not other_side and any(stem(w) in words for w in rest or [verb])


class BulkRateOracle(Oracle):
    name = "bulk-rate"
    lead_once_per_place = False  # it limits its own leads: a few per shape and game

    def __init__(self, claim: Claim | None = None) -> None:
        self.claim = claim
        # (threshold, side of a trade) -> the words of the replies that stated it
        self.rules: dict[tuple[int, str], frozenset[str]] = {}
        self.leads_given: dict[tuple[int, str], int] = {}  # (game, shape) -> leads given

    def thresholds(self, shape: str) -> list[int]:
        """The thresholds of the rules read so far, in any game, that cover the shape."""
        return sorted({n for (n, side), words in self.rules.items() if _covered(shape, side, words)})

    def leads(self, steps: list[Step], known_items: set[str]) -> list[str]:
        step = steps[-1]
        shaped = typed(step.command or "") if judged(step) else None
        if shaped is None:
            return []
        shape = shaped[0]
        found = self.thresholds(shape)
        key = (id(steps[0]), shape)
        given = self.leads_given.get(key, 0)
        if not found or given >= MAX_LEADS:
            return []
        self.leads_given[key] = given + 1
        number = (1, 2, found[0])[given]
        return [shape.replace("#", str(number), 1)]

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        for threshold, side, words in _rules(step):  # a rule holds in every game, wherever it was read
            self.rules[threshold, side] = self.rules.get((threshold, side), frozenset()) | words
        shaped = typed(step.command or "") if judged(step) else None
        if shaped is None:
            return []
        shape, number = shaped
        if self.claim is not None:
            if shape != self.claim.shape or number < self.claim.threshold:
                return []
            claims = [self.claim]
        else:
            found = self.thresholds(shape)
            reached = [n for n in found if n <= number]
            if not reached:
                return []
            learned = {p: r for p, r in rates(steps[:-1], shape, below=found[0]).items() if names_money(p)}
            claims = [Claim(shape, max(reached), p, r) for p, r in sorted(learned.items())]
        changes = numbers.changed(step.before, step.state)
        moved = {c.path: changes[c.path] for c in claims if c.path in changes}
        full = [
            c
            for c in claims
            if c.path in moved and round(moved[c.path][1] - moved[c.path][0] - c.rate * number, 6) == 0
        ]
        if not full or len(full) < len(claims):
            return []
        claim = full[0]
        old, new = moved[claim.path]
        return [
            Anomaly(
                self.name,
                claim.subject,
                step.index,
                f"'{step.command}' is charged the full rate though the game gives {claim.threshold} or more "
                "a lower one",
                f"from {claim.threshold} on, commands '{shape}' move {claim.path} by less than "
                f"{as_said(abs(claim.rate))} a unit, as the game's own text says",
                f"{claim.path} went {as_said(old)} -> {as_said(new)}, {as_said(abs(claim.rate))} for each of "
                f"{as_said(number)}: {step.message[:200]!r}",
                step.verb or shape,
                BugType.BOUNDARY,
            )
        ]

    def rejudge(self, steps: list[Step], subject: str) -> Anomaly | None:
        claim = Claim.from_subject(subject)
        if claim is None:
            return None
        oracle = BulkRateOracle(claim)
        for end in range(1, len(steps) + 1):
            for anomaly in oracle.judge(steps[:end], set()):
                if anomaly.subject == subject:
                    return anomaly
        return None

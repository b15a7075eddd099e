"""stated-cap: a count the game's own words give a maximum ('The annealing oven ... holds 4 pieces', 'You can
carry at most 5 things', 'no more than 2 nets aboard') that a command takes past it.

A cap is read from any reply, the help and the opening text included: a number after 'at most', 'up to', 'no
more than', 'a maximum of', 'a limit of' or a verb of holding ('holds', 'can hold', 'seats', 'fits'), then the
word for what it counts. A cap said per command or per day ('at most 99 at a time', 'up to 6 a day'), or of
what a verb of acting may do ('you can sink at most 2 levels'), is no cap of a count. A noun given two
different caps (an oven that holds 4 pieces, a shelf that holds 12) is used only with the thing before the
verb of holding, and only where the state names it.

The capped count is the one field, list or set of records the state keeps under the noun's name
(`oven.pieces`, `caravan.camels`, `hives[A].supers`), under the holder's name where the reply gave one; a noun
that names fields of several families ('pieces' on the bench and in the oven, no holder said) names none. A
command the game accepted that takes the count from within the cap to past it is the finding; the report's
subject carries the count and the cap (`oven.pieces|4`), so a replay is judged against the claim.
"""

from __future__ import annotations

import re

from loop.contract.models import BugType
from loop.qa_agents.explorer.bounds import sizes_of
from loop.qa_agents.explorer.numbers import CLOCK_STEMS
from loop.qa_agents.explorer.step_facts import as_said, ok
from loop.qa_agents.explorer.vocabulary import names_money, stem
from loop.replay.oracle import Anomaly, Oracle
from loop.replay.transcript import Step

MAX_TEXT = 4000
_HOLDING = (
    r"(?:holds?|can hold|will hold|seats?|can seat|fits?|can fit|carries|can carry|can take|has room for)"
)
_LIMIT = r"(?:at most|up to|no more than|not more than|a maximum of|maximum of|a limit of|limit of|max\.?)"
_CAP = re.compile(
    rf"(?:\b([a-z][a-z-]+)\s+{_HOLDING}\s+(?P<limit>{_LIMIT}\s+)?|\b(?P<alone>{_LIMIT})\s+)"
    r"(\d+)\s+([a-z][a-z-]+)(?P<after>[^.;\n]{0,24})",
    re.IGNORECASE,
)
# A limit on what a verb of acting may do ('you can sink at most 2 levels'), unless the verb keeps things.
_ACTED = re.compile(r"\b(?:can|may|could|will|to)\s+([a-z]+)\s+$", re.IGNORECASE)
_KEEPING = frozenset(
    (
        "carry",
        "hold",
        "have",
        "keep",
        "take",
        "seat",
        "fit",
        "own",
        "store",
        "bring",
        "be",
        "buy",
        "stock",
        "hire",
    )
)
_NOW_WORDS = frozenset(("now", "currently", "still", "already"))
_NOW = re.compile(r"\b(?:now|currently|still|already)\s+(?:[a-z]+\s+)?$", re.IGNORECASE)
# A cap of one command or one stretch of time, not of a count the state keeps.
_PER = re.compile(
    r"^\s*(?:at a time|at once|per\b|each\b|a (?:day|turn|night|week|round|trip)\b|today|in one)"
)
_NOT_THINGS = frozenset(
    stem(word) for word in ("more", "at", "of", "a", "an", "the", "times", "time", "percent", "per", "each")
)
_PRONOUNS = frozenset(("it", "they", "she", "he", "you", "we", "i", "which", "that", "each", "every", "one"))
_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")


def stated_caps(text: str) -> list[tuple[str, str, int, bool]]:
    """(holder stem or '', noun stem, cap, said as a limit) for each cap a text states. A plain verb of
    holding ('it holds 4 pieces') may give what is held now: it is no limit ('now holds 2' never counts)."""
    found = []
    for match in _CAP.finditer(text[:MAX_TEXT]):
        holder, number, noun = match.group(1) or "", match.group(4), match.group(5)
        now = holder.lower() in _NOW_WORDS or _NOW.search(text[max(0, match.start() - 30) : match.start()])
        acted = _ACTED.search(text[max(0, match.start() - 30) : match.start()])
        if _PER.match(match.group("after")) or now or (acted and acted.group(1).lower() not in _KEEPING):
            continue  # 'you can sink at most 2 levels' bounds a move, not a count
        thing = stem(noun)
        if thing in _NOT_THINGS or thing in CLOCK_STEMS or names_money(thing):
            continue
        holder = "" if holder.lower() in _PRONOUNS else stem(holder)
        found.append((holder, thing, int(number), bool(match.group("limit") or match.group("alone"))))
    return found


def _words(segment: str) -> set[str]:
    return {stem(word) for word in _WORD.findall(segment)}


def _bounded_in_state(path: str, sizes: dict[str, float]) -> bool:
    """Does the state keep a bound beside the count (`capacity`, `max_load`)? Then it is the bounds
    oracle's: a record's own bound beats a sentence about records of its kind."""
    parent = path.rsplit(".", 1)[0] if "." in path else ""
    siblings = [
        p.rsplit(".", 1)[-1] for p in sizes if p.startswith(f"{parent}.") and p.count(".") == path.count(".")
    ]
    return any(re.search(r"(?i)cap|max|limit", s) for s in siblings if s != path.rsplit(".", 1)[-1])


def _family(path: str) -> str:
    return re.sub(r"\[[^\]]*\]|\.\d+(?=\.|$)", "[*]", path)


def capped_paths(sizes: dict[str, float], holder: str, noun: str) -> list[str]:
    """The paths of the count a cap is of: the last segment names the noun, the path the holder if one was
    said; none when they fall in several families."""
    named = [p for p in sizes if noun in _words(re.split(r"[.\[\]]", p.rstrip("]"))[-1] or p)]
    if holder:
        named = [p for p in named if holder in _words(p)]
    named = [p for p in named if not _bounded_in_state(p, sizes)]
    families = {_family(p) for p in named}
    return named if len(families) == 1 else []


class StatedCapOracle(Oracle):
    name = "stated-cap"

    def __init__(self) -> None:
        self.caps: dict[tuple[str, str], set[int]] = {}  # (holder, noun) -> caps stated
        self.claim: tuple[str, float] | None = None  # (path, cap) from a report's subject when rejudging

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        if step.observation is None:
            return []
        found = self._judge(step) if step.command is not None and ok(step) else []
        sizes = sizes_of(step.state)
        for holder, noun, cap, limit in stated_caps(step.message):
            held = [sizes[p] for p in capped_paths(sizes, holder, noun)]
            if limit or cap not in held:  # 'holds 4' of an oven holding 4 now says what it holds
                self.caps.setdefault((holder, noun), set()).add(cap)
        return found

    def rejudge(self, steps: list[Step], subject: str) -> Anomaly | None:
        path, _, cap = subject.rpartition("|")
        try:
            claim = (path, float(cap))
        except ValueError:
            return None
        oracle = StatedCapOracle()
        oracle.claim = claim
        for step in steps:
            if step.observation is not None and step.command is not None and ok(step):
                for anomaly in oracle._judge(step):
                    if anomaly.subject == subject:
                        return anomaly
        return None

    def _judge(self, step: Step) -> list[Anomaly]:
        before, after = sizes_of(step.before), sizes_of(step.state)
        claims = [self.claim] if self.claim is not None else list(self._claims(after))
        return [
            self._anomaly(step, path, after[path], cap)
            for path, cap in claims
            if path in after and after[path] > cap and before.get(path, 0) <= cap
        ]

    def _claims(self, sizes: dict[str, float]) -> list[tuple[str, float]]:
        nouns: dict[str, set[int]] = {}
        for (_, noun), caps in self.caps.items():
            nouns.setdefault(noun, set()).update(caps)
        claims = []
        for (holder, noun), caps in self.caps.items():
            if len(caps) != 1 or (not holder and len(nouns[noun]) > 1):
                continue  # two caps for one noun: only the one its holder names
            (cap,) = caps
            claims += [(path, float(cap)) for path in capped_paths(sizes, holder, noun)]
        return claims

    def _anomaly(self, step: Step, path: str, value: float, cap: float) -> Anomaly:
        return Anomaly(
            self.name,
            f"{path}|{as_said(cap)}",
            step.index,
            f"'{step.command}' takes {path} past the {as_said(cap)} the game's own text gives",
            f"{path} stays at most {as_said(cap)}, as the game says",
            f"{path} went to {as_said(value)} after '{step.command}'",
            step.verb,
            BugType.BOUNDARY,
        )

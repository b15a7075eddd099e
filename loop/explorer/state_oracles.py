"""Oracles for any genre: they read the numbers of a state and of a reply, never a game's names.

- text-vs-state: a reply that changes nothing (a query) must not state a field's value wrongly, once the
  game has shown that it names that field ('Lives 3' while lives is 2);
- reply-vs-delta: a reply to a command that changed a field must not put a number next to that field's
  name that is neither the change nor the value before or after ('for 20 coin' when coin rose by 15),
  unless the game ended during the command;
- argument-echo: 'verb N' that succeeds and changes a field named like the verb must set it to N;
- cooldown: a command that succeeds and changes the state while a cooldown named after one of its words is
  still running, when a command with its verb is what started that cooldown;
- bounds: a field above its sibling cap/max/limit, or a count that started non-negative going below zero;
- undo and load: 'undo' restores every field the command before it changed; 'load' restores what 'save'
  saw (apart from the clock and the undo/save bookkeeping).
"""

from __future__ import annotations

import re

from loop.contract.models import BugType
from loop.explorer import numbers, view
from loop.explorer.doc_oracle import DocNumbersOracle
from loop.explorer.help_range import HELP_VERBS, HelpRangeOracle
from loop.explorer.oracles import Anomaly, Oracle
from loop.explorer.redo import BOOKKEEPING, RedoHistoryOracle
from loop.explorer.transcript import Step
from loop.explorer.vocabulary import stem

UNDO_VERBS = frozenset({"undo"})
SAVE_VERBS = frozenset({"save"})
LOAD_VERBS = frozenset({"load", "restore"})
BOUND_NAMES = ("cap", "max", "limit", "capacity")
NON_NEGATIVE_EXEMPT = re.compile(r"(^|[._])(x|y|z|dx|dy|score|balance|delta|change)$", re.IGNORECASE)


def _ok(step: Step) -> bool:
    return step.observation is not None and step.observation.success


def _changed(step: Step) -> bool:
    return view.without_clock(step.before) != view.without_clock(step.state)


def _changed_keys(step: Step) -> frozenset[str]:
    before, after = view.without_clock(step.before), view.without_clock(step.state)
    return frozenset(k for k in set(before) | set(after) if before.get(k) != after.get(k))


def _quiet(step: Step) -> bool:
    """A step that changed nothing but the clock: its reply describes the state as it is."""
    return step.observation is not None and view.without_clock(step.before) == view.without_clock(step.state)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


class TextStateOracle(Oracle):
    name = "text-vs-state"

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        if step.observation is None or not (step.command is None or _quiet(step)):
            return []
        if step.verb in HELP_VERBS:  # the help card states rules ('before tick 90'), not the state
            return []
        fields = numbers.numeric_fields(step.state)
        said = numbers.mentions(step.message, fields, number_first=False)
        wrong = [p for p, values in said.items() if fields[p] not in values]
        # A text the game gave word for word while the field had another value is fixed text (a rules card:
        # 'Deliver 8 guests before tick 90'), not a statement of the state.
        fixed = {
            p
            for p in wrong
            for earlier in steps[:-1]
            if earlier.observation is not None
            and earlier.message == step.message
            and numbers.numeric_fields(earlier.state).get(p) != fields[p]
        }
        wrong = [p for p in wrong if p not in fixed]
        if not wrong:
            return []
        confirmed = set()
        for earlier in steps[:-1]:
            if earlier.observation is not None and (earlier.command is None or _quiet(earlier)):
                values = numbers.numeric_fields(earlier.state)
                shown = numbers.mentions(earlier.message, values, number_first=False)
                confirmed |= {p for p, v in shown.items() if values.get(p) in v}
        return [
            Anomaly(
                self.name,
                path,
                step.index,
                f"The reply to '{step.command or 'new game'}' misstates {path}",
                f"the text gives {path} as {_number(fields[path])}, as the state does",
                f"the text says {', '.join(_number(v) for v in said[path])} where the state has "
                f"{_number(fields[path])}: {step.message[:200]!r}",
                step.verb or "new game",
                BugType.DATA_INCONSISTENCY,
            )
            for path in wrong
            if path in confirmed
        ]


class ReplyDeltaOracle(Oracle):
    name = "reply-vs-delta"

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        if step.command is None or not _ok(step):
            return []
        if step.observation is not None and step.observation.game_over:
            return []  # the game ended during the command: the reply says what it set out to do ('4 ticks')
        changes = numbers.changed(step.before, step.state)
        fields = numbers.numeric_fields(step.state)
        said = numbers.mentions(step.message, fields, prefer=frozenset(changes))
        found = []
        for path, (old, new) in changes.items():
            if stem(path.rsplit(".", 1)[-1]) == stem(step.verb):
                continue  # 'buy 10 food' is the command echoed, not a statement about a field named 'buy'
            values = said.get(path)
            if not values or any(v in (abs(new - old), old, new) for v in values):
                continue
            found.append(
                Anomaly(
                    self.name,
                    f"{step.verb} {path}",
                    step.index,
                    f"The reply to '{step.verb}' states a different {path} change than the state shows",
                    f"the number the reply gives for {path} is its change ({_number(new - old)}) or value",
                    f"the reply says {', '.join(_number(v) for v in values)} but {path} went "
                    f"{_number(old)} -> {_number(new)}: {step.message[:200]!r}",
                    step.verb,
                    BugType.DATA_INCONSISTENCY,
                )
            )
        return found


LISTED = re.compile(r"\b([a-z][a-z-]+)\s+\(?(\d+)\s+([a-z]+)\b", re.IGNORECASE)
QUOTED = re.compile(r"\b(\d+)\s*([a-z]+)\b", re.IGNORECASE)  # '14 coins', '5g'


class PriceListOracle(Oracle):
    """A price a query listed ('shield 12 coins') is what a command naming that thing then takes."""

    name = "listed-price"
    lead_once_per_place = False  # it limits its own leads: the price list once per game, where it was read

    def __init__(self) -> None:
        self.listing_at: dict[str, str] = {}  # place -> the query that listed prices there
        self.listed_in: set[int] = set()  # the games (their first step) the list was asked for again

    def leads(self, steps: list[Step], known_items: set[str]) -> list[str]:
        """In a place where a price list was read in an earlier game, read it again in this one: a purchase
        is checked against a list of its own game, so its repro holds the list."""
        place, game = view.place(steps[-1].state), id(steps[0])
        query = self.listing_at.get(place)
        if query is None or game in self.listed_in or any(s.command == query for s in steps):
            return []
        self.listed_in.add(game)
        return [query]

    @staticmethod
    def listed(steps: list[Step]) -> dict[tuple[str, str], set[float]]:
        prices: dict[tuple[str, str], set[float]] = {}
        for step in steps:
            if step.observation is None or step.command is None or not _quiet(step):
                continue
            lookup = numbers.names(numbers.numeric_fields(step.state))
            for thing, number, unit in LISTED.findall(step.message):
                path = lookup.get(stem(unit))
                if path is not None:
                    prices.setdefault((stem(thing), path), set()).add(float(number))
        return prices

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        if step.command is None or step.observation is None:
            return []
        if _ok(step) and _quiet(step) and self.listed([step]):
            self.listing_at[view.place(step.before)] = step.command
        if not _ok(step) or _quiet(step):
            return self._quoted(step, self.listed(steps[:-1]))
        prices = self.listed(steps[:-1])
        words = {stem(w) for w in step.command.lower().split()[1:]}
        for path, (old, new) in numbers.changed(step.before, step.state).items():
            for thing in words:
                listed = prices.get((thing, path))
                if new < old and listed and len(listed) == 1 and old - new not in listed:
                    price, paid = _number(next(iter(listed))), _number(old - new)
                    went = f"{path} went {_number(old)} -> {_number(new)}"
                    return [
                        Anomaly(
                            self.name,
                            f"{step.verb} {thing}",
                            step.index,
                            f"'{step.command}' takes {paid} {path}, the listed price is {price}",
                            f"'{step.command}' takes the listed {price} {path}",
                            f"{went}; the reply: {step.message[:160]!r}",
                            step.verb,
                            BugType.DATA_INCONSISTENCY,
                        )
                    ]
        return []

    def _quoted(self, step: Step, prices: dict[tuple[str, str], set[float]]) -> list[Anomaly]:
        """A command naming one listed thing that changed nothing ('The shield costs 14 coins; you have 12')
        must not quote it at another price. Allowed: the listed price, the counter's value and the shortfall
        between them. A command with a number in it (a quantity) may quote a total: not checked."""
        assert step.command is not None
        if re.search(r"\d", step.command) or not prices:
            return []
        fields = numbers.numeric_fields(step.state)
        lookup = numbers.names(fields)
        for thing in {stem(w) for w in step.command.lower().split()[1:]}:
            for number, unit in QUOTED.findall(step.message[:2000]):
                path = lookup.get(stem(unit))
                listed = prices.get((thing, path or ""))
                if path is None or not listed or len(listed) != 1:
                    continue
                price, have = next(iter(listed)), fields[path]
                if float(number) in {price, have, abs(price - have)}:
                    continue
                return [
                    Anomaly(
                        self.name,
                        f"{step.verb} {thing}",
                        step.index,
                        f"'{step.command}' is quoted {number} {path}, the listed price is {_number(price)}",
                        f"the reply to '{step.command}' quotes the listed {_number(price)} {path}",
                        f"the reply: {step.message[:200]!r}",
                        step.verb,
                        BugType.DATA_INCONSISTENCY,
                    )
                ]
        return []


class ArgumentEchoOracle(Oracle):
    name = "argument-echo"

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        match = re.fullmatch(r"([a-z]+)\s+(-?\d+)", (step.command or "").strip().lower())
        if match is None or not _ok(step):
            return []
        verb, asked = match.group(1), float(match.group(2))
        for path, (old, new) in numbers.changed(step.before, step.state).items():
            if stem(path.rsplit(".", 1)[-1]) == stem(verb) and new != asked:
                return [
                    Anomaly(
                        self.name,
                        f"{verb} {path}",
                        step.index,
                        f"'{step.command}' sets {path} to {_number(new)}, not {_number(asked)}",
                        f"'{step.command}' sets {path} to {_number(asked)} or is refused",
                        f"{path} went {_number(old)} -> {_number(new)}; the reply: {step.message[:160]!r}",
                        verb,
                        BugType.BOUNDARY,
                    )
                ]
        return []


class CooldownOracle(Oracle):
    name = "cooldown"

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        if step.command is None or not _ok(step) or _quiet(step):
            return []
        words = {stem(w) for w in step.command.lower().split()}
        for path, value in numbers.numeric_fields(step.before).items():
            parts = [stem(p) for p in re.split(r"[._]", path.lower())]
            if value <= 0 or not any("cooldown" in p for p in parts):
                continue
            # the cooldown governs the action that started it ('drink potion'), not every word of its name
            # ('buy potion' while the potion cooldown runs is fine)
            started = any(
                s.verb == step.verb
                and _ok(s)
                and numbers.numeric_fields(s.before).get(path, 0)
                <= 0
                < numbers.numeric_fields(s.state).get(path, 0)
                for s in steps[1:-1]
            )
            if started and any(p in words for p in parts if "cooldown" not in p):
                return [
                    Anomaly(
                        self.name,
                        path,
                        step.index,
                        f"'{step.verb}' works while {path} is still {_number(value)}",
                        f"'{step.command}' is refused until {path} is 0",
                        f"'{step.command}' succeeded with {path}={_number(value)}: {step.message[:160]!r}",
                        step.verb,
                        BugType.LOGIC_ERROR,
                    )
                ]
        return []


class BoundsOracle(Oracle):
    name = "bounds"

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        if step.observation is None:
            return []
        fields = numbers.numeric_fields(step.state)
        start = numbers.numeric_fields(steps[0].state)
        found = []
        for path, value in fields.items():
            parent, _, last = path.rpartition(".")
            prefix = f"{parent}." if parent else ""
            siblings = [f"{prefix}{b}" for b in BOUND_NAMES]
            siblings += [f"{prefix}{b}_{last}" for b in BOUND_NAMES] + [
                f"{prefix}{last}_{b}" for b in BOUND_NAMES
            ]
            for bound in siblings:
                if bound != path and bound in fields and value > fields[bound]:
                    found.append(self._anomaly(step, path, value, f"{bound}={_number(fields[bound])}"))
            if value < 0 and start.get(path, -1) >= 0 and not NON_NEGATIVE_EXEMPT.search(path):
                found.append(self._anomaly(step, path, value, "0"))
        return found[:1]

    def _anomaly(self, step: Step, path: str, value: float, bound: str) -> Anomaly:
        return Anomaly(
            self.name,
            path,
            step.index,
            f"{path} goes past its bound ({_number(value)} against {bound})",
            f"{path} stays within {bound}",
            f"{path} is {_number(value)} after '{step.command or 'new game'}'",
            step.verb or "new game",
            BugType.BOUNDARY,
        )


def _restores(target: view.State, got: view.State, keys: set[str]) -> list[str]:
    return sorted(
        k
        for k in keys
        if not BOOKKEEPING.search(k)
        and target.get(k) != got.get(k)
        and not _record(target.get(k), got.get(k))
    )


def _record(saved: object, now: object) -> bool:
    """A list that only grew since (levels solved, places seen) is a record of progress, not saved state."""
    return isinstance(saved, list) and isinstance(now, list) and all(item in now for item in saved)


class UndoLoadOracle(Oracle):
    name = "undo-restores"
    lead_once_per_place = False  # it limits its own leads: one 'load' per kind of difference from the save

    def __init__(self) -> None:
        self.load_checked: set[frozenset[frozenset[str]]] = set()
        self.load_refused: set[str] = set()

    def leads(self, steps: list[Step], known_items: set[str]) -> list[str]:
        """After 'save' and a command that made the game differ from the save in a way no 'load' has yet
        been asked to undo (the player moved; later, a thing was pushed or taken): try 'load'."""
        saved = next((s for s in reversed(steps) if s.verb in SAVE_VERBS and _ok(s)), None)
        last = steps[-1]
        if saved is None or saved is last or not _ok(last) or last.verb in SAVE_VERBS | LOAD_VERBS:
            return []
        since = steps[steps.index(saved) + 1 :]
        self.load_refused |= {s.verb for s in since if s.verb in LOAD_VERBS and not _ok(s)}
        target, now = view.without_clock(saved.state), view.without_clock(last.state)
        differ = frozenset(
            k for k in set(target) | set(now) if not BOOKKEEPING.search(k) and target.get(k) != now.get(k)
        )
        # a case is the kinds of change made since the save: a move; a move and a push; a level reset
        case = frozenset(_changed_keys(s) for s in since if _changed(s))
        verb = next((v for v in sorted(LOAD_VERBS) if v not in self.load_refused), None)
        if not differ or case in self.load_checked or verb is None or not _changed(last):
            return []
        self.load_checked.add(case)
        return [f"{verb} {saved.noun}".strip()]

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        if step.command is None or not _ok(step) or len(steps) < 3:
            return []
        if step.verb in UNDO_VERBS and not step.noun:
            done = steps[-2]
            if done.command is None or done.verb in UNDO_VERBS or not _ok(done) or _quiet(done):
                return []
            before, after = view.without_clock(done.before), view.without_clock(done.state)
            keys = {k for k in set(before) | set(after) if before.get(k) != after.get(k)}
            wrong = _restores(before, view.without_clock(step.state), keys)
            subject, target = f"undo after {done.verb}", before
        elif step.verb in LOAD_VERBS:
            saved = next(
                (s for s in reversed(steps[:-1]) if s.verb in SAVE_VERBS and s.noun == step.noun and _ok(s)),
                None,
            )
            if saved is None:
                return []
            target = view.without_clock(saved.state)
            own = {k for k in target if saved.before.get(k) != saved.state.get(k)}
            wrong = _restores(target, view.without_clock(step.state), set(target) - own)
            subject = "load after save"
        else:
            return []
        if not wrong:
            return []
        return [
            Anomaly(
                self.name,
                subject,
                step.index,
                f"'{step.verb}' does not restore {', '.join(wrong)} ({subject})",
                f"after '{step.command}': {'; '.join(f'{k}={target.get(k)!r}' for k in wrong)[:300]}",
                f"{'; '.join(f'{k}={step.state.get(k)!r}' for k in wrong)[:300]}",
                step.verb,
                BugType.LOGIC_ERROR,
            )
        ]


def state_oracles() -> list[Oracle]:
    return [
        TextStateOracle(),
        ReplyDeltaOracle(),
        PriceListOracle(),
        ArgumentEchoOracle(),
        CooldownOracle(),
        BoundsOracle(),
        UndoLoadOracle(),
        RedoHistoryOracle(),
        HelpRangeOracle(),
        DocNumbersOracle(),  # claims only in QA mode (qa_agent.py); a report's subject carries its claim
    ]

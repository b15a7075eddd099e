"""Oracles for any genre: they read the numbers of a state and of a reply, never a game's names.

- text-vs-state: a reply that changes nothing (a query) must not state a field's value wrongly, once a
  sentence of the same shape stated that field right ('Lives 3' while lives is 2);
- reply-vs-delta: a reply to a command that changed a field must not put a number next to that field's
  name that is neither the change nor the value before or after ('for 20 coin' when coin rose by 15), nor
  a number it gives as the value after ('now holds 3 coins', '3 coins left'; 'Purse: 9' where an earlier
  reply's 'Purse: N' gave the value it then had) that is not the value after, unless the game ended during
  the command;
- argument-echo: 'verb N' that succeeds and changes a field named like the verb must set it to N (or add N
  to a running total);
- cooldown: a command that succeeds and changes the state while a cooldown named after one of its words is
  still running, when a command with its verb is what started that cooldown;
- undo and load: 'undo' restores every field the command before it changed; 'load' restores what 'save'
  saw (apart from the clock and the undo/save bookkeeping).
"""

from __future__ import annotations

import re

from loop.contract.models import BugType
from loop.qa_agents.explorer import numbers
from loop.qa_agents.explorer.commands import record_ids
from loop.qa_agents.explorer.help_range import HELP_VERBS
from loop.qa_agents.explorer.redo import BOOKKEEPING
from loop.qa_agents.explorer.step_facts import as_said, changed, ok, quiet, typed_numbers
from loop.qa_agents.explorer.vocabulary import key_words, stem
from loop.replay import view
from loop.replay.oracle import Anomaly, Oracle
from loop.replay.transcript import Step

UNDO_VERBS = frozenset({"undo"})
SAVE_VERBS = frozenset({"save"})
LOAD_VERBS = frozenset({"load", "restore"})
# Commands that put a whole earlier state back, its turn counter too: undo-restores judges what they restore.
RESTORING = UNDO_VERBS | LOAD_VERBS | {"redo", "restart", "reset"}


def loads_another_games_save(commands: list[str]) -> bool:
    """Does a repro load a save it never made ('load 3' first thing in a new game)? Then it replays only on
    a server that kept an earlier game's save: what it shows belongs to that game, not to these commands."""
    saved: set[str] = set()
    for command in commands:
        verb, _, noun = command.strip().lower().partition(" ")
        if verb in SAVE_VERBS:
            saved.add(noun)
        elif verb in LOAD_VERBS and noun not in saved:
            return True
    return False


class TextStateOracle(Oracle):
    name = "text-vs-state"

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        if step.observation is None or not (step.command is None or quiet(step)):
            return []
        if step.verb in HELP_VERBS:  # the help card states rules ('before tick 90'), not the state
            return []
        fields = numbers.numeric_fields(step.state)
        said = numbers.mentions(step.message, fields, number_first=False)
        typed = typed_numbers(step)  # 'winds 1' -> 'level 1: ...': the query's own argument, not the level
        if typed & {float(n) for n in re.findall(r"(?<![\d.])\d+(?!\d|\.\d)", step.message[:2000])}:
            return []  # 'forecast 6' -> 'Night 6: ...': a query about what it named, not about the state now
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
        # The same statement must have given the field right before: a sentence of the same shape ('Lives 3,
        # score 0.' in the welcome and in 'look'), not any text that uses the field's name otherwise.
        confirmed = set()
        for earlier in steps[:-1]:
            if earlier.observation is not None and (earlier.command is None or quiet(earlier)):
                values = numbers.numeric_fields(earlier.state)
                shown = numbers.mentions(earlier.message, values, number_first=False)
                confirmed |= {
                    p
                    for p, v in shown.items()
                    if values.get(p) in v and _shapes(earlier.message, p) & _shapes(step.message, p)
                }
        return [
            Anomaly(
                self.name,
                path,
                step.index,
                f"The reply to '{step.command or 'new game'}' misstates {path}",
                f"the text gives {path} as {as_said(fields[path])}, as the state does",
                f"the text says {', '.join(as_said(v) for v in said[path])} where the state has "
                f"{as_said(fields[path])}: {step.message[:200]!r}",
                step.verb or "new game",
                BugType.DATA_INCONSISTENCY,
            )
            for path in wrong
            if path in confirmed
        ]


def _shapes(text: str, path: str) -> set[str]:
    """The sentences of a text that name a field, their numbers blanked: how the text states it."""
    name = re.escape(path.rsplit(".", 1)[-1])
    return {
        re.sub(r"\d+", "#", sentence.strip().lower())
        for sentence in re.split(r"[.!?\n]+", text)
        if re.search(rf"\b{name}\b", sentence, re.IGNORECASE)
    }


class ReplyDeltaOracle(Oracle):
    name = "reply-vs-delta"

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        if step.command is None or not ok(step):
            return []
        if step.observation is not None and step.observation.game_over:
            return []  # the game ended during the command: the reply says what it set out to do ('4 ticks')
        if step.verb in LOAD_VERBS and loads_another_games_save([s.command for s in steps if s.command]):
            return []  # a save this game never made: what it says belongs to the game that made it
        changes = numbers.changed(step.before, step.state)
        fields = numbers.numeric_fields(step.state)
        said = numbers.mentions(step.message, fields, prefer=frozenset(changes))
        after = numbers.stated_after(step.message, fields, prefer=frozenset(changes))
        typed = typed_numbers(step)
        for path, value in numbers.labelled(step.message, fields, prefer=frozenset(changes)).items():
            stale = path in changes and path not in after and value != changes[path][1]
            if stale and _label_reads_the_state(steps[:-1], path):
                after[path] = value  # 'Purse: 9' is the game's status line, which gave the value before
        # 'N calls left' of a count that rose counts what is left of an allowance, not the count
        for path, number in numbers.stated_left(step.message, fields, frozenset(changes)).items():
            if path in changes and changes[path][1] > changes[path][0]:
                said[path] = [v for v in said.get(path, []) if v != number]
                if after.get(path) == number:
                    del after[path]
        # 'the summit pound, which now stands at 200 units' after it fell 200 -> 175: the value from before,
        # given as the value now, of the one field that had it (a field named otherwise than the text)
        for number in numbers.said_now(step.message):
            before = [p for p, (old, new) in changes.items() if old == number != new]
            if len(before) == 1 and before[0] not in said and number not in fields.values():
                said[before[0]] = [number]
                after[before[0]] = number
        found = []
        for path, (old, new) in changes.items():
            if stem(path.rsplit(".", 1)[-1]) == stem(step.verb):
                continue  # 'buy 10 food' is the command echoed, not a statement about a field named 'buy'
            # a record's number the command typed is its argument echoed ('pay 101': 'Room 101 paid $66.00')
            values = [v for v in said.get(path, []) if v not in typed or not _names_a_record(step.state, v)]
            if (
                values
                and path not in after
                and _named_elsewhere(path, fields)
                and not _parent_named(path, step)
            ):
                continue  # 'wanting 3 buns' names the buns of the shelf as well as those wasted
            if path in after and after[path] != new:
                values = [after[path]]  # 'now holds 3 coins' is the value after, not the one before
            elif not values or any(v in (abs(numbers.delta(old, new)), old, new) for v in values):
                continue
            elif path.rsplit(".", 1)[-1].lower() in view.CLOCK_KEYS and all(v > new for v in values):
                continue  # a time still to come ('due turn 36') is a deadline, not the clock's value
            elif _day_rolled_over(path, old, new, changes):
                continue  # 'You wait 2 hours. The day is done.': the hour starts again on the next day
            found.append(
                Anomaly(
                    self.name,
                    f"{step.verb} {_family(step.state, path)}",
                    step.index,
                    f"The reply to '{step.verb}' states a different {path} change than the state shows",
                    f"the number the reply gives for {path} is its change ({as_said(new - old)}) or value",
                    f"the reply says {', '.join(as_said(v) for v in values)} but {path} went "
                    f"{as_said(old)} -> {as_said(new)}: {step.message[:200]!r}",
                    step.verb,
                    BugType.DATA_INCONSISTENCY,
                )
            )
        return found


_TIME_OF_DAY = frozenset({"hour", "hours", "minute", "minutes", "time", "clock"})
_DAY_COUNT = frozenset({"day", "days", "week", "weeks", "date"})


def _day_rolled_over(path: str, old: float, new: float, changes: dict[str, tuple[float, float]]) -> bool:
    """A time of day that went back while a count of days went on: the day ended during the command, so the
    hours the reply states are not the change of the time of day."""
    if new >= old or _TIME_OF_DAY.isdisjoint(key_words(path)):
        return False
    return any(
        after > before and not _DAY_COUNT.isdisjoint(key_words(other))
        for other, (before, after) in changes.items()
    )


def _named_elsewhere(path: str, fields: dict[str, float]) -> bool:
    """Whether the field's name also names a record holding other fields ('waste.bun' beside
    'shelf.bun.count'); another field of the same name ('target.coin') is left to the one that changed."""
    name = stem(path.rsplit(".", 1)[-1].lower())
    return any(p != path and name in {stem(part.lower()) for part in p.split(".")[:-1]} for p in fields)


def _parent_named(path: str, step: Step) -> bool:
    """Whether the reply names what holds the field ('waste' of 'ledger.waste.bun')."""
    parent = path.rsplit(".", 2)[-2] if path.count(".") else ""
    return bool(parent) and stem(parent.lower()) in {
        stem(w) for w in re.findall(r"[a-z]+", step.message.lower())
    }


def _family(state: view.State, path: str) -> str:
    """The path with a record's name as '*' where its siblings in a collection have the same field
    ('pantry.bins.flour.amount' of bins holding flour and yeast: 'pantry.bins.*.amount'): one fault of a
    reply, however many records it shows."""
    *parents, _, last = ["", *path.split(".")]
    holder: object = state
    for key in parents[1:]:
        holder = holder.get(key) if isinstance(holder, dict) else None
    siblings = (
        [v for v in holder.values() if isinstance(v, dict) and last in v] if isinstance(holder, dict) else []
    )
    # records of one collection, not the state's own parts ('resources.coin' and 'target.coin')
    return ".".join([*parents[1:], "*", last]) if parents[1:] and len(siblings) >= 2 else path


def _names_a_record(state: view.State, number: float) -> bool:
    """Is the number a record's id or key in the state (room '101' of 'rooms')?"""
    word = as_said(number)
    return word in record_ids(state) or _keyed(state, word, 0)


def _keyed(value: object, key: str, depth: int) -> bool:
    if depth > 4 or not isinstance(value, dict | list):
        return False
    inner = value.values() if isinstance(value, dict) else value
    return (isinstance(value, dict) and key in value) or any(_keyed(v, key, depth + 1) for v in inner)


def _label_reads_the_state(steps: list[Step], path: str) -> bool:
    """Whether an earlier reply gave the field under its name as a label with the value it then had."""
    for step in steps:
        if step.observation is not None:
            fields = numbers.numeric_fields(step.state)
            if path in fields and numbers.labelled(step.message, fields).get(path) == fields[path]:
                return True
    return False


class ArgumentEchoOracle(Oracle):
    name = "argument-echo"

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        match = re.fullmatch(r"([a-z]+)\s+(-?\d+)", (step.command or "").strip().lower())
        if match is None or not ok(step):
            return []
        verb, asked = match.group(1), float(match.group(2))
        for path, (old, new) in numbers.changed(step.before, step.state).items():
            # 'tip 5' taking Tips from 5 to 10 adds to a running total, 'ballast 1' drops one bag of 4: the
            # number is an amount, it was never meant to set the field
            adds = asked > 0 and abs(numbers.delta(old, new)) == asked
            if stem(path.rsplit(".", 1)[-1]) == stem(verb) and new != asked and not adds:
                return [
                    Anomaly(
                        self.name,
                        f"{verb} {path}",
                        step.index,
                        f"'{step.command}' sets {path} to {as_said(new)}, not {as_said(asked)}",
                        f"'{step.command}' sets {path} to {as_said(asked)} or is refused",
                        f"{path} went {as_said(old)} -> {as_said(new)}; the reply: {step.message[:160]!r}",
                        verb,
                        BugType.BOUNDARY,
                    )
                ]
        return []


class CooldownOracle(Oracle):
    name = "cooldown"

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        if step.command is None or not ok(step) or quiet(step):
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
                and ok(s)
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
                        f"'{step.verb}' works while {path} is still {as_said(value)}",
                        f"'{step.command}' is refused until {path} is 0",
                        f"'{step.command}' succeeded with {path}={as_said(value)}: {step.message[:160]!r}",
                        step.verb,
                        BugType.LOGIC_ERROR,
                    )
                ]
        return []


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
        saved = next((s for s in reversed(steps) if s.verb in SAVE_VERBS and ok(s)), None)
        last = steps[-1]
        if saved is None or saved is last or not ok(last) or last.verb in SAVE_VERBS | LOAD_VERBS:
            return []
        since = steps[steps.index(saved) + 1 :]
        self.load_refused |= {s.verb for s in since if s.verb in LOAD_VERBS and not ok(s)}
        differ = {k for k in view.changed_keys(saved.state, last.state) if not BOOKKEEPING.search(k)}
        # a case is the kinds of change made since the save: a move; a move and a push; a level reset
        case = frozenset(frozenset(view.changed_keys(s.before, s.state)) for s in since if changed(s))
        verb = next((v for v in sorted(LOAD_VERBS) if v not in self.load_refused), None)
        if not differ or case in self.load_checked or verb is None or not changed(last):
            return []
        self.load_checked.add(case)
        return [f"{verb} {saved.noun}".strip()]

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        if step.command is None or not ok(step) or len(steps) < 3:
            return []
        if step.verb in UNDO_VERBS and not step.noun:
            done = steps[-2]
            if done.command is None or done.verb in UNDO_VERBS or not ok(done) or quiet(done):
                return []
            before = view.without_clock(done.before)
            wrong = _restores(
                before, view.without_clock(step.state), view.changed_keys(done.before, done.state)
            )
            subject, target = f"undo after {done.verb}", before
        elif step.verb in LOAD_VERBS:
            saved = next(
                (s for s in reversed(steps[:-1]) if s.verb in SAVE_VERBS and s.noun == step.noun and ok(s)),
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

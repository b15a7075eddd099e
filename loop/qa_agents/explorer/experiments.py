"""Experiments that could explain a heuristic finding away, each run on new games after the finding showed
again on one: a finding becomes a report only when its experiment did not explain it.

- text-vs-state: the query asked again at once, with nothing changed, states the same number (a number that
  moves while the field stays is not a statement of it);
- reply-vs-delta: played with another quantity, the reply's number moves when the field's change does (a
  number that stays put while the change moves is a rate or a constant of the text); and played a step
  earlier, the command still gives it (a number that goes to the step played in its moment is a notice of the
  clock, 'due turn 36', not the command's change);
- listed-price: the list read again in the same place and state, right before the command, still prices the
  thing as before; it is a list where a purchase is offered (the same verb naming another thing of the list
  takes that thing's listed price from the field: a timetable's hours or a tank's size are not prices); and
  the price holds at quantity 1 (a total for a quantity is not a unit price);
- item-conservation, count-conservation (what left the room): what vanished stays missing where the state
  would show it: the room still shows the rest of what it showed (its things, exits and text), the item
  cannot be taken back, and leaving and coming back does not bring it back;
- description-vs-interaction, a take of what the room did not show: dropped back, the room shows it (a room
  that shows nothing dropped in it hides things; it did not lack the item);
- argument-echo: with a word where the number stood, the command does not do to the field what it did (a
  command that counts a note whatever it says takes text, not a value).

An experiment answers why the finding is explained away, or None when it stands.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from loop.contract.game_client import GameClient
from loop.contract.models import BugType
from loop.qa_agents.explorer import numbers
from loop.qa_agents.explorer.conservation import named
from loop.qa_agents.explorer.counts import holdings
from loop.qa_agents.explorer.oracles import DROP_VERBS, OPPOSITE
from loop.qa_agents.explorer.price_list import LISTED as LISTED_PRICE
from loop.qa_agents.explorer.price_list import PriceListOracle
from loop.qa_agents.explorer.step_facts import as_said, ok, quiet
from loop.qa_agents.explorer.vocabulary import stem
from loop.replay import view
from loop.replay.oracle import Anomaly
from loop.replay.transcript import GameSession, Step

QUANTITY = re.compile(r"(?<![\w-])(\d+)(?![\w-])")
MAX_OTHER_WARES = 2  # other things of a list tried to tell a price list from a timetable
MAX_WAY_BACK = 6  # commands tried to leave a room and to come back to it


@dataclass(frozen=True)
class Trial:
    """A finding that showed again on a new game: its repro, the anomaly and the steps of that replay."""

    client: GameClient
    commands: list[str]
    anomaly: Anomaly
    steps: list[Step]

    @property
    def step(self) -> Step:
        return self.steps[self.anomaly.step_index]

    def game_before(self) -> GameSession:
        """A new game played up to the step before the anomaly's."""
        return _played(self.client, self.commands[: self.anomaly.step_index - 1])

    def game_after(self) -> GameSession:
        """A new game played up to the anomaly's step, included."""
        return _played(self.client, self.commands[: self.anomaly.step_index])


Experiment = Callable[[Trial], "str | None"]


def _played(client: GameClient, commands: list[str]) -> GameSession:
    session = GameSession(client)
    for command in commands:
        session.send(command)
    return session


def replayed(trial: Trial) -> str | None:
    """The replay on a new game is the whole experiment (an invariant, or a heuristic with no better one)."""
    return None


def stated_again(trial: Trial) -> str | None:
    step, path = trial.step, trial.anomaly.subject
    if step.command is None:
        return None
    again = trial.game_after().send(step.command)
    if again.observation is None or not quiet(again):
        return None
    first = numbers.mentions(step.message, numbers.numeric_fields(step.state), number_first=False).get(path)
    fields = numbers.numeric_fields(again.state)
    said = numbers.mentions(again.message, fields, number_first=False).get(path)
    if fields.get(path) == numbers.numeric_fields(step.state).get(path) and said != first:
        return (
            f"asked again with {path} unchanged, the text says {said or 'nothing of it'} instead of {first}"
        )
    return None


TEXT_WORD = "zz"  # a word where a number stood: no value, no name


def number_is_text(trial: Trial) -> str | None:
    """argument-echo: with a word where the number stood, the command does to the field what it did with the
    number: the argument is text (a note, a name), not the field's value."""
    step, path = trial.step, trial.anomaly.subject.partition(" ")[2]
    verb, _, argument = (step.command or "").partition(" ")
    if not argument or not path:
        return None
    again = trial.game_before().send(f"{verb} {TEXT_WORD}")
    first = numbers.changed(step.before, step.state).get(path)
    change = numbers.changed(again.before, again.state).get(path)
    if not ok(again) or first is None or change is None or change[1] - change[0] != first[1] - first[0]:
        return None
    return f"'{verb} {TEXT_WORD}' changes {path} as '{step.command}' did: the argument is text, not its value"


def _with_quantity(command: str, quantity: int) -> str:
    return QUANTITY.sub(str(quantity), command, count=1)


def moves_with_the_field(trial: Trial) -> str | None:
    step = trial.step
    path = trial.anomaly.subject.partition(" ")[2]
    found = QUANTITY.search(step.command or "")
    if found is None or not path:
        return None
    other = 1 if int(found.group(1)) != 1 else 2
    again = trial.game_before().send(_with_quantity(step.command or "", other))
    if not ok(again):
        return None
    first_change = numbers.changed(step.before, step.state).get(path)
    change = numbers.changed(again.before, again.state).get(path)
    first = numbers.mentions(step.message, numbers.numeric_fields(step.state), prefer=frozenset([path]))
    said = numbers.mentions(again.message, numbers.numeric_fields(again.state), prefer=frozenset([path]))
    if change is None or first_change is None or said.get(path) is None:
        return None
    if said.get(path) == first.get(path) and change != first_change:
        return f"the reply gives {path} the same number whatever the quantity, while its change moves"
    return None


def with_the_moment(trial: Trial) -> str | None:
    """Played one step earlier (swapped with the command before it), the command changes the field as before:
    when its reply no longer gives the number while the step played in its moment does, the number goes with
    the moment (a notice of the clock: 'due turn 36'), not with the command's change."""
    step, index = trial.step, trial.anomaly.step_index
    path = trial.anomaly.subject.partition(" ")[2]
    if step.command is None or index < 2 or not path:
        return None
    first = _said_of(step, path)
    if first is None:
        return None
    game = _played(trial.client, trial.commands[: index - 2])
    earlier = game.send(step.command)
    in_its_moment = game.send(trial.commands[index - 2])
    if not ok(earlier) or not ok(in_its_moment):
        return None
    change = numbers.changed(step.before, step.state).get(path)
    moved = numbers.changed(earlier.before, earlier.state).get(path)
    if change is None or moved is None or moved[1] - moved[0] != change[1] - change[0]:
        return None
    if _said_of(earlier, path) is None and _said_of(in_its_moment, path) == first:
        return (
            f"played a step earlier, '{step.command}' changes {path} as before and says nothing of it, while "
            f"the step played in its moment gives the same number: it goes with the moment"
        )
    return None


def _said_of(step: Step, path: str) -> list[float] | None:
    """The numbers the step's reply gives for the field at `path`, if it gives any."""
    said = numbers.mentions(step.message, numbers.numeric_fields(step.state), prefer=frozenset([path]))
    return said.get(path)


def reply_number_explained(trial: Trial) -> str | None:
    """reply-vs-delta: the reply's number moves neither with the quantity nor with the command."""
    return moves_with_the_field(trial) or with_the_moment(trial)


def _listing(trial: Trial, thing: str) -> tuple[str, str, float] | None:
    """The query that listed the thing's price before the anomaly (the last one), its field and the price."""
    for earlier in reversed(trial.steps[: trial.anomaly.step_index]):
        for (listed, path), prices in PriceListOracle.listed([earlier]).items():
            if listed == thing and len(prices) == 1 and earlier.command:
                return earlier.command, path, next(iter(prices))
    return None


def _paid(step: Step, path: str) -> float | None:
    old, new = numbers.numeric_fields(step.before).get(path), numbers.numeric_fields(step.state).get(path)
    return None if old is None or new is None or not ok(step) else old - new


def _offered(trial: Trial, query: str, verb: str, others: list[str], path: str) -> bool:
    """Whether `verb` naming another thing of the list, at quantity 1, takes its listed price from the
    field."""
    for other in others:
        game = trial.game_before()
        reread = game.send(query)
        listed = PriceListOracle.prices_in(reread).get((stem(other), path), set())
        bought = game.send(f"{verb} {other}")
        if len(listed) == 1 and _paid(bought, path) == next(iter(listed)):
            return True
    return False


def price_holds(trial: Trial) -> str | None:
    step, thing = trial.step, stem(trial.anomaly.subject.partition(" ")[2])
    listing = _listing(trial, thing)
    if listing is None or step.command is None:
        return None
    query, path, _ = listing
    game = trial.game_before()
    reread = game.send(query)
    if not ok(reread):
        return None  # the list cannot be read here now: nothing to compare with
    prices = PriceListOracle.prices_in(reread).get((thing, path), set())
    if len(prices) != 1:
        return f"read again right before '{step.command}', the list gives no one price for {thing}"
    price = next(iter(prices))
    others = [
        name
        for name, number, unit in LISTED_PRICE.findall(reread.message)
        if stem(name) != thing
        and PriceListOracle.prices_in(reread).get((stem(name), path)) == {float(number)}
    ]
    if not others and not ok(step):
        return f"nothing else on the list and '{step.command}' refused: no purchase is offered there"
    if others and not _offered(trial, query, step.verb, others[:MAX_OTHER_WARES], path):
        return f"'{step.verb}' takes no other thing of the list at its listed price: nothing there is bought"
    paid = _paid(game.send(step.command), path)
    found = QUANTITY.search(step.command)
    quantity = int(found.group(1)) if found else 1
    if paid is not None and paid in (price, price * quantity):
        return f"read again here and now, the list prices {thing} at {as_said(price)}, as was paid"
    if quantity != 1:
        game = trial.game_before()
        game.send(query)
        single = _paid(game.send(_with_quantity(step.command, 1)), path)
        if single == price:
            return f"at quantity 1 the listed {as_said(price)} is taken: the total is a rule of quantities"
    return None


def _way_out_and_back(game: GameSession) -> bool:
    """Leave the room and come back to it; False when no way out and back was found."""
    origin = view.room_id(game.state)
    tries = 0
    for way in view.exits(game.state):
        for command in (way, f"go {way}"):
            tries += 1
            out = game.send(command)
            if ok(out) and view.room_id(out.state) not in ("", origin):
                return _come_back(game, origin, way, tries)
            if tries >= MAX_WAY_BACK:
                return False
    return False


def _come_back(game: GameSession, origin: str, way: str, tries: int) -> bool:
    back = OPPOSITE.get(way.lower())
    ways = [w for w in view.exits(game.state) if w.lower() == back] + view.exits(game.state)
    for way_back in ways:
        for command in (way_back, f"go {way_back}"):
            tries += 1
            if tries > 2 * MAX_WAY_BACK:
                return False
            step = game.send(command)
            if ok(step) and view.room_id(step.state) == origin:
                return True
            if ok(step) and view.room_id(step.state) != view.room_id(step.before):
                return False  # somewhere else: not the way back
    return False


def _shows(state: view.State, thing: str) -> bool:
    return named(holdings(state).local, thing) is not None or view.mentions(
        view.description(state) or "", thing
    )


def _sentences(text: str, leaving_out: str) -> list[str]:
    """The words of each sentence of a room text, the thing's name taken out ('You see: flower, coin.' is
    'you see flower' without the coin)."""
    name = {w.lower() for w in re.findall(r"[a-z]+", view.plain_name(leaving_out), re.IGNORECASE)}
    words = (re.findall(r"[a-z]+", sentence.lower()) for sentence in re.split(r"[.!?\n]+", text))
    kept = (
        " ".join(w for w in sentence if w not in name and w.rstrip("s") not in name) for sentence in words
    )
    return [sentence for sentence in kept if sentence]


def view_changed(before: view.State, after: view.State, thing: str) -> str | None:
    """How the room's look changed across a step, apart from the thing itself (a room gone dark shows less
    of everything), or None."""
    shown_before, shown_after = holdings(before).local, holdings(after).local
    hidden = sorted(n for n in shown_before if stem(n) != stem(thing) and shown_after[n] < shown_before[n])
    if hidden:
        return f"the room stopped showing {', '.join(hidden)} too"
    if sorted(view.exits(before)) != sorted(view.exits(after)):
        return "the room shows other exits"
    text_before, text_after = view.description(before) or "", view.description(after) or ""
    if _sentences(text_before, thing) != _sentences(text_after, thing):
        return "the room text changed apart from the item"
    return None


def stays_missing(trial: Trial) -> str | None:
    """item-conservation: the thing a take or drop named, when fewer of it are shown than before (more is a
    duplicate, which no look elsewhere explains)."""
    step = trial.step
    if not ok(step) or not step.noun:
        return None
    before, after = holdings(step.before), holdings(step.state)
    thing = named(before.total(), step.noun) or named(after.total(), step.noun)
    if thing is None or after.total()[thing] >= before.total()[thing]:
        return None
    return _missing(trial, step.noun, step.verb in DROP_VERBS)


def local_thing_stays_missing(trial: Trial) -> str | None:
    """count-conservation: a thing that left the room (what is carried is not part of the room's view)."""
    step, subject = trial.step, trial.anomaly.subject
    thing = subject.partition(" ")[2].rpartition(" ")[0]
    if not subject.endswith(" disappears") or named(holdings(step.before).local, thing) is None:
        return None
    return _missing(trial, thing, dropped=False)


def _missing(trial: Trial, thing: str, dropped: bool) -> str | None:
    changed = view_changed(trial.step.before, trial.step.state, thing)
    if changed:
        return f"{changed}: what the room shows changed, not where things are"
    if dropped:
        taken = trial.game_after().send(f"take {thing}")
        if ok(taken) and named(holdings(taken.state).carried, thing) is not None:
            return f"'take {thing}' right after works: the {thing} was there, the room did not show it"
    game = trial.game_after()
    if _way_out_and_back(game) and _shows(game.state, thing):
        return f"after leaving and coming back the room shows the {thing}"
    return None


def shown_when_dropped(trial: Trial) -> str | None:
    """description-vs-interaction, an item taken that the room did not show: dropped back, does the room show
    it? A room that does not show what is dropped in it (too dark to see) hides things; it did not lack it."""
    step = trial.step
    if trial.anomaly.bug_type != BugType.STATE_LEAK or not step.noun:
        return None
    game = trial.game_after()
    put_back = game.send(f"drop {step.noun}")
    if ok(put_back) and not _shows(put_back.state, step.noun):
        return f"the room does not show the {step.noun} dropped back in it either: it hides what it holds"
    return None

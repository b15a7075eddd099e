"""Generic oracles: each judges the last step of a game in context and can re-judge a repro on a new game.

An oracle knows conventions of GBQA-like games (rooms, exits, items, inventory, a turn counter), never one
game's rooms, items or phrases. Normal refusals (success=false), dark rooms, containers and fixtures are not
anomalies; only contradictions between what the game says, shows and does are.
"""

from __future__ import annotations

import re

from loop.contract.bad_requests import TRACEBACK_MARKERS
from loop.contract.models import BugType
from loop.qa_agents.explorer.notation import notation_verb
from loop.qa_agents.explorer.places import place_names, without_heading
from loop.qa_agents.explorer.state_oracles import RESTORING
from loop.qa_agents.explorer.vocabulary import object_of, state_tokens
from loop.replay import view
from loop.replay.oracle import Anomaly, Oracle
from loop.replay.transcript import Step

TAKE_VERBS = frozenset({"take", "get", "grab"})
DROP_VERBS = frozenset({"drop", "discard"})
GO_VERBS = frozenset({"go", "walk", "move"})
OPPOSITE = {
    "north": "south", "south": "north", "east": "west", "west": "east", "up": "down", "down": "up",
    "in": "out", "out": "in", "northeast": "southwest", "southwest": "northeast",
    "northwest": "southeast", "southeast": "northwest",
}  # fmt: skip


def direction(step: Step) -> str | None:
    """The direction a movement command asks for ('go east' or a bare 'east'), else None."""
    if step.verb in GO_VERBS and step.noun:
        return step.noun.lower()
    return step.verb if step.verb in OPPOSITE and not step.noun else None


def _lower(names: list[str]) -> list[str]:
    return [n.casefold() for n in names]


def _succeeded(step: Step) -> bool:
    return step.observation is not None and step.observation.success


def _shown(state: view.State, item: str) -> bool:
    """Whether the state lists `item` in the room or the room text names it."""
    text = view.description(state) or ""
    return item.casefold() in _lower(view.visible_items(state)) or view.mentions(text, item)


class ServerErrorOracle(Oracle):
    """A 5xx answer, an answer outside the agent API (not JSON, malformed), a dead game or exception text in
    a reply is a crash, whatever the command."""

    name = "server-error"

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        crashed = step.observation is None and step.status is not None
        leaked = step.observation is not None and any(m in step.message for m in TRACEBACK_MARKERS)
        if not (crashed or leaked):
            return []
        what = ""
        if step.status == 0:
            what = "the game stopped answering"
        elif step.outside_api:
            what = f"a reply outside the agent API: {step.error[:200]}"
        elif crashed:
            what = f"HTTP {step.status}"
        return [
            Anomaly(
                self.name,
                notation_verb(step.verb) or "new game",  # one crash per verb: its arguments seldom make two
                step.index,
                f"Server error on '{step.command}'"
                if step.command
                else "Server error text in a new game's reply",
                "a normal reply (success or refusal) to any command",
                what or f"exception text in the reply: {step.message[:200]}",
                step.verb or "new game",
                BugType.CRASH,
            )
        ]


class DescriptionStateOracle(Oracle):
    """The room text must name every item the state says is visible (newly missing items only)."""

    name = "description-vs-state"

    @staticmethod
    def missing(state: view.State) -> list[str]:
        text = view.description(state)
        if text is None or view.is_dark(state) or not view.has_visible_items(state):
            return []
        return [item for item in view.visible_items(state) if not view.mentions(text, item)]

    @staticmethod
    def lists_items(steps: list[Step]) -> bool:
        """Whether this game's room text names its items at all (some games keep items out of the prose)."""
        for step in steps:
            text = view.description(step.state) if step.observation is not None else None
            if text and any(view.mentions(text, item) for item in view.visible_items(step.state)):
                return True
        return False

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        if step.observation is None or not self.lists_items(steps):
            return []
        missing = self.missing(step.state)
        if step.command is not None and view.room_id(step.before) == view.room_id(step.state):
            missing = [item for item in missing if item not in self.missing(step.before)]
        if not missing:
            return []
        subject = step.verb or "new game"
        return [
            Anomaly(
                self.name,
                subject,
                step.index,
                f"Room description omits visible items after '{subject}'",
                f"the room description names every visible item: {', '.join(view.visible_items(step.state))}",
                f"state lists {', '.join(missing)} as visible but the description does not mention "
                f"{'it' if len(missing) == 1 else 'them'}: {view.description(step.state)!r}",
                "room description",
                BugType.DESCRIPTION_FLAW,
            )
        ]


def phantom_mentions(state: view.State, known_items: set[str]) -> list[str]:
    """Known items the room text names although the state shows them neither here nor carried."""
    text = view.description(state)
    if text is None or view.is_dark(state):
        return []
    text = without_heading(text)
    known_items = {n for n in known_items if n.casefold() not in place_names([state])}
    present = view.visible_items(state) + view.inventory(state)
    for name in sorted([*present, *view.fixtures(state)], key=len, reverse=True):
        text = re.sub(re.escape(name), " ", text, flags=re.IGNORECASE)
    shown = set(_lower(present))
    return sorted(n for n in known_items if n.casefold() not in shown and view.mentions(text, n))


class DescriptionInteractionOracle(Oracle):
    """What the text offers must be interactable: a named item that cannot be taken, or the reverse."""

    name = "description-vs-interaction"

    def leads(self, steps: list[Step], known_items: set[str]) -> list[str]:
        return [f"take {item}" for item in phantom_mentions(steps[-1].state, known_items)]

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        if step.verb not in TAKE_VERBS or not step.noun or step.observation is None:
            return []
        item, before = object_of(step.noun), step.before
        if (
            not item
            or item.casefold() in place_names([s.state for s in steps])
            or not self._an_item(steps, item)
        ):
            return []
        # Where the state lists items, an item is a name it listed somewhere (a noun heard in a text may be
        # a whole sentence of it); where it lists none, a take that once worked made the noun one.
        known = known_items if view.has_visible_items(before) else known_items | {item}
        known_here = {n for n in known if n.casefold() == item.casefold()}
        if not _succeeded(step) and known_here and item in phantom_mentions(before, known_here | {item}):
            return [
                Anomaly(
                    self.name,
                    item,
                    step.index,
                    f"The room description mentions '{item}' but it cannot be taken",
                    f"an item the room description mentions is present: '{step.command}' works, or the text "
                    f"does not mention it",
                    f"the description says {view.description(before)!r}; '{step.command}' answers "
                    f"{step.message!r} and the state does not list it",
                    "room description",
                    BugType.DESCRIPTION_FLAW,
                )
            ]
        text = view.description(before) or ""
        unseen = not any(view.mentions(n, item) for n in view.visible_items(before) + view.inventory(before))
        # A reply here named it a moment ago ('THE LOCKER IS OPEN. INSIDE: <FUSE>.'): shown, if in no list
        here = view.place(before)
        recent = [s for s in steps[-6:-1] if not here or view.place(s.state) == here]
        unseen = unseen and not any(view.mentions(s.message, item) for s in recent)
        if _succeeded(step) and view.has_visible_items(before) and unseen and not view.mentions(text, item):
            return [
                Anomaly(
                    self.name,
                    item,
                    step.index,
                    f"'{item}' can be taken although the room neither shows nor mentions it",
                    "only items the room shows can be taken",
                    f"'{step.command}' answers {step.message!r} where neither state nor text shows {item}",
                    "take",
                    BugType.STATE_LEAK,
                )
            ]
        return []

    @staticmethod
    def _an_item(steps: list[Step], noun: str) -> bool:
        """A game that lists no items shows what is an item only by taking it: a noun counts once a take of
        it worked (else any word of the prose, scenery included, would be an 'item that cannot be taken')."""
        state = steps[-1].before
        if view.has_visible_items(state) or view.has_inventory(state):
            return True
        return any(s.verb in TAKE_VERBS and s.noun == noun and _succeeded(s) for s in steps[:-1])


class TurnCounterOracle(Oracle):
    """The turn counter never goes back and advances at most one per command (but one that puts an earlier
    state back: 'undo' takes back the turn too)."""

    name = "turn-counter"

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        if step.command is None or step.observation is None or step.verb in RESTORING:
            return []
        before = view.turn(step.before)
        after = view.turn(step.state)
        if after is None:
            after = step.observation.turn
        if before is None or after is None or 0 <= after - before <= 1:
            return []
        kind = "went backwards" if after < before else "jumped"
        return [
            Anomaly(
                self.name,
                f"{step.verb} {kind}",
                step.index,
                f"Turn counter {kind} on '{step.verb}'",
                f"turn {before} or {before + 1} after one command",
                f"turn {after} after '{step.command}' (was {before})",
                "turn counter",
                BugType.LOGIC_ERROR,
            )
        ]


def _blames_another(step: Step, item: str) -> bool:
    """A refusal that names something else the state shows ('The goblin won't let you near'): an obstacle,
    not a lost item."""
    here = place_names([step.state])
    others = {t for _, t in state_tokens(step.state) if t.isalpha() and len(t) > 2 and t not in here}
    return any(view.mentions(step.message, t) for t in others if not view.mentions(item, t))


def _take_verb(steps: list[Step]) -> str | None:
    """The take verb this game last answered with success."""
    return next((s.verb for s in reversed(steps) if s.verb in TAKE_VERBS and _succeeded(s)), None)


class SymmetryOracle(Oracle):
    """Going back the way one came returns to the same room when the exits promise it; a dropped item
    can be taken back."""

    name = "symmetry"

    def leads(self, steps: list[Step], known_items: set[str]) -> list[str]:
        step = steps[-1]
        way = direction(step)
        back = OPPOSITE.get(way or "")
        moved = _succeeded(step) and view.room_id(step.before) != view.room_id(step.state)
        if back and moved and back in view.exits(step.state):
            return [f"go {back}" if step.verb in GO_VERBS else back]
        if step.verb in DROP_VERBS and _succeeded(step) and not view.is_dark(step.state):
            return [f"{_take_verb(steps) or 'take'} {step.noun}"]
        return []

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        if len(steps) < 3:
            return []
        first, second = steps[-2], steps[-1]
        if second.observation is None or first.observation is None:
            return []
        way, back = direction(first), direction(second)
        origin, middle = view.room_id(first.before), view.room_id(first.state)
        went = _succeeded(first) and origin != middle
        promised = way and back == OPPOSITE.get(way) and went and back in view.exits(first.state)
        # A refused way back (a guard, a locked door) is a refusal, never an anomaly: only a move that
        # succeeds and lands elsewhere breaks the promise of the exits.
        if promised and _succeeded(second) and view.room_id(second.state) != origin:
            return [
                Anomaly(
                    self.name,
                    f"{origin} {way}",
                    second.index,
                    f"Going {way} then {back} does not return to the starting room",
                    f"'{second.command}' from {middle} returns to {origin}",
                    f"it leads to {view.room_id(second.state)!r} ({second.message[:120]!r})",
                    "movement",
                    BugType.LOGIC_ERROR,
                )
            ]
        dropped = first.verb in DROP_VERBS and _succeeded(first) and not view.is_dark(first.state)
        # Only a drop the game then shows (state list or room text) promises the item can be found again: a
        # room too dark to see in may hide it, and the state need not say the room is dark.
        dropped = dropped and bool(first.noun) and _shown(first.state, first.noun or "")
        same_room = view.room_id(first.state) == view.room_id(second.state)
        took_back = second.verb in TAKE_VERBS and second.noun == first.noun and same_room
        # A take verb this game never answered where it took with another ('get', not 'take') proves nothing.
        took_back = took_back and _take_verb(steps[:-1]) in (None, second.verb)
        if dropped and took_back and not _succeeded(second) and not _blames_another(second, first.noun or ""):
            return [
                Anomaly(
                    self.name,
                    "drop then take",
                    second.index,
                    "A dropped item cannot be taken back",
                    f"'{second.command}' works right after '{first.command}'",
                    f"'{second.command}' answers {second.message[:160]!r}",
                    "drop",
                    BugType.LOGIC_ERROR,
                )
            ]
        return []

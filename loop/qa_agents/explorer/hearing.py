"""Names the explorer hears in replies: things a game names only in its words ('You can buy: carrot,
turnip'), and among them the priced ones ('shield 12 coins', in a unit the state counts). A priced name is a
thing of the game as surely as an item the state shows: a price list is the game saying what it deals in.
"""

from __future__ import annotations

from loop.qa_agents.explorer import numbers
from loop.qa_agents.explorer.oracles import OPPOSITE
from loop.qa_agents.explorer.price_list import LISTED
from loop.qa_agents.explorer.reply_nouns import MAX_DESCRIBED, described_nouns, marked_names, reply_nouns
from loop.qa_agents.explorer.vocabulary import stem
from loop.replay import view
from loop.replay.transcript import Step

MAX_HEARD = 60
MAX_PLACES = 200
# Words a price line puts before a number that are not the thing priced ('for 12 coins', 'costs 5 gold').
FUNCTION_WORDS = frozenset(
    {"for", "and", "with", "from", "have", "has", "you", "your", "are", "costs", "each"}
)


class HeardNames:
    """The names replies gave, in the order heard, and which of them had a price in a counted unit."""

    def __init__(self) -> None:
        self.names: dict[str, None] = {}
        self.priced: set[str] = set()
        self.marked: frozenset[str] = frozenset()  # the names a reply marked as names (quoted, bracketed)
        self._described: dict[str, tuple[str, ...]] = {}  # place -> the things its descriptions name

    def described(self, state: view.State) -> tuple[str, ...]:
        """The things the replies read in this place named after an article (what one may search there)."""
        return self._described.get(_where(state), ())

    def learn(self, step: Step, quiet: bool, known_words: set[str]) -> bool:
        """Take the names in `step`'s reply (`quiet`: it changed nothing, so a price list in it is a list, not
        a receipt); True when one is new (every verb deserves tries with it)."""
        if step.observation is None:
            return False  # an error page names no thing of the game
        place = _where(step.state)
        if place and (place in self._described or len(self._described) < MAX_PLACES):
            nouns = described_nouns(step.message)
            known = self._described.get(place, ())
            self._described[place] = tuple(dict.fromkeys([*known, *nouns]))[: 2 * MAX_DESCRIBED]
        listed = LISTED.findall(step.message) if quiet and step.command else []
        if listed:
            counted = numbers.names(numbers.numeric_fields(step.state))
            self.priced |= {t.lower() for t, _, unit in listed if stem(unit) in counted and self._usable(t)}
        new = False
        echoed = set((step.command or "").lower().split())
        marked = [n for n in marked_names(step.message) if not echoed & set(n.split())]
        for thing in [*(t for t, _, _ in listed), *reply_nouns(step.message), *marked]:
            name = thing.lower()
            fresh = name not in self.names and name not in known_words
            if fresh and self._usable(name) and len(self.names) < MAX_HEARD:
                self.names[name] = None
                new = True
        if any(m in self.names and m not in self.marked for m in marked):
            self.marked = self.marked | {m for m in marked if m in self.names}
        return new

    def forget(self, words: set[str]) -> None:
        """Names that turned out to be words of the game's commands ('help', a verb found in play)."""
        if any(name in words for name in self.names):
            self.names = {name: None for name in self.names if name not in words}

    @staticmethod
    def _usable(name: str) -> bool:
        return len(name) > 3 and name.lower() not in FUNCTION_WORDS and name.lower() not in OPPOSITE


_PLACE_KEYS = ("room", "location", "place", "where", "current room", "current_room")


def _where(state: view.State) -> str:
    """Where the player is, also under a key written in capitals ('Location': 'Hall')."""
    found = view.place(state)
    if found:
        return found
    for key, value in state.items():
        if str(key).lower() in _PLACE_KEYS and isinstance(value, str):
            return value
    return ""

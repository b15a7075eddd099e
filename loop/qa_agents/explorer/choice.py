"""Which untried command to play next in a state: the explorer's ranking, apart from its bookkeeping."""

from __future__ import annotations

import functools
from collections.abc import Callable

from loop.qa_agents.explorer.places import place_names
from loop.qa_agents.explorer.vocabulary import MAP_KEY, state_tokens
from loop.replay import view
from loop.replay.transcript import Step


@functools.lru_cache(maxsize=8192)  # the same room text and names come back at every choice there
def _mentions(text: str, name: str) -> bool:
    return view.mentions(text, name)


def best_command(
    untried: list[str],
    state: view.State,
    last: Step | None,
    staleness: Callable[[str], int],
    verb_tries: Callable[[str], int],
    heard: set[str] | None = None,
    moves: set[str] | None = None,
    priced: set[str] | None = None,
) -> str:
    """The least stale command; among equals, first a noun that just did something with another verb
    (bought it: sell it, drop it), then arguments at hand here (items, fixtures, exits, names the room text or
    the last reply gives), then the other names the state shows, before words taken from elsewhere, then
    the verb tried least here. A name a price list gave (`priced`) counts
    as shown everywhere and comes first among equals: the game said it deals in it. Ties keep `untried`'s
    (shuffled) order."""
    changed = last is not None and view.state_key(last.before) != view.state_key(last.state)
    noun = last.noun if last is not None and changed else ""
    verb = last.verb if last is not None else ""
    at_hand = {n.lower() for n in view.visible_items(state) + view.inventory(state) + view.fixtures(state)}
    counted = {token for path, token in state_tokens(state) if path.endswith(MAP_KEY)}
    # Names only replies gave rank below what the state shows (else every word of the state stands for it).
    shown = (at_hand | counted) or {token for _, token in state_tokens(state)}
    # A heard name the room text or the last reply names is here; a place's own name is not a thing.
    text = f"{view.description(state) or ''} {last.message if last is not None else ''}"[:4000]
    said = {h for h in heard or set() if _mentions(text, h)}
    shown |= said | (priced or set())
    shown -= place_names([state])
    heard = (heard or set()) - shown
    # Of what is shown, what is at hand or the texts name here comes first (a counted field is shown too).
    here = (at_hand | said | {c for c in counted if _mentions(text, c)}) & shown

    endings = tuple(f" {s}" for s in shown)  # one endswith() per command, not one per shown name
    here_endings = tuple(f" {h}" for h in here)
    heard_endings = tuple(f" {h}" for h in heard)

    priced_endings = tuple(f" {p}" for p in priced or ())

    def rank(command: str) -> tuple[int, bool, int, bool, int]:
        follows = bool(noun) and command.endswith(f" {noun}") and not command.startswith(verb)
        # 'pick up lamp': the argument is whatever the command ends with, after one word or more.
        if " " not in command or command in (moves or set()) or command.endswith(here_endings):
            ungrounded = 0
        elif command.endswith(endings):
            ungrounded = 1
        else:
            ungrounded = 2 if command.endswith(heard_endings) or not shown else 3
        return (
            staleness(command),
            not follows,
            ungrounded,
            not command.endswith(priced_endings),
            verb_tries(command),
        )

    return min(untried, key=rank)

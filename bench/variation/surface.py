"""The surface of a generated game: every axis a seed chooses, each from its own random stream.

Each axis draws from `random.Random("variation:<seed>:<axis>")`, so the axes are independent of each other
and adding an axis never changes what an existing one chooses for a seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bench.variation.arguments import ARGUMENT_STYLES
from bench.variation.themes import THEMES, Names, draw_names

HELP_LAYOUTS = ("labelled", "table", "prose", "usage", "bare")
NAME_STYLES = ("quoted", "bracketed", "capitals", "bare", "markup", "emphasis")
STATE_SHAPES = ("flat", "nested", "flat-lists", "nested-lists")
WORDINGS = ("narrator", "terse", "butler", "log")
NUMBER_STYLES = ("digits", "words")
TURN_PLACES = ("top", "state")
DOC_FORMATS = ("markdown", "text")

# The commands a player can type, by action: a seed takes one or two of each pool, the first being the one
# its docs and walkthrough use. `help` is always `help`, so the docs can name it.
VERB_POOLS: dict[str, tuple[str, ...]] = {
    "move": ("go", "walk", "move", "travel", "head"),
    "look": ("look", "survey", "scan", "observe"),
    "take": ("take", "get", "grab", "pick up"),
    "drop": ("drop", "discard", "put down", "toss"),
    "buy": ("buy", "purchase", "order"),
    "attack": ("attack", "fight", "hit", "strike"),
    "use": ("drink", "quaff", "sip", "use", "consume"),
    "unlock": ("unlock", "open", "unbar"),
    "inventory": ("inventory", "inv", "items", "belongings"),
}
ACTIONS = (*VERB_POOLS, "help")


@dataclass(frozen=True)
class Surface:
    """What one seed's game looks like; its rules and bugs are the same for every seed."""

    seed: int
    theme: str
    names: Names
    verbs: dict[str, tuple[str, ...]]
    help_layout: str
    name_style: str
    state_shape: str
    wording: str
    numbers: str
    turn: str
    docs: str
    arguments: str = "single"

    def verb(self, action: str) -> str:
        """The verb the docs and the walkthrough use for an action."""
        return self.verbs[action][0]


def _stream(seed: int, axis: str) -> random.Random:
    return random.Random(f"variation:{seed}:{axis}")


def _pick(seed: int, axis: str, values: tuple[str, ...]) -> str:
    return _stream(seed, axis).choice(values)


def draw_verbs(rng: random.Random) -> dict[str, tuple[str, ...]]:
    verbs = {action: tuple(rng.sample(pool, rng.randint(1, 2))) for action, pool in VERB_POOLS.items()}
    verbs["help"] = ("help",)
    return verbs


def choose_surface(seed: int) -> Surface:
    theme = _pick(seed, "theme", tuple(THEMES))
    return Surface(
        seed=seed,
        theme=theme,
        names=draw_names(theme, _stream(seed, "names")),
        verbs=draw_verbs(_stream(seed, "verbs")),
        help_layout=_pick(seed, "help", HELP_LAYOUTS),
        name_style=_pick(seed, "name_style", NAME_STYLES),
        state_shape=_pick(seed, "state_shape", STATE_SHAPES),
        wording=_pick(seed, "wording", WORDINGS),
        numbers=_pick(seed, "numbers", NUMBER_STYLES),
        turn=_pick(seed, "turn", TURN_PLACES),
        docs=_pick(seed, "docs", DOC_FORMATS),
        arguments=_pick(seed, "arguments", ARGUMENT_STYLES),
    )


def verb_choices(action: str) -> int:
    """How many verb sets an action can get: one verb, or a first verb and one other."""
    size = len(VERB_POOLS[action])
    return size + size * (size - 1)

"""COLONY keeps its documented rules in long seeded random play once fully patched; shipped, it does not.

The rules checked are the ones docs/design.md states and a generic explorer could check from the outside.
"""

from __future__ import annotations

import random
import re

import pytest
from random_play import OpenClient, State, play

from loop.contract.game_client import GameClient, GameObservation

pytestmark = pytest.mark.slow


def random_command(rng: random.Random) -> str:
    good, job = rng.choice(["food", "wood"]), rng.choice(["farmers", "woodcutters"])
    return rng.choice(
        [
            "end day", "end day", "end day",
            f"assign {rng.randint(0, 6)} {job}",
            f"build {rng.choice(['house', 'storehouse', 'mill'])}",
            f"buy {good} {rng.randint(1, 20)}",
            f"sell {good} {rng.choice(['all', str(rng.randint(1, 25))])}",
            f"save {rng.randint(1, 3)}", f"load {rng.randint(1, 3)}",
            "status", "market",
        ]
    )  # fmt: skip


def rule_breaks(command: str, before: dict, after: GameObservation) -> list[str]:
    state, problems = after.state, []
    stock = state["resources"]
    for good in ("food", "wood"):
        if not 0 <= stock[good] <= state["storage"]:
            problems.append(f"{good} {stock[good]} outside 0..{state['storage']}")
        price = state["prices"][good]
        if not 2 <= price["buy"] <= 12 or price["sell"] != price["buy"] - 1:
            problems.append(f"{good} price {price} outside the rules")
    if state["population"] > state["housing"]:
        problems.append(f"population {state['population']} above housing {state['housing']}")
    if sum(state["workers"].values()) != state["population"]:
        problems.append(f"workers {state['workers']} do not add up to {state['population']}")
    named = re.search(r"for (\d+) coin", after.message)
    if after.success and command.split()[0] in ("buy", "sell") and named:
        change = abs(stock["coin"] - before["resources"]["coin"])
        if int(named.group(1)) != change:
            problems.append(f"{after.message!r} but coin changed by {change}")
    if command == "status" and f"coin {stock['coin']}." not in after.message:
        problems.append(f"status {after.message!r} disagrees with coin {stock['coin']}")
    return [f"{command!r}: {problem}" for problem in problems]


class ColonyRules:
    def start(self, state: State) -> list[str]:
        if any(slot is not None for slot in state["slots"].values()):
            return [f"a new game starts with saves: {state['slots']}"]
        return []

    def next_command(self, rng: random.Random, state: State) -> str:
        return random_command(rng)

    def breaks(self, command: str, before: State, after: GameObservation) -> list[str]:
        return rule_breaks(command, before, after)


def explore(client: GameClient) -> list[str]:
    return play(client, ColonyRules(), seed=7, games=4, commands_per_game=120)


def test_patched_colony_keeps_its_rules(catalogue_build: OpenClient) -> None:
    assert explore(catalogue_build("colony", "patched")) == []


def test_shipped_colony_breaks_them(catalogue_build: OpenClient) -> None:
    assert explore(catalogue_build("colony", "shipped")) != []

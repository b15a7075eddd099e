"""SIEGE keeps its documented rules in long seeded random play once fully patched; shipped, it does not.

The rules checked are the ones docs/design.md states and a generic explorer could check from the outside.
"""

from __future__ import annotations

import random

import pytest
from random_play import OpenClient, State, play

from loop.contract.game_client import GameClient, GameObservation

pytestmark = pytest.mark.slow
COSTS = {"soldier": 10, "archer": 12, "knight": 20}
COOLDOWNS = {"soldier": 1, "archer": 2, "knight": 3}
ACTIONS = ("move", "attack", "train")


def random_command(rng: random.Random, state: dict) -> str:
    unit = rng.choice(state["units"] or [{"id": "u1", "at": "a1"}])
    column = "abcdefg".index(unit["at"][0]) + rng.randint(-2, 2)
    tile = f"{'abcdefg'[column % 7]}{int(unit['at'][1:]) + rng.randint(-2, 2)}"
    if state["enemies"] and rng.random() < 0.5:
        tile = rng.choice(state["enemies"])["at"]
    unit = unit["id"]
    kind = rng.choice(list(COSTS))
    others = [f"attack {unit} {tile}", f"train {kind}", "undo", "end", "status"]
    return rng.choice([f"move {unit} {tile}"] * 4 + others)


def rule_breaks(command: str, before: dict, after: GameObservation) -> list[str]:
    state, problems = after.state, []
    if state["supply"]["used"] != len(state["units"]) or len(state["units"]) > state["supply"]["cap"]:
        problems.append(f"supply {state['supply']} with {len(state['units'])} units")
    if state["gold"] < 0:
        problems.append(f"gold {state['gold']}")
    for kind, left in state["cooldowns"].items():
        if not 0 <= left <= COOLDOWNS[kind]:
            problems.append(f"{kind} cooldown {left}")
    tiles = [u["at"] for u in state["units"] + state["enemies"]]
    if len(tiles) != len(set(tiles)):
        problems.append(f"two units share a tile: {tiles}")
    if after.success and command.startswith("train "):
        paid = before["gold"] - state["gold"]
        if paid != COSTS[command.split()[1]]:
            problems.append(f"paid {paid} gold")
    return [f"{command!r}: {problem}" for problem in problems]


def without_turn(state: dict) -> dict:
    return {key: value for key, value in state.items() if key != "turn"}


class SiegeRules:
    """SIEGE's rules, and that `undo` brings back the state before this round's last action."""

    def __init__(self) -> None:
        self.done_this_round: list[State] = []

    def start(self, state: State) -> list[str]:
        self.done_this_round = []
        if any(owner is not None for owner in state["villages"].values()) or state["income"] != 8:
            return [f"a new game starts with villages {state['villages']}, income {state['income']}"]
        return []

    def next_command(self, rng: random.Random, state: State) -> str:
        return random_command(rng, state)

    def breaks(self, command: str, before: State, after: GameObservation) -> list[str]:
        found = rule_breaks(command, before, after)
        if after.success and command.split()[0] in ACTIONS:
            self.done_this_round.append(before)
        elif after.success and command == "undo":
            expected = without_turn(self.done_this_round.pop())
            if without_turn(after.state) != expected:
                found.append(f"undo does not bring back {expected}: {after.state}")
        elif command == "end":
            self.done_this_round.clear()
        return found


def explore(client: GameClient) -> list[str]:
    return play(client, SiegeRules(), seed=11, games=4, commands_per_game=150)


def test_patched_siege_keeps_its_rules(catalogue_build: OpenClient) -> None:
    assert explore(catalogue_build("siege", "patched")) == []


def test_shipped_siege_breaks_them(catalogue_build: OpenClient) -> None:
    assert explore(catalogue_build("siege", "shipped")) != []

"""CASTLE's ground truth on real builds.

Each probe fires on shipped and is quiet under its gold patch, and the fully patched game keeps every
consistency rule a generic explorer checks (so an explorer reports nothing there).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from loop.contract.benchmark import Benchmark
from loop.contract.game import Game
from loop.contract.game_client import GameClient

pytestmark = pytest.mark.slow

BUG_IDS = ["BUG-1", "BUG-2", "BUG-3"]
OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east", "up": "down", "down": "up"}


@pytest.mark.parametrize("bug_id", BUG_IDS)
def test_probe_fires_on_shipped_castle(bug_id: str, castle_benchmark: Benchmark, shipped: GameClient) -> None:
    result = castle_benchmark.run_probe(castle_benchmark.bug(bug_id), shipped)
    assert result.bug_id == bug_id
    assert result.present is True, result.evidence
    assert result.evidence


@pytest.mark.parametrize("bug_id", BUG_IDS)
def test_probe_is_quiet_under_its_gold_patch(
    bug_id: str, castle_benchmark: Benchmark, gold_client: Callable[[str], GameClient]
) -> None:
    result = castle_benchmark.run_probe(castle_benchmark.bug(bug_id), gold_client(bug_id))
    assert result.present is False, result.evidence


def test_gold_patch_fixes_only_its_own_bug(
    castle_benchmark: Benchmark, gold_client: Callable[[str], GameClient]
) -> None:
    client = gold_client("BUG-1")
    others = [castle_benchmark.run_probe(castle_benchmark.bug(b), client) for b in ("BUG-2", "BUG-3")]
    assert all(result.present for result in others)


def test_all_probes_are_quiet_with_every_gold_patch(castle_benchmark: Benchmark, patched: GameClient) -> None:
    results = [castle_benchmark.run_probe(bug, patched) for bug in castle_benchmark.bugs]
    assert [r.present for r in results] == [False, False, False], [r.evidence for r in results]


def portable_items(client: GameClient, commands: list[str]) -> set[str]:
    """Every item name the game shows in visible_items or the inventory while `commands` are played."""
    game = client.new_game()
    seen: set[str] = set()
    for command in commands:
        state = client.command(game.game_id, command).state
        seen.update(state["visible_items"], state["inventory"])
    return seen


def contract_violations(client: GameClient, commands: list[str], known_items: set[str]) -> list[str]:
    """Play `commands` and, after each one, check the consistency rules a generic explorer checks.

    At every step, also take and drop back each visible item and walk every exit and back, in place.
    """
    problems: list[str] = []
    portable = set(known_items)
    game = client.new_game()
    turn = 0
    last = game.observation

    def send(command: str):
        nonlocal turn, last
        turn += 1
        last = client.command(game.game_id, command)
        if last.turn != turn:
            problems.append(f"turn {last.turn} after {turn} commands ({command!r})")
        state = last.state
        portable.update(state["visible_items"], state["inventory"])
        where = f"{state['room']['id']} after {command!r}"
        description = state["room"]["description"]
        for item in state["visible_items"]:
            if item not in description:
                problems.append(f"{where}: visible item {item!r} not named in the description")
        for item in portable - set(state["visible_items"]):
            if item in description:
                problems.append(f"{where}: description names {item!r}, which is not visible")
        for fixture in state["fixtures"]:
            if fixture not in description:
                problems.append(f"{where}: fixture {fixture!r} not named in the description")
        if state["visibility"] == "dark" and state["visible_items"]:
            problems.append(f"{where}: dark room lists items")
        return last

    for command in ["look", *commands]:
        state = send(command).state
        if state["won"]:
            break
        room = state["room"]["id"]
        for fixture in state["fixtures"]:
            if not send(f"examine {fixture}").success:
                problems.append(f"{room}: cannot examine fixture {fixture!r}")
        for item in list(state["visible_items"]):
            if item == "ladder" and state["flags"].get("ladder_placed") or len(last.state["inventory"]) >= 6:
                continue
            if not send(f"examine {item}").success:
                problems.append(f"{room}: cannot examine visible item {item!r}")
            before = len(last.state["inventory"]) + len(last.state["visible_items"])
            taken = send(f"take {item}")
            if not taken.success or item not in taken.state["inventory"]:
                problems.append(f"{room}: cannot take visible item {item!r}: {taken.message}")
                continue
            dropped = send(f"drop {item}")
            after = len(dropped.state["inventory"]) + len(dropped.state["visible_items"])
            if item not in dropped.state["visible_items"] or after != before:
                problems.append(f"{room}: take/drop of {item!r} does not conserve items")
            look = send("look")
            if item not in look.message:
                problems.append(f"{room}: {item!r} dropped but `look` does not name it")
        for direction in state["room"]["exits"]:
            there = send(f"go {direction}")
            back = send(f"go {OPPOSITE[direction]}")
            if not there.success or not back.success or back.state["room"]["id"] != room:
                problems.append(f"{room}: exit {direction} does not lead somewhere and back")
    return problems


def test_patched_castle_keeps_every_consistency_rule(patched: GameClient, castle: Game) -> None:
    detour = ["east", "take bucket", "west", "north", "drop bucket", "east", "look", "west", "south"]
    commands = detour + castle.walkthrough_commands()
    assert contract_violations(patched, commands, portable_items(patched, commands)) == []


def test_shipped_castle_breaks_the_rules_the_bugs_break(shipped: GameClient, castle: Game) -> None:
    commands = castle.walkthrough_commands()
    problems = contract_violations(shipped, commands, portable_items(shipped, commands))
    assert any("bedroom" in p and "'small key', which is not visible" in p for p in problems), problems
    assert any("dropped but `look` does not name it" in p for p in problems), problems


def test_identical_commands_give_identical_observations(patched: GameClient, castle: Game) -> None:
    def transcript() -> list[dict]:
        game = patched.new_game()
        return [game.observation.model_dump()] + [
            patched.command(game.game_id, command).model_dump() for command in castle.walkthrough_commands()
        ]

    assert transcript() == transcript()

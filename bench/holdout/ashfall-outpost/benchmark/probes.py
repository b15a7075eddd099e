"""Probes for Ashfall Outpost's ground-truth bugs: each answers "is this bug present in this running build?".

Every probe starts a fresh outpost and plays it through the agent API only. When the game no longer lets a
probe reach the situation it checks (a setup step is refused), the probe raises ProbeInconclusive rather than
guess.
"""

from __future__ import annotations

import re
from typing import Any

from loop.contract.game_client import GameClient, GameServerError
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

DUSK_LINE = re.compile(r"Stock at dusk: food (\d+)/(\d+), ore (\d+)/(\d+), alloy (\d+)/(\d+)")


def _amount(state: dict[str, Any], resource: str) -> int:
    for entry in state.get("stock", []):
        if entry.get("resource") == resource:
            return int(entry["amount"])
    raise ProbeInconclusive(f"no {resource} in the stock: {state.get('stock')}")


def _structure(state: dict[str, Any], kind: str) -> dict[str, Any] | None:
    return next((s for s in state.get("structures", []) if s.get("kind") == kind), None)


def probe_bug_1(client: GameClient) -> ProbeResult:
    """`upgrade habitat` must be refused in-game, not crash the server."""
    game = client.new_game()
    if _structure(game.observation.state, "Habitat") is None:
        raise ProbeInconclusive("a new outpost has no Habitat")
    try:
        answer = client.command(game.game_id, "upgrade habitat")
    except GameServerError as exc:
        evidence = f"new outpost, `upgrade habitat` -> HTTP {exc.status}: {exc.body[:200]!r}"
        return ProbeResult(bug_id="BUG-1", present=True, evidence=evidence)
    evidence = f"new outpost, `upgrade habitat` -> success={answer.success}: {answer.message!r}"
    return ProbeResult(bug_id="BUG-1", present=False, evidence=evidence)


def probe_bug_2(client: GameClient) -> ProbeResult:
    """A miner digs 4 ore a day while a level 1 Drill Rig stands."""
    game = client.new_game()
    rig = _structure(game.observation.state, "Drill Rig")
    if rig is None or rig.get("level") != 1:
        raise ProbeInconclusive(f"expected a level 1 Drill Rig at the start: {rig}")
    before = play_setup(client, game.game_id, ["assign ada mine"])
    ore = _amount(before.state, "ore")
    day = play_setup(client, game.game_id, ["end day"])
    if _structure(day.state, "Smelter") is not None:
        raise ProbeInconclusive("a Smelter stands and would eat ore")
    dug = _amount(day.state, "ore") - ore
    evidence = (
        f"one miner with a level 1 Drill Rig: ore {ore} -> {_amount(day.state, 'ore')} after `end day` "
        f"({dug} dug, the handbook says 4); report={day.message!r}"
    )
    return ProbeResult(bug_id="BUG-2", present=dug != 4, evidence=evidence)


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Cancelling a Silo site returns both its ore and its alloy."""
    game = client.new_game()
    builders = ["assign ada build", "assign brann build", "assign cole build", "assign dara farm"]
    miners = ["assign ada mine", "assign brann mine"]
    play_setup(client, game.game_id, [*builders, "build smelter", "end day", *miners])
    ready = None
    for _ in range(4):
        ready = play_setup(client, game.game_id, ["end day"])
        if _amount(ready.state, "alloy") >= 2 and _amount(ready.state, "ore") >= 6:
            break
    assert ready is not None
    ore, alloy = _amount(ready.state, "ore"), _amount(ready.state, "alloy")
    if alloy < 2 or ore < 6:
        raise ProbeInconclusive(f"could not gather 6 ore and 2 alloy for a Silo: ore {ore}, alloy {alloy}")
    built = play_setup(client, game.game_id, ["build silo"])
    cancelled = play_setup(client, game.game_id, ["cancel"])
    ore_after, alloy_after = _amount(cancelled.state, "ore"), _amount(cancelled.state, "alloy")
    present = ore_after != ore or alloy_after != alloy
    evidence = (
        f"before `build silo`: ore {ore}, alloy {alloy}; after it: ore {_amount(built.state, 'ore')}, "
        f"alloy {_amount(built.state, 'alloy')}; after `cancel`: ore {ore_after}, alloy {alloy_after}; "
        f"message={cancelled.message!r}"
    )
    return ProbeResult(bug_id="BUG-3", present=present, evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """The report's `Stock at dusk` line shows the amounts the state holds once the day is over."""
    game = client.new_game()
    day = play_setup(client, game.game_id, ["assign cole farm", "end day"])
    match = DUSK_LINE.search(day.message)
    if not match:
        raise ProbeInconclusive(f"no `Stock at dusk` line in the report: {day.message!r}")
    said = [int(match.group(i)) for i in (1, 3, 5)]
    held = [_amount(day.state, r) for r in ("food", "ore", "alloy")]
    evidence = f"report says food/ore/alloy {said}, state holds {held}; report={day.message!r}"
    return ProbeResult(bug_id="BUG-4", present=said != held, evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """After three storms without repair the Greenhouse (12 hp) reaches 0 hp and must collapse."""
    game = client.new_game()
    observation = play_setup(client, game.game_id, ["assign cole farm", "assign dara farm"])
    start = _structure(observation.state, "Greenhouse")
    if start is None or start.get("hp") != 12:
        raise ProbeInconclusive(f"expected a 12 hp Greenhouse at the start: {start}")
    for _ in range(9):
        observation = play_setup(client, game.game_id, ["end day"])
    if observation.state.get("clock", {}).get("day") != 10:
        raise ProbeInconclusive(f"expected Day 10 after nine days: {observation.state.get('clock')}")
    greenhouse = _structure(observation.state, "Greenhouse")
    if greenhouse is not None and int(greenhouse.get("hp", 0)) > 0:
        raise ProbeInconclusive(f"the Greenhouse still has hp after three storms: {greenhouse}")
    present = greenhouse is not None
    evidence = (
        f"nine `end day` (storms on Days 3, 6, 9) without repairs: Greenhouse {greenhouse}; "
        f"Day 9 report={observation.message!r}"
    )
    return ProbeResult(bug_id="BUG-5", present=present, evidence=evidence)


def probe_bug_6(client: GameClient) -> ProbeResult:
    """A structure finished after another was dismantled gets a fresh id, never one in use."""
    game = client.new_game()
    builders = ["assign ada build", "assign brann build", "assign cole build"]
    play_setup(client, game.game_id, ["dismantle greenhouse", *builders, "build smelter"])
    day = play_setup(client, game.game_id, ["end day"])
    if _structure(day.state, "Smelter") is None:
        raise ProbeInconclusive(f"the Smelter was not finished in one day: {day.message!r}")
    ids = [s.get("id") for s in day.state.get("structures", [])]
    structures = day.state.get("structures")
    evidence = f"after dismantling the Greenhouse and finishing a Smelter: structures {structures}"
    return ProbeResult(bug_id="BUG-6", present=len(ids) != len(set(ids)), evidence=evidence)

"""Probes for Hollowfen's ground-truth bugs: each answers "is this bug present in this running build?".

Every probe starts a fresh skirmish and plays it through the agent API only, along the walkthrough's opening
where it can. When the game no longer lets a probe reach the situation it checks (a setup step is refused),
the probe raises ProbeInconclusive rather than guess.
"""

from __future__ import annotations

import re
from typing import Any

from loop.contract.game_client import GameClient, GameServerError
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

# The walkthrough's opening, turn by turn: after TO_TURN_5 the troll stands in the ford at [3, 3] with 12 hp.
TO_TURN_3 = ["end", "move u1 3 4", "move u2 3 6", "end"]
TO_TURN_5 = [
    *TO_TURN_3,
    "attack u1 e1",
    "attack u2 e1",
    "move u3 3 5",
    "heal u3 u1",
    "end",
    "attack u1 e2",
    "attack u2 e2",
    "heal u3 u1",
    "end",
]


def _unit(state: dict[str, Any], unit_id: str) -> dict[str, Any]:
    for unit in state.get("units", []):
        if unit.get("id") == unit_id:
            return unit
    raise ProbeInconclusive(f"no unit {unit_id} in the state: {state.get('units')}")


def _tonics(state: dict[str, Any], unit_id: str) -> int:
    return int(_unit(state, unit_id).get("items", {}).get("tonic", 0))


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Ordering a move past the south edge must be refused in-game, not crash the server."""
    game = client.new_game()
    try:
        answer = client.command(game.game_id, "move u1 3 7")
    except GameServerError as exc:
        evidence = f"`move u1 3 7` on a new game -> HTTP {exc.status}: {exc.body[:200]!r}"
        return ProbeResult(bug_id="BUG-1", present=True, evidence=evidence)
    at = _unit(answer.state, "u1").get("at")
    evidence = f"`move u1 3 7` on a new game -> success={answer.success}, knight at {at}: {answer.message!r}"
    return ProbeResult(bug_id="BUG-1", present=bool(answer.success) or at != [3, 5], evidence=evidence)


def probe_bug_2(client: GameClient) -> ProbeResult:
    """The archer's range is 3 steps along the grid: a goblin 2 east and 2 north (4 steps) is out of reach."""
    game = client.new_game()
    ready = play_setup(client, game.game_id, ["end", "move u2 2 4"])
    archer, goblin = _unit(ready.state, "u2"), _unit(ready.state, "e2")
    if archer.get("at") != [2, 4] or goblin.get("at") != [4, 2]:
        raise ProbeInconclusive(f"expected the archer at [2, 4] and goblin e2 at [4, 2]: {archer}, {goblin}")
    shot = client.command(game.game_id, "attack u2 e2")
    hp_after = _unit(shot.state, "e2").get("hp")
    evidence = (
        f"archer at [2, 4], goblin e2 at [4, 2] (4 steps, range 3); `attack u2 e2` -> "
        f"success={shot.success}, e2 hp {goblin.get('hp')} -> {hp_after}; message={shot.message!r}"
    )
    present = bool(shot.success) or hp_after != goblin.get("hp")
    return ProbeResult(bug_id="BUG-2", present=present, evidence=evidence)


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Giving one tonic to a warden who holds one already leaves him two: the squad's total never changes."""
    game = client.new_game()
    before = play_setup(client, game.game_id, ["move u3 3 6"])
    mender, knight = _tonics(before.state, "u3"), _tonics(before.state, "u1")
    if mender < 1 or knight < 1:
        raise ProbeInconclusive(f"expected tonics with both the mender and the knight: {mender}, {knight}")
    given = client.command(game.game_id, "give u3 u1 tonic")
    if not given.success:
        raise ProbeInconclusive(f"`give u3 u1 tonic` was refused: {given.message!r}")
    mender_after, knight_after = _tonics(given.state, "u3"), _tonics(given.state, "u1")
    present = mender_after + knight_after != mender + knight or knight_after != knight + 1
    evidence = (
        f"before: mender {mender} tonics, knight {knight}; `give u3 u1 tonic` -> mender {mender_after}, "
        f"knight {knight_after}; message={given.message!r}"
    )
    return ProbeResult(bug_id="BUG-3", present=present, evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """The damage a hit on the troll narrates is the damage the state shows (the hide soaks 1)."""
    game = client.new_game()
    ready = play_setup(client, game.game_id, TO_TURN_5)
    troll = _unit(ready.state, "e3")
    if troll.get("at") != [3, 3] or troll.get("hp") != 12:
        raise ProbeInconclusive(f"expected the unhurt troll in the ford: {troll}")
    hit = client.command(game.game_id, "attack u1 e3")
    if not hit.success:
        raise ProbeInconclusive(f"`attack u1 e3` was refused: {hit.message!r}")
    lost = int(troll["hp"]) - int(_unit(hit.state, "e3").get("hp", 0))
    said = re.search(r"(\d+) damage", hit.message)
    if said is None:
        raise ProbeInconclusive(f"the message names no damage: {hit.message!r}")
    evidence = f"troll 12 hp; `attack u1 e3` -> the state shows {lost} damage; message={hit.message!r}"
    return ProbeResult(bug_id="BUG-4", present=int(said.group(1)) != lost, evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """The troll's rage raises its attack from 3 to 5 once: a second enemy phase below 6 hp adds nothing."""
    game = client.new_game()
    steps = [*TO_TURN_5, "attack u1 e3", "attack u2 e3", "heal u3 u1", "end"]
    steps += ["attack u1 e3", "attack u2 e3", "heal u3 u1", "end"]
    enraged = play_setup(client, game.game_id, steps)
    troll = _unit(enraged.state, "e3")
    if troll.get("hp") != 2 or not troll.get("enraged"):
        raise ProbeInconclusive(f"expected the troll enraged at 2 hp after turn 6: {troll}")
    again = play_setup(client, game.game_id, ["heal u3 u1", "end"])
    troll_after = _unit(again.state, "e3")
    evidence = (
        f"after turn 6 troll atk {troll.get('atk')} (enraged); after turn 7 ended with the troll still at "
        f"{troll_after.get('hp')} hp: atk {troll_after.get('atk')} (rules cap it at 5); "
        f"message={again.message!r}"
    )
    return ProbeResult(bug_id="BUG-5", present=int(troll_after.get("atk", 0)) > 5, evidence=evidence)


def probe_bug_6(client: GameClient) -> ProbeResult:
    """A fallen unit's hp is 0, never below: the archer finishes goblin e1 (2 hp) with a 3-damage arrow."""
    game = client.new_game()
    ready = play_setup(client, game.game_id, [*TO_TURN_3, "attack u1 e1"])
    goblin = _unit(ready.state, "e1")
    if goblin.get("hp") != 2:
        raise ProbeInconclusive(f"expected goblin e1 at 2 hp after the knight's blow: {goblin}")
    shot = client.command(game.game_id, "attack u2 e1")
    fallen = _unit(shot.state, "e1")
    if not shot.success or not fallen.get("down"):
        raise ProbeInconclusive(f"expected the arrow to fell goblin e1: {shot.message!r}, {fallen}")
    evidence = f"goblin e1 at 2 hp; `attack u2 e1` (3 damage) -> state {fallen}; message={shot.message!r}"
    return ProbeResult(bug_id="BUG-6", present=int(fallen.get("hp", 0)) < 0, evidence=evidence)

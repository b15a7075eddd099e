"""Probes for Lanternhook's ground-truth bugs: each answers "is this bug present in this running build?".

Every probe opens a fresh case and plays it through the agent API only. When the game no longer lets a probe
reach the situation it checks (a setup step is refused), the probe raises ProbeInconclusive rather than guess.
"""

from __future__ import annotations

import re
from typing import Any

from loop.contract.game_client import GameClient, GameServerError
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

WEIGHT_TEXT = re.compile(r"(\d+) lb of (\d+)")
DAWN_MOVES = 45


def _place(state: dict[str, Any]) -> dict[str, Any]:
    return state.get("world", {}).get("place", {})


def _satchel(state: dict[str, Any]) -> dict[str, Any]:
    return state.get("sleuth", {}).get("satchel", {})


def _names(items: list[dict[str, Any]]) -> list[str]:
    return [str(item.get("name")) for item in items]


def _clues(state: dict[str, Any]) -> list[str]:
    return list(state.get("sleuth", {}).get("notebook", {}).get("clues", []))


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Lighting the lantern while it lies on the ground must be refused in-game, not crash the server."""
    game = client.new_game()
    ready = play_setup(client, game.game_id, ["west", "take matches"])
    lying = _names(_place(ready.state).get("items", []))
    carried = _names(_satchel(ready.state).get("items", []))
    if "lantern" not in lying or "matches" not in carried:
        raise ProbeInconclusive(f"expected the lantern lying here, the matches carried: {lying}, {carried}")
    try:
        answer = client.command(game.game_id, "light lantern")
    except GameServerError as exc:
        evidence = f"lantern on the Boathouse floor, matches carried; `light lantern` -> HTTP {exc.status}"
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"{evidence}: {exc.body[:200]!r}")
    evidence = (
        f"lantern on the floor, matches carried; `light lantern` -> success={answer.success}: "
        f"{answer.message!r}"
    )
    return ProbeResult(bug_id="BUG-1", present=False, evidence=evidence)


def probe_bug_2(client: GameClient) -> ProbeResult:
    """A take that brings the satchel to exactly its 10 lb limit is allowed."""
    game = client.new_game()
    ready = play_setup(client, game.game_id, ["take lobster pot", "take cork float", "west"])
    satchel = _satchel(ready.state)
    rope = next((i for i in _place(ready.state).get("items", []) if i.get("name") == "coil of rope"), None)
    if satchel.get("weight") != 6 or satchel.get("limit") != 10 or not rope or rope.get("weight") != 4:
        raise ProbeInconclusive(f"expected 6 lb of 10 carried and a 4 lb rope here: {satchel}, {rope}")
    take = client.command(game.game_id, "take coil of rope")
    after = _satchel(take.state)
    present = not take.success or "coil of rope" not in _names(after.get("items", []))
    evidence = (
        f"satchel 6 lb of 10, `take coil of rope` (4 lb) -> success={take.success}, satchel weight "
        f"{after.get('weight')}; message={take.message!r}"
    )
    return ProbeResult(bug_id="BUG-2", present=present, evidence=evidence)


def probe_bug_3(client: GameClient) -> ProbeResult:
    """A take refused as too heavy leaves the thing where it lay."""
    game = client.new_game()
    ready = play_setup(client, game.game_id, ["west", "take oar", "take lantern"])
    lying = _names(_place(ready.state).get("items", []))
    if _satchel(ready.state).get("weight") != 9 or "coil of rope" not in lying:
        raise ProbeInconclusive(f"expected 9 lb carried and the rope in the Boathouse: {ready.state}")
    take = client.command(game.game_id, "take coil of rope")
    if take.success:
        raise ProbeInconclusive(f"a 13 lb load was accepted: {take.message!r}")
    lying = _names(_place(take.state).get("items", []))
    carried = _names(_satchel(take.state).get("items", []))
    present = "coil of rope" not in lying and "coil of rope" not in carried
    evidence = (
        f"9 lb of 10 carried; refused `take coil of rope` -> Boathouse items {lying}, satchel {carried}; "
        f"message={take.message!r}"
    )
    return ProbeResult(bug_id="BUG-3", present=present, evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """The weight a drop reports is the satchel's weight after the drop."""
    game = client.new_game()
    play_setup(client, game.game_id, ["west", "take oar"])
    drop = client.command(game.game_id, "drop oar")
    said = WEIGHT_TEXT.search(drop.message)
    if not drop.success or said is None:
        raise ProbeInconclusive(f"`drop oar` gave no weight to compare: {drop.message!r}")
    weight = _satchel(drop.state).get("weight")
    present = int(said.group(1)) != weight
    evidence = f"`drop oar` says {said.group(0)!r}; state satchel weight {weight}; message={drop.message!r}"
    return ProbeResult(bug_id="BUG-4", present=present, evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """The clock wraps at midnight to hour 0, and dawn (hour 6, after 45 moves) ends the case."""
    game = client.new_game()
    hours: list[int] = []
    observation = None
    for step in range(DAWN_MOVES):
        observation = client.command(game.game_id, "west" if step % 2 == 0 else "east")
        if not observation.success:
            raise ProbeInconclusive(f"move {step + 1} was refused: {observation.message[:200]}")
        hours.append(int(observation.state.get("world", {}).get("hour", -1)))
        if observation.game_over and step + 1 < DAWN_MOVES:
            raise ProbeInconclusive(f"the case ended after {step + 1} moves: {observation.message[:200]}")
    assert observation is not None
    over = observation.game_over or bool(observation.state.get("case", {}).get("over"))
    present = not over or any(not 0 <= hour <= 23 for hour in hours)
    evidence = (
        f"hour after moves 14-16: {hours[13:16]}; after move 45: hour {hours[-1]}, game_over={over}; "
        f"message={observation.message[-200:]!r}"
    )
    return ProbeResult(bug_id="BUG-5", present=present, evidence=evidence)


def probe_bug_6(client: GameClient) -> ProbeResult:
    """Examining the same evidence twice writes its clue into the notebook once."""
    game = client.new_game()
    play_setup(client, game.game_id, ["east", "examine ledger"])
    again = client.command(game.game_id, "examine ledger")
    clues = _clues(again.state)
    if "missing pages" not in clues:
        raise ProbeInconclusive(f"examining the ledger noted no clue: {clues}")
    present = clues.count("missing pages") > 1
    evidence = f"`examine ledger` twice -> notebook clues {clues}; second message={again.message!r}"
    return ProbeResult(bug_id="BUG-6", present=present, evidence=evidence)

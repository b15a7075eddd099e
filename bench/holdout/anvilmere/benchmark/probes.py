"""Probes for Anvilmere's ground-truth bugs: each answers "is this bug present in this running build?".

Every probe starts a fresh smithy and plays it through the agent API only. When the game no longer lets a
probe reach the situation it checks (a setup step is refused), the probe raises ProbeInconclusive rather
than guess.
"""

from __future__ import annotations

import re
from typing import Any

from loop.contract.game_client import GameClient, GameServerError
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

HEAT_IN_TEXT = re.compile(r"furnace heat (\d+)", re.IGNORECASE)


def _heat(state: dict[str, Any]) -> int:
    return int(state.get("workshop", {}).get("furnace", {}).get("heat", -1))


def _bars(state: dict[str, Any], metal: str) -> int:
    return int(state.get("workshop", {}).get("bins", {}).get("bars", {}).get(metal, 0))


def _slot(state: dict[str, Any], number: int) -> dict[str, Any] | None:
    for rack in state.get("workshop", {}).get("racks", []):
        if rack.get("slot") == number:
            holds: dict[str, Any] | None = rack.get("holds")
            return holds
    raise ProbeInconclusive(f"no rack slot {number} in the state")


def _pick(state: dict[str, Any]) -> dict[str, Any] | None:
    pick: dict[str, Any] | None = state.get("smith", {}).get("belt", {}).get("pick")
    return pick


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Delivering from an empty rack slot must be refused in-game, not crash the server."""
    game = client.new_game()
    if _slot(game.observation.state, 1) is not None:
        raise ProbeInconclusive("rack slot 1 is not empty at the start")
    try:
        answer = client.command(game.game_id, "deliver 1 to order 1")
    except GameServerError as exc:
        evidence = f"rack slot 1 empty; `deliver 1 to order 1` -> HTTP {exc.status}: {exc.body[:200]!r}"
        return ProbeResult(bug_id="BUG-1", present=True, evidence=evidence)
    evidence = f"rack slot 1 empty; `deliver 1 to order 1` -> success={answer.success}: {answer.message!r}"
    return ProbeResult(bug_id="BUG-1", present=False, evidence=evidence)


def probe_bug_2(client: GameClient) -> ProbeResult:
    """Iron melts at 120: at furnace heat 100 `smelt iron` is refused."""
    game = client.new_game()
    ready = play_setup(client, game.game_id, ["mine coal x2", "stoke x2", "mine iron"])
    iron_ore = ready.state.get("smith", {}).get("pack", {}).get("ore", {}).get("iron", 0)
    if _heat(ready.state) != 100 or iron_ore < 2:
        heat = _heat(ready.state)
        raise ProbeInconclusive(f"expected heat 100 and 2+ iron ore: heat {heat}, ore {iron_ore}")
    answer = client.command(game.game_id, "smelt iron")
    bars = _bars(answer.state, "iron")
    present = answer.success or bars > 0
    evidence = (
        f"furnace heat 100, {iron_ore} iron ore; `smelt iron` -> success={answer.success}, "
        f"{bars} iron bars, heat {_heat(answer.state)}; message={answer.message!r}"
    )
    return ProbeResult(bug_id="BUG-2", present=present, evidence=evidence)


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Equipping one pick from a stack of two leaves one on the rack."""
    game = client.new_game()
    setup = [
        "mine copper x4",
        "mine coal",
        "stoke x2",
        "smelt copper x4",
        "forge pick from copper",
        "forge pick from copper",
    ]
    ready = play_setup(client, game.game_id, setup)
    holds = _slot(ready.state, 1)
    if not holds or holds.get("item") != "pick" or holds.get("qty") != 2:
        raise ProbeInconclusive(f"expected two copper picks in rack slot 1: {holds}")
    answer = client.command(game.game_id, "equip 1")
    if not answer.success:
        raise ProbeInconclusive(f"`equip 1` was refused: {answer.message!r}")
    after = _slot(answer.state, 1)
    left = int(after.get("qty", 0)) if after else 0
    evidence = (
        f"rack slot 1 held {holds}; `equip 1` -> slot 1 {after}, belt pick {_pick(answer.state)}; "
        f"message={answer.message!r}"
    )
    return ProbeResult(bug_id="BUG-3", present=left != 1, evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """The smelt message reports the heat the state holds after smelting."""
    game = client.new_game()
    ready = play_setup(client, game.game_id, ["mine copper x2", "mine coal", "stoke x2"])
    if _heat(ready.state) != 100:
        raise ProbeInconclusive(f"expected furnace heat 100, got {_heat(ready.state)}")
    answer = client.command(game.game_id, "smelt copper x2")
    if not answer.success:
        raise ProbeInconclusive(f"`smelt copper x2` was refused: {answer.message!r}")
    said = HEAT_IN_TEXT.search(answer.message)
    if said is None:
        raise ProbeInconclusive(f"the smelt message names no furnace heat: {answer.message!r}")
    held = _heat(answer.state)
    evidence = f"heat 100; `smelt copper x2` -> message {answer.message!r}, state furnace heat {held}"
    return ProbeResult(bug_id="BUG-4", present=int(said.group(1)) != held, evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """An order expires once: two turns after order 1 expires, board.expired is still 1."""
    game = client.new_game()
    expired = play_setup(client, game.game_id, ["wait x15"])
    statuses = {o.get("id"): o.get("status") for o in expired.state.get("orders", [])}
    if statuses.get(1) != "expired":
        raise ProbeInconclusive(f"expected order 1 expired at turn 15: {statuses}")
    later = client.command(game.game_id, "wait x2")
    board = later.state.get("board", {})
    really = sum(1 for o in later.state.get("orders", []) if o.get("status") == "expired")
    status = later.state.get("status", {})
    present = int(board.get("expired", 0)) != really or bool(status.get("lost"))
    evidence = (
        f"after `wait x15` order 1 expired; `wait x2` -> board {board}, {really} orders expired, "
        f"status {status}; message={later.message!r}"
    )
    return ProbeResult(bug_id="BUG-5", present=present, evidence=evidence)


def probe_bug_6(client: GameClient) -> ProbeResult:
    """Every swing with the pick wears it by 1: `mine iron x3` costs 3 durability."""
    game = client.new_game()
    before = _pick(game.observation.state)
    if not before or int(before.get("durability", 0)) < 4:
        raise ProbeInconclusive(f"expected a pick with 4+ durability at the start: {before}")
    answer = client.command(game.game_id, "mine iron x3")
    if not answer.success:
        raise ProbeInconclusive(f"`mine iron x3` was refused: {answer.message!r}")
    after = _pick(answer.state)
    worn = int(before["durability"]) - int(after["durability"]) if after else None
    evidence = (
        f"pick {before}; `mine iron x3` -> pick {after} (worn {worn}, rules say 3); "
        f"message={answer.message!r}"
    )
    return ProbeResult(bug_id="BUG-6", present=worn != 3, evidence=evidence)

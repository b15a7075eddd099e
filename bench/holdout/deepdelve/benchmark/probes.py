"""Probes for Deep Delve's ground-truth bugs. Each plays a fresh game through the agent API only."""

from __future__ import annotations

import re
from typing import Any

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

# Kill the rat and the jackal on level 1 (ends on x=9, y=3).
CLEAR_LEVEL_1 = ["l", "l", "l", "l", "l", "l", "l", "k", ".", "j", "j"]
# From there to the down staircase of level 1.
TO_DOWN_STAIRS = ["l", "l", "l", "l", "l", "l", "l", "l", "j", "j", "j", "j", "l"]
# Clear level 1, pick up both gold piles and the potion, and stand on the shop counter with 40 gold.
GOLD_TO_COUNTER = [
    *CLEAR_LEVEL_1,
    "k", "k", "l", "l", "l", "l", "g",
    "j", "j", "j", "h", "h", "h", "h", "j", "j", "l", "l", "l", "g",
    "j", "H", "g",
    "k", "l", "l", "k", "k", "k", "k", "h", "k",
]  # fmt: skip


def _new(client: GameClient) -> str:
    return client.new_game().game_id


def _things(state: dict[str, Any]) -> list[str]:
    """Every item in the pack and on the floor of the current level (gold left out)."""
    names = [item["name"] for item in state.get("items", [])]
    names += [obj["name"] for obj in state.get("floor", []) if obj.get("name") != "gold"]
    return names


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Dropping with a letter that is not a lower-case pack letter must be refused, not crash the server."""
    game_id = _new(client)
    play_setup(client, game_id, ["l"])
    try:
        reply = client.command(game_id, "d A")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"'d A' crashed the game: {exc}")
    return ProbeResult(
        bug_id="BUG-1",
        present=False,
        evidence=f"'d A' answered success={reply.success}: {reply.message[:120]!r}",
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """A potion of healing never raises hit points above the maximum."""
    game_id = _new(client)
    reply = play_setup(client, game_id, ["q c"])
    hero = reply.state["hero"]
    present = hero["hp"] > hero["max_hp"]
    return ProbeResult(
        bug_id="BUG-2",
        present=present,
        evidence=f"after quaffing at 20/20: hp {hero['hp']}/{hero['max_hp']}",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Dropping onto a square that already holds an object must not destroy that object."""
    game_id = _new(client)
    reply = play_setup(client, game_id, ["l", "d c"])
    before = _things(reply.state)
    if "potion of healing" not in [obj["name"] for obj in reply.state.get("floor", [])]:
        raise ProbeInconclusive("the dropped potion is not on the floor")
    after_reply = client.command(game_id, "d a")
    after = _things(after_reply.state)
    present = len(after) < len(before)
    return ProbeResult(
        bug_id="BUG-3",
        present=present,
        evidence=(
            f"'d a' on the potion's square: success={after_reply.success} {after_reply.message[:80]!r}; "
            f"things before {sorted(before)}, after {sorted(after)}"
        ),
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    """Selling says the amount of gold actually paid."""
    game_id = _new(client)
    before = play_setup(client, game_id, ["k", "k"]).state["hero"]["gold"]
    reply = play_setup(client, game_id, ["sell c"])
    paid = reply.state["hero"]["gold"] - before
    match = re.search(r"for (\d+) gold", reply.message)
    if match is None:
        raise ProbeInconclusive(f"the sale's reply names no amount: {reply.message[:120]!r}")
    said = int(match.group(1))
    return ProbeResult(
        bug_id="BUG-4",
        present=said != paid,
        evidence=f"reply {reply.message[:80]!r}; gold went from {before} to {before + paid} (+{paid})",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    """A level left by its up staircase is as you left it when you come back down."""
    game_id = _new(client)
    play_setup(client, game_id, [*CLEAR_LEVEL_1, *TO_DOWN_STAIRS, ">", "l", "d c", "h"])
    reply = play_setup(client, game_id, ["<", ">"])
    if reply.state.get("depth") != 2:
        raise ProbeInconclusive(f"not back on level 2: depth {reply.state.get('depth')}")
    floor = reply.state.get("floor", [])
    kept = any(obj["name"] == "potion of healing" and obj["x"] == 3 and obj["y"] == 2 for obj in floor)
    return ProbeResult(
        bug_id="BUG-5",
        present=not kept,
        evidence=f"potion dropped at (3,2) on level 2, up and down again; level 2's floor: {floor}",
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    """Putting on ring mail over leather armor gives the ring mail's defence, 3."""
    game_id = _new(client)
    play_setup(client, game_id, [*GOLD_TO_COUNTER, "buy ring mail"])
    state = client.state(game_id)
    letter = next((item["letter"] for item in state["items"] if item["name"] == "ring mail"), None)
    if letter is None:
        raise ProbeInconclusive("no ring mail in the pack")
    reply = play_setup(client, game_id, [f"W {letter}"])
    hero = reply.state["hero"]
    if hero.get("wearing") != "ring mail":
        raise ProbeInconclusive(f"wearing {hero.get('wearing')!r}, not ring mail")
    return ProbeResult(
        bug_id="BUG-6",
        present=hero["def"] != 3,
        evidence=f"{reply.message[:60]!r}; hero.def is {hero['def']} while wearing ring mail (+3)",
    )

"""Probes for Orebend's ground-truth bugs. Each plays a new game through the agent API only."""

from __future__ import annotations

import re

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _ore_in_play(state: dict) -> int:
    piles = sum(face["pile"] for face in state["faces"].values())
    return piles + state["train"]["load"] + state["smelter"]["hopper"] + 3 * state["ingots"]


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Surveying a face that does not exist must be refused, not crash the server."""
    game_id = client.new_game().game_id
    try:
        observation = client.command(game_id, "survey shaft")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(
            bug_id="BUG-1",
            present=True,
            evidence=f"'survey shaft' crashed the server: {exc}",
        )
    return ProbeResult(
        bug_id="BUG-1",
        present=False,
        evidence=f"'survey shaft' answered success={observation.success}: {observation.message[:120]}",
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """An order of exactly 3 segments is billed at the bulk price, 5 coin a segment (15 in all)."""
    game_id = client.new_game().game_id
    before = client.state(game_id)["coin"]
    observation = play_setup(client, game_id, ["lay 3"])
    spent = before - observation.state["coin"]
    if observation.state["track"]["reach"] != 7:
        raise ProbeInconclusive(f"lay 3 did not bring the track to milepost 7: {observation.state['track']}")
    return ProbeResult(
        bug_id="BUG-2",
        present=spent != 15,
        evidence=f"lay 3 cost {spent} coin (rules: 15)",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Tipping more ore than the hopper can take keeps the rest in the carts."""
    game_id = client.new_game().game_id
    play_setup(
        client,
        game_id,
        [
            "run gallery",
            "load",
            "run yard",
            "tip",
            "run adit",
            "load",
            "run yard",
            "end shift",
            "run gallery",
            "load",
            "run yard",
        ],
    )
    before = client.state(game_id)
    if before["smelter"]["hopper"] + before["train"]["load"] <= before["smelter"]["hopper_capacity"]:
        raise ProbeInconclusive(f"setup did not overfill the hopper: {before['smelter']}, {before['train']}")
    after = play_setup(client, game_id, ["tip"]).state
    lost = _ore_in_play(before) - _ore_in_play(after)
    return ProbeResult(
        bug_id="BUG-3",
        present=lost != 0,
        evidence=(
            f"before tip: hopper {before['smelter']['hopper']}, carts {before['train']['load']}; "
            f"after: hopper {after['smelter']['hopper']}, carts {after['train']['load']}; ore lost {lost}"
        ),
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    """Shipping more ingots than held ships what is held, and the reply says how many went."""
    game_id = client.new_game().game_id
    setup = play_setup(client, game_id, ["run adit", "load", "run yard", "tip", "smelt 2"])
    held = setup.state["ingots"]
    if held != 2:
        raise ProbeInconclusive(f"setup left {held} ingots, not 2")
    observation = play_setup(client, game_id, ["ship 5"])
    sent = observation.state["contract"]["shipped"]
    match = re.search(r"[Ss]hipped (\d+) ingot", observation.message)
    if match is None:
        raise ProbeInconclusive(f"no shipped count in the reply: {observation.message[:200]}")
    said = int(match.group(1))
    return ProbeResult(
        bug_id="BUG-4",
        present=said != sent,
        evidence=f"reply says {said} shipped, state says {sent} shipped: {observation.message[:120]}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    """The furnace goes cold at the end of a shift: the first smelt of the next shift burns lighting coal."""
    game_id = client.new_game().game_id
    play_setup(
        client,
        game_id,
        ["buy coal 3", "run adit", "load", "run yard", "tip", "smelt 1", "end shift"],
    )
    before = client.state(game_id)
    observation = play_setup(client, game_id, ["smelt 1"])
    burned = before["coal"] - observation.state["coal"]
    return ProbeResult(
        bug_id="BUG-5",
        present=burned != 2,
        evidence=(
            f"after end shift the furnace shows lit={before['smelter']['lit']}; the first smelt 1 of shift 2 "
            f"burned {burned} coal (rules: 1 to light + 1)"
        ),
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    """Once the track reaches the sump, the state lists the sump as in reach."""
    game_id = client.new_game().game_id
    observation = play_setup(client, game_id, ["lay 1", "lay 2"])
    if observation.state["track"]["reach"] != 7:
        raise ProbeInconclusive(f"track did not reach milepost 7: {observation.state['track']}")
    play_setup(client, game_id, ["run sump"])
    sump = client.state(game_id)["faces"]["sump"]
    return ProbeResult(
        bug_id="BUG-6",
        present=sump["in_reach"] is not True,
        evidence=f"track reach 7 and the train ran to the sump, but state faces.sump = {sump}",
    )

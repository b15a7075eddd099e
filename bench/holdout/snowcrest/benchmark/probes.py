"""Probes for Snowcrest's ground-truth bugs. Each plays from a new game through the agent API only."""

from __future__ import annotations

import re
from typing import Any

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _pairs(state: dict[str, Any], key: str) -> dict[str, Any]:
    return {name: value for name, value in state[key]}


def _lift(state: dict[str, Any], name: str) -> dict[str, Any]:
    return next(lift for lift in state["lifts"] if lift["name"] == name)


def probe_bug_1(client: GameClient) -> ProbeResult:
    """An adult ticket sold at exactly 12:00 costs the afternoon $40."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["WAIT", "WAIT", "WAIT"])
    before = client.state(game_id)
    if before["hour"] != 12:
        raise ProbeInconclusive(f"clock is {before.get('clock')}, not 12:00")
    play_setup(client, game_id, ["SELL ADULT 1"])
    paid = client.state(game_id)["cash"] - before["cash"]
    return ProbeResult(
        bug_id="BUG-1",
        present=paid != 40,
        evidence=f"one adult ticket at 12:00 took ${paid} (rules: $40)",
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """RESCUE with no run while nobody is down must be refused, not crash the server."""
    game_id = client.new_game().game_id
    try:
        observation = client.command(game_id, "RESCUE")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-2", present=True, evidence=f"RESCUE on a quiet mountain: {exc}")
    return ProbeResult(
        bug_id="BUG-2",
        present=False,
        evidence=f"RESCUE answered success={observation.success}: {observation.message[:120]}",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Asking Pinewood (20 an hour) to board 25 boards 20 and leaves 5 in the lodge."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["SELL ADULT 30", "OPEN PINEWOOD", "LOAD PINEWOOD 25"])
    state = client.state(game_id)
    loaded = _lift(state, "Pinewood")["loaded"]
    lodge = state["lodge"]
    if loaded != 20:
        raise ProbeInconclusive(f"Pinewood boarded {loaded}, expected a full chair of 20")
    return ProbeResult(
        bug_id="BUG-3",
        present=lodge + loaded != 30,
        evidence=(
            f"30 guests sold; after LOAD PINEWOOD 25: lodge {lodge} + boarded {loaded} = {lodge + loaded}"
        ),
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    """The RESCUE reply lists the teams on standby; the team just sent must not be among them."""
    game_id = client.new_game().game_id
    play_setup(
        client,
        game_id,
        ["SELL ADULT 30", "OPEN RIDGEBACK", "LOAD RIDGEBACK 25", "WAIT"],
    )
    if not client.state(game_id)["casualties"]:
        raise ProbeInconclusive("no casualty on Ridgeline after 25 riders")
    observation = play_setup(client, game_id, ["RESCUE RIDGELINE"])
    match = re.search(r"Teams on standby: ([^.\n]*)", observation.message)
    if not match:
        raise ProbeInconclusive(f"no standby list in the reply: {observation.message[:200]}")
    said = {name.strip() for name in match.group(1).split(",") if name.strip() and name.strip() != "none"}
    duty = _pairs(observation.state, "patrol")
    wrong = sorted(name for name in said if duty.get(name) != "standby")
    return ProbeResult(
        bug_id="BUG-4",
        present=bool(wrong),
        evidence=f"reply says on standby: {sorted(said)}; state patrol: {duty}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    """A lift still on wind hold at 16:00 gives its operator back: Sunday starts with 3 operators."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["OPEN SUMMIT"] + ["WAIT"] * 6)
    held = client.state(game_id)
    if held["hour"] != 15 or _lift(held, "Summit")["status"] != "hold":
        raise ProbeInconclusive(f"Summit is not on wind hold at {held.get('clock')}")
    state = play_setup(client, game_id, ["WAIT"]).state
    if state["day"] != 2:
        raise ProbeInconclusive(f"the day did not roll over: {state.get('clock')}")
    return ProbeResult(
        bug_id="BUG-5",
        present=state["operatorsFree"] != 3,
        evidence=f"Sunday 09:00 after Summit ended Saturday on hold: operatorsFree {state['operatorsFree']}",
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    """A refund comes off stats.ticketRevenue, so cash = 500 + ticketRevenue - liftCosts still holds."""
    game_id = client.new_game().game_id
    state = play_setup(client, game_id, ["SELL ADULT 5", "REFUND ADULT 2"]).state
    stats = _pairs(state, "stats")
    books = 500 + stats["ticketRevenue"] - stats["liftCosts"]
    return ProbeResult(
        bug_id="BUG-6",
        present=stats["ticketRevenue"] != 5 * 64 - 2 * 59 or books != state["cash"],
        evidence=(
            f"after selling 5 and refunding 2: cash {state['cash']}, ticketRevenue {stats['ticketRevenue']}"
        ),
    )

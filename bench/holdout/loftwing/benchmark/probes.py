"""Probes for LOFTWING's ground-truth bugs. Each plays a fresh game through the agent API only."""

from __future__ import annotations

import re

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _new(client: GameClient) -> str:
    return client.new_game().game_id


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Asking for the wind above the ceiling must be refused, not crash the server."""
    game_id = _new(client)
    play_setup(client, game_id, ["winds 3"])
    try:
        observation = client.command(game_id, "winds 6")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(
            bug_id="BUG-1",
            present=True,
            evidence=f"'winds 6' crashed the server: {exc}",
        )
    return ProbeResult(
        bug_id="BUG-1",
        present=False,
        evidence=f"'winds 6' answered success={observation.success}: {observation.message[:160]}",
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """A marker thrown exactly 1 km from a checkpoint is within range and must be logged."""
    game_id = _new(client)
    observation = play_setup(client, game_id, ["burn 2", "wait", "vent 1"])
    balloon = observation.state["balloon"]
    if balloon["km"] != 5 or balloon["level"] != 1:
        raise ProbeInconclusive(f"expected to be at level 1 over km 5, got {balloon}")
    throw = client.command(game_id, "throw")
    if not throw.success:
        raise ProbeInconclusive(f"throw refused: {throw.message[:200]}")
    checkpoint = throw.state["course"]["checkpoints"][0]
    return ProbeResult(
        bug_id="BUG-2",
        present=not checkpoint["logged"],
        evidence=f"marker 1 km from {checkpoint['name']}: logged={checkpoint['logged']}; "
        f"{throw.message[:160]}",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Ballast that cannot lift past the ceiling stays aboard: bags lost must equal levels climbed."""
    game_id = _new(client)
    before = play_setup(client, game_id, ["burn 3", "burn 1"]).state["balloon"]
    if before["level"] != 4 or before["ballast"] < 3:
        raise ProbeInconclusive(f"expected level 4 with 3+ bags, got {before}")
    after_obs = client.command(game_id, "drop 3")
    if not after_obs.success:
        raise ProbeInconclusive(f"'drop 3' refused: {after_obs.message[:200]}")
    after = after_obs.state["balloon"]
    climbed = after["level"] - before["level"]
    lost = before["ballast"] - after["ballast"]
    return ProbeResult(
        bug_id="BUG-3",
        present=lost != climbed,
        evidence=f"'drop 3' at level 4: climbed {climbed} level(s), "
        f"ballast {before['ballast']} -> {after['ballast']}",
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    """A burn clipped by the ceiling must report the level actually reached."""
    game_id = _new(client)
    play_setup(client, game_id, ["burn 3", "burn 1"])
    observation = client.command(game_id, "burn 3")
    if not observation.success:
        raise ProbeInconclusive(f"'burn 3' refused: {observation.message[:200]}")
    match = re.search(r"climb to level (\d+)", observation.message)
    if match is None:
        raise ProbeInconclusive(f"no level in the burn message: {observation.message[:200]}")
    said = int(match.group(1))
    level = observation.state["balloon"]["level"]
    return ProbeResult(
        bug_id="BUG-4",
        present=said != level,
        evidence=f"message says level {said}, state says level {level}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    """From turn 11 the afternoon winds blow; the drift on turn 11 must follow them."""
    game_id = _new(client)
    observation = play_setup(client, game_id, ["wait"] * 10)
    state = observation.state
    if state["turn"] != 10 or state["balloon"]["level"] != 0:
        raise ProbeInconclusive(f"expected turn 10 on the ground, got turn {state['turn']}")
    expected = state["sky"]["winds"]["3"]
    km_before = state["balloon"]["km"]
    burn = client.command(game_id, "burn 3")
    if not burn.success:
        raise ProbeInconclusive(f"'burn 3' refused: {burn.message[:200]}")
    moved = burn.state["balloon"]["km"] - km_before
    return ProbeResult(
        bug_id="BUG-5",
        present=moved != expected or state["sky"]["period"] != "afternoon",
        evidence=f"turn 11 ({state['sky']['period']}) wind at level 3 is {expected}, "
        f"balloon moved {moved} km",
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    """The odometer counts every km drifted, west as well as east."""
    game_id = _new(client)
    km = 0
    travelled = 0
    observation = None
    for command in ["burn 3", "wait"]:
        observation = client.command(game_id, command)
        if not observation.success:
            raise ProbeInconclusive(f"{command!r} refused: {observation.message[:200]}")
        now = observation.state["balloon"]["km"]
        travelled += abs(now - km)
        km = now
    assert observation is not None
    odometer = observation.state["balloon"]["odometerKm"]
    if travelled == 0:
        raise ProbeInconclusive("the balloon did not move")
    return ProbeResult(
        bug_id="BUG-6",
        present=odometer != travelled,
        evidence=f"drifted {travelled} km (now over km {km}), odometerKm is {odometer}",
    )

"""Probes for fogbell's ground-truth bugs: each plays a new game through the agent API only."""

from __future__ import annotations

import re

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

# The walkthrough's first three hours: lamp lit and topped up, lens wound, wick trimmed; it is then 23:00.
TO_ELEVEN = [
    "light",
    "carry 3",
    "fill",
    "wait",
    "wind",
    "carry 1",
    "fill",
    "wait",
    "trim",
    "carry 1",
    "fill",
    "wait",
]


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Reading the logbook page of an hour still to come must answer, not crash."""
    game_id = client.new_game().game_id
    try:
        observation = client.command(game_id, "logbook 23:00")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"`logbook 23:00` at 20:00: {exc}")
    return ProbeResult(
        bug_id="BUG-1", present=False, evidence=f"`logbook 23:00` answered: {observation.message[:120]!r}"
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """The can holds at most 4 pints in all, counting what is already in it."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["carry 2"])
    observation = client.command(game_id, "carry 4")
    can = client.state(game_id)["stores"]["can"]
    present = observation.success or can > 4
    return ProbeResult(
        bug_id="BUG-2",
        present=present,
        evidence=f"carry 2 then carry 4: success={observation.success}, can holds {can} (limit 4)",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Oil that does not fit in the reservoir stays in the can: no oil is lost by `fill`."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["carry 4"])
    before = client.state(game_id)
    if before["lamp"]["oil"] != 3 or before["stores"]["can"] != 4:
        raise ProbeInconclusive(f"unexpected start: lamp {before['lamp']}, stores {before['stores']}")
    play_setup(client, game_id, ["fill"])
    after = client.state(game_id)
    total = after["stores"]["cellar"] + after["stores"]["can"] + after["lamp"]["oil"]
    return ProbeResult(
        bug_id="BUG-3",
        present=total != 11,
        evidence=(
            f"lamp 3 + can 4, fill: lamp {after['lamp']['oil']}, can {after['stores']['can']}, "
            f"cellar {after['stores']['cellar']}: {total} pints of 11"
        ),
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    """`wind` says how long the lens will turn; the state's clockwork must agree."""
    game_id = client.new_game().game_id
    observation = play_setup(client, game_id, ["wind"])
    wound = client.state(game_id)["lens"]["wound_hours"]
    said = [int(n) for n in re.findall(r"(\d+) hours?", observation.message)]
    if not said:
        raise ProbeInconclusive(f"`wind` named no hours: {observation.message[:200]!r}")
    return ProbeResult(
        bug_id="BUG-4",
        present=said[-1] != wound,
        evidence=f"`wind` said {said[-1]} hours, state lens.wound_hours = {wound}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    """A bell rung at 23:00 must not count for 00:00: the Gannet, unwarned in fog, is wrecked."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, [*TO_ELEVEN, "ring", "carry 1", "fill", "wait"])
    state = client.state(game_id)
    if state["clock"]["time"] != "00:00" or state["clock"]["weather"] != "fog" or state["shift"]["over"]:
        raise ProbeInconclusive(f"not at a foggy 00:00: {state['clock']}")
    flag = state["bell"]["rung_this_hour"]
    play_setup(client, game_id, ["trim", "carry 2", "wait"])
    gannet = next(ship for ship in client.state(game_id)["ships"] if ship["name"] == "Gannet")
    return ProbeResult(
        bug_id="BUG-5",
        present=gannet["status"] == "passed",
        evidence=f"bell rung at 23:00 only; at 00:00 rung_this_hour={flag}; the Gannet: {gannet['status']}",
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    """After `trim` the beam of a lit lamp is bright again in the state."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["light", "carry 3", "fill", "wait", "wait", "wait"])
    lamp = client.state(game_id)["lamp"]
    if not lamp["lit"] or lamp["soot"] < 3 or lamp["beam"] != "dim":
        raise ProbeInconclusive(f"lamp not lit and dim after three hours: {lamp}")
    play_setup(client, game_id, ["trim"])
    lamp = client.state(game_id)["lamp"]
    return ProbeResult(
        bug_id="BUG-6",
        present=lamp["soot"] == 0 and lamp["beam"] != "bright",
        evidence=f"after trim: soot {lamp['soot']}, beam {lamp['beam']!r} (expected 'bright')",
    )

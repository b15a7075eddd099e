"""Probes for the Coachlamp Line's ground-truth bugs: each plays the agent API from a new game."""

from __future__ import annotations

import math
import re

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _current(value: object) -> int:
    """The current part of a "current/max" state string."""
    text = str(value)
    head = text.split("/", 1)[0]
    if not head.strip().lstrip("-").isdigit():
        raise ProbeInconclusive(f"not a current/max value: {text!r}")
    return int(head)


def probe_bug_1(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    try:
        observation = client.command(game_id, "rest:two")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"rest:two -> {exc}"[:300])
    return ProbeResult(
        bug_id="BUG-1",
        present=False,
        evidence=f"rest:two answered success={observation.success}: {observation.message[:150]}",
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    new = client.new_game()
    waiting = [p["id"] for p in new.observation.state.get("wait", [])]
    if len(waiting) < 7:
        raise ProbeInconclusive(f"only {len(waiting)} passengers wait in the first town")
    play_setup(client, new.game_id, [f"board:{pid}" for pid in waiting[:6]])
    observation = client.command(new.game_id, f"board:{waiting[6]}")
    seats = client.state(new.game_id).get("cap")
    aboard = _current(seats)
    present = observation.success or aboard > 6
    return ProbeResult(
        bug_id="BUG-2",
        present=present,
        evidence=f"7th board success={observation.success}, cap={seats}: {observation.message[:120]}",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["drive:Brackwell", "buy:fodder,4"])
    before = client.state(game_id)
    team, fodder = _current(before.get("team")), _current(before.get("fod"))
    if fodder < 3 or team >= 100:
        raise ProbeInconclusive(f"setup left team={before.get('team')} fod={before.get('fod')}")
    observation = client.command(game_id, "feed:3")
    if not observation.success:
        raise ProbeInconclusive(f"feed:3 refused: {observation.message[:200]}")
    after = client.state(game_id)
    needed = min(3, math.ceil((100 - team) / 25))
    left = _current(after.get("fod"))
    return ProbeResult(
        bug_id="BUG-3",
        present=left != fodder - needed,
        evidence=(
            f"team {before.get('team')} needs {needed} bale(s); feed:3 took the rack from {fodder} to {left} "
            f"(team now {after.get('team')})"
        ),
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    new = client.new_game()
    depot = new.observation.state.get("depot", [])
    if not depot:
        raise ProbeInconclusive("the first depot is empty")
    kid = depot[0]["id"]
    play_setup(client, new.game_id, [f"load:{kid}", f"drop:{kid}"])
    state = client.state(new.game_id)
    carried = sum(int(k.get("lb", 0)) for k in state.get("boot", []))
    shown = _current(state.get("lb"))
    return ProbeResult(
        bug_id="BUG-4",
        present=shown != carried,
        evidence=f"after load:{kid}, drop:{kid} the boot holds {carried} lb but lb={state.get('lb')}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["rest:10"])
    purse = int(client.state(game_id).get("purse", 0))
    observation = client.command(game_id, "drive:Brackwell")
    if not observation.success:
        raise ProbeInconclusive(f"drive refused: {observation.message[:200]}")
    match = re.search(r"take (\d+) coin", observation.message)
    if match is None:
        raise ProbeInconclusive(f"no robbery on the heath: {observation.message[:200]}")
    said = int(match.group(1))
    lost = purse - int(observation.state.get("purse", 0))
    return ProbeResult(
        bug_id="BUG-5",
        present=said != lost,
        evidence=f"message says {said} coin taken, purse went {purse} -> {purse - lost} (lost {lost})",
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    new = client.new_game()
    candidates = [
        p
        for p in new.observation.state.get("wait", [])
        if p.get("to") == "Brackwell" and str(p.get("by")).startswith("d1 ")
    ]
    if not candidates:
        raise ProbeInconclusive("nobody waits for Brackwell due on day 1")
    passenger = candidates[0]
    play_setup(client, new.game_id, [f"board:{passenger['id']}", "inn"])
    purse = int(client.state(new.game_id).get("purse", 0))
    observation = client.command(new.game_id, "drive:Brackwell")
    if not observation.success:
        raise ProbeInconclusive(f"drive refused: {observation.message[:200]}")
    paid = int(observation.state.get("purse", 0)) - purse
    fare = int(passenger["fare"])
    return ProbeResult(
        bug_id="BUG-6",
        present=paid != fare // 2,
        evidence=(
            f"{passenger['id']} due {passenger['by']} reached Brackwell on day 2 at "
            f"{observation.state.get('clock')} and paid {paid} of fare {fare} (late: {fare // 2})"
        ),
    )

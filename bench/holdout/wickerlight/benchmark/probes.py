"""Probes for Wickerlight's ground-truth bugs. Each plays a new game through the agent API only."""

from __future__ import annotations

import re

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _new(client: GameClient) -> str:
    return client.new_game().game_id


def probe_bug_1(client: GameClient) -> ProbeResult:
    game_id = _new(client)
    before = client.state(game_id)["purse"]
    obs = play_setup(client, game_id, ["buy 10 wax"])
    paid = before - obs.state["purse"]
    if obs.state["supplies"]["wax_lb"] != 10:
        raise ProbeInconclusive(f"wax after buying 10 lb: {obs.state['supplies']}")
    return ProbeResult(
        bug_id="BUG-1",
        present=paid != 30,
        evidence=f"10 lb of wax cost {paid}p (rules: 30p at 3p a pound); reply: {obs.message}",
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    game_id = _new(client)
    setup = ["buy 12 wax", "buy 11 wicks", "dip 8", "sleep", "dip 3"] + ["sleep"] * 5 + ["sell 10 tapers"]
    obs = play_setup(client, game_id, setup)
    if not obs.state["fair"]["today"] or obs.state["shelf"]["taper"] != 1:
        raise ProbeInconclusive(
            f"not at the fair with one taper left: {obs.state['fair']}, {obs.state['shelf']}"
        )
    try:
        after = client.command(game_id, "sell all")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-2", present=True, evidence=f"'sell all' with nothing wanted: {exc}")
    return ProbeResult(
        bug_id="BUG-2",
        present=False,
        evidence=f"'sell all' answered success={after.success}: {after.message}",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    game_id = _new(client)
    setup = ["buy 12 wax", "buy 9 wicks", "dip 8"] + ["sleep"] * 7 + ["take 3"]
    obs = play_setup(client, game_id, setup)
    shelf = obs.state["shelf"]
    if shelf != {"taper": 8, "pillar": 0}:
        raise ProbeInconclusive(f"shelf before delivering: {shelf}")
    after = client.command(game_id, "deliver 3")
    if after.success:
        raise ProbeInconclusive(f"delivery without pillars was accepted: {after.message}")
    tapers = after.state["shelf"]["taper"]
    return ProbeResult(
        bug_id="BUG-3",
        present=tapers != 8,
        evidence=f"refused delivery ({after.message}); tapers on shelf went 8 -> {tapers}",
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    game_id = _new(client)
    obs = play_setup(client, game_id, ["buy 3 wax", "buy 1 wick", "mould 1"])
    said = re.search(r"ready on day (\d+)", obs.message)
    rack = obs.state["rack"]
    if said is None or len(rack) != 1:
        raise ProbeInconclusive(f"no ready day in the reply or rack: {obs.message!r}, {rack}")
    ready_on = rack[0]["ready_on"]
    return ProbeResult(
        bug_id="BUG-4",
        present=int(said.group(1)) != ready_on,
        evidence=f"reply says day {said.group(1)}, state rack ready_on={ready_on}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    game_id = _new(client)
    obs = play_setup(client, game_id, ["buy 12 wax", "buy 4 wicks", "dip 2", "dip 2", "sleep"])
    if obs.state["day"] != 2:
        raise ProbeInconclusive(f"did not reach day 2: {obs.state['day']}")
    tapers = obs.state["shelf"]["taper"]
    return ProbeResult(
        bug_id="BUG-5",
        present=tapers != 4,
        evidence=f"two batches of 2 tapers dipped on day 1; day 2 shelf has {tapers}, "
        f"rack {obs.state['rack']}",
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    game_id = _new(client)
    obs = play_setup(client, game_id, ["buy 3 wax", "buy 1 wick", "mould 1"])
    hours = obs.state["hours_left"]
    return ProbeResult(
        bug_id="BUG-6",
        present=hours != 6,
        evidence=f"after moulding one pillar (2 hours) from 8, hours_left={hours}",
    )

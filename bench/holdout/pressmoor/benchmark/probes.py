"""Probes for Pressmoor's ground-truth bugs. Each plays a fresh season through the agent API only."""

from __future__ import annotations

import re

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _fresh(client: GameClient) -> str:
    return client.new_game().game_id


def _barrels(state: dict) -> list[dict]:
    return list(state.get("barrels") or [])


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Selling cider from a barrel number beyond the ones owned must be refused, not crash the server."""
    gid = _fresh(client)
    play_setup(client, gid, ["go market", "buy barrel"])
    try:
        obs = client.command(gid, "sell cider 2")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"sell cider 2 with one barrel: {exc}")
    return ProbeResult(
        bug_id="BUG-1", present=False, evidence=f"answered success={obs.success}: {obs.message[:200]}"
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """Three barrels in one purchase cost 7 shillings each (21), per the rules."""
    gid = _fresh(client)
    before = play_setup(client, gid, ["go market"]).state["purse"]
    obs = client.command(gid, "buy barrel 3")
    if not obs.success:
        raise ProbeInconclusive(f"buy barrel 3 refused: {obs.message[:200]}")
    paid = before - obs.state["purse"]
    return ProbeResult(
        bug_id="BUG-2", present=paid != 21, evidence=f"3 barrels cost {paid} shillings, expected 21"
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Filling 30 litres into one 25-litre barrel must leave 5 litres in the vat."""
    gid = _fresh(client)
    setup = ["go market", "buy barrel", "go orchard", "pick redstreak 5", "press redstreak 5"]
    pressed = play_setup(client, gid, setup).state["vat"]
    if pressed != 30:
        raise ProbeInconclusive(f"5 redstreak pressed to {pressed} litres, not 30")
    obs = play_setup(client, gid, ["fill"])
    in_barrels = sum(b.get("litres", 0) for b in _barrels(obs.state))
    total = obs.state["vat"] + in_barrels
    return ProbeResult(
        bug_id="BUG-3",
        present=total != 30,
        evidence=f"after fill: vat {obs.state['vat']}, barrels {in_barrels}, total {total} of 30 litres",
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    """The press message's vat total must match the vat in the state."""
    gid = _fresh(client)
    play_setup(client, gid, ["pick redstreak 2", "press redstreak 1"])
    obs = play_setup(client, gid, ["press redstreak 1"])
    match = re.search(r"holds (\d+) litres", obs.message)
    if match is None:
        raise ProbeInconclusive(f"press message names no vat total: {obs.message[:200]}")
    said = int(match.group(1))
    return ProbeResult(
        bug_id="BUG-4",
        present=said != obs.state["vat"],
        evidence=f"message says the vat holds {said} litres, state vat is {obs.state['vat']}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    """A barrel sold and refilled starts fermenting anew: it cannot be sold again the same day."""
    gid = _fresh(client)
    play_setup(
        client,
        gid,
        [
            "go market",
            "buy barrel",
            "go orchard",
            "pick redstreak 5",
            "press redstreak 5",
            "fill",
            "sleep",
            "sleep",
            "sleep",
            "go market",
            "sell cider 1",
            "go orchard",
            "pick redstreak 2",
            "press redstreak 2",
            "fill",
        ],
    )
    refilled = client.state(gid)
    barrel = _barrels(refilled)[0]
    if barrel.get("litres") != 12:
        raise ProbeInconclusive(f"refilled barrel 1 holds {barrel.get('litres')} litres, not 12")
    play_setup(client, gid, ["go market"])
    obs = client.command(gid, "sell cider 1")
    return ProbeResult(
        bug_id="BUG-5",
        present=obs.success,
        evidence=f"day {refilled['day']} refill, barrel 1 {barrel}; selling it the same day: "
        f"success={obs.success}: {obs.message[:160]}",
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    """Two barrels bought together are two barrels: filling the first leaves the second empty."""
    gid = _fresh(client)
    obs = play_setup(
        client,
        gid,
        [
            "go market",
            "buy barrel 2",
            "go orchard",
            "pick redstreak 3",
            "press redstreak 3",
            "fill",
        ],
    )
    barrels = _barrels(obs.state)
    if len(barrels) != 2:
        raise ProbeInconclusive(f"expected 2 barrels, state has {len(barrels)}")
    litres = [b.get("litres") for b in barrels]
    return ProbeResult(
        bug_id="BUG-6",
        present=litres != [18, 0],
        evidence=f"18 litres filled; barrels hold {litres}, expected [18, 0]",
    )

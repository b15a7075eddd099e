"""Probes for millrace's ground-truth bugs: each plays a fresh season through the agent API."""

from __future__ import annotations

import re
from typing import Any

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _sacks(state: dict[str, Any], good: str) -> int:
    for row in state.get("stock", []):
        if row.get("good") == good:
            return int(row.get("sacks", 0))
    raise ProbeInconclusive(f"no stock row for {good}: {state.get('stock')}")


def _mill(state: dict[str, Any]) -> dict[str, Any]:
    mill = state.get("mill")
    if not isinstance(mill, dict):
        raise ProbeInconclusive(f"no mill in the state: {state}")
    return mill


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Grinding a meal instead of a grain must be refused, not crash the server."""
    game_id = client.new_game().game_id
    try:
        observation = client.command(game_id, "GRIND:FLOUR,1")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"GRIND:FLOUR,1 -> {exc}")
    return ProbeResult(
        bug_id="BUG-1",
        present=False,
        evidence=f"GRIND:FLOUR,1 answered success={observation.success}: {observation.message[:120]}",
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """A wheel at exactly 40 is not below 40: it turns the full 12 sacks on a HIGH river."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["BUY:WHEAT,10", "BUY:RYE,2", "GRIND:WHEAT,10", "GRIND:RYE,2"])
    mill = _mill(client.state(game_id))
    if mill.get("wheel") != 40 or mill.get("river") != "high":
        raise ProbeInconclusive(f"setup did not leave the wheel at 40 on a high river: {mill}")
    capacity = mill.get("capacity")
    return ProbeResult(
        bug_id="BUG-2",
        present=capacity != 12,
        evidence=f"wheel 40, river high: capacity {capacity}, rules say 12",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Ordering more than the wheel has left grinds what it can; the rest of the grain stays in the bin."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["BUY:WHEAT,10", "BUY:RYE,4", "GRIND:WHEAT,10"])
    observation = client.command(game_id, "GRIND:RYE,4")
    if not observation.success:
        raise ProbeInconclusive(f"GRIND:RYE,4 was refused: {observation.message[:200]}")
    state = client.state(game_id)
    rye, ryemeal = _sacks(state, "rye"), _sacks(state, "ryemeal")
    return ProbeResult(
        bug_id="BUG-3",
        present=rye + ryemeal != 4,
        evidence=f"4 rye bought, GRIND:RYE,4 with 2 sacks of work left: rye {rye}, ryemeal {ryemeal}",
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    """REPAIR beyond 100 mends only to 100; the reply must name the points mended and their cost."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["BUY:WHEAT,2", "GRIND:WHEAT,2"])
    before = client.state(game_id)
    observation = client.command(game_id, "REPAIR:30")
    if not observation.success:
        raise ProbeInconclusive(f"REPAIR:30 was refused: {observation.message[:200]}")
    after = client.state(game_id)
    mended = _mill(after)["wheel"] - _mill(before)["wheel"]
    charged = before["purse"] - after["purse"]
    found = re.search(r"MENDED (\d+) PTS = (\d+)s (\d+)d", observation.message)
    if found is None:
        raise ProbeInconclusive(f"no points or cost in the reply: {observation.message[:200]}")
    said_points = int(found.group(1))
    said_cost = int(found.group(2)) * 12 + int(found.group(3))
    return ProbeResult(
        bug_id="BUG-4",
        present=said_points != mended or said_cost != charged,
        evidence=(f"reply {found.group(0)!r}; state: wheel +{mended}, purse -{charged}d"),
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    """The flood batters the wheel when the FLOOD week (10) is closed, not when week 9 is."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["PAY", "CLOSE"] * 9)
    state = client.state(game_id)
    if state.get("week") != 10:
        raise ProbeInconclusive(f"nine closes did not reach week 10: week {state.get('week')}")
    wheel_in_10 = _mill(state)["wheel"]
    play_setup(client, game_id, ["PAY", "CLOSE"])
    wheel_in_11 = _mill(client.state(game_id))["wheel"]
    return ProbeResult(
        bug_id="BUG-5",
        present=wheel_in_10 != 100 or wheel_in_11 != 90,
        evidence=(
            f"no grinding: wheel {wheel_in_10} in week 10, {wheel_in_11} in week 11 (rules: 100, then 90)"
        ),
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    """A wage taken late at the close, with its fine, is written in the ledger: the ledger adds up to the
    purse."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["CLOSE"])
    state = client.state(game_id)
    ledger = state.get("ledger", [])
    total = sum(int(entry.get("pence", 0)) for entry in ledger)
    purse = state.get("purse")
    return ProbeResult(
        bug_id="BUG-6",
        present=total != purse,
        evidence=f"after closing week 1 unpaid: purse {purse}d, ledger adds up to {total}d",
    )

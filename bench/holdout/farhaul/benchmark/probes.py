"""Probes for Farhaul's ground-truth bugs: each answers "is this bug present in this running build?".

Every probe starts a fresh voyage and plays it through the agent API only. When the game no longer lets a
probe reach the situation it checks (a setup step is refused), the probe raises ProbeInconclusive.
"""

from __future__ import annotations

import re
from typing import Any

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _held(state: dict[str, Any], good: str) -> int:
    return sum(int(units) for name, units in state.get("hold", []) if name == good)


def _fuel(state: dict[str, Any]) -> int:
    return int(state["ship"][1])


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Launching toward the planet you are docked at is refused in-game, not a server crash."""
    game = client.new_game()
    if game.observation.state.get("planet", [None])[0] != "Vega":
        raise ProbeInconclusive(f"a new voyage is not docked at Vega: {game.observation.state.get('planet')}")
    play_setup(client, game.game_id, ["launch"])
    try:
        answer = client.command(game.game_id, "1")
    except GameServerError as exc:
        evidence = f"docked at Vega, `launch` then `1` (vega) -> HTTP {exc.status}: {exc.body[:200]!r}"
        return ProbeResult(bug_id="BUG-1", present=True, evidence=evidence)
    except GameUnavailable as exc:
        evidence = f"docked at Vega, `launch` then `1` dropped the connection: {exc}"
        return ProbeResult(bug_id="BUG-1", present=True, evidence=evidence)
    evidence = f"docked at Vega, `launch` then `1` -> success={answer.success}: {answer.message!r}"
    return ProbeResult(bug_id="BUG-1", present=False, evidence=evidence)


def probe_bug_2(client: GameClient) -> ProbeResult:
    """Docking at Rigel costs the manual's 10 CR."""
    game = client.new_game()
    before = int(game.observation.state["credits"])
    arrived = play_setup(client, game.game_id, ["launch", "rigel"])
    if arrived.state.get("planet", [None])[0] != "Rigel":
        raise ProbeInconclusive(f"the jump did not reach Rigel: {arrived.state.get('planet')}")
    fee = before - int(arrived.state["credits"])
    evidence = f"credits {before} -> {arrived.state['credits']} docking at Rigel (fee {fee}, manual: 10)"
    return ProbeResult(bug_id="BUG-2", present=fee != 10, evidence=f"{evidence}; message={arrived.message!r}")


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Two purchases of spice add up in the hold."""
    game = client.new_game()
    first = play_setup(client, game.game_id, ["buy goods", "spice", "3"])
    if _held(first.state, "spice") != 3:
        raise ProbeInconclusive(f"expected 3 spice after the first purchase: {first.state.get('hold')}")
    second = play_setup(client, game.game_id, ["buy goods", "spice", "2"])
    held = _held(second.state, "spice")
    paid = int(game.observation.state["credits"]) - int(second.state["credits"])
    evidence = f"bought 3 then 2 spice, paid {paid} CR in all; hold now {second.state.get('hold')}"
    return ProbeResult(bug_id="BUG-3", present=held != 5, evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """Asking for more fuel than the tank has room for: the reply names the units actually taken on."""
    game = client.new_game()
    ready = play_setup(client, game.game_id, ["launch", "altair", "refuel"])
    fuel_before = _fuel(ready.state)
    if fuel_before >= 60 or ready.state.get("screen") != "refuel":
        raise ProbeInconclusive(f"expected the refuel question with room in the tank: {ready.state}")
    answer = client.command(game.game_id, "30")
    if not answer.success:
        raise ProbeInconclusive(f"refuelling was refused: {answer.message!r}")
    taken = _fuel(answer.state) - fuel_before
    said = re.search(r"TOOK ON (\d+) UNIT", answer.message.upper())
    if said is None:
        raise ProbeInconclusive(f"the reply names no units taken on: {answer.message!r}")
    evidence = f"fuel {fuel_before} -> {_fuel(answer.state)} ({taken} taken on); message={answer.message!r}"
    return ProbeResult(bug_id="BUG-4", present=int(said.group(1)) != taken, evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """A jump that passes day 10 adds the lender's 10% interest."""
    game = client.new_game()
    setup = ["launch", "rigel", "launch", "vega", "refuel", "48", "launch", "deneb"]
    before = play_setup(client, game.game_id, setup)
    day, debt = int(before.state["day"]), int(before.state["debt"])
    if day != 9 or before.state.get("planet", [None])[0] != "Deneb":
        raise ProbeInconclusive(f"expected to be at Deneb on day 9: day {day}, {before.state.get('planet')}")
    after = play_setup(client, game.game_id, ["launch", "vega"])
    if int(after.state["day"]) != 11:
        raise ProbeInconclusive(f"the jump Deneb -> Vega did not end on day 11: day {after.state['day']}")
    expected = debt + debt * 10 // 100
    evidence = (
        f"debt {debt} on day {day}; jump Deneb -> Vega to day {after.state['day']} -> "
        f"debt {after.state['debt']} (manual: {expected}); message={after.message!r}"
    )
    return ProbeResult(bug_id="BUG-5", present=int(after.state["debt"]) != expected, evidence=evidence)


def probe_bug_6(client: GameClient) -> ProbeResult:
    """The ship tuple's hold-used count matches the goods in the hold after a sale."""
    game = client.new_game()
    bought = play_setup(client, game.game_id, ["buy goods", "ore", "5"])
    if _held(bought.state, "ore") != 5:
        raise ProbeInconclusive(f"expected 5 ore after buying: {bought.state.get('hold')}")
    sold = play_setup(client, game.game_id, ["sell goods", "ore", "5"])
    in_hold = sum(int(units) for _, units in sold.state.get("hold", []))
    used = int(sold.state["ship"][3])
    evidence = f"bought 5 ore, sold 5: hold {sold.state.get('hold')}, ship {sold.state.get('ship')}"
    return ProbeResult(bug_id="BUG-6", present=used != in_hold, evidence=evidence)

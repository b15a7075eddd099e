"""Probes for Ryemarket's ground-truth bugs: each plays a fresh game through the agent API only."""

from __future__ import annotations

import re

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _pence(money: str) -> int:
    match = re.fullmatch(r"£(\d+)\.(\d\d)", money or "")
    if not match:
        raise ProbeInconclusive(f"money is not a £x.xx string: {money!r}")
    return int(match.group(1)) * 100 + int(match.group(2))


def _fresh(client: GameClient) -> str:
    return client.new_game().game_id


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Delivering an order id that is not in the order book must be refused politely, not crash."""
    game_id = _fresh(client)
    play_setup(client, game_id, ["/orders"])
    state = client.state(game_id)
    if any(o.get("id") == "order-99" for o in state.get("orders", [])):
        raise ProbeInconclusive("order-99 exists on day 1")
    try:
        obs = client.command(game_id, "/deliver order-99")
    except GameServerError as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"/deliver order-99 -> HTTP {exc.status}")
    except GameUnavailable as exc:
        return ProbeResult(
            bug_id="BUG-1", present=True, evidence=f"/deliver order-99 dropped the connection: {exc}"
        )
    return ProbeResult(
        bug_id="BUG-1",
        present=False,
        evidence=f"/deliver order-99 answered success={obs.success}: {obs.message[:120]}",
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """The pantry holds 12 sacks: buying exactly 12 into an empty pantry (£14.40 of £25.00) must work."""
    game_id = _fresh(client)
    before = client.state(game_id)
    if sum(before.get("pantry", {}).values()) != 0 or _pence(before.get("money")) < 1440:
        raise ProbeInconclusive(f"unexpected start: {before.get('pantry')} {before.get('money')}")
    obs = client.command(game_id, "/buy 12 wheat")
    wheat = obs.state.get("pantry", {}).get("wheat")
    if not obs.success:
        return ProbeResult(
            bug_id="BUG-2",
            present=True,
            evidence=f"/buy 12 wheat into an empty 12-sack pantry refused: {obs.message[:150]}",
        )
    if wheat != 12:
        raise ProbeInconclusive(f"/buy 12 wheat accepted but pantry wheat is {wheat}")
    return ProbeResult(bug_id="BUG-2", present=False, evidence="/buy 12 wheat accepted, pantry wheat 12")


def probe_bug_3(client: GameClient) -> ProbeResult:
    """A bake asking for more loaves than free slots must use flour only for the loaves that go in."""
    game_id = _fresh(client)
    play_setup(client, game_id, ["/buy 5 wheat", "/bake sourdough x3"])
    before = client.state(game_id)
    free_before = sum(1 for slot in before["oven"] if slot is None)
    wheat_before = before["pantry"]["wheat"]
    if free_before != 1 or wheat_before != 2:
        raise ProbeInconclusive(f"setup gave {free_before} free slots and {wheat_before} wheat")
    obs = client.command(game_id, "/bake sourdough x2")
    if not obs.success:
        raise ProbeInconclusive(f"partial bake refused: {obs.message[:150]}")
    after = obs.state
    placed = free_before - sum(1 for slot in after["oven"] if slot is None)
    used = wheat_before - after["pantry"]["wheat"]
    evidence = (
        f"/bake sourdough x2 with 1 free slot: {placed} loaf placed, {used} wheat used "
        f"(pantry {wheat_before}->{after['pantry']['wheat']})"
    )
    if placed != 1:
        raise ProbeInconclusive(evidence)
    return ProbeResult(bug_id="BUG-3", present=used != placed, evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """Selling past the stall's 6-a-day limit: the reply must report what was actually sold and earned."""
    game_id = _fresh(client)
    play_setup(
        client,
        game_id,
        [
            "/buy 8 wheat",
            "/bake sourdough x4",
            "/close",
            "/bake sourdough x4",
            "/close",
            "/sell 5 sourdough",
        ],
    )
    before = client.state(game_id)
    if before["shelf"]["sourdough"] != 3 or before["stall_sold_today"] != 5:
        raise ProbeInconclusive(f"setup gave shelf {before['shelf']} stall {before['stall_sold_today']}")
    obs = client.command(game_id, "/sell 3 sourdough")
    if not obs.success:
        raise ProbeInconclusive(f"/sell 3 sourdough refused: {obs.message[:150]}")
    gained = _pence(obs.state["money"]) - _pence(before["money"])
    sold = before["shelf"]["sourdough"] - obs.state["shelf"]["sourdough"]
    match = re.search(r"Sold (\d+) sourdough at the stall for £(\d+)\.(\d\d)", obs.message)
    if not match:
        raise ProbeInconclusive(f"reply has no sale line: {obs.message[:150]}")
    said_qty = int(match.group(1))
    said_pence = int(match.group(2)) * 100 + int(match.group(3))
    evidence = (
        f"reply says sold {said_qty} for {said_pence}p; state: shelf -{sold}, money +{gained}p, "
        f"message {obs.message[:120]!r}"
    )
    return ProbeResult(bug_id="BUG-4", present=(said_qty != sold or said_pence != gained), evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """Rent is taken at the close of day 7 and again at the close of day 14."""
    game_id = _fresh(client)
    rents = {}
    for day in range(1, 15):
        state = client.state(game_id)
        if state.get("day") != day or state.get("game_over"):
            raise ProbeInconclusive(
                f"expected day {day}, state says day {state.get('day')} over={state.get('game_over')}"
            )
        commands = []
        if state["shelf"]["sourdough"]:
            commands.append(f"/sell {state['shelf']['sourdough']} sourdough")
        if day < 14:
            commands += ["/buy 2 wheat", "/bake sourdough x2"]
        if commands:
            play_setup(client, game_id, commands)
        before = _pence(client.state(game_id)["money"])
        obs = client.command(game_id, "/close")
        if not obs.success or obs.state.get("game_over"):
            raise ProbeInconclusive(f"close of day {day}: {obs.message[:150]}")
        rents[day] = before - _pence(obs.state["money"])
    if rents[7] != 2000:
        raise ProbeInconclusive(f"first rent on day 7 was {rents[7]}p")
    evidence = (
        f"money taken at close: day 7 {rents[7]}p, day 14 {rents[14]}p; "
        f"rent_due_day now {obs.state.get('rent_due_day')}"
    )
    return ProbeResult(bug_id="BUG-5", present=rents[14] != 2000, evidence=evidence)


def probe_bug_6(client: GameClient) -> ProbeResult:
    """order-1 (due day 3) lapses at the close of day 3: its status must become missed."""
    game_id = _fresh(client)
    obs = play_setup(client, game_id, ["/close", "/close", "/close"])
    order = next((o for o in obs.state.get("orders", []) if o.get("id") == "order-1"), None)
    if order is None or order.get("due_day") != 3 or obs.state.get("day") != 4:
        raise ProbeInconclusive(f"order-1 is {order}, day {obs.state.get('day')}")
    if order.get("status") == "delivered":
        raise ProbeInconclusive("order-1 was delivered")
    evidence = (
        f"day 4, order-1 due day 3 has status {order.get('status')!r}; close said "
        f"{'lapsed' if 'lapsed' in obs.message else 'nothing about a lapse'}"
    )
    return ProbeResult(bug_id="BUG-6", present=order.get("status") != "missed", evidence=evidence)

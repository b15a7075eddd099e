"""Probes for Gullhaven's ground-truth bugs. Each plays from a new game through the agent API only."""

from __future__ import annotations

import re

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

FUEL_PRICE = 2
MAX_NETS = 2


def _new(client: GameClient) -> tuple[str, dict]:
    game = client.new_game()
    return game.game_id, game.observation.state


def _kg_of(state: dict, fish: str) -> int:
    return sum(entry["kg"] for entry in state["hold"] if entry["fish"] == fish)


def _price(state: dict, fish: str) -> int:
    return next(entry["price"] for entry in state["market"] if entry["fish"] == fish)


def probe_bug_1(client: GameClient) -> ProbeResult:
    """`wait` with hours that are not a number must be refused, not crash the server."""
    game_id, _ = _new(client)
    try:
        observation = client.command(game_id, "wait two")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"`wait two` -> {exc}")
    return ProbeResult(
        bug_id="BUG-1",
        present=False,
        evidence=f"`wait two` answered success={observation.success}: {observation.message[:120]}",
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """Buying two nets with one aboard would make three: the limit is two aboard."""
    game_id, state = _new(client)
    if len(state["nets"]) != 1 or state["purse"] < 30:
        raise ProbeInconclusive(f"unexpected start: nets={state['nets']} purse={state['purse']}")
    observation = client.command(game_id, "buy net 2")
    nets = client.state(game_id)["nets"]
    return ProbeResult(
        bug_id="BUG-2",
        present=len(nets) > MAX_NETS,
        evidence=f"`buy net 2` with 1 aboard: success={observation.success}, nets aboard {len(nets)}; "
        f"{observation.message[:120]}",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Asking for more fuel than the tank takes: pay only for the litres pumped."""
    game_id, before = _new(client)
    room = before["tank"] - before["fuel"]
    asked = room + 5
    if asked * FUEL_PRICE > before["purse"]:
        raise ProbeInconclusive(f"purse {before['purse']} too small to ask for {asked} litres")
    observation = client.command(game_id, f"buy fuel {asked}")
    if not observation.success:
        raise ProbeInconclusive(f"`buy fuel {asked}` was refused: {observation.message[:160]}")
    after = client.state(game_id)
    pumped = after["fuel"] - before["fuel"]
    paid = before["purse"] - after["purse"]
    return ProbeResult(
        bug_id="BUG-3",
        present=paid != pumped * FUEL_PRICE,
        evidence=f"`buy fuel {asked}` with room for {room}: pumped {pumped} litres, purse down {paid} crowns "
        f"(at {FUEL_PRICE} a litre that should be {pumped * FUEL_PRICE})",
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    """A haul into a nearly full hold: the reply must tell the kg that were stowed."""
    game_id, _ = _new(client)
    play_setup(client, game_id, ["sail shallows", "haul", "haul", "cast"])
    before = client.state(game_id)
    room = before["hold_capacity"] - sum(entry["kg"] for entry in before["hold"])
    if not 0 < room < 15:
        raise ProbeInconclusive(f"hold has {room} kg of room, expected a nearly full hold")
    observation = client.command(game_id, "haul")
    if not observation.success:
        raise ProbeInconclusive(f"the last haul was refused: {observation.message[:160]}")
    stowed = _kg_of(observation.state, "mackerel") - _kg_of(before, "mackerel")
    match = re.search(r"(\d+) kg of mackerel in the hold", observation.message)
    if match is None:
        raise ProbeInconclusive(f"no catch in the reply: {observation.message[:160]}")
    said = int(match.group(1))
    return ProbeResult(
        bug_id="BUG-4",
        present=said != stowed,
        evidence=f"haul with {room} kg of room: reply says {said} kg stowed, the hold gained {stowed} kg; "
        f"{observation.message[:160]}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    """Fish keeps one night: a catch must be gone after its second night."""
    game_id, _ = _new(client)
    play_setup(client, game_id, ["sail reef", "haul", "home", "sleep"])
    first = client.state(game_id)
    if _kg_of(first, "cod") == 0:
        raise ProbeInconclusive(f"the cod did not keep its first night: {first['hold']}")
    observation = play_setup(client, game_id, ["sleep"])
    left = _kg_of(observation.state, "cod")
    return ProbeResult(
        bug_id="BUG-5",
        present=left > 0,
        evidence=f"cod caught on day 1, day {observation.state['day']} morning: {left} kg still in the hold "
        f"{observation.state['hold']}",
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    """`sell all` of two fish, each over 10 kg: each fish's price falls by its own glut."""
    game_id, _ = _new(client)
    play_setup(client, game_id, ["sail shallows", "haul", "sail reef", "haul", "home"])
    before = client.state(game_id)
    lots: dict[str, int] = {}
    for entry in before["hold"]:
        lots[entry["fish"]] = lots.get(entry["fish"], 0) + entry["kg"]
    if len(lots) < 2 or min(lots.values()) < 10:
        raise ProbeInconclusive(f"expected two fish of 10 kg or more, hold is {before['hold']}")
    observation = play_setup(client, game_id, ["sell all"])
    wrong = []
    for fish, kg in lots.items():
        expected = max(1, _price(before, fish) - kg // 10)
        got = _price(observation.state, fish)
        if got != expected:
            wrong.append(f"{fish} {kg} kg: price {got}, expected {expected}")
    return ProbeResult(
        bug_id="BUG-6",
        present=bool(wrong),
        evidence=("; ".join(wrong) or "every price fell by its own glut")
        + f"; market {observation.state['market']}",
    )

"""Probes of Ferrywick's ground-truth bugs: each one drives a new game through the agent API."""

from __future__ import annotations

import re

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

START_PURSE = 20
FUEL_PRICE = 3


def probe_bug_1(client: GameClient) -> ProbeResult:
    """The ledger before the day's first crossing must answer, not crash."""
    game_id = client.new_game().game_id
    try:
        observation = client.command(game_id, "ledger")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"ledger at 06:00 crashed: {exc}")
    return ProbeResult(
        bug_id="BUG-1", present=False, evidence=f"ledger answered: {observation.message[:200]}"
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """A lorry takes 2 of the 3 lanes: two more cars must not fit."""
    game_id = client.new_game().game_id
    before = play_setup(client, game_id, ["board lorry"])
    if before.state["ferry"]["lanes_free"] != 1:
        raise ProbeInconclusive(f"a lorry aboard left {before.state['ferry']['lanes_free']} lanes free")
    observation = client.command(game_id, "board 2 car")
    lanes_free = observation.state["ferry"]["lanes_free"]
    present = observation.success or lanes_free < 0
    return ProbeResult(
        bug_id="BUG-2",
        present=present,
        evidence=f"lorry aboard, 'board 2 car': success={observation.success}, lanes_free={lanes_free}, "
        f"message={observation.message[:150]!r}",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Asking for more fuel than fits fills the tank and charges only for what fits."""
    new = client.new_game()
    game_id, state = new.game_id, new.observation.state
    fuel, purse = state["ferry"]["fuel"], state["purse"]
    room = state["ferry"]["tank"] - fuel
    if room < 1 or purse < (room + 1) * FUEL_PRICE:
        raise ProbeInconclusive(f"cannot set up an over-fill: fuel {fuel}, room {room}, purse {purse}")
    after = play_setup(client, game_id, [f"refuel {room + 1}"]).state
    gained = after["ferry"]["fuel"] - fuel
    paid = purse - after["purse"]
    return ProbeResult(
        bug_id="BUG-3",
        present=paid != gained * FUEL_PRICE,
        evidence=f"refuel {room + 1} with {room} units of room: gained {gained} units, paid {paid} coins "
        f"(at {FUEL_PRICE} a unit that should be {gained * FUEL_PRICE})",
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    """At peak the boarding reply must name the fare actually taken."""
    game_id = client.new_game().game_id
    before = play_setup(client, game_id, ["wait", "wait"])
    if before.state["clock"] != "07:00":
        raise ProbeInconclusive(f"two waits reached {before.state['clock']}, not 07:00")
    observation = play_setup(client, game_id, ["board 2 foot"])
    taken = observation.state["purse"] - before.state["purse"]
    said = re.search(r"pay (\d+) coins", observation.message)
    if said is None:
        raise ProbeInconclusive(f"no amount in the reply: {observation.message[:200]!r}")
    return ProbeResult(
        bug_id="BUG-4",
        present=int(said.group(1)) != taken,
        evidence=f"at 07:00 'board 2 foot' says {said.group(0)!r}; the purse rose by {taken}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    """Day 2 must allow 12 crossings, whatever day 1 did."""
    game_id = client.new_game().game_id
    dawn = play_setup(client, game_id, ["cross", "moor"]).state
    if dawn["day"] != 2 or dawn["status"] != "running":
        raise ProbeInconclusive(f"could not reach day 2: {dawn}")
    crossings = 0
    for _ in range(80):
        state = client.state(game_id)
        if state["day"] != 2 or state["status"] != "running":
            raise ProbeInconclusive(f"day 2 ended after {crossings} crossings")
        if state["tide"] == "low water":
            play_setup(client, game_id, ["wait"])
            continue
        ferry = state["ferry"]
        if ferry["at"] == "Ferrywick" and ferry["fuel"] < 4:
            units = min(ferry["tank"] - ferry["fuel"], state["purse"] // FUEL_PRICE)
            if units > 0:
                play_setup(client, game_id, [f"refuel {units}"])
        ferry_state = client.state(game_id)["ferry"]
        if ferry_state["fuel"] < 1:
            raise ProbeInconclusive(f"out of fuel after {crossings} crossings on day 2")
        here = client.state(game_id)["quays"][ferry_state["at"]]["foot"]
        if here:
            play_setup(client, game_id, [f"board {min(here, 12)} foot"])
        observation = client.command(game_id, "cross")
        if not observation.success:
            if "boiler" in observation.message.lower():
                return ProbeResult(
                    bug_id="BUG-5",
                    present=crossings < 12,
                    evidence=f"cross refused by the boiler after {crossings} crossings on day 2 "
                    f"(1 on day 1): {observation.message[:150]!r}",
                )
            raise ProbeInconclusive(f"cross refused: {observation.message[:200]}")
        crossings += 1
        if crossings == 12:
            return ProbeResult(
                bug_id="BUG-5", present=False, evidence="12 crossings made on day 2 after 1 on day 1"
            )
    raise ProbeInconclusive(f"only {crossings} crossings on day 2 within the step budget")


def probe_bug_6(client: GameClient) -> ProbeResult:
    """A refund must come out of the day's fares as well as the purse."""
    game_id = client.new_game().game_id
    state = play_setup(client, game_id, ["board 4 foot", "offload 2 foot"]).state
    kept = state["purse"] - START_PURSE
    fares = state["ledger"]["fares"]
    return ProbeResult(
        bug_id="BUG-6",
        present=fares != kept,
        evidence=f"board 4 foot, offload 2 foot: purse gained {kept}, ledger.fares={fares}",
    )

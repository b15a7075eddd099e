"""Probes for rindle's ground-truth bugs. Each plays a fresh game through the agent API only."""

from __future__ import annotations

import re
from typing import Any

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _pair(pairs: list[Any], key: Any) -> Any:
    for pair in pairs:
        if pair[0] == key:
            return pair[1]
    return 0


def probe_bug_1(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["go yard"])
    try:
        obs = client.command(game_id, "ledger")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"ledger before any sale: {exc}"[:300])
    if not obs.success:
        raise ProbeInconclusive(f"ledger was refused: {obs.message[:200]}")
    return ProbeResult(bug_id="BUG-1", present=False, evidence=f"ledger answered: {obs.message[:200]}")


def probe_bug_2(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["go yard", "order 100"])
    obs = client.command(game_id, "order 10")
    on_order = sum(litres for week, litres in obs.state.get("orders", []) if week == 2)
    present = obs.success or on_order > 100
    return ProbeResult(
        bug_id="BUG-2",
        present=present,
        evidence=f"second order after 100 L: success={obs.success}, on order for week 2: {on_order} L",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    before = play_setup(client, game_id, ["make 20"])
    salt_before = _pair(before.state["stock"], "salt_kg")
    obs = client.command(game_id, "salt #1 3")
    if not obs.success:
        raise ProbeInconclusive(f"salting was refused: {obs.message[:200]}")
    wheel = obs.state["wheels"]["1"]
    taken = wheel["salt"]
    salt_after = _pair(obs.state["stock"], "salt_kg")
    present = salt_before - salt_after != taken
    return ProbeResult(
        bug_id="BUG-3",
        present=present,
        evidence=f"salt #1 3 on a 2 kg wheel: wheel took {taken} kg, "
        f"sack went {salt_before} -> {salt_after} kg",
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    setup = [
        "make 20",
        "salt #1 1",
        "carry #1",
        "go yard",
        "rest",
        "rest",
        "rest",
        "rest",
        "go cave",
        "pull #1",
    ]
    setup_obs = play_setup(client, game_id, setup + ["go stall"])
    if not setup_obs.state["wheels"]["1"]["faults"]:
        raise ProbeInconclusive("the unturned wheel has no fault")
    coins_before = setup_obs.state["coins"]
    obs = client.command(game_id, "sell #1")
    if not obs.success:
        raise ProbeInconclusive(f"sale refused: {obs.message[:200]}")
    gained = obs.state["coins"] - coins_before
    said = re.search(r"for (\d+) coins", obs.message)
    if said is None:
        raise ProbeInconclusive(f"sale message names no price: {obs.message[:200]}")
    present = int(said.group(1)) != gained
    return ProbeResult(
        bug_id="BUG-4",
        present=present,
        evidence=f"sale said {said.group(1)} coins, till went up by {gained}: {obs.message[:150]}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    first = play_setup(client, game_id, ["go yard", "order 20", "rest"])
    if _pair(first.state["stock"], "milk_l") != 20:
        raise ProbeInconclusive(f"the ordered milk did not come: {first.state['stock']}")
    obs = play_setup(client, game_id, ["rest"])
    milk = _pair(obs.state["stock"], "milk_l")
    return ProbeResult(
        bug_id="BUG-5",
        present=milk != 0,
        evidence=f"one order of 20 L, two rests: {milk} L in the churns "
        f"in week {obs.state['season']['week']}, "
        f"orders {obs.state.get('orders')}",
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    setup = [
        "make 20",
        "salt #1 1",
        "carry #1",
        "go cave",
        "mist",
        "mist",
        "turn #1",
        "go yard",
        "rest",
        "go cave",
    ]
    before = play_setup(client, game_id, setup)
    if "mould" not in before.state["wheels"]["1"]["faults"]:
        raise ProbeInconclusive(f"no mould grew: {before.state['wheels']['1']}")
    obs = client.command(game_id, "brush #1")
    if not obs.success:
        raise ProbeInconclusive(f"brushing refused: {obs.message[:200]}")
    faults = client.state(game_id)["wheels"]["1"]["faults"]
    return ProbeResult(
        bug_id="BUG-6",
        present="mould" in faults,
        evidence=f"after brush #1 ({obs.message[:80]}) the wheel's faults are {faults}",
    )

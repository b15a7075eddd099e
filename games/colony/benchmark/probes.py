"""Probes for COLONY's ground-truth bugs: each answers "is this bug present in this running build?".

Each probe starts a fresh game and plays it through the agent API only. When the game no longer lets a probe
reach the situation it tests (a setup step is refused), the probe raises ProbeInconclusive rather than guess:
a bug is counted as fixed only when its absence has been shown.
"""

from __future__ import annotations

import re

from loop.contract.game_client import GameClient, GameServerError
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

MIN_PRICE = 2


def probe_bug_1(client: GameClient) -> ProbeResult:
    """The reply to a sale must name the coin the colony actually received."""
    game = client.new_game()
    coin_before = game.observation.state["resources"]["coin"]
    sold = play_setup(client, game.game_id, ["sell wood 5"])
    received = sold.state["resources"]["coin"] - coin_before
    named = re.search(r"for (\d+) coin", sold.message)
    if named is None:
        raise ProbeInconclusive(f"the sale reply names no coin amount: {sold.message!r}")
    present = int(named.group(1)) != received
    evidence = (
        f"`sell wood 5` -> {sold.message!r}; coin {coin_before} -> {sold.state['resources']['coin']} "
        f"(+{received}); sell price before the sale: {game.observation.state['prices']['wood']['sell']}"
    )
    return ProbeResult(bug_id="BUG-1", present=present, evidence=evidence)


def probe_bug_2(client: GameClient) -> ProbeResult:
    """A hungry colony with nobody idle must lose a worker, not crash, at the end of the day."""
    game = client.new_game()
    before = play_setup(client, game.game_id, ["assign 5 woodcutters", "sell food all"])
    if before.state["resources"]["food"] != 0 or before.state["workers"]["idle"] != 0:
        raise ProbeInconclusive(f"expected no food and nobody idle: {before.state}")
    try:
        after = client.command(game.game_id, "end day")
    except GameServerError as exc:
        evidence = f"5 woodcutters, 0 idle, 0 food; `end day` -> HTTP {exc.status}: {exc.body[:200]}"
        return ProbeResult(bug_id="BUG-2", present=True, evidence=evidence)
    workers = after.state["workers"]
    evidence = f"5 woodcutters, 0 idle, 0 food; `end day` -> {after.message!r}; workers={workers}"
    return ProbeResult(bug_id="BUG-2", present=not after.success, evidence=evidence)


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Repeated sales must not push a price below the documented minimum of 2."""
    game = client.new_game()
    prices = []
    for _ in range(4):
        sold = play_setup(client, game.game_id, ["sell wood 1"])
        prices.append(sold.state["prices"]["wood"]["buy"])
    present = min(prices) < MIN_PRICE
    evidence = f"four times `sell wood 1`: wood price after each sale {prices}; last reply {sold.message!r}"
    return ProbeResult(bug_id="BUG-3", present=present, evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """A house under construction must not make room for a newcomer."""
    game = client.new_game()
    play_setup(client, game.game_id, ["build house", "end day"])
    after = play_setup(client, game.game_id, ["end day"])
    state = after.state
    if state["buildings"]["house"] != 0 or not state["construction"]:
        raise ProbeInconclusive(f"expected the house still under construction: {state['construction']}")
    present = state["population"] > state["housing"]
    evidence = (
        f"`build house`, `end day` x2: population {state['population']}, housing {state['housing']}, "
        f"finished houses {state['buildings']['house']}, construction {state['construction']}; "
        f"last reply {after.message!r}"
    )
    return ProbeResult(bug_id="BUG-4", present=present, evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """A save made in one game must not be in the slots of a new game."""
    first = client.new_game()
    play_setup(client, first.game_id, ["end day", "save 2"])
    second = client.new_game()
    slot = second.observation.state.get("slots", {}).get("2")
    loaded = client.command(second.game_id, "load 2")
    present = slot is not None or loaded.success
    evidence = (
        f"game 1 saved day 2 in slot 2; a new game shows slot 2 = {slot!r}; "
        f"`load 2` -> success={loaded.success}, "
        f"message={loaded.message[:160]!r}, day={loaded.state.get('day')}"
    )
    return ProbeResult(bug_id="BUG-5", present=present, evidence=evidence)

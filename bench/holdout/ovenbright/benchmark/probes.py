"""Probes for Ovenbright's ground-truth bugs. Each plays a new game through the agent API only."""

from __future__ import annotations

import re
from typing import Any

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

LOAF_BATCH = ["/buy flour 3", "/buy yeast 1", "/bake loaf"]
BUN_BATCH = ["/buy flour 2", "/buy sugar 1", "/buy butter 1", "/buy yeast 1", "/bake bun"]


def _cash(state: dict[str, Any]) -> int:
    return int(state["ledger"]["cash"])


def _serve_wanting(client: GameClient, game_id: str, item: str) -> tuple[int, int, Any]:
    """Serve the first customer in line who wants `item`; returns (cash before, shelf before, observation)."""
    state = client.state(game_id)
    queue = state["shop"]["counter"]["queue"]
    places = [n for n, cust in enumerate(queue, start=1) if cust["order"]["item"] == item]
    if not places:
        raise ProbeInconclusive(f"nobody in line wants {item}: {queue}")
    before_cash = _cash(state)
    before_shelf = int(state["shop"]["shelf"][item]["count"])
    observation = play_setup(client, game_id, [f"/serve {places[0]}"])
    return before_cash, before_shelf, observation


def probe_bug_1(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    try:
        observation = client.command(game_id, "/unload 4")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"/unload 4 crashed the server: {exc}")
    return ProbeResult(
        bug_id="BUG-1",
        present=False,
        evidence=f"/unload 4 answered (success={observation.success}): {observation.message[:120]}",
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    observation = play_setup(client, game_id, ["/buy flour 10"])
    paid = 40 - _cash(observation.state)
    return ProbeResult(
        bug_id="BUG-2",
        present=paid != 18,
        evidence=f"10 kg of flour (20 coins list, a tenth off at 10 or more) cost {paid} coins; expected 18",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    play_setup(client, game_id, [*BUN_BATCH, "/wait", "/unload 1", "/wait 2"])
    _serve_wanting(client, game_id, "bun")
    play_setup(client, game_id, ["/wait 3"])
    _serve_wanting(client, game_id, "bun")
    play_setup(client, game_id, ["/wait 4"])
    state = client.state(game_id)
    first = next((c for c in state["shop"]["counter"]["queue"] if c["order"]["item"] == "bun"), None)
    if first is None or first["order"]["qty"] <= state["shop"]["shelf"]["bun"]["count"]:
        raise ProbeInconclusive(f"no bun customer wanting more than the shelf holds: {state['shop']}")
    want = int(first["order"]["qty"])
    before_cash, before_shelf, observation = _serve_wanting(client, game_id, "bun")
    after = observation.state
    sold = before_shelf - int(after["shop"]["shelf"]["bun"]["count"])
    paid = _cash(after) - before_cash
    price = int(after["shop"]["shelf"]["bun"]["price"])
    return ProbeResult(
        bug_id="BUG-3",
        present=paid != sold * price,
        evidence=f"a customer wanting {want} buns got {sold} at {price} each and paid {paid} coins",
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    observation = play_setup(client, game_id, ["/buy flour 4", "/buy flour 3"])
    amount = int(observation.state["pantry"]["bins"]["flour"]["amount"])
    match = re.search(r"now holds (\d+)", observation.message)
    if match is None:
        raise ProbeInconclusive(f"the /buy reply names no pantry total: {observation.message[:200]}")
    said = int(match.group(1))
    return ProbeResult(
        bug_id="BUG-4",
        present=said != amount,
        evidence=f"the reply says the pantry holds {said} kg of flour; the state says {amount}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    observation = play_setup(client, game_id, ["/hire wren", "/hire bram", "/dismiss bram", "/close"])
    state = observation.state
    if state["calendar"]["day"] != 2:
        raise ProbeInconclusive("the day did not roll over")
    paid = 40 - _cash(state)
    return ProbeResult(
        bug_id="BUG-5",
        present=paid != 8 + 5,
        evidence=(
            f"with only Wren (8 a day) left on staff, closing took {paid} coins; expected 8 wages + 5 rent"
        ),
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    play_setup(client, game_id, [*LOAF_BATCH, "/wait 2", "/unload 1"])
    before_takings = int(client.state(game_id)["ledger"]["today"]["takings"])
    before_cash, _, observation = _serve_wanting(client, game_id, "loaf")
    paid = _cash(observation.state) - before_cash
    recorded = int(observation.state["ledger"]["today"]["takings"]) - before_takings
    return ProbeResult(
        bug_id="BUG-6",
        present=recorded != paid,
        evidence=f"a sale put {paid} coins in the till and {recorded} into the day's takings",
    )

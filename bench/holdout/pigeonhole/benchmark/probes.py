"""Probes for Pigeonhole's ground-truth bugs. Each plays a new game through the agent API only."""

from __future__ import annotations

import re
from typing import Any

from loop.contract.game_client import (
    GameClient,
    GameProtocolError,
    GameServerError,
    GameUnavailable,
)
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

PIECE_RATE = {"letter": 10, "large letter": 15, "parcel": 25}
LATE_FINE = 25


def _all_ids(state: dict[str, Any]) -> list[str]:
    ids = [item["id"] for item in state["sack"]]
    for items in state["holes"].values():
        ids += [item["id"] for item in items]
    ids += [item["id"] for item in state["satchel"]["items"]]
    return ids + list(state["delivered"])


def _late_ids(state: dict[str, Any]) -> set[str]:
    items = list(state["sack"]) + list(state["satchel"]["items"])
    for hole in state["holes"].values():
        items += hole
    return {item["id"] for item in items if item["late"]}


def probe_bug_1(client: GameClient) -> ProbeResult:
    """`load` with a pigeonhole number outside 1-4 must be refused, not crash the server."""
    game_id = client.new_game().game_id
    try:
        observation = client.command(game_id, "load 5")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"'load 5' crashed the server: {exc}")
    except GameProtocolError as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"'load 5' broke the API: {exc}")
    client.state(game_id)
    return ProbeResult(
        bug_id="BUG-1",
        present=False,
        evidence=f"'load 5' answered success={observation.success}: {observation.message[:120]}",
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """A 100 g letter with 65p of stamps is fully paid (the 100 g band includes 100 g): nothing to collect."""
    game_id = client.new_game().game_id
    before = client.state(game_id)
    m2 = next((item for item in before["sack"] if item["id"] == "M2"), None)
    if m2 is None or m2["grams"] != 100 or m2["paid"] != 65:
        raise ProbeInconclusive(f"M2 is not the 100 g letter with 65p stamps: {m2}")
    play_setup(client, game_id, ["sort M2 2", "load 2", "deliver"])
    after = client.state(game_id)
    if "M2" not in after["delivered"]:
        raise ProbeInconclusive("M2 was not delivered")
    collected = after["till"] - before["till"]
    return ProbeResult(
        bug_id="BUG-2",
        present=collected != 0,
        evidence=f"delivering the 100 g letter M2 (65p paid) put {collected}p in the till (expected 0p)",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    """A missent item (sorted into the wrong pigeonhole) must come back to the sack after the round."""
    game_id = client.new_game().game_id
    before = sorted(_all_ids(client.state(game_id)))
    observation = play_setup(client, game_id, ["sort M1 2", "load 2", "deliver"])
    after_state = client.state(game_id)
    after = sorted(_all_ids(after_state))
    in_sack = [item["id"] for item in after_state["sack"]]
    present = after != before or "M1" not in in_sack
    return ProbeResult(
        bug_id="BUG-3",
        present=present,
        evidence=f"items before {before}, after {after}; sack {in_sack}; "
        f"message: {observation.message[:160]}",
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    """The delivery message must state the postage due actually collected into the till."""
    game_id = client.new_game().game_id
    till_before = client.state(game_id)["till"]
    observation = play_setup(client, game_id, ["sort M4 3", "load 3", "deliver"])
    collected = observation.state["till"] - till_before
    if collected <= 0:
        raise ProbeInconclusive(f"nothing was collected for M4 (till moved by {collected}p)")
    match = re.search(r"Collected (\d+)p", observation.message)
    if match is None:
        raise ProbeInconclusive(f"no collected amount in the message: {observation.message[:200]}")
    said = int(match.group(1))
    return ProbeResult(
        bug_id="BUG-4",
        present=said != collected,
        evidence=f"message says collected {said}p, the till went up by {collected}p",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    """An item left in a pigeonhole is fined for lateness once, not again on the next night."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["sort M1 1"])
    state_1 = client.state(game_id)
    play_setup(client, game_id, ["close"])
    state_2 = client.state(game_id)
    play_setup(client, game_id, ["close"])
    state_3 = client.state(game_id)
    late_2 = _late_ids(state_2)
    late_3 = _late_ids(state_3)
    expected_1 = LATE_FINE * len(late_2 - _late_ids(state_1))
    expected_2 = LATE_FINE * len(late_3 - late_2)
    fine_1 = state_1["pay"] - state_2["pay"]
    fine_2 = state_2["pay"] - state_3["pay"]
    return ProbeResult(
        bug_id="BUG-5",
        present=fine_2 != expected_2 or fine_1 != expected_1,
        evidence=(
            f"first night fined {fine_1}p for {sorted(late_2)} (expected {expected_1}p); "
            f"second night fined {fine_2}p, newly late {sorted(late_3 - late_2)} (expected {expected_2}p)"
        ),
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    """Pay rises by each delivered item's own piece rate (letter 10p, large letter 15p)."""
    game_id = client.new_game().game_id
    observation = play_setup(client, game_id, ["sort M2 2", "sort M7 2", "load 2"])
    carried = observation.state["satchel"]["items"]
    kinds = {item["kind"] for item in carried}
    if len(kinds) < 2:
        raise ProbeInconclusive(f"the satchel does not hold two kinds of item: {carried}")
    pay_before = observation.state["pay"]
    after = play_setup(client, game_id, ["deliver"]).state
    delivered = set(after["delivered"])
    expected = sum(PIECE_RATE[item["kind"]] for item in carried if item["id"] in delivered)
    earned = after["pay"] - pay_before
    return ProbeResult(
        bug_id="BUG-6",
        present=earned != expected,
        evidence=f"delivered {sorted(delivered)}: pay rose {earned}p, piece rates add up to {expected}p",
    )

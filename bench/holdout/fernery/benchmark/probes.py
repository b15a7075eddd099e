"""Probes for Fernery's ground-truth bugs. Each plays a fresh game through the agent API only."""

from __future__ import annotations

import re

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

READY_BASIL = ["buy basil 1", "sow basil 1", "water", "end week", "water", "end week"]


def _cents(value: object) -> int:
    match = re.fullmatch(r"(-?)\$(\d+)\.(\d\d)", str(value))
    if match is None:
        raise ProbeInconclusive(f"not an amount of money: {value!r}")
    cents = int(match.group(2)) * 100 + int(match.group(3))
    return -cents if match.group(1) else cents


def _number(value: object) -> int:
    match = re.match(r"(\d+) ", str(value))
    if match is None:
        raise ProbeInconclusive(f"not a count: {value!r}")
    return int(match.group(1))


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Selling a plant you have never potted must be refused, not crash the server."""
    game_id = client.new_game().game_id
    try:
        observation = client.command(game_id, "sell basil 1")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(
            bug_id="BUG-1",
            present=True,
            evidence=f"'sell basil 1' on a new game: {exc}",
        )
    return ProbeResult(
        bug_id="BUG-1",
        present=False,
        evidence=f"answered success={observation.success}: {observation.message[:120]}",
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """An order of exactly 20 pots costs $0.30 each ($6.00), not $0.40 each."""
    game_id = client.new_game().game_id
    before = _cents(client.state(game_id)["cash"])
    after = play_setup(client, game_id, ["buy pots 20"]).state
    if _number(after["pots"]) != 20:
        raise ProbeInconclusive(f"20 pots not bought: {after['pots']}")
    paid = before - _cents(after["cash"])
    return ProbeResult(
        bug_id="BUG-2",
        present=paid != 600,
        evidence=f"20 pots cost {paid} cents, the rules say 600",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Potting 8 from two ready trays of 6 leaves 4 seedlings in the second tray."""
    game_id = client.new_game().game_id
    setup = [
        "buy basil 2",
        "sow basil 2",
        "water",
        "end week",
        "water",
        "end week",
        "buy pots 8",
        "buy compost 2",
    ]
    state = play_setup(client, game_id, setup).state
    if _number(state["ready_basil"]) != 12:
        raise ProbeInconclusive(f"expected 12 ready basil, state says {state['ready_basil']}")
    after = play_setup(client, game_id, ["pot basil 8"]).state
    potted = _number(after["potted_basil"])
    left = _number(after["seedlings_basil"])
    return ProbeResult(
        bug_id="BUG-3",
        present=potted + left != 12,
        evidence=f"12 ready basil, pot 8: {potted} potted and {left} left in trays",
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    """Selling 6 of a kind in a week: the reply's amount must be what total_earned grew by."""
    game_id = client.new_game().game_id
    before = play_setup(client, game_id, [*READY_BASIL, "buy pots 6", "pot basil 6"]).state
    if _number(before["potted_basil"]) != 6:
        raise ProbeInconclusive(f"expected 6 potted basil, state says {before['potted_basil']}")
    sale = play_setup(client, game_id, ["sell basil 6"])
    earned = _cents(sale.state["total_earned"]) - _cents(before["total_earned"])
    match = re.search(r"for (\$\d+\.\d\d)", sale.message)
    if match is None:
        raise ProbeInconclusive(f"no amount in the sale reply: {sale.message[:160]}")
    said = _cents(match.group(1))
    return ProbeResult(
        bug_id="BUG-4",
        present=said != earned,
        evidence=f"reply says {match.group(1)}, total_earned grew by {earned} cents: {sale.message[:160]}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    """The $5.00 stall fee is due again at the first sale of the next week."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, [*READY_BASIL, "buy pots 6", "pot basil 6", "sell basil 1"])
    before = play_setup(client, game_id, ["end week"]).state
    after = play_setup(client, game_id, ["sell basil 1"]).state
    change = _cents(after["cash"]) - _cents(before["cash"])
    return ProbeResult(
        bug_id="BUG-5",
        present=change != 350 - 500,
        evidence=f"first sale of the next week (one basil, $3.50): cash changed by {change} cents, "
        "expected -150 with the fee",
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    """Mains water paid for shows in total_spent."""
    game_id = client.new_game().game_id
    before = client.state(game_id)
    after = play_setup(client, game_id, ["fill 10"]).state
    paid = _cents(before["cash"]) - _cents(after["cash"])
    if paid != 250:
        raise ProbeInconclusive(f"10 L from the mains cost {paid} cents, expected 250")
    counted = _cents(after["total_spent"]) - _cents(before["total_spent"])
    return ProbeResult(
        bug_id="BUG-6",
        present=counted != paid,
        evidence=f"paid {paid} cents for water, total_spent grew by {counted} cents",
    )

"""Probes for lockgate's ground-truth bugs. Each plays a fresh season through the agent API only."""

from __future__ import annotations

import re

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

PASS_KINGFISHER = [
    "open --chamber 1 --gate lower",
    "admit --boat 1 --chamber 1",
    "close --chamber 1 --gate lower",
    "fill --chamber 1",
    "open --chamber 1 --gate upper",
]

PASS_MAID_OF_SALFORD = [
    "open --chamber 2 --gate lower",
    "admit --boat 3 --chamber 2",
    "close --chamber 2 --gate lower",
    "fill --chamber 2",
    "open --chamber 2 --gate upper",
]


def _boat(state: dict, boat_id: int) -> dict:
    for boat in state.get("boats", []):
        if boat.get("id") == boat_id:
            return boat
    raise ProbeInconclusive(f"boat {boat_id} is not in the state")


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Releasing a boat that is still waiting must be refused, not crash the server."""
    game = client.new_game()
    if _boat(game.observation.state, 1).get("status") != "waiting":
        raise ProbeInconclusive("boat 1 does not start waiting")
    try:
        observation = client.command(game.game_id, "release --boat 1")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"release of a waiting boat: {exc}")
    return ProbeResult(
        bug_id="BUG-1",
        present=False,
        evidence=f"answered success={observation.success}: {observation.message[:160]}",
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """An 18 m narrow boat pays 4 + 18 // 5 = 7 coins."""
    game = client.new_game()
    before = play_setup(client, game.game_id, PASS_KINGFISHER).state["cash"]
    after = play_setup(client, game.game_id, ["release --boat 1"]).state
    paid = after["cash"] - before
    toll = _boat(after, 1).get("toll")
    present = paid != 7 or toll != 7
    return ProbeResult(
        bug_id="BUG-2",
        present=present,
        evidence=f"Kingfisher (18 m, narrow) paid {paid} coins, toll {toll}; the rules say 7",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Pumping more than the room left must be refused, not charged in full and spilled."""
    game = client.new_game()
    state = game.observation.state
    if state.get("reservoir") != 200 or state.get("reservoir_capacity") != 300 or state.get("cash") != 30:
        raise ProbeInconclusive(f"unexpected start: {state.get('reservoir')}/{state.get('cash')}")
    observation = client.command(game.game_id, "pump --units 120")
    after = observation.state
    spent = state["cash"] - after["cash"]
    gained = after["reservoir"] - state["reservoir"]
    if not observation.success:
        present = spent != 0 or gained != 0
    else:
        present = gained != 120 or after["reservoir"] > after["reservoir_capacity"]
    return ProbeResult(
        bug_id="BUG-3",
        present=present,
        evidence=(
            f"pump --units 120 with room for 100: success={observation.success}, "
            f"paid {spent} coins, summit pound +{gained}"
        ),
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    """The fill reply must give the summit pound's level after the draw."""
    game = client.new_game()
    observation = play_setup(client, game.game_id, ["fill --chamber 1"])
    reservoir = observation.state["reservoir"]
    match = re.search(r"stands at (\d+) units", observation.message)
    if match is None:
        numbers = [int(n) for n in re.findall(r"\d+", observation.message)]
        present = reservoir not in numbers
    else:
        present = int(match.group(1)) != reservoir
    return ProbeResult(
        bug_id="BUG-4",
        present=present,
        evidence=f"state reservoir {reservoir}; message: {observation.message[:200]}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    """Two idle nights: the summit pound may not rise above its capacity."""
    game = client.new_game()
    state = play_setup(client, game.game_id, ["rest", "rest"]).state
    if state.get("day") != 3:
        raise ProbeInconclusive(f"two rests did not reach day 3 (day {state.get('day')})")
    present = state["reservoir"] > state["reservoir_capacity"]
    return ProbeResult(
        bug_id="BUG-5",
        present=present,
        evidence=f"day 3: summit pound {state['reservoir']} of {state['reservoir_capacity']}",
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    """The cash book's toll entry for a wide boat must be the full amount the skipper paid."""
    game = client.new_game()
    before = play_setup(client, game.game_id, PASS_MAID_OF_SALFORD).state
    after = play_setup(client, game.game_id, ["release --boat 3"]).state
    paid = after["cash"] - before["cash"]
    entries = after["ledger"][len(before["ledger"]) :]
    tolls = [entry for entry in entries if entry.get("entry") == "toll"]
    if len(tolls) != 1:
        raise ProbeInconclusive(f"release wrote {len(tolls)} toll entries")
    booked = tolls[0]["amount"]
    return ProbeResult(
        bug_id="BUG-6",
        present=booked != paid,
        evidence=f"Maid of Salford paid {paid} coins; the ledger's toll entry says {booked}",
    )

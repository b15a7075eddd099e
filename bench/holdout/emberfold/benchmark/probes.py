"""Probes for Emberfold's ground-truth bugs. Each plays a fresh evening over the agent API only."""

from __future__ import annotations

import re

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _new(client: GameClient) -> str:
    return client.new_game().game_id


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Serving a ticket that is already closed must be refused, not crash the server."""
    game_id = _new(client)
    play_setup(client, game_id, ["cook broth", "serve 1"])
    try:
        observation = client.command(game_id, "serve 1")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"serve 1 twice: {exc}")
    return ProbeResult(
        bug_id="BUG-1",
        present=False,
        evidence=f"second serve answered success={observation.success}: {observation.message[:120]}",
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """A plate served after exactly 5 minutes still earns the 3-coin tip."""
    game_id = _new(client)
    before = play_setup(client, game_id, ["cook broth", "wait 3"]).state
    if before.get("clock") != 5:
        raise ProbeInconclusive(f"expected minute 5 before serving, got {before.get('clock')}")
    after = play_setup(client, game_id, ["serve 1"]).state
    gained = after["cash"] - before["cash"]
    return ProbeResult(
        bug_id="BUG-2",
        present=gained != 8 + 3,
        evidence=f"broth served after a 5-minute wait took {gained} coins (rules: 8 + 3 tip)",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    """A broth takes 2 veg out of the pantry."""
    game_id = _new(client)
    before = client.state(game_id)["pantry"]["veg"]
    after = play_setup(client, game_id, ["cook broth"]).state["pantry"]["veg"]
    return ProbeResult(
        bug_id="BUG-3",
        present=before - after != 2,
        evidence=f"veg before cooking a broth {before}, after {after} (recipe: 2 veg)",
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    """The purchase message reports the pantry count the state holds."""
    game_id = _new(client)
    observation = play_setup(client, game_id, ["buy 1 veg"])
    match = re.search(r"Pantry: (\d+) veg", observation.message)
    if match is None:
        raise ProbeInconclusive(f"no pantry count in the purchase message: {observation.message[:160]}")
    said = int(match.group(1))
    held = observation.state["pantry"]["veg"]
    return ProbeResult(
        bug_id="BUG-4",
        present=said != held,
        evidence=f"message says {said} veg, state holds {held}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    """A walk-out breaks the run of on-time plates: two on time, a walk-out, one on time earns no star."""
    game_id = _new(client)
    setup = ["cook broth", "serve 1", "cook pie", "serve 2", "wait 15", "buy 1 fish", "cook trout"]
    before = play_setup(client, game_id, setup).state
    if before.get("stars") != 2 or before.get("stats", {}).get("walkouts") != 1:
        raise ProbeInconclusive(f"expected one walk-out and 2 stars before serving, got {before}")
    observation = play_setup(client, game_id, ["serve 7"])
    stars = observation.state["stars"]
    walkouts = observation.state["stats"]["walkouts"]
    expected = 3 - walkouts
    return ProbeResult(
        bug_id="BUG-5",
        present=stars != expected,
        evidence=f"after two on-time plates, a walk-out and one on-time plate: {stars} stars with "
        f"{walkouts} walk-outs (expected {expected}); message: {observation.message[:160]}",
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    """ledger.taken counts tips, so cash = 30 - spent + taken."""
    game_id = _new(client)
    state = play_setup(client, game_id, ["cook broth", "serve 1"]).state
    ledger = state["ledger"]
    expected = 30 - ledger["spent"] + ledger["taken"]
    return ProbeResult(
        bug_id="BUG-6",
        present=state["cash"] != expected,
        evidence=f"cash {state['cash']}, ledger spent {ledger['spent']} taken {ledger['taken']} "
        f"(30 - spent + taken = {expected})",
    )

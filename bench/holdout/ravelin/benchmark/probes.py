"""Probes for Ravelin's ground-truth bugs. Each plays a fresh game through the agent API only."""

from __future__ import annotations

import re

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _new(client: GameClient) -> str:
    return client.new_game().game_id


def probe_bug_1(client: GameClient) -> ProbeResult:
    """`hire all <kind>` crashes instead of hiring as many as fit and can be paid."""
    game = _new(client)
    try:
        obs = client.command(game, "hire all militia")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"'hire all militia' crashed: {exc}")
    keep = client.state(game)["keep"]
    return ProbeResult(
        bug_id="BUG-1",
        present=False,
        evidence=f"'hire all militia' answered success={obs.success}; keep now {keep}: {obs.message[:160]}",
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """A wall takes at most 6 defenders, militia and archers together."""
    game = _new(client)
    play_setup(client, game, ["post 4 militia north"])
    obs = client.command(game, "post 4 archers north")
    north = client.state(game)["walls"]["north"]
    total = north["militia"] + north["archers"]
    return ProbeResult(
        bug_id="BUG-2",
        present=obs.success and total > 6,
        evidence=f"after 4 militia then 4 archers: success={obs.success}, north wall holds {total} defenders "
        f"(limit 6): {obs.message[:120]}",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Buying more than the merchant has left charges for the whole order, not for what is handed over."""
    game = _new(client)
    before = client.state(game)
    obs = play_setup(client, game, ["buy 15 timber"])
    after = client.state(game)
    got = after["stores"]["timber"] - before["stores"]["timber"]
    paid = before["crowns"] - after["crowns"]
    if got <= 0:
        raise ProbeInconclusive(f"no timber was bought: {obs.message[:160]}")
    return ProbeResult(
        bug_id="BUG-3",
        present=paid != got * 3,
        evidence=(
            f"asked for 15 timber (stock 10, 3 crowns each): got {got}, paid {paid}; {obs.message[:120]}"
        ),
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    """A repair larger than the damage reports the ordered points and stone, not what was done."""
    game = _new(client)
    before = client.state(game)
    obs = play_setup(client, game, ["repair north 10"])
    after = client.state(game)
    raised = after["walls"]["north"]["integrity"] - before["walls"]["north"]["integrity"]
    used = before["stores"]["stone"] - after["stores"]["stone"]
    if raised <= 0:
        raise ProbeInconclusive(f"the north wall was not repaired: {obs.message[:160]}")
    said = [int(x) for x in re.findall(r"using (\d+) stone", obs.message)]
    said_by = [int(x) for x in re.findall(r"by (\d+)", obs.message)]
    wrong = any(x != used for x in said) or any(x != raised for x in said_by)
    return ProbeResult(
        bug_id="BUG-4",
        present=wrong,
        evidence=f"state: wall +{raised}, stone -{used}; message: {obs.message[:160]}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    """The daily repair count of a wall not attacked in the night is not reset at dawn."""
    game = _new(client)
    play_setup(client, game, ["repair west 10", "end", "buy 4 stone"])
    state = client.state(game)
    if state["day"] != 2 or state["walls"]["west"]["integrity"] >= 30:
        raise ProbeInconclusive(f"not on day 2 with a damaged west wall: day {state['day']}")
    obs = client.command(game, "repair west 4")
    west = client.state(game)["walls"]["west"]
    return ProbeResult(
        bug_id="BUG-5",
        present=not obs.success,
        evidence=f"day 2, west wall repaired 10 on day 1 and not attacked: 'repair west 4' "
        f"success={obs.success}, "
        f"repaired_today={west['repaired_today']}: {obs.message[:120]}",
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    """Selling adds the crowns paid, not the goods sold, to the merchant's stock."""
    game = _new(client)
    before = client.state(game)
    obs = play_setup(client, game, ["sell 5 stone"])
    after = client.state(game)
    added = after["market"]["stone"] - before["market"]["stone"]
    sold = before["stores"]["stone"] - after["stores"]["stone"]
    return ProbeResult(
        bug_id="BUG-6",
        present=added != sold,
        evidence=f"sold {sold} stone; merchant's stone went from {before['market']['stone']} to "
        f"{after['market']['stone']}: {obs.message[:120]}",
    )

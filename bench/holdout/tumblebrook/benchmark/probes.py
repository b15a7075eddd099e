"""Probes for Tumblebrook's ground-truth bugs. Each plays a fresh game through the agent API only."""

from __future__ import annotations

import re

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _new(client: GameClient) -> str:
    return client.new_game().game_id


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Looking at the books before the first show must answer, not fail."""
    game_id = _new(client)
    try:
        obs = client.command(game_id, "look at the books")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"look at the books on day 1: {exc}")
    return ProbeResult(bug_id="BUG-1", present=False, evidence=f"answered: {obs.message[:160]}")


def probe_bug_2(client: GameClient) -> ProbeResult:
    """Five bales in one purchase are sold at the bulk price of 3 coins a bale (15 coins)."""
    game_id = _new(client)
    before = client.state(game_id)
    obs = client.command(game_id, "buy 5 bales of animal feed")
    if not obs.success:
        raise ProbeInconclusive(f"the purchase was refused: {obs.message[:200]}")
    after = obs.state
    bales = after["Stores"]["Animal Feed"] - before["Stores"]["Animal Feed"]
    if bales != 5:
        raise ProbeInconclusive(f"bought {bales} bales, not 5")
    paid = before["Purse"] - after["Purse"]
    return ProbeResult(
        bug_id="BUG-2",
        present=paid != 15,
        evidence=f"5 bales cost {paid} coins (rules: 15)",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    """A repair that brings the tent up to 100% still uses a patch of canvas."""
    game_id = _new(client)
    before = client.state(game_id)
    if before["Stores"]["Tent Canvas"] < 1 or before["Tent Condition"] + 25 < 100:
        raise ProbeInconclusive(f"start is not a capped repair: {before['Tent Condition']}%")
    obs = client.command(game_id, "repair the tent")
    if not obs.success:
        raise ProbeInconclusive(f"the repair was refused: {obs.message[:200]}")
    after = obs.state
    used = before["Stores"]["Tent Canvas"] - after["Stores"]["Tent Canvas"]
    return ProbeResult(
        bug_id="BUG-3",
        present=used != 1,
        evidence=f"tent {before['Tent Condition']}% -> {after['Tent Condition']}%, canvas used: {used}",
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    """The tickets a show's reply says it sold are the audience the state records."""
    game_id = _new(client)
    play_setup(client, game_id, ["hire the juggler", "hire the clowns", "feed the animals"])
    obs = client.command(game_id, "put on a show")
    if not obs.success:
        raise ProbeInconclusive(f"the show was refused: {obs.message[:200]}")
    match = re.search(r"(\d+) tickets? sold", obs.message)
    if not match:
        raise ProbeInconclusive(f"no ticket count in the reply: {obs.message[:200]}")
    said = int(match.group(1))
    audience = obs.state["Last Show"]["Audience"]
    return ProbeResult(
        bug_id="BUG-4",
        present=said != audience,
        evidence=f"reply: {said} tickets sold; state audience {audience}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    """After resting for the day the troupe may put on the next day's show."""
    game_id = _new(client)
    rested = play_setup(client, game_id, ["hire the juggler", "put on a show", "rest for the day"])
    if rested.state.get("Day") != 2 or rested.game_over:
        raise ProbeInconclusive(f"resting did not reach day 2: {rested.message[:200]}")
    obs = client.command(game_id, "put on a show")
    return ProbeResult(
        bug_id="BUG-5",
        present=not obs.success,
        evidence=f"show on day 2 after a rest: {obs.message[:160]}",
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    """The state's wage bill is the sum of the wages of the performers still on the payroll."""
    game_id = _new(client)
    play_setup(client, game_id, ["hire the juggler", "hire the clowns", "dismiss the juggler"])
    state = client.state(game_id)
    payroll = sum(p["Wage"] for p in state["Troupe"].values())
    if "Juggler" in state["Troupe"]:
        raise ProbeInconclusive("the juggler is still on the payroll")
    return ProbeResult(
        bug_id="BUG-6",
        present=state["Wage Bill"] != payroll,
        evidence=f"Wage Bill {state['Wage Bill']}, wages of the troupe {payroll}",
    )

"""Probes for shearling's ground-truth bugs. Each one plays the agent API only."""

from __future__ import annotations

import re

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _count(items: list[dict], kind: str) -> int:
    return next(item["count"] for item in items if item["kind"] == kind)


def _in_pen(state: dict, pen: str) -> int:
    return sum(m["count"] for m in state["flock"] if m["pen"] == pen)


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Moving sheep into a place that is not a pen must be refused, not crash the server."""
    game_id = client.new_game().game_id
    try:
        observation = client.command(game_id, "move 5 sheep from the paddock into the woolshed")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"move into an unknown pen: {exc}"[:300])
    state = client.state(game_id)
    if _in_pen(state, "paddock") != 60:
        raise ProbeInconclusive(f"the move was not refused cleanly: {observation.message[:200]}")
    return ProbeResult(
        bug_id="BUG-1", present=False, evidence=f"refused without a crash: {observation.message[:200]}"
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """One fresh shearer must be able to shear a full tally of 6 sheep in one go."""
    game_id = client.new_game().game_id
    play_setup(
        client,
        game_id,
        ["hire 1 shearer from the town", "move 6 merinos from the paddock into the holding pen"],
    )
    observation = client.command(game_id, "shear 6 merinos in the holding pen")
    state = client.state(game_id)
    shorn = _count(state["fleeces"], "merino")
    if not observation.success and shorn == 0:
        return ProbeResult(
            bug_id="BUG-2",
            present=True,
            evidence=f"a full tally of 6 with one fresh shearer was refused: {observation.message[:200]}",
        )
    if observation.success and shorn == 6:
        return ProbeResult(bug_id="BUG-2", present=False, evidence="6 sheep shorn by one shearer")
    raise ProbeInconclusive(f"unexpected shear outcome ({shorn} fleeces): {observation.message[:200]}")


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Pressing 10 fleeces makes 2 bales and must leave the 2 spare fleeces on the table."""
    game_id = client.new_game().game_id
    play_setup(
        client,
        game_id,
        [
            "hire 2 shearers from the town",
            "move 10 merinos from the paddock into the holding pen",
            "shear 10 merinos in the holding pen",
        ],
    )
    before = client.state(game_id)
    if _count(before["fleeces"], "merino") != 10:
        raise ProbeInconclusive("the setup did not put 10 merino fleeces on the table")
    play_setup(client, game_id, ["press 10 merino fleeces into bales"])
    state = client.state(game_id)
    fleeces = _count(state["fleeces"], "merino")
    bales = _count(state["bales"], "merino")
    if bales != 2:
        raise ProbeInconclusive(f"pressing 10 fleeces made {bales} bales")
    evidence = f"10 fleeces pressed into {bales} bales, {fleeces} fleeces left on the table (expected 2)"
    return ProbeResult(bug_id="BUG-3", present=fleeces != 2, evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """After a move the reply's head count of the destination pen must match the state."""
    game_id = client.new_game().game_id
    observation = play_setup(client, game_id, ["move 5 merinos from the paddock into the holding pen"])
    state = client.state(game_id)
    held = _in_pen(state, "holding pen")
    match = re.search(r"holding pen now holds (\d+)", observation.message)
    if match is None:
        raise ProbeInconclusive(f"the move reply gives no head count: {observation.message[:200]}")
    said = int(match.group(1))
    evidence = f"reply says the holding pen holds {said}; the state has {held}: {observation.message[:200]}"
    return ProbeResult(bug_id="BUG-4", present=said != held, evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """The season must close when day 10 ends: no day 11."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["end the day"] * 9)
    if client.state(game_id)["day"] != 10:
        raise ProbeInconclusive("nine nights did not bring day 10")
    observation = play_setup(client, game_id, ["end the day"])
    state = client.state(game_id)
    closed = observation.game_over and state["season_over"]
    evidence = (
        f"after day 10 ended: day={state['day']} season_over={state['season_over']} "
        f"game_over={observation.game_over}: {observation.message[:160]}"
    )
    return ProbeResult(bug_id="BUG-5", present=not closed, evidence=evidence)


def probe_bug_6(client: GameClient) -> ProbeResult:
    """After a shearer is sent back, the state's wage bill must be the wages of those still on the board."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["hire 2 shearers from the town", "send 1 shearer back to the town"])
    state = client.state(game_id)
    if len(state["shearers"]) != 1:
        raise ProbeInconclusive(f"expected 1 shearer on the board, found {len(state['shearers'])}")
    expected = sum(s["wage"] for s in state["shearers"])
    evidence = f"wage_bill={state['wage_bill']} with shearers earning {expected} a day in all"
    return ProbeResult(bug_id="BUG-6", present=state["wage_bill"] != expected, evidence=evidence)

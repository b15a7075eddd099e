"""Probes for Quarrymoor's ground-truth bugs. Each plays a fresh game through the agent API."""

from __future__ import annotations

import re

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _new(client: GameClient) -> str:
    return client.new_game().game_id


def probe_bug_1(client: GameClient) -> ProbeResult:
    game_id = _new(client)
    try:
        observation = client.command(game_id, "ask martha")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"'ask martha' crashed the server: {exc}")
    return ProbeResult(
        bug_id="BUG-1", present=False, evidence=f"'ask martha' answered: {observation.message[:120]!r}"
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    game_id = _new(client)
    play_setup(client, game_id, ["buy ale", "buy ale", "buy ale"])
    observation = client.command(game_id, "buy ale")
    satchel = observation.state["detective"]["satchel"]
    present = observation.success or len(satchel) > 3
    return ProbeResult(
        bug_id="BUG-2",
        present=present,
        evidence=f"fourth purchase success={observation.success}, satchel={satchel}",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    game_id = _new(client)
    play_setup(client, game_id, ["buy ale", "go office"])
    before = client.state(game_id)["detective"]["satchel"].count("ale")
    observation = client.command(game_id, "give ale to crane")
    if observation.success:
        raise ProbeInconclusive(f"Crane accepted the ale: {observation.message[:120]}")
    after = observation.state["detective"]["satchel"].count("ale")
    ground = sum(items.count("ale") for items in observation.state["ground"].values())
    return ProbeResult(
        bug_id="BUG-3",
        present=after + ground < before,
        evidence=f"ale before={before}, after refused give={after}, on the ground={ground}",
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    game_id = _new(client)
    observation = play_setup(client, game_id, ["rest"])
    match = re.search(r"Purse: (\d+) shillings", observation.message)
    if match is None:
        raise ProbeInconclusive(f"rest reply states no purse: {observation.message[:200]}")
    said = int(match.group(1))
    purse = observation.state["detective"]["purse"]
    return ProbeResult(
        bug_id="BUG-4", present=said != purse, evidence=f"rest says purse {said}, state purse {purse}"
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    game_id = _new(client)
    observation = play_setup(client, game_id, ["rest", "rest", "rest"])
    state = observation.state
    present = not observation.game_over or state["case"]["status"] == "open" or state["clock"]["day"] > 3
    return ProbeResult(
        bug_id="BUG-5",
        present=present,
        evidence=f"after resting on day 3: game_over={observation.game_over}, "
        f"status={state['case']['status']}, day={state['clock']['day']}",
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    game_id = _new(client)
    observation = play_setup(
        client,
        game_id,
        [
            "go cottages",
            "go floor",
            "go ledge",
            "examine gorse",
            "take button",
            "rest",
            "go cottages",
            "show button to agnes",
        ],
    )
    state = observation.state
    if not any(entry["clue"] == "anchor" for entry in state["casebook"]):
        raise ProbeInconclusive("showing the button to Agnes wrote nothing in the casebook")
    pointing = sum(1 for entry in state["casebook"] if entry["points_to"] == "crane")
    tally = state["suspects"]["crane"]["entries"]
    return ProbeResult(
        bug_id="BUG-6",
        present=tally != pointing,
        evidence=f"casebook entries pointing at crane={pointing}, suspects.crane.entries={tally}",
    )

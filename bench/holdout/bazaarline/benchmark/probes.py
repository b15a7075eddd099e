"""Probes for Bazaarline's ground-truth bugs: each plays a fresh game through the agent API."""

from __future__ import annotations

from typing import Any

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _caravan(state: dict[str, Any]) -> dict[str, Any]:
    caravan = state.get("caravan")
    if not isinstance(caravan, dict):
        raise ProbeInconclusive(f"state has no caravan: {str(state)[:200]}")
    return caravan


def _held(state: dict[str, Any], good: str) -> int:
    return sum(int(camel.get("load", {}).get(good, 0)) for camel in _caravan(state).get("camels", []))


def probe_bug_1(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    try:
        observation = client.command(game_id, "move 1 water from Zahra to Fatima")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"moving load to an unknown camel: {exc}")
    return ProbeResult(
        bug_id="BUG-1",
        present=False,
        evidence=f"answered success={observation.success}: {observation.message[:150]}",
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    observation = play_setup(client, game_id, ["buy camel", "buy camel"])
    if len(_caravan(observation.state)["camels"]) != 4:
        raise ProbeInconclusive("two purchases did not make a caravan of 4 camels")
    observation = client.command(game_id, "buy camel")
    camels = len(_caravan(observation.state)["camels"])
    return ProbeResult(
        bug_id="BUG-2",
        present=camels > 4,
        evidence=f"fifth camel: success={observation.success}, camels={camels}",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    game = client.new_game()
    before = _caravan(game.observation.state)["purse"]
    observation = play_setup(client, game.game_id, ["sell 4 water"])
    earned = _caravan(observation.state)["purse"] - before
    if earned <= 0:
        raise ProbeInconclusive(f"the sale earned nothing: {observation.message[:150]}")
    named = f"{earned} dinars" in observation.message
    return ProbeResult(
        bug_id="BUG-3",
        present=not named,
        evidence=f"purse grew by {earned}; message: {observation.message[:200]}",
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    observation = play_setup(client, game_id, ["buy 6 salt"])
    loads = [camel.get("load", {}).get("salt", 0) for camel in _caravan(observation.state)["camels"]]
    if loads[:2] != [4, 2]:
        raise ProbeInconclusive(f"salt not spread over two camels as expected: {loads}")
    observation = play_setup(client, game_id, ["sell 5 salt"])
    left = _held(observation.state, "salt")
    return ProbeResult(
        bug_id="BUG-4",
        present=left != 1,
        evidence=f"6 salt, sold 5, {left} left on the camels",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    observation = play_setup(client, game_id, ["talk", "2", "1", "bye"])
    if observation.state.get("bargain", {}).get("discount") != 20:
        raise ProbeInconclusive("the bargain at Qarsa was not struck")
    observation = play_setup(client, game_id, ["depart", "march", "march"])
    location = _caravan(observation.state)["location"]
    if location.get("name") != "Bir Saba" or location.get("kind") != "oasis":
        raise ProbeInconclusive(f"did not reach Bir Saba: {location}")
    before = _caravan(observation.state)["purse"]
    observation = play_setup(client, game_id, ["buy 1 salt"])
    paid = before - _caravan(observation.state)["purse"]
    return ProbeResult(
        bug_id="BUG-5",
        present=paid != 9,
        evidence=f"one salt at Bir Saba after a bargain at Qarsa cost {paid} dinars (full price 9)",
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    game = client.new_game()
    before = _caravan(game.observation.state)["day"]
    observation = play_setup(client, game.game_id, ["rest"])
    after = _caravan(observation.state)["day"]
    return ProbeResult(
        bug_id="BUG-6",
        present=after != before + 1,
        evidence=f"day {before} before a night's rest, day {after} after",
    )

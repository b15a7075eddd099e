"""Probes for Alembic Lane's ground-truth bugs: each answers "is this bug present in this running build?".

Every probe opens a fresh shop and plays it through the agent API only. When the game no longer lets a probe
reach the situation it checks (a setup step is refused), the probe raises ProbeInconclusive rather than guess.
"""

from __future__ import annotations

import re
from typing import Any

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

SLEEPING_DRAUGHT_BOTTLED = [
    "put 2 nightshade into the cauldron",
    "put 1 moonpetal into the cauldron",
    "heat the cauldron to 60",
    "stir 3 times",
    "pour the potion into a bottle",
]
HEALING_TONIC_BOTTLED = [
    "put 2 marigold into the cauldron",
    "put 1 moonpetal into the cauldron",
    "heat the cauldron to 80",
    "stir 2 times",
    "pour the potion into a bottle",
]


def _coins(text: Any) -> int:
    found = re.match(r"\s*(\d+) coins?", str(text))
    if not found:
        raise ProbeInconclusive(f"not an amount of coins: {text!r}")
    return int(found.group(1))


def _amount(entries: list[dict[str, Any]], kind: str) -> int:
    return sum(int(e.get("amount", 0)) for e in entries if e.get("kind") == kind)


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Stirring an empty cauldron must be refused in-game, not crash the server."""
    game = client.new_game()
    contents = game.observation.state.get("cauldron", {}).get("contents")
    if contents:
        raise ProbeInconclusive(f"a new shop's cauldron is not empty: {contents}")
    try:
        answer = client.command(game.game_id, "stir 3 times")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"empty cauldron, `stir 3 times` -> {exc}")
    evidence = f"empty cauldron, `stir 3 times` -> success={answer.success}: {answer.message!r}"
    return ProbeResult(bug_id="BUG-1", present=False, evidence=evidence)


def probe_bug_2(client: GameClient) -> ProbeResult:
    """At reputation 4 a sale carries the 2-coin tip the rules promise."""
    game = client.new_game()
    ready = play_setup(
        client,
        game.game_id,
        [*SLEEPING_DRAUGHT_BOTTLED, "sell the sleeping draught to the witch", *HEALING_TONIC_BOTTLED],
    )
    reputation = ready.state.get("reputation")
    if reputation != 4 or _amount(ready.state.get("shelf", []), "healing tonic") != 1:
        raise ProbeInconclusive(f"expected reputation 4 and a bottled healing tonic: {ready.state}")
    before = _coins(ready.state.get("purse"))
    sold = client.command(game.game_id, "sell the healing tonic to the knight")
    if not sold.success:
        raise ProbeInconclusive(f"the knight refused the healing tonic: {sold.message!r}")
    earned = _coins(sold.state.get("purse")) - before
    evidence = (
        f"reputation {reputation}, purse {before} coins; selling the 7-coin healing tonic -> +{earned} coins "
        f"(rules: 7 + 2 tip = 9); message={sold.message!r}"
    )
    return ProbeResult(bug_id="BUG-2", present=earned != 9, evidence=evidence)


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Two single measures of nightshade put in one after the other make two measures in the cauldron."""
    game = client.new_game()
    first = play_setup(client, game.game_id, ["put 1 nightshade into the cauldron"])
    total = _amount(first.state.get("jars", []), "nightshade") + _amount(
        first.state.get("cauldron", {}).get("contents", []), "nightshade"
    )
    second = play_setup(client, game.game_id, ["put 1 nightshade into the cauldron"])
    in_jar = _amount(second.state.get("jars", []), "nightshade")
    in_cauldron = _amount(second.state.get("cauldron", {}).get("contents", []), "nightshade")
    evidence = (
        f"{total} nightshade in all after the first measure; after the second: {in_jar} in the jar, "
        f"{in_cauldron} in the cauldron; message={second.message!r}"
    )
    present = in_jar + in_cauldron != total or in_cauldron != 2
    return ProbeResult(bug_id="BUG-3", present=present, evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """The sale message names the purse the state holds after the sale."""
    game = client.new_game()
    play_setup(client, game.game_id, SLEEPING_DRAUGHT_BOTTLED)
    sold = client.command(game.game_id, "sell the sleeping draught to the witch")
    if not sold.success:
        raise ProbeInconclusive(f"the witch refused the sleeping draught: {sold.message!r}")
    told = re.search(r"purse now holds (\d+) coins?", sold.message)
    if not told:
        raise ProbeInconclusive(f"the sale message does not say what the purse holds: {sold.message!r}")
    purse = _coins(sold.state.get("purse"))
    evidence = f"sale message says the purse holds {told.group(1)} coins, state purse={purse} coins"
    return ProbeResult(bug_id="BUG-4", present=int(told.group(1)) != purse, evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """The stir that brings the clock to 17:00 closes the shop."""
    game = client.new_game()
    observation = play_setup(client, game.game_id, ["put 1 toadstool into the cauldron"])
    for _ in range(8):
        observation = play_setup(client, game.game_id, ["stir once"])
    day = observation.state.get("day", {})
    if day.get("hour") != "17:00":
        raise ProbeInconclusive(f"expected 17:00 after eight stirs from 9:00: {day}")
    after = client.command(game.game_id, "stir once")
    present = bool(day.get("open")) or after.success
    evidence = (
        f"after eight stirs day={day}, game_over={observation.game_over}; a ninth `stir once` -> "
        f"success={after.success}, day={after.state.get('day')}"
    )
    return ProbeResult(bug_id="BUG-5", present=present, evidence=evidence)


def probe_bug_6(client: GameClient) -> ProbeResult:
    """Offering the knight the witch's potion changes nothing, reputation included."""
    game = client.new_game()
    ready = play_setup(client, game.game_id, SLEEPING_DRAUGHT_BOTTLED)
    before = ready.state.get("reputation")
    offered = client.command(game.game_id, "sell the sleeping draught to the knight")
    if offered.success:
        raise ProbeInconclusive(f"the knight took a sleeping draught: {offered.message!r}")
    after = offered.state.get("reputation")
    evidence = f"reputation {before}; knight handed back the sleeping draught -> reputation {after}"
    return ProbeResult(bug_id="BUG-6", present=after != before, evidence=evidence)

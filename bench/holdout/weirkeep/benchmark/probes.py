"""Probes for Weirkeep's ground-truth bugs: each answers "is this bug present in this running build?".

Every probe starts a fresh day and plays it through the agent API only. When the game no longer lets a probe
reach the situation it checks (a setup step is refused), the probe raises ProbeInconclusive rather than guess.
"""

from __future__ import annotations

import re
from typing import Any

from loop.contract.game_client import GameClient, GameServerError
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

FILL = ["sluice upper open", "wait 6", "sluice upper close"]


def _gauge(state: dict[str, Any], name: str) -> float:
    for pair in state.get("gauges", []):
        if isinstance(pair, list) and len(pair) == 2 and pair[0] == name:
            return float(pair[1])
    raise ProbeInconclusive(f"no {name} gauge in the state: {state.get('gauges')}")


def _everywhere(state: dict[str, Any]) -> list[int]:
    queue = state.get("queue", {})
    places = [queue.get("up", []), queue.get("down", []), state.get("chamber", {}).get("boats", [])]
    return sorted(int(b) for place in places + [state.get("passed", [])] for b in place)


def probe_bug_1(client: GameClient) -> ProbeResult:
    """`wait 0` must be refused in-game, not crash the server."""
    game = client.new_game()
    try:
        answer = client.command(game.game_id, "wait 0")
    except GameServerError as exc:
        return ProbeResult(
            bug_id="BUG-1", present=True, evidence=f"`wait 0` -> HTTP {exc.status}: {exc.body[:200]!r}"
        )
    evidence = f"`wait 0` -> success={answer.success}: {answer.message[:200]!r}"
    return ProbeResult(bug_id="BUG-1", present=False, evidence=evidence)


def probe_bug_2(client: GameClient) -> ProbeResult:
    """Boat 2 is 20 m long and must pay 10 coins."""
    game = client.new_game()
    boat = game.observation.state.get("boats", {}).get("2", {})
    if boat.get("length_m") != 20:
        raise ProbeInconclusive(f"boat 2 is not 20 m long: {boat}")
    before = int(game.observation.state.get("tolls", 0))
    paid = play_setup(client, game.game_id, ["toll 2 collect"])
    charged = int(paid.state.get("tolls", 0)) - before
    first_line = paid.message.splitlines()[0]
    evidence = f"boat 2 (20 m) `toll 2 collect` -> tolls +{charged} (rules say 10); {first_line!r}"
    return ProbeResult(bug_id="BUG-2", present=charged != 10, evidence=evidence)


def probe_bug_3(client: GameClient) -> ProbeResult:
    """A boat refused for lack of room stays in its queue: four boats are always somewhere."""
    game = client.new_game()
    before = play_setup(
        client, game.game_id, ["toll 2 collect", "toll 4 collect", "gate lower open", "boat 2 enter"]
    )
    if _everywhere(before.state) != [1, 2, 3, 4] or before.state.get("chamber", {}).get("boats") != [2]:
        raise ProbeInconclusive(f"expected boat 2 in the chamber and four boats placed: {before.state}")
    refused = client.command(game.game_id, "boat 4 enter")
    if refused.success:
        raise ProbeInconclusive(f"boat 4 fitted beside boat 2: {refused.message[:200]!r}")
    placed = _everywhere(refused.state)
    evidence = (
        f"`boat 4 enter` refused ({refused.message.splitlines()[0]!r}); boats placed after: {placed}, "
        f"queue={refused.state.get('queue')}, chamber={refused.state.get('chamber')}"
    )
    return ProbeResult(bug_id="BUG-3", present=placed != [1, 2, 3, 4], evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """After filling past the top, the message names the level the state shows."""
    game = client.new_game()
    play_setup(client, game.game_id, ["sluice upper open"])
    waited = client.command(game.game_id, "wait 8")
    if not waited.success:
        raise ProbeInconclusive(f"`wait 8` was refused: {waited.message[:200]!r}")
    level = _gauge(waited.state, "chamber")
    said = re.search(r"to (\d+(?:\.\d+)?) m", waited.message.splitlines()[0])
    if said is None:
        raise ProbeInconclusive(f"the reply names no level reached: {waited.message[:200]!r}")
    first_line = waited.message.splitlines()[0]
    evidence = f"`wait 8` with the upper sluice open: message {first_line!r}, state chamber {level}"
    return ProbeResult(bug_id="BUG-4", present=abs(float(said.group(1)) - level) > 1e-6, evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """With the upstream queue empty, the upper gate still refuses to open against the water."""
    game = client.new_game()
    setup = FILL + ["gate upper open", "toll 1 collect", "toll 3 collect", "boat 1 enter", "boat 3 enter"]
    setup += ["gate upper shut", "sluice lower open", "wait 2", "sluice lower close"]
    before = play_setup(client, game.game_id, setup)
    level = _gauge(before.state, "chamber")
    if before.state.get("queue", {}).get("up") != [] or level == _gauge(before.state, "upstream"):
        raise ProbeInconclusive(f"expected an empty upstream queue and a chamber below it: {before.state}")
    tried = client.command(game.game_id, "gate upper open")
    opened = tried.state.get("gates", {}).get("upper") == "open"
    evidence = (
        f"upstream queue empty, chamber {level} m vs upstream {_gauge(before.state, 'upstream')} m; "
        f"`gate upper open` -> success={tried.success}, gates={tried.state.get('gates')}"
    )
    return ProbeResult(bug_id="BUG-5", present=bool(tried.success or opened), evidence=evidence)


def probe_bug_6(client: GameClient) -> ProbeResult:
    """A boat that has left is `passed` in its own `where` as well as in the `passed` list."""
    game = client.new_game()
    setup = (
        ["toll 4 collect", "gate lower open", "boat 4 enter", "gate lower shut"] + FILL + ["gate upper open"]
    )
    play_setup(client, game.game_id, setup)
    left = play_setup(client, game.game_id, ["boat 4 leave"])
    if 4 not in left.state.get("passed", []):
        raise ProbeInconclusive(f"boat 4 is not listed as passed: {left.state.get('passed')}")
    where = left.state.get("boats", {}).get("4", {}).get("where")
    evidence = f"after `boat 4 leave`: passed={left.state.get('passed')}, boats.4.where={where!r}"
    return ProbeResult(bug_id="BUG-6", present=where != "passed", evidence=evidence)

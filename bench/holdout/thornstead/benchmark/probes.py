"""Probes for Thornstead's ground-truth bugs: each answers "is this bug present in this running build?".

Every probe starts a fresh colony and plays it through the agent API only. When the game no longer lets a
probe reach the situation it checks (a setup order is refused), the probe raises ProbeInconclusive rather
than guess.
"""

from __future__ import annotations

import re
from typing import Any

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _population(state: dict[str, Any]) -> dict[str, Any]:
    return state.get("population", {})


def _stock(state: dict[str, Any]) -> dict[str, Any]:
    return state.get("stock", {})


def _tile(state: dict[str, Any], key: str) -> dict[str, Any] | None:
    return state.get("tiles", {}).get(key)


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Demolishing the town hall must be refused in-game, not crash the server."""
    game = client.new_game()
    hall = _tile(game.observation.state, "2,2")
    if not hall or hall.get("building") != "town hall":
        raise ProbeInconclusive(f"no town hall at 2,2: {game.observation.state.get('tiles')}")
    try:
        answer = client.command(game.game_id, "demolish 2,2")
    except GameServerError as exc:
        evidence = f"`demolish 2,2` on the town hall -> HTTP {exc.status}: {exc.body[:200]!r}"
        return ProbeResult(bug_id="BUG-1", present=True, evidence=evidence)
    except GameUnavailable as exc:
        evidence = f"`demolish 2,2` dropped the connection: {exc}"
        return ProbeResult(bug_id="BUG-1", present=True, evidence=evidence)
    evidence = f"`demolish 2,2` -> success={answer.success}: {answer.message!r}"
    return ProbeResult(bug_id="BUG-1", present=False, evidence=evidence)


def probe_bug_2(client: GameClient) -> ProbeResult:
    """A level-2 house shelters 8: upgrading a house adds 4 to the housing."""
    game = client.new_game()
    built = play_setup(client, game.game_id, ["build house at 0,0"])
    before = int(_population(built.state).get("housing", 0))
    upgraded = client.command(game.game_id, "upgrade 0,0")
    house = _tile(upgraded.state, "0,0")
    if not upgraded.success or not house or house.get("level") != 2:
        raise ProbeInconclusive(f"`upgrade 0,0` did not raise the house to level 2: {upgraded.message!r}")
    after = int(_population(upgraded.state).get("housing", 0))
    evidence = (
        f"housing {before} with a level-1 house; `upgrade 0,0` -> housing {after} "
        f"(rules: +4, a level-2 house shelters 8); message={upgraded.message!r}"
    )
    return ProbeResult(bug_id="BUG-2", present=after - before != 4, evidence=evidence)


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Demolishing a worked farm sends its workers back to the idle pool: nobody vanishes."""
    game = client.new_game()
    before = play_setup(client, game.game_id, ["build farm at 2,3", "assign 2 to 2,3"])
    pop_before = _population(before.state)
    if (_tile(before.state, "2,3") or {}).get("workers") != 2:
        raise ProbeInconclusive(f"expected two workers on the farm: {before.state.get('tiles')}")
    razed = client.command(game.game_id, "demolish 2,3")
    if not razed.success or _tile(razed.state, "2,3") is not None:
        raise ProbeInconclusive(f"`demolish 2,3` did not pull the farm down: {razed.message!r}")
    pop_after = _population(razed.state)
    vanished = pop_after.get("total") != pop_before.get("total")
    present = vanished or pop_after.get("idle") != pop_before.get("idle", 0) + 2
    evidence = f"before {pop_before}; `demolish 2,3` (2 workers) -> {pop_after}; message={razed.message!r}"
    return ProbeResult(bug_id="BUG-3", present=present, evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """The idle count told after an assignment is the one the state holds."""
    game = client.new_game()
    play_setup(client, game.game_id, ["build farm at 2,3"])
    answer = client.command(game.game_id, "assign 2 to 2,3")
    if not answer.success:
        raise ProbeInconclusive(f"`assign 2 to 2,3` was refused: {answer.message!r}")
    told = re.search(r"idle settlers:\s*(\d+)", answer.message, flags=re.IGNORECASE)
    if told is None:
        raise ProbeInconclusive(f"the answer tells no idle count: {answer.message!r}")
    idle = _population(answer.state).get("idle")
    evidence = f"`assign 2 to 2,3` says idle {told.group(1)}, state idle={idle}; message={answer.message!r}"
    return ProbeResult(bug_id="BUG-4", present=int(told.group(1)) != idle, evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """With every bed taken, no settler arrives: the population never exceeds the housing."""
    game = client.new_game()
    play_setup(client, game.game_id, ["build farm at 2,3", "assign 2 to 2,3", "end turn", "end turn"])
    full = client.state(game.game_id)
    pop = _population(full)
    food = int(_stock(full).get("food", 0))
    if pop.get("total") != pop.get("housing") or food < 12:
        raise ProbeInconclusive(f"expected a full town with food to spare: {pop}, food {food}")
    turn = client.command(game.game_id, "end turn")
    if not turn.success:
        raise ProbeInconclusive(f"`end turn` was refused: {turn.message!r}")
    after = _population(turn.state)
    present = int(after.get("total", 0)) > int(after.get("housing", 0))
    evidence = f"before {pop} with {food} food; `end turn` -> {after}; message={turn.message!r}"
    return ProbeResult(bug_id="BUG-5", present=present, evidence=evidence)


def probe_bug_6(client: GameClient) -> ProbeResult:
    """An upgrade refused for lack of stone takes nothing from the stock."""
    game = client.new_game()
    ready = play_setup(client, game.game_id, ["build farm at 2,3", "upgrade 2,3"])
    stock = dict(_stock(ready.state))
    if int(stock.get("wood", 0)) < 6 or int(stock.get("stone", 0)) >= 5:
        raise ProbeInconclusive(f"expected 6+ wood and under 5 stone before the second upgrade: {stock}")
    refused = client.command(game.game_id, "upgrade 2,3")
    if refused.success:
        raise ProbeInconclusive(f"the level-3 upgrade was accepted with {stock}: {refused.message!r}")
    after = _stock(refused.state)
    evidence = f"stock {stock}; refused `upgrade 2,3` -> stock {after}; message={refused.message!r}"
    return ProbeResult(bug_id="BUG-6", present=after != stock, evidence=evidence)

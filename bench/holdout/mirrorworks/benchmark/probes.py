"""Probes for Mirrorworks' ground-truth bugs: each answers "is this bug present in this running build?".

Every probe starts a fresh game and plays it through the agent API only. When the game no longer lets a probe
reach the situation it checks (a setup step is refused), the probe raises ProbeInconclusive rather than guess.
"""

from __future__ import annotations

import re
from typing import Any

from loop.contract.game_client import GameClient, GameError, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

COLUMNS = "abcdef"


def _square(state: dict[str, Any], name: str) -> str:
    """The symbol on a square, from the state grid (row 6 first)."""
    grid = state.get("grid", [])
    column, row = COLUMNS.index(name[0]), int(name[1:])
    try:
        return grid[len(grid) - row][column]
    except IndexError as exc:
        raise ProbeInconclusive(f"no square {name} in grid {grid}") from exc


def _mirror_count(state: dict[str, Any]) -> int:
    return sum(int(n) for n in state.get("inventory", {}).values()) + len(state.get("placed", []))


def probe_bug_1(client: GameClient) -> ProbeResult:
    """`undo` with nothing to undo must be refused in-game, not crash the server."""
    game = client.new_game()
    try:
        answer = client.command(game.game_id, "undo")
    except GameServerError as exc:
        evidence = f"new game, `undo` -> HTTP {exc.status}: {exc.body[:200]!r}"
        return ProbeResult(bug_id="BUG-1", present=True, evidence=evidence)
    except GameUnavailable as exc:
        evidence = f"new game, `undo` -> connection lost: {exc}"
        return ProbeResult(bug_id="BUG-1", present=True, evidence=evidence)
    evidence = f"new game, `undo` -> success={answer.success}: {answer.message!r}"
    return ProbeResult(bug_id="BUG-1", present=False, evidence=evidence)


def probe_bug_2(client: GameClient) -> ProbeResult:
    """A level solved with the first shot scores 100 + 5 per spare mirror."""
    game = client.new_game()
    ready = play_setup(client, game.game_id, ["rotate c1"])
    spare = sum(int(n) for n in ready.state.get("inventory", {}).values())
    before = int(ready.state.get("score", 0))
    shot = client.command(game.game_id, "fire")
    if 1 not in shot.state.get("solved_levels", []):
        raise ProbeInconclusive(f"the first shot after `rotate c1` did not solve level 1: {shot.message!r}")
    gained = int(shot.state.get("score", 0)) - before
    expected = 100 + 5 * spare
    evidence = (
        f"`rotate c1`, `fire` solves level 1 with the first shot and {spare} spare mirror(s): "
        f"score +{gained}, guide says +{expected}; message={shot.message!r}"
    )
    return ProbeResult(bug_id="BUG-2", present=gained != expected, evidence=evidence)


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Undoing a removal puts the mirror back on the board and takes it out of the inventory."""
    game = client.new_game()
    start = _mirror_count(game.observation.state)
    play_setup(client, game.game_id, ["place mirror / at b2", "remove b2"])
    undone = client.command(game.game_id, "undo")
    if not undone.success:
        raise ProbeInconclusive(f"`undo` after `remove b2` was refused: {undone.message!r}")
    after = _mirror_count(undone.state)
    evidence = (
        f"{start} mirror(s) at the start; `place mirror / at b2`, `remove b2`, `undo` -> "
        f"inventory={undone.state.get('inventory')}, placed={undone.state.get('placed')} ({after} mirrors)"
    )
    return ProbeResult(bug_id="BUG-3", present=after != start, evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """The rotate reply names the orientation the mirror has after the turn."""
    game = client.new_game()
    before = _square(game.observation.state, "c1")
    if before not in "/\\":
        raise ProbeInconclusive(f"no mirror at c1 to rotate: {before!r}")
    turned = client.command(game.game_id, "rotate c1")
    if not turned.success:
        raise ProbeInconclusive(f"`rotate c1` was refused: {turned.message!r}")
    now = _square(turned.state, "c1")
    said = re.search(r"now reads (\S)", turned.message)
    if said is None:
        raise ProbeInconclusive(f"the reply names no orientation: {turned.message!r}")
    evidence = f"c1 was {before!r}, state grid now {now!r}; `rotate c1` -> {turned.message.splitlines()[0]!r}"
    return ProbeResult(bug_id="BUG-4", present=said.group(1) != now, evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """Level 3 starts with 3 x / and 0 x \\, whatever was left over on level 2."""
    game = client.new_game()
    steps = ["rotate c1", "fire", "place mirror / at b3", "place mirror / at b5", "fire"]
    try:
        reached = play_setup(client, game.game_id, steps)
    except GameError as exc:
        raise ProbeInconclusive(f"could not play levels 1 and 2: {exc}") from exc
    if reached.state.get("level") != 3 or reached.state.get("solved_levels") != [1, 2]:
        raise ProbeInconclusive(f"expected to stand on level 3 after solving 1 and 2: {reached.state}")
    inventory = reached.state.get("inventory", {})
    present = inventory.get("/") != 3 or inventory.get("\\", 0) != 0
    evidence = f"levels 1 and 2 solved, one \\ unused on level 2; level 3 starts with inventory {inventory}"
    return ProbeResult(bug_id="BUG-5", present=present, evidence=evidence)


def probe_bug_6(client: GameClient) -> ProbeResult:
    """`beam` lists only the last shot's squares."""
    game = client.new_game()
    first = play_setup(client, game.game_id, ["fire"])
    if first.state.get("solved_levels"):
        raise ProbeInconclusive("the first shot of a new game solved level 1")
    second = client.command(game.game_id, "fire")
    if not second.success or second.state.get("solved_levels"):
        raise ProbeInconclusive(f"the second `fire` was refused or solved the level: {second.message!r}")
    beam_one, beam_two = first.state.get("beam"), second.state.get("beam")
    evidence = f"board unchanged, two shots: beam after first {beam_one}, after second {beam_two}"
    return ProbeResult(bug_id="BUG-6", present=beam_two != beam_one, evidence=evidence)

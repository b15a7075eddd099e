"""Probes for LOGIC's ground-truth bugs: each answers "is this bug present in this running build?".

Each probe starts a fresh game and plays it through the agent API only. When the game no longer lets a probe
reach the situation it tests (a setup step is refused), the probe raises ProbeInconclusive rather than guess.
"""

from __future__ import annotations

from loop.contract.game_client import GameClient, GameError, GameObservation, GameServerError
from loop.contract.models import ProbeResult

SOLVE_LEVEL_1 = ["right", "right", "right"]


class ProbeInconclusive(GameError):
    """The probe could not bring the game into the situation it checks."""


def _setup(client: GameClient, game_id: str, commands: list[str]) -> GameObservation:
    observation = None
    for command in commands:
        observation = client.command(game_id, command)
        if not observation.success:
            raise ProbeInconclusive(f"setup step {command!r} was refused: {observation.message[:200]}")
    assert observation is not None
    return observation


def _boxes(observation: GameObservation) -> list[tuple[int, int]]:
    return sorted((box.get("x"), box.get("y")) for box in observation.state.get("boxes", []))


def probe_bug_1(client: GameClient) -> ProbeResult:
    """A box on a target must be drawn as `*` on the board."""
    game = client.new_game()
    _setup(client, game.game_id, SOLVE_LEVEL_1)
    pushed = _setup(client, game.game_id, ["up", "left", "down"])
    on_target = pushed.state.get("boxes_on_target")
    if pushed.state.get("level") != 2 or on_target != 1:
        raise ProbeInconclusive(f"expected one box on a target in level 2: {pushed.state}")
    board = pushed.state.get("board", [])
    drawn = sum(row.count("*") for row in board)
    evidence = f"level 2 with boxes_on_target={on_target}; the board draws {drawn} `*`: {board}"
    return ProbeResult(bug_id="BUG-1", present=drawn != on_target, evidence=evidence)


def probe_bug_2(client: GameClient) -> ProbeResult:
    """After an undo, a new move clears the redo history: `redo` must then be refused."""
    game = client.new_game()
    undone = _setup(client, game.game_id, ["right", "undo"])
    if undone.state.get("redo_steps") != 1:
        raise ProbeInconclusive(f"expected one redo step after an undo: {undone.state}")
    moved = _setup(client, game.game_id, ["up"])
    redo = client.command(game.game_id, "redo")
    evidence = (
        f"`right`, `undo`, `up` (redo_steps={moved.state.get('redo_steps')}), then `redo` -> "
        f"success={redo.success}, {redo.message!r}, player={redo.state.get('player')}"
    )
    return ProbeResult(bug_id="BUG-2", present=redo.success, evidence=evidence)


def probe_bug_3(client: GameClient) -> ProbeResult:
    """`load` must put every box back where it stood at `save`, also after pushes."""
    game = client.new_game()
    saved = _setup(client, game.game_id, ["up", "save"])
    pushed = _setup(client, game.game_id, ["down", "right", "right"])
    if _boxes(pushed) == _boxes(saved):
        raise ProbeInconclusive(f"the box did not move after the save: {_boxes(pushed)}")
    loaded = _setup(client, game.game_id, ["load"])
    evidence = (
        f"saved with boxes {_boxes(saved)}, player {saved.state.get('player')}; after a push, `load` gives "
        f"boxes {_boxes(loaded)}, player {loaded.state.get('player')}"
    )
    return ProbeResult(bug_id="BUG-3", present=_boxes(loaded) != _boxes(saved), evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """A new game has only level 1 unlocked, whatever an earlier game solved."""
    first = client.new_game()
    solved = _setup(client, first.game_id, SOLVE_LEVEL_1)
    if solved.state.get("level") != 2:
        raise ProbeInconclusive(f"level 1 was not solved: {solved.state}")
    second = client.new_game()
    unlocked = second.observation.state.get("unlocked")
    jump = client.command(second.game_id, "level 2")
    evidence = (
        f"after solving level 1 in one game, a new game has unlocked={unlocked}; `level 2` -> "
        f"success={jump.success}, {jump.message[:120]!r}"
    )
    return ProbeResult(bug_id="BUG-4", present=jump.success or unlocked != [1], evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """`undo` with no move to take back must be refused, not crash the server."""
    game = client.new_game()
    try:
        reply = client.command(game.game_id, "undo")
    except GameServerError as exc:
        return ProbeResult(bug_id="BUG-5", present=True, evidence=f"`undo` at the start of level 1 -> {exc}")
    evidence = f"`undo` at the start of level 1 -> success={reply.success}, message={reply.message!r}"
    return ProbeResult(bug_id="BUG-5", present=False, evidence=evidence)


def probe_bug_6(client: GameClient) -> ProbeResult:
    """`level 0` is outside 1 to 3 and must be refused; it must never open a locked level."""
    game = client.new_game()
    reply = client.command(game.game_id, "level 0")
    level = reply.state.get("level")
    evidence = (
        f"new game, unlocked={game.observation.state.get('unlocked')}; `level 0` -> success={reply.success}, "
        f"{reply.message[:120]!r}, now on level {level}"
    )
    return ProbeResult(bug_id="BUG-6", present=reply.success or level != 1, evidence=evidence)

"""Probes for BLITZ's ground-truth bugs: each answers "is this bug present in this running build?".

Each probe starts a fresh game and plays it through the agent API only. When the game no longer lets a probe
reach the situation it tests (a setup step is refused), the probe raises ProbeInconclusive rather than guess.
"""

from __future__ import annotations

import re

from loop.contract.game_client import GameClient, GameError, GameObservation, GameServerError
from loop.contract.models import ProbeResult

# From the entrance (0, 0) to the north-east gem at (8, 0); the guard and the hound never come near.
TO_NORTH_EAST_GEM = ["east", "east", "east", "south", "east", "east", "north", "east", "east", "east"]


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


def _at(observation: GameObservation, x: int, y: int) -> None:
    player = observation.state.get("player")
    if player != {"x": x, "y": y}:
        raise ProbeInconclusive(
            f"expected to stand at ({x}, {y}), at {player}: {observation.message[:200]!r}"
        )


def probe_bug_1(client: GameClient) -> ProbeResult:
    """After losing a life, `look` must report the lives the state has."""
    game = client.new_game()
    hurt = _setup(client, game.game_id, ["south", "south", "east", "east"])
    lives = hurt.state.get("lives")
    if lives != 2:
        raise ProbeInconclusive(f"expected the spikes at (2, 2) to cost a life: {hurt.message} lives={lives}")
    look = _setup(client, game.game_id, ["look"])
    said = re.search(r"Lives (\d+)", look.message)
    if said is None:
        raise ProbeInconclusive(f"`look` names no lives: {look.message!r}")
    evidence = f"after the spikes the state has lives={lives}; `look` -> {look.message.splitlines()[0]!r}"
    return ProbeResult(bug_id="BUG-1", present=int(said.group(1)) != lives, evidence=evidence)


def probe_bug_2(client: GameClient) -> ProbeResult:
    """A dash must not pass through a wall: at (3, 0) the wall at (4, 0) blocks a dash east."""
    game = client.new_game()
    _at(_setup(client, game.game_id, ["east", "east", "east"]), 3, 0)
    dash = client.command(game.game_id, "dash east")
    player = dash.state.get("player", {})
    evidence = (
        f"at (3, 0), wall at (4, 0): `dash east` -> success={dash.success}, {dash.message!r}, player={player}"
    )
    return ProbeResult(bug_id="BUG-2", present=player.get("x", 0) > 4, evidence=evidence)


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Every burning fuse drops by one per tick, also on the tick another bomb explodes."""
    game = client.new_game()
    _setup(client, game.game_id, ["bomb", "east", "east"])
    second = _setup(client, game.game_id, ["bomb"])
    bombs = second.state.get("bombs", [])
    if "explodes" not in second.message or len(bombs) != 1 or bombs[0].get("x") != 2:
        raise ProbeInconclusive(
            f"expected the first bomb to explode as the second is dropped: {second.message!r}"
        )
    dropped = bombs[0]["fuse"]
    after = _setup(client, game.game_id, ["east"])
    later = [b.get("fuse") for b in after.state.get("bombs", [])]
    evidence = (
        f"second bomb dropped on the tick the first explodes: fuse {dropped} (a lone bomb shows 3), "
        f"one tick later {later}; `bomb` said {second.message!r}"
    )
    return ProbeResult(bug_id="BUG-3", present=dropped != 3, evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """A gem collected in one game must still be there in a new game."""
    first = client.new_game()
    _setup(client, first.game_id, TO_NORTH_EAST_GEM)
    second = client.new_game()
    state = second.observation.state
    drawn = sum(row.count("*") for row in state.get("map", []))
    gems_left = state.get("gems_left")
    if drawn == 0:
        raise ProbeInconclusive(f"the new game's map shows no gem: {state.get('map')}")
    evidence = (
        f"after collecting a gem in one game, a new game draws {drawn} gem(s) with gems_left={gems_left}"
    )
    return ProbeResult(bug_id="BUG-4", present=gems_left != drawn, evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """`east` at the east edge of the arena must be refused, not crash the server."""
    game = client.new_game()
    _at(_setup(client, game.game_id, TO_NORTH_EAST_GEM), 8, 0)
    try:
        reply = client.command(game.game_id, "east")
    except GameServerError as exc:
        return ProbeResult(bug_id="BUG-5", present=True, evidence=f"at (8, 0), `east` -> {exc}")
    evidence = f"at (8, 0), `east` -> success={reply.success}, message={reply.message!r}"
    return ProbeResult(bug_id="BUG-5", present=False, evidence=evidence)

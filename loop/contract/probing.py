"""What the probes of every game share: the inconclusive verdict, and a setup accepted step by step.

A probe counts a bug as fixed only when its absence has been shown: when the game no longer lets the probe
reach the situation it checks, the probe raises ProbeInconclusive instead of guessing.
"""

from __future__ import annotations

from loop.contract.game_client import GameClient, GameError, GameObservation


class ProbeInconclusive(GameError):
    """The probe could not bring the game into the situation it checks."""


def play_setup(client: GameClient, game_id: str, commands: list[str]) -> GameObservation:
    """Play `commands` in order; every one must be accepted. Returns the last observation."""
    if not commands:
        raise ValueError("a setup needs at least one command")
    observation = None
    for command in commands:
        observation = client.command(game_id, command)
        if not observation.success:
            raise ProbeInconclusive(f"setup step {command!r} was refused: {observation.message[:200]}")
    assert observation is not None
    return observation

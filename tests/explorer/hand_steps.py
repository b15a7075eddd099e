"""Hand-made steps for oracle tests: a game from a start state through (command, state, success, reply)."""

from __future__ import annotations

from loop.contract.game_client import GameObservation
from loop.replay.transcript import Step


def game(start: dict, *moves: tuple[str, dict, bool, str], over: bool = False) -> list[Step]:
    """Steps from `start` through the moves; `over`: the game ends on each of them."""
    steps = [Step(0, None, {}, GameObservation(message="start", state=start))]
    for command, after, success, reply in moves:
        obs = GameObservation(message=reply, state=after, success=success, game_over=over)
        steps.append(Step(len(steps), command, steps[-1].state, obs))
    return steps

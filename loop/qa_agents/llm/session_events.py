"""What an LLM QA session writes to its trace: the steps it played, the replays that checked a suspicion, and
its own events (plans, reflections, hypotheses, verdicts), each stamped with the session's step and game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from loop.replay.transcript import Step
from loop.trace import SessionTrace


class SessionEvents:
    def __init__(self, trace: SessionTrace, position: Callable[[], tuple[int, str]]):
        """`position` gives the session's step count and its current game id when an event is written."""
        self.trace, self.position = trace, position

    def note(self, kind: str, command: str | None, observation: dict[str, Any]) -> None:
        step, game_id = self.position()
        self.trace.append(
            step=step, game_id=game_id, command=command, latency_ms=0.0, observation=observation, kind=kind
        )

    def step(self, game_id: str, step: Step, kind: str = "step") -> None:
        observation = step.observation.model_dump() if step.observation else {"error": step.error}
        self.trace.append(
            step=self.position()[0],
            game_id=game_id,
            command=step.command,
            latency_ms=step.latency_ms,
            observation=observation,
            kind=kind,
        )

    def replay(self, game_id: str, step: Step) -> None:
        self.step(game_id, step, kind="replay")

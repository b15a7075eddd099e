"""The determinism oracle: the same commands from a new game must give the same replies."""

from __future__ import annotations

from loop.contract.game_client import GameClient
from loop.contract.models import BugType
from loop.replay import view
from loop.replay.oracle import Anomaly, Oracle
from loop.replay.transcript import Step, play


def observation_key(step: Step) -> str:
    """What a replay must reproduce: reply text, success, and the state's content (not the turn counter)."""
    if step.observation is None:
        return f"error {step.status}"
    state = step.state
    return f"{step.observation.success}|{step.message}|{view.signature(state)}|{view.description(state)}"


class DeterminismOracle(Oracle):
    """One subject for the whole game: which command diverges first depends on the path that showed it."""

    name = "determinism"
    subject = "replay in a new game"

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        return []  # one game alone cannot show non-determinism; see compare()

    def compare(self, recorded: list[Step], replayed: list[Step]) -> Anomaly | None:
        for first, second in zip(recorded, replayed, strict=False):
            if observation_key(first) != observation_key(second):
                return Anomaly(
                    self.name,
                    self.subject,
                    second.index,
                    f"Different outcome when '{second.command or 'new game'}' is replayed in a new game",
                    f"the same reply as the first time: {first.message[:200]!r}",
                    f"{second.message[:200]!r} (state {view.signature(second.state)!r} instead of "
                    f"{view.signature(first.state)!r})",
                    second.verb or "new game",
                    BugType.NON_DETERMINISM,
                )
        return None

    def confirm(
        self, client: GameClient, commands: list[str], subject: str
    ) -> tuple[Anomaly | None, list[Step]]:
        first = play(client, commands)
        second = play(client, commands)
        anomaly = self.compare(first, second)
        return (anomaly if anomaly is not None and anomaly.subject == subject else None), second

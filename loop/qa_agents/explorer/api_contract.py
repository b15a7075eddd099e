"""The API-contract oracle: odd requests (null, odd-typed, long, unknown-id, malformed bodies) must get a JSON
reply, never a 5xx, a dropped connection or a page that is not JSON.

A finding's subject is the probe itself (an ApiProbe as JSON), its repro the commands played before it in a
new game (usually none): `confirm` plays them, sends the probe with that game's id and judges the answer, so
the judge and the differential critic replay exactly what the explorer sent.
"""

from __future__ import annotations

from loop.contract.game_client import GameClient, GameObservation
from loop.contract.models import BugType
from loop.qa_agents.explorer.api_probes import ApiAnswer, ApiProbe, send, violation
from loop.replay.oracle import Anomaly, Oracle
from loop.replay.transcript import GameSession, Step


class ApiContractOracle(Oracle):
    name = "api-contract"

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        return []  # it judges raw answers to probes (see check), which no ordinary step carries

    def check(self, probe: ApiProbe, answer: ApiAnswer, index: int) -> Anomaly | None:
        broken = violation(answer)
        if broken is None:
            return None
        return Anomaly(
            self.name,
            probe.model_dump_json(),
            index,
            f"The API breaks on a request where {probe.label}",
            f"a JSON reply (an error with a 4xx status for a malformed request) to `{probe.shown()}`",
            f"`{probe.shown()}` (<game_id>: the game of the steps above) got {broken}",
            "agent API",
            BugType.CRASH if answer.status == 0 or answer.status >= 500 else BugType.OTHER,
        )

    @staticmethod
    def step_of(probe: ApiProbe, answer: ApiAnswer, before: Step) -> Step:
        """The probe as a step of the game's transcript (an observation only when the answer is JSON)."""
        body = answer.json_object
        observation = None
        if body is not None and violation(answer) is None:
            observation = GameObservation(message=answer.text[:400], state=before.state, success=False)
        status = answer.status if observation is None else None
        return Step(
            before.index + 1, probe.shown(), before.state, observation, 0.0, answer.text[:400], status
        )

    def report_steps(self, commands: list[str], subject: str) -> list[str]:
        probe = ApiProbe.of_subject(subject)
        return commands if probe is None else [*commands, probe.raw_step()]

    def confirm(
        self, client: GameClient, commands: list[str], subject: str
    ) -> tuple[Anomaly | None, list[Step]]:
        probe = ApiProbe.of_subject(subject)
        if probe is not None and commands and commands[-1] == probe.raw_step():
            commands = commands[:-1]  # the probe itself: sent below, judged on its raw answer
        session = GameSession(client)
        for command in commands:
            session.send(command)
        if probe is None:
            return None, session.steps
        answer = send(client, probe, session.game_id)
        steps = [*session.steps, self.step_of(probe, answer, session.steps[-1])]
        return self.check(probe, answer, len(steps) - 1), steps

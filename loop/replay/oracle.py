"""What every oracle is, and the registry that finds one by name.

An oracle judges the last step of a game in context and can re-judge a repro on a new game. QA agents define
oracles and register them through the `closed_loop.oracles` entry-point group (a name pointing to a function
that returns a list of `Oracle`); the judge and verification find a report's oracle here by its name, without
importing any QA agent.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib.metadata import entry_points

from loop.contract.game_client import GameClient
from loop.contract.models import BugType
from loop.replay import view
from loop.replay.transcript import Step, play

ORACLE_SETS = "closed_loop.oracles"


@dataclass(frozen=True)
class Anomaly:
    """One contradiction an oracle saw at `step_index`. `subject` names the bug for deduplication."""

    oracle: str
    subject: str
    step_index: int
    title: str
    expected: str
    observed: str
    mechanic: str
    bug_type: BugType


class Oracle:
    """Base: `judge` looks at the last step of `steps`; `confirm` replays a repro and judges every step."""

    name = "oracle"
    # The explorer follows each lead once per place; an oracle that limits its own leads says False.
    lead_once_per_place = True

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        raise NotImplementedError

    def leads(self, steps: list[Step], known_items: set[str]) -> list[str]:
        """Commands worth trying next in the current state to settle a suspicion (none by default)."""
        return []

    def rejudge(self, steps: list[Step], subject: str) -> Anomaly | None:
        known = {subject}
        for step in steps:
            known.update(view.visible_items(step.state) + view.inventory(step.state))
        for end in range(1, len(steps) + 1):
            for anomaly in self.judge(steps[:end], known):
                if anomaly.subject == subject:
                    return anomaly
        return None

    def report_steps(self, commands: list[str], subject: str) -> list[str]:
        """The repro a report carries: the commands, plus whatever step the oracle itself adds (a raw
        request, for an oracle that probes the HTTP layer), so the report replays from its steps alone."""
        return commands

    def confirm(
        self, client: GameClient, commands: list[str], subject: str
    ) -> tuple[Anomaly | None, list[Step]]:
        """Play `commands` on a new game; the anomaly with `subject` if it shows again, and the steps."""
        steps = play(client, commands)
        return self.rejudge(steps, subject), steps


@cache
def _registered() -> tuple[Oracle, ...]:
    found: list[Oracle] = []
    for entry in sorted(entry_points(group=ORACLE_SETS), key=lambda ep: ep.name):
        found.extend(entry.load()())
    return tuple(found)


def registered_oracles() -> list[Oracle]:
    """Every oracle of every installed QA agent, in a stable order."""
    return list(_registered())


def oracle_named(name: str | None) -> Oracle | None:
    return next((oracle for oracle in _registered() if oracle.name == name), None)

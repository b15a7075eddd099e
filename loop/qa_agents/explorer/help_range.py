"""The help-range oracle: a number range the help gives on a command's line ('go <floor> ... 1-8', 'wait [n]
... (1-10)', 'save [1-3]') is the range its argument may take, so 'go 9' that succeeds and changes the game
is a boundary bug. Only the top is checked: below it, games often give special values a meaning ('0' for the
lobby, '-1' for the last). The oracle reads the help reply itself; a report carries the range in its subject
(`range|go|1|8`), so the judge and the critic check a replay without the help.
"""

from __future__ import annotations

import re

from loop.contract.models import BugType
from loop.qa_agents.explorer.commands import line_range
from loop.replay import view
from loop.replay.oracle import Anomaly, Oracle
from loop.replay.transcript import Step

HELP_VERBS = frozenset({"help", "?", "/help", "!help", "/?"})  # some games type commands behind a sigil
# Tries of a lead past the top, per verb: the command may need a state where it works (doors shut).
LEAD_TRIES = 3
_VERB = re.compile(r"^[\s*•>#-]*([a-z]+)\b")
_NUMBER_COMMAND = re.compile(r"([a-z]+)\s+(-?\d+)")


def help_ranges(text: str) -> dict[str, tuple[int, int]]:
    """verb -> (low, high) for each help line that starts with a verb and gives exactly one number range."""
    ranges: dict[str, tuple[int, int]] = {}
    for line in text[:8000].splitlines():
        verb, bounds = _VERB.match(line.lower()), line_range(line)
        if verb is not None and bounds is not None:
            ranges.setdefault(verb.group(1), bounds)
    return ranges


class HelpRangeOracle(Oracle):
    name = "help-range"
    lead_once_per_place = False  # it limits its own leads: a few tries past the top per verb

    def __init__(self, ranges: dict[str, tuple[int, int]] | None = None) -> None:
        self.ranges = dict(ranges or {})
        self.tries: dict[str, int] = {}

    def leads(self, steps: list[Step], known_items: set[str]) -> list[str]:
        """Right after a command of a ranged verb worked, its argument just past the top."""
        step = steps[-1]
        verb = step.verb
        if verb not in self.ranges or step.observation is None or not step.observation.success:
            return []
        if self.tries.get(verb, 0) >= LEAD_TRIES:
            return []
        self.tries[verb] = self.tries.get(verb, 0) + 1
        return [f"{verb} {self.ranges[verb][1] + 1}"]

    def judge(self, steps: list[Step], known_items: set[str]) -> list[Anomaly]:
        step = steps[-1]
        if step.observation is None or not step.observation.success or step.command is None:
            return []
        if step.verb in HELP_VERBS and not step.noun:
            for verb, bounds in help_ranges(step.message).items():
                self.ranges.setdefault(verb, bounds)
            return []
        match = _NUMBER_COMMAND.fullmatch(step.command.strip().lower())
        if match is None or match.group(1) not in self.ranges:
            return []
        verb, asked = match.group(1), int(match.group(2))
        low, high = self.ranges[verb]
        changed = view.without_clock(step.before) != view.without_clock(step.state)
        if asked <= high or not changed:
            return []
        return [
            Anomaly(
                self.name,
                f"range|{verb}|{low}|{high}",
                step.index,
                f"'{step.command}' is accepted, past the {low}-{high} the help gives",
                f"'{step.command}' is refused: the help gives {verb} a range of {low}-{high}",
                f"'{step.command}' succeeded and changed the game: {step.message[:160]!r}",
                verb,
                BugType.BOUNDARY,
            )
        ]

    def rejudge(self, steps: list[Step], subject: str) -> Anomaly | None:
        try:
            _, verb, low, high = subject.split("|")
            oracle = HelpRangeOracle({verb: (int(low), int(high))})
        except ValueError:
            return None
        return Oracle.rejudge(oracle, steps, subject)

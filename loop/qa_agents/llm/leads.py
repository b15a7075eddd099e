"""Leads: suspicions not yet settled, each with the next check that could settle it.

A suspicion becomes a lead when its evidence was not found in the sources, or when its commands replayed
without the anomaly. A replay that comes back absent is retried once with a targeted reproduction: intake's
step writer (role planner) turns the suspicion's description and the commands seen into fresh steps, and
those are replayed and judged like any repro. Only then is the suspicion dropped for the build. Open leads
are kept per commit in the QA memory, shown to the planner (a bounded number, clipped), and carried to the
next session on the same commit; each session's result counts how its leads ended.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from loop.llm.errors import InvalidReply, ProviderError
from loop.llm.replies import Hypothesis
from loop.llm.roles import ModelRoles
from loop.qa_agents.intake.report_intake import write_steps
from loop.replay.clipping import clip

MAX_STORED_LEADS = 8
MAX_COMMANDS_KEPT = 40
LeadOutcome = Literal["open", "confirmed", "dropped"]


class Lead(BaseModel):
    hypothesis: Hypothesis
    commands: list[str] = Field(default_factory=list, description="the game's commands when it was seen")
    next_check: str
    outcome: LeadOutcome = "open"

    @property
    def title(self) -> str:
        return self.hypothesis.title

    def shown(self) -> str:
        """One line for the planner."""
        seen = f"after '{clip(self.commands[-1], 60)}', " if self.commands else ""
        return (
            f"- {clip(self.title, 100)}: {seen}{clip(self.hypothesis.observed, 100)}; "
            f"next check: {clip(self.next_check, 120)}"
        )


def unsupported(hypothesis: Hypothesis, commands: list[str]) -> Lead:
    command = commands[-1] if commands else "the last command"
    check = (
        "find the words in the docs, the command list or an earlier reply that say what "
        f"'{clip(command, 60)}' should do, then play it again in the same situation"
    )
    return Lead(hypothesis=hypothesis, commands=commands[-MAX_COMMANDS_KEPT:], next_check=check)


def not_replayed(hypothesis: Hypothesis, commands: list[str], why: str) -> Lead:
    check = f"reach the situation by another route and look again ({clip(why, 120)})"
    return Lead(hypothesis=hypothesis, commands=commands[-MAX_COMMANDS_KEPT:], next_check=check)


def targeted_report(hypothesis: Hypothesis, commands: list[str]) -> str:
    """The suspicion as a report for the step writer: what was seen, what should happen, the commands seen."""
    lines = [
        hypothesis.title,
        f"Observed: {hypothesis.observed}",
        f"Expected: {hypothesis.expected}",
        f"Commands played from a new game before it was seen, in order: {' / '.join(commands) or '(none)'}",
    ]
    if hypothesis.evidence:
        lines.insert(3, f'Why it is a bug: "{hypothesis.evidence}"')
    return "\n".join(lines)


def merged(stored: list[Lead], session: list[Lead]) -> list[Lead]:
    """The commit's open leads after a session: the session's view of a title wins, settled ones leave."""
    by_title = {lead.title: lead for lead in stored}
    by_title |= {lead.title: lead for lead in session}
    return [lead for lead in by_title.values() if lead.outcome == "open"][-MAX_STORED_LEADS:]


def targeted_steps(
    models: ModelRoles,
    hypothesis: Hypothesis,
    commands: list[str],
    *,
    game_title: str,
    docs: str,
    walkthrough: list[str] | tuple[str, ...] = (),
    max_command_length: int,
) -> list[str] | None:
    """Steps written for the suspicion by intake's step writer; None when the writer failed or wrote a
    command longer than the game takes (the client refuses to send it)."""
    try:
        steps = write_steps(models, targeted_report(hypothesis, commands), game_title, docs, walkthrough)
    except (InvalidReply, ProviderError):
        return None
    written = [" ".join(c.split()) for c in steps.commands if c.strip()]
    if any(len(c) > max_command_length for c in written):
        return None
    return written or None

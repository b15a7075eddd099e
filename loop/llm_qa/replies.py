"""What each prompt expects back: pydantic models whose JSON schemas are sent with the prompt.

These are the boundary between the model's text and the agent; anything that does not validate is sent back to
the model by the LLM layer and, failing that, costs the step a retry (never the session).
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from loop.models import BugType


class PlannerReply(BaseModel):
    """One ReAct step: a thought, one game command, and what a correct game should answer."""

    thought: str = Field(default="", description="what you know and why this command is worth trying")
    # no length bounds here: the agent checks them against the game's own limit and counts the misses
    command: str = Field(description="exactly one short game command")
    expected: str = Field(description="what a correct game should answer and how the state should change")


class Hypothesis(BaseModel):
    """A suspected bug, before any replay."""

    title: str = Field(min_length=3, max_length=160)
    observed: str
    expected: str
    mechanic: str = Field(description="the game mechanic involved, e.g. 'drop', 'room description'")
    bug_type: BugType = BugType.OTHER
    check: str = Field(
        default="", description="what to look for in a replay to tell whether the bug is there"
    )
    same_as: str | None = Field(default=None, description="id of a known bug this is, if any")


class ReflectionReply(BaseModel):
    """The step's reflection: did the game do what the planner expected, and is the difference a bug?"""

    matches_expectation: bool
    analysis: str = ""
    hypothesis: Hypothesis | None = Field(default=None, description="set only when the difference is a bug")


class ReplayJudgement(BaseModel):
    """The verdict on a replay transcript: does the hypothesised anomaly show in it?"""

    anomaly_present: bool
    reason: str = ""


class WorkingSummary(BaseModel):
    """Abstraction-oriented memory of older steps: causes and effects, not a log."""

    causal_facts: list[str] = Field(default_factory=list, description="'after X, Y happens' facts")
    visited_places: list[str] = Field(default_factory=list)
    items: list[str] = Field(default_factory=list, description="items seen, where, and who holds them")
    open_hypotheses: list[str] = Field(default_factory=list, description="suspicions not yet settled")


class SessionDistillation(BaseModel):
    """What a session leaves for the next one on the same game."""

    explored_regions: list[str] = Field(default_factory=list)
    unresolved_leads: list[str] = Field(default_factory=list)
    priority_targets: list[str] = Field(default_factory=list)


class StepsToReproduce(BaseModel):
    """Intake: a human report turned into game commands from a new game (BugCraft's S2R)."""

    commands: list[str] = Field(min_length=1, max_length=60)
    expected: str = Field(description="what a correct game would show at the end")
    anomaly: str = Field(description="what the report says happens instead; what to look for")
    mechanic: str = ""
    bug_type: BugType = BugType.OTHER
    title: str = Field(default="", max_length=160)

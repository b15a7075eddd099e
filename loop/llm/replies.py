"""What each prompt expects back: pydantic models whose JSON schemas are sent with the prompt.

These are the boundary between the model's text and the agent; anything that does not validate is sent back to
the model by the LLM layer and, failing that, costs the step a retry (never the session).
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, Field, field_validator

from loop.contract.models import BugType
from loop.replay.clipping import clip


class PlannerReply(BaseModel):
    """One ReAct step: a thought, one game command, what a correct game should answer, a note to keep."""

    thought: str = Field(default="", description="what you know and why this command is worth trying")
    # no length bounds here: the agent checks them against the game's own limit and counts the misses
    command: str = Field(description="exactly one short game command")
    expected: str = Field(description="what a correct game should answer and how the state should change")
    note: str = Field(default="", max_length=300, description="a fact to remember for later steps, or empty")
    tests_rule: str = Field(default="", max_length=20, description="the agenda rule id it tests, or empty")

    @field_validator("tests_rule", mode="before")
    @classmethod
    def _rule_id(cls, value: object) -> object:
        """Bookkeeping only: a number, null, or the id with its rule's words must not cost the command."""
        if value is None or isinstance(value, bool):
            return ""
        if isinstance(value, int):
            return f"R{value}"
        if not isinstance(value, str):
            return value
        found = re.search(r"\bR\s*(\d+)\b", value, re.IGNORECASE) or re.match(r"\s*(\d+)\b", value)
        return f"R{found.group(1)}" if found else ""  # "none", "n/a", prose: no rule named


class Hypothesis(BaseModel):
    """A suspected bug, before any replay (built by the agent from a reflection)."""

    title: str = Field(min_length=3, max_length=160)
    observed: str
    expected: str
    mechanic: str = "unknown"
    bug_type: BugType = BugType.OTHER
    evidence: str = Field(default="", description="the quoted words that say what a correct game does")


Verdict = Literal["not a bug", "bug"]


class ReflectionReply(BaseModel):
    """Is the last step a bug? Flat, the reason first and the verdict last (filled in order)."""

    analysis: str = Field(
        description="what the game did against what was expected, and why that is or is not a bug"
    )
    evidence: str = Field(
        default="",
        description="words copied exactly from the docs, the command list or an EARLIER game reply that say "
        "what a correct game must do here; empty when there are none",
    )
    title: str = Field(default="", max_length=160, description="the bug in one line; empty when not a bug")
    observed: str = Field(default="", description="what the game did")
    expected: str = Field(default="", description="what a correct game would do, per the evidence")
    mechanic: str = Field(default="", description="the game mechanic involved, in one or two words")
    bug_type: BugType = BugType.OTHER
    verdict: Verdict

    def hypothesis(self) -> Hypothesis | None:
        if self.verdict != "bug":
            return None
        # A small model may say "bug" with no title and a bare '10' observed: the first text long enough to
        # name the suspicion; none at all is no hypothesis (never a crash of the session).
        named = [t.strip() for t in (self.title, self.observed, self.analysis) if len(t.strip()) >= 3]
        if not named:
            return None
        return Hypothesis(
            title=clip(named[0], 150),
            observed=self.observed or self.analysis,
            expected=self.expected,
            mechanic=self.mechanic or "unknown",
            bug_type=self.bug_type,
            evidence=self.evidence,
        )


JudgeVerdict = Literal["present", "absent", "cannot judge"]


class ReplayJudgement(BaseModel):
    """The verdict on a replay: does the claimed bug show at its final command? The reason first."""

    reason: str = Field(description="what the final command's reply and state show, against the claim")
    verdict: JudgeVerdict


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


class DocRule(BaseModel):
    rule: str = Field(description="one rule a player can check: when the player does X, the game does Y")
    quote: str = Field(description="the docs' own words that state it, copied exactly")


DOC_RULE = ("rule", "quote")


class AgendaRules(BaseModel):
    """QA mode: the testable rules one part of a game's docs states, each with the docs' own words."""

    rules: list[DocRule] = Field(default_factory=list)

    @field_validator("rules", mode="before")
    @classmethod
    def _usable(cls, value: object) -> object:
        """An entry without a text rule and quote costs that entry, not the part's other rules."""
        if not isinstance(value, list):
            return value
        return [e for e in value if isinstance(e, dict) and all(isinstance(e.get(k), str) for k in DOC_RULE)]


class StepsToReproduce(BaseModel):
    """Intake: a human report turned into game commands from a new game (BugCraft's S2R)."""

    commands: list[str] = Field(min_length=1, max_length=60)
    expected: str = Field(description="what a correct game would show at the end")
    anomaly: str = Field(description="what the report says happens instead; what to look for")
    mechanic: str = ""
    bug_type: BugType = BugType.OTHER
    title: str = Field(default="", max_length=160)

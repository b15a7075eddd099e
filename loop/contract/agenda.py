"""A test agenda: the rules a game's docs state, each with the words stating it, and which a session tested.

A QA agent that reads the docs (the LLM agent in QA mode) carries one in its session result; the run record
keeps it per session and the reports show what was tested and what was left.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

RuleOutcome = Literal["untested", "held", "broken", "inconclusive"]
# A rule tested several times keeps its strongest outcome: a break is never hidden by a later pass.
OUTCOME_RANK: dict[RuleOutcome, int] = {"untested": 0, "inconclusive": 1, "held": 2, "broken": 3}
MAX_RULE_COMMANDS = 5


class AgendaRule(BaseModel):
    id: str = Field(description="R1, R2, ...: what the planner names when a command tests the rule")
    rule: str = Field(description="the rule as a testable statement")
    quote: str = Field(description="the docs' own words stating it, found verbatim in the docs")
    outcome: RuleOutcome = "untested"
    commands: list[str] = Field(default_factory=list, description="the commands that tested it (last few)")
    report: str = Field(default="", description="the fingerprint of the report a broken rule became")

    def tested(self, command: str, outcome: RuleOutcome, report: str = "") -> None:
        self.commands = [*self.commands, command][-MAX_RULE_COMMANDS:]
        if OUTCOME_RANK[outcome] >= OUTCOME_RANK[self.outcome]:
            self.outcome = outcome
            self.report = report or self.report


class TestAgenda(BaseModel):
    __test__ = False  # a domain name, not a pytest class

    rules: list[AgendaRule] = Field(default_factory=list)
    dropped_quotes: int = Field(default=0, description="rules dropped: their quote is not in the docs")
    docs_chars: int = Field(default=0, description="how much of the docs the agenda was read from")

    @property
    def tested(self) -> list[AgendaRule]:
        return [rule for rule in self.rules if rule.outcome != "untested"]

    @property
    def left(self) -> list[AgendaRule]:
        return [rule for rule in self.rules if rule.outcome == "untested"]

    def rule(self, rule_id: str) -> AgendaRule | None:
        wanted = rule_id.strip().upper()
        return next((rule for rule in self.rules if rule.id == wanted), None)

    def merged(self, later: TestAgenda) -> TestAgenda:
        """Two results of one session (the game died and the session went on): the rules tested in either."""
        merged = self.model_copy(deep=True)
        for rule in later.rules:
            mine = merged.rule(rule.id)
            if mine is None:
                merged.rules.append(rule.model_copy(deep=True))
                continue
            for command in rule.commands:
                mine.tested(command, rule.outcome, rule.report)
        return merged

    def coverage_line(self) -> str:
        outcomes = [rule.outcome for rule in self.tested]
        kinds = ("held", "broken", "inconclusive")
        counted = ", ".join(f"{outcomes.count(o)} {o}" for o in kinds if o in outcomes)
        return f"{len(self.tested)} of {len(self.rules)} rules tested" + (f" ({counted})" if counted else "")

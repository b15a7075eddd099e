"""QA mode's test agenda: the docs' testable rules, each with its quote, and which of them a session tested.

Once per game commit the whole docs (in parts, never cut) are turned into rules by the model (the summary
role, prompt `agenda`); code keeps a rule only when its quote is found word for word in the docs (case and
spacing aside), and counts the ones dropped. The agenda is kept in the commit's notes of the QA memory, so a
later session on the same commit reads it instead of asking again. A part the model failed on leaves the
agenda uncached: the next session asks again.

In a session the planner sees a bounded number of untested rules and names, in `tests_rule`, the one its
command tests; an id that is not on the agenda is counted and ignored. The outcome is decided by code from
what followed the command: the reflection found nothing (held), a report whose anomaly is this command's
(broken, with the report's fingerprint), or anything else (inconclusive: no reflection, a suspicion without
evidence, a replay that did not confirm it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from loop.contract.agenda import AgendaRule, RuleOutcome, TestAgenda
from loop.contract.models import BugReport
from loop.llm import prompting
from loop.llm.errors import BudgetExceeded, LLMError
from loop.llm.replies import AgendaRules, Hypothesis, PlannerReply, ReflectionReply
from loop.llm.roles import ModelRoles
from loop.qa_agents.llm.campaign import GameMemory, KnownBug
from loop.qa_agents.llm.evidence import normalized, quote_source
from loop.qa_agents.llm.repo_tools import MAX_DOCS_CHARS, RepoReader
from loop.replay.clipping import clip

MAX_RULES = 40
MAX_RULES_PER_PART = 25
MAX_RULE_CHARS = 120
MAX_QUOTE_CHARS = 300  # a quote of a whole section is cut (its start is still the docs' words)
MAX_PARTS = 10  # huge docs (a generated file among them) cost at most this many requests
PART_CHARS = MAX_DOCS_CHARS  # one request reads as much of the docs as the planner's prompt would

EventSink = Callable[[str, str | None, dict[str, Any]], None]


def doc_parts(docs: str, size: int = PART_CHARS) -> list[str]:
    """The docs in parts of at most `size` characters, cut between lines (a longer line is cut as it is)."""
    parts: list[str] = []
    current = ""
    for line in docs.splitlines(keepends=True):
        for piece in [line[i : i + size] for i in range(0, len(line), size)]:
            if current and len(current) + len(piece) > size:
                parts, current = [*parts, current], ""
            current += piece
    return [p for p in [*parts, current] if p.strip()]


def extract(models: ModelRoles, game_title: str, docs: str) -> tuple[TestAgenda, bool]:
    """The docs' rules, their quotes checked; and whether every part asked was answered (only then is it
    cached). Reading stops at MAX_RULES rules (more would be cut) or MAX_PARTS parts."""
    parts = doc_parts(docs)[:MAX_PARTS]
    kept: list[tuple[str, str]] = []
    dropped, complete, read = 0, True, 0
    for number, part in enumerate(parts, 1):
        if len({normalized(quote) for _, quote in kept}) >= MAX_RULES:
            break
        read += len(part)
        messages, reply_model = prompting.conversation(
            "agenda",
            "agenda_part",
            game_title=game_title,
            max_rules=MAX_RULES_PER_PART,
            part=number,
            parts=len(parts),
            docs=part,
        )
        try:
            found: AgendaRules = models.ask("summary", messages, reply_model).parsed
        except BudgetExceeded:
            raise
        except LLMError:
            complete = False
            continue
        models.counts["agenda_requests"] += 1
        for entry in found.rules[:MAX_RULES_PER_PART]:
            if not entry.rule.strip() or quote_source(entry.quote, {"docs": docs}) is None:
                dropped += 1
            else:
                rule = clip(" ".join(entry.rule.split()), MAX_RULE_CHARS)
                kept.append((rule, clip(" ".join(entry.quote.split()), MAX_QUOTE_CHARS)))
    unique = list({normalized(quote): (rule, quote) for rule, quote in kept}.values())[:MAX_RULES]
    rules = [AgendaRule(id=f"R{n}", rule=rule, quote=quote) for n, (rule, quote) in enumerate(unique, 1)]
    return TestAgenda(rules=rules, dropped_quotes=dropped, docs_chars=read), complete


class SessionAgenda:
    """One session's agenda: what the planner is shown, and what its commands tested."""

    def __init__(self, agenda: TestAgenda, models: ModelRoles, *, max_shown: int):
        self.agenda, self.models, self.max_shown = agenda, models, max_shown
        self.current: AgendaRule | None = None  # the rule the step being played tests

    @classmethod
    def for_commit(
        cls,
        campaign: GameMemory,
        commit: str,
        reader: RepoReader,
        models: ModelRoles,
        game_title: str,
        *,
        max_shown: int,
        on_event: EventSink,
    ) -> SessionAgenda:
        """The commit's agenda from the QA memory, else read from the docs now (and kept there)."""
        notes = campaign.commits.get(commit)
        cached = notes.agenda if notes is not None else None
        if cached is not None:
            agenda = TestAgenda(rules=[AgendaRule(id=r.id, rule=r.rule, quote=r.quote) for r in cached.rules])
            agenda.dropped_quotes, agenda.docs_chars = cached.dropped_quotes, cached.docs_chars
            on_event("agenda", None, {"rules": len(agenda.rules), "cached": True})
            return cls(agenda, models, max_shown=max_shown)
        agenda, complete = extract(models, game_title, reader.whole_docs())
        if complete:
            campaign.notes(commit).agenda = agenda.model_copy(deep=True)
        models.counts["agenda_dropped_quotes"] += agenda.dropped_quotes
        on_event(
            "agenda",
            None,
            {"rules": len(agenda.rules), "dropped_quotes": agenda.dropped_quotes, "cached": False},
        )
        return cls(agenda, models, max_shown=max_shown)

    def prompt_text(self) -> str:
        """The planner's section: the first untested rules (bounded), so the prompt stays the same size."""
        left = self.agenda.left
        if not self.agenda.rules:
            return ""
        shown = [f"- {r.id}: {r.rule}" for r in left[: self.max_shown]]
        more = f"({len(left) - len(shown)} more untested, {len(self.agenda.tested)} tested)"
        head = "Rules of the docs not tested yet (put the id of the one your command tests in tests_rule):"
        return "\n".join([head, *(shown or ["none: every rule was tested; retest any"]), more]) + "\n"

    def chosen(self, plan: PlannerReply) -> AgendaRule | None:
        """The rule the planner says its command tests; an id not on the agenda is counted and ignored."""
        self.current = self.agenda.rule(plan.tests_rule) if plan.tests_rule.strip() else None
        if plan.tests_rule.strip() and self.current is None:
            self.models.counts["agenda_unknown_rule_ids"] += 1
        return self.current

    def under_test(self) -> str:
        """For the reflection: the docs' words of the rule this step tests, which may lie past the part of
        the docs its prompt shows."""
        if self.current is None:
            return ""
        return f'\n\nThe rule this step tests, in the docs\' words: "{self.current.quote}"'

    def settle(
        self,
        rule: AgendaRule,
        command: str,
        reflection: ReflectionReply | None,
        hypothesis: Hypothesis | None,
        anomaly: str,
        reports: Sequence[BugReport],
        known: Sequence[KnownBug],
    ) -> RuleOutcome:
        """Record what the command showed about the rule; `anomaly` is the step's anomaly key."""
        outcome: RuleOutcome = "inconclusive"
        report = ""
        if reflection is not None and hypothesis is None:
            outcome = "held"
        elif hypothesis is not None:
            found = next((r.fingerprint for r in reports if r.fingerprint_key == anomaly), None)
            found = found or next((b.id for b in known if b.key == anomaly and b.status != "fixed"), None)
            if found:
                outcome, report = "broken", found
        rule.tested(command, outcome, report)
        self.current = None
        return outcome

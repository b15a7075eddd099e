"""The test agenda of each session that kept one (the LLM agent in QA mode): the docs' rules, which were
tested with which commands and outcome (a broken rule links its report), and which were left."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from loop.contract.agenda import AgendaRule, TestAgenda
from loop.run.record import RunRecord
from reports.bug_markdown import bug_relpath
from reports.html_page import link, table
from reports.labels import markdown_table

TITLE = "Rules of the docs (test agenda)"


def _sections(run: RunRecord, report_cell: Callable[[str], str]) -> list[tuple[str, list[dict[str, str]]]]:
    """Per session with an agenda: its coverage line, and a row per rule (tested first); `report_cell` shows
    a broken rule's report (a link when the run tracks it)."""
    sections = []
    for session in run.sessions:
        agenda = session.qa_agenda
        if agenda is not None:
            rules = [*agenda.tested, *agenda.left]
            rows = [_row(rule, report_cell(rule.report)) for rule in rules]
            sections.append((_heading(session.number, agenda), rows))
    return sections


def _heading(number: int, agenda: TestAgenda) -> str:
    dropped = f"; {agenda.dropped_quotes} dropped (quote not in the docs)" if agenda.dropped_quotes else ""
    return f"Session {number}: {agenda.coverage_line()}, {len(agenda.left)} left{dropped}"


def _row(rule: AgendaRule, report: str) -> dict[str, str]:
    return {
        "Rule": f"{rule.id}: {rule.rule}",
        "Outcome": rule.outcome,
        "Commands": " / ".join(rule.commands) or "-",
        "Report": report or "-",
        "Quote": rule.quote,
    }


def agenda_markdown(run: RunRecord) -> list[str]:
    """The report.md section; none when no session kept an agenda."""

    def cell(report: str) -> str:
        return f"[{report[:12]}]({bug_relpath(report)})" if report in run.bugs else report[:12]

    sections = _sections(run, cell)
    lines = [f"## {TITLE}\n"] if sections else []
    for heading, rows in sections:
        lines += [f"{heading}\n", markdown_table(rows)]
    return [*lines, ""] if sections else []


def agenda_html(run: RunRecord) -> list[str]:
    """The report.html section; none when no session kept an agenda."""

    def cell(report: str) -> str:
        return link(bug_relpath(report), report[:12]) if report in run.bugs else escape(report[:12])

    sections = _sections(run, cell)
    parts = [f"<h2>{escape(TITLE)}</h2>"] if sections else []
    for heading, rows in sections:
        parts += [f"<h3>{escape(heading)}</h3>", table(rows, raw_columns=frozenset({"Report"}))]
    return parts

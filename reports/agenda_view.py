"""The test agenda of each session that kept one (the LLM agent in QA mode): the docs' rules, which were
tested with which commands and outcome (a broken rule links its report), and which were left."""

from __future__ import annotations

from html import escape

from loop.contract.agenda import AgendaRule, TestAgenda
from loop.run.record import RunRecord
from reports.bug_markdown import bug_relpath
from reports.html_page import link, table
from reports.labels import markdown_table

TITLE = "Rules of the docs (test agenda)"


def _agendas(run: RunRecord) -> list[tuple[int, TestAgenda]]:
    return [(s.number, s.qa_agenda) for s in run.sessions if s.qa_agenda is not None]


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
    agendas = _agendas(run)
    if not agendas:
        return []
    lines = [f"## {TITLE}\n"]
    for number, agenda in agendas:
        rows = [
            _row(
                rule,
                f"[{rule.report[:12]}]({bug_relpath(rule.report)})"
                if rule.report in run.bugs
                else rule.report[:12],
            )
            for rule in [*agenda.tested, *agenda.left]
        ]
        lines += [f"{_heading(number, agenda)}\n", markdown_table(rows)]
    return [*lines, ""]


def agenda_html(run: RunRecord) -> list[str]:
    """The report.html section; none when no session kept an agenda."""
    agendas = _agendas(run)
    if not agendas:
        return []
    parts = [f"<h2>{escape(TITLE)}</h2>"]
    for number, agenda in agendas:
        rows = [
            _row(
                rule,
                link(bug_relpath(rule.report), rule.report[:12])
                if rule.report in run.bugs
                else escape(rule.report[:12]),
            )
            for rule in [*agenda.tested, *agenda.left]
        ]
        heading = f"<h3>{escape(_heading(number, agenda))}</h3>"
        parts += [heading, table(rows, raw_columns=frozenset({"Report"}))]
    return parts

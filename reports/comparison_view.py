"""The `compare-repair-agents` view: the same frozen reports given to several agents, verified the same way.

`comparison.json` holds an `agent_comparison.ComparisonRecord`; this module renders its agent x bug matrix
and per-agent totals.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from loop.run.agent_comparison import COMPARISON_FILE, ComparedBug, ComparisonRecord
from reports import charts
from reports.aggregates import agent_totals
from reports.html_page import figure, page, table
from reports.labels import markdown_table, percent, short_commit, shorten

VERDICT_TEXT: dict[str, str] = {
    "verified_fixed": "fixed",
    "patched_unverified": "patched, unverified",
    "not_fixed": "not fixed",
    "regression": "regression",
    "no_patch": "no patch",
    "error": "error",
}
VERDICT_COLOUR = {
    "verified_fixed": "#d7f2e6",
    "patched_unverified": "#fbecc5",
    "not_fixed": "#f8d9c8",
    "regression": "#f3d3e6",
    "no_patch": "#eceff1",
    "error": "#dddddd",
}


def bug_label_of(bug: ComparedBug) -> str:
    return bug.ground_truth_id or shorten(bug.title)


def matrix_rows(record: ComparisonRecord) -> list[dict[str, str]]:
    """One row per bug, one column per agent; a cell is the verdict of that agent's patch for that bug."""
    rows = []
    for bug in record.ordered_bugs():
        row = {"Bug": bug_label_of(bug)}
        for agent in record.agents:
            v = record.verdict(agent, bug.fingerprint)
            row[agent] = VERDICT_TEXT[v.verdict] if v else "-"
        rows.append(row)
    return rows


def agent_rows(record: ComparisonRecord) -> list[dict[str, str]]:
    totals = {
        t.agent: t
        for t in agent_totals([a for agent in record.agents for a in record.attempts.get(agent, [])])
    }
    rows = []
    for agent in record.agents:
        fixed = sum(1 for v in record.verdicts if v.agent == agent and v.verdict == "verified_fixed")
        regressions = sum(1 for v in record.verdicts if v.agent == agent and v.verdict == "regression")
        t = totals.get(agent)
        rows.append(
            {
                "Agent": agent,
                "Fix rate": f"{fixed}/{len(record.bugs)} ({percent(fixed, len(record.bugs)) or '0%'})",
                "Regressions": str(regressions),
                "Cost (USD)": f"{t.cost_usd:.4f}" if t else "0.0000",
                "Tokens in / out": f"{t.tokens_in} / {t.tokens_out}" if t else "0 / 0",
                "Wall time (s)": f"{t.wall_seconds:.1f}" if t else "0.0",
                "Patch size": f"{t.files_changed} files, +{t.lines_added}/-{t.lines_removed}" if t else "-",
            }
        )
    return rows


def render_comparison_markdown(record: ComparisonRecord) -> str:
    return "\n".join(
        [
            f"# Repair agents compared on {record.game} at `{short_commit(record.commit)}`\n",
            f"{len(record.bugs)} frozen bug reports; agents: {', '.join(record.agents)}.\n",
            "## Verdict per bug\n",
            markdown_table(matrix_rows(record)) or "_No bug._\n",
            "## Per agent\n",
            markdown_table(agent_rows(record)) or "_No agent._\n",
        ]
    )


def _matrix_html(record: ComparisonRecord) -> str:
    head = "".join(f"<th scope='col'>{escape(a)}</th>" for a in ["Bug", *record.agents])
    body = []
    for bug in record.ordered_bugs():
        cells = [f"<th scope='row' title='{escape(bug.title)}'>{escape(bug_label_of(bug))}</th>"]
        for agent in record.agents:
            v = record.verdict(agent, bug.fingerprint)
            if v is None:
                cells.append(f"<td data-label='{escape(agent)}'>-</td>")
                continue
            title = f" title='{escape(v.detail)}'" if v.detail else ""
            cells.append(
                f"<td data-label='{escape(agent)}' data-verdict='{v.verdict}'{title} "
                f"style='background:{VERDICT_COLOUR[v.verdict]}'>{escape(VERDICT_TEXT[v.verdict])}</td>"
            )
        body.append(f"<tr>{''.join(cells)}</tr>")
    rows = "".join(body)
    return f"<table class='stack' id='matrix'><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"


def render_comparison_section(record: ComparisonRecord) -> str:
    """An HTML section (no page shell), to embed in another page or wrap with `render_comparison_html`."""
    attempts = [a for agent in record.agents for a in record.attempts.get(agent, [])]
    chart = figure(charts.agents_chart(agent_totals(attempts), key="compare"), "Attempt outcomes per agent")
    commit = escape(short_commit(record.commit))
    return (
        f"<section id='comparison'><h2>Repair agents compared at <code>{commit}</code></h2>"
        f"{_matrix_html(record)}{table(agent_rows(record), 'compare-agents')}"
        f"{chart if attempts else ''}</section>"
    )


def render_comparison_html(record: ComparisonRecord) -> str:
    title = f"Repair agents compared on {record.game}"
    return page(title, f"<h1>{escape(title)}</h1>{render_comparison_section(record)}")


def write_comparison_reports(directory: Path) -> dict[str, Path]:
    record = ComparisonRecord.load(directory / COMPARISON_FILE)
    paths = {"comparison.md": directory / "comparison.md", "comparison.html": directory / "comparison.html"}
    paths["comparison.md"].write_text(render_comparison_markdown(record), encoding="utf-8")
    paths["comparison.html"].write_text(render_comparison_html(record), encoding="utf-8")
    return paths

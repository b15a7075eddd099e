"""`report.html`: one self-contained page per run, every number taken from run.json."""

from __future__ import annotations

from html import escape

from loop.run.record import RunRecord, SessionRecord, TrackedBug
from reports import charts
from reports.agenda_view import agenda_html
from reports.aggregates import agent_totals, difficulty_totals, run_attempts, status_by_session
from reports.bug_markdown import bug_relpath, history_notes
from reports.html_page import figure, link, page, table
from reports.labels import bug_label, critic_label, fraction, percent, short_commit
from reports.links import run_link
from reports.table7 import table7_rows


def _card(metric: str, value: str, label: str) -> str:
    return (
        f"<div class='card'><span class='value' data-metric='{metric}'>{escape(value)}</span>"
        f"<span class='label'>{escape(label)}</span></div>"
    )


def _cards(run: RunRecord) -> str:
    attempts = run_attempts(run)
    cost = sum(a.cost_usd for a in attempts) + sum(s.qa_cost_usd for s in run.sessions)
    tokens = sum(a.tokens_in + a.tokens_out for a in attempts) + sum(s.qa_tokens for s in run.sessions)
    cards = []
    if run.sessions:
        m = run.sessions[-1].metrics
        if m.ground_truth_total is not None:
            total = m.ground_truth_total
            cards.append(
                _card(
                    "discovery", fraction(m.discovered, total), f"discovered {percent(m.discovered, total)}"
                )
            )
            cards.append(
                _card(
                    "fixing", fraction(m.fixed_verified, total), f"fixed {percent(m.fixed_verified, total)}"
                )
            )
        else:
            cards.append(_card("confirmed", str(m.confirmed_bugs), "confirmed bugs"))
            cards.append(_card("fixing", str(m.fixed_verified), "verified fixes"))
    cards.append(_card("sessions", str(len(run.sessions)), "sessions"))
    cards.append(_card("attempts", str(len(attempts)), "repair attempts"))
    cards.append(_card("cost", f"${cost:.2f}", "cost (QA + repair)"))
    cards.append(_card("tokens", f"{tokens:,}", "tokens"))
    return f"<div class='cards'>{''.join(cards)}</div>"


def _config(run: RunRecord) -> str:
    c = run.config
    items = {
        "status": run.status + (f" ({run.stop_reason})" if run.stop_reason else ""),
        "game": c.game,
        "QA agent": f"{c.qa_agent} ({c.mode} mode, {c.steps} steps)",
        "repair agent": c.repair_agent,
        "critic": critic_label(run),
        "rounds": f"{len(run.sessions)} of at most {c.max_rounds}",
        "backend": c.backend,
        "commits": f"{short_commit(run.base_commit)} → {short_commit(run.head_commit)}",
        "started": run.started_at + (f", finished {run.finished_at}" if run.finished_at else ""),
    }
    if c.agent_options:
        items["agent options"] = ", ".join(f"{key}={value}" for key, value in sorted(c.agent_options.items()))
    rows = "".join(f"<dt>{escape(k)}</dt><dd>{escape(v)}</dd>" for k, v in items.items())
    return f"<dl class='config'>{rows}</dl>"


def _charts(run: RunRecord) -> str:
    if not run.sessions:
        return ""
    total = run.sessions[-1].metrics.ground_truth_total
    discovered = [
        s.metrics.discovered if total is not None else s.metrics.confirmed_bugs for s in run.sessions
    ]
    parts = [
        figure(
            charts.sessions_chart(
                [s.number for s in run.sessions],
                discovered,
                [s.metrics.fixed_verified for s in run.sessions],
                total,
            ),
            "Discovery and fixing per session",
        )
    ]
    difficulties = difficulty_totals(run)
    if difficulties:
        parts.append(figure(charts.difficulty_chart(difficulties), "Discovery and fixing per difficulty"))
    html = f"<div class='charts'>{''.join(parts)}</div>"
    if difficulties:
        html += table([d.row() for d in difficulties], "difficulty", stack=False)
    return html


def _attempt_rows(run: RunRecord) -> list[dict[str, str]]:
    rows = []
    for session in run.sessions:
        for a in session.attempts:
            files = [
                link(run_link(run, path), name)
                for name, path in (("patch", a.patch_path), ("transcript", a.transcript_path))
                if path
            ]
            rows.append(
                {
                    "Session": str(session.number),
                    "Agent": escape(a.agent),
                    "Bugs": escape(", ".join(bug_label(run, fp) for fp in a.fingerprints)),
                    "Outcome": escape(a.outcome)
                    + (f" <span class='muted'>{escape(a.detail)}</span>" if a.detail else ""),
                    "Commit": f"<code>{escape(short_commit(a.commit))}</code>",
                    "Tokens": f"{a.tokens_in} / {a.tokens_out}",
                    "Cost (USD)": f"{a.cost_usd:.4f}",
                    "Files": " · ".join(files) or "-",
                }
            )
    return rows


def _agents(run: RunRecord) -> str:
    totals = agent_totals(run_attempts(run))
    if not totals:
        return "<p class='muted'>No repair attempt yet.</p>"
    attempts = _attempt_rows(run)
    return (
        figure(charts.agents_chart(totals), "Repair attempt outcomes per agent")
        + table([t.row() for t in totals], "agents", stack=False)
        + "<h3>Attempts</h3>"
        + table(attempts, "attempts", raw_columns=frozenset(attempts[0]))
    )


def _bug_details(run: RunRecord, bug: TrackedBug) -> str:
    label = bug_label(run, bug.fingerprint)
    title = escape(bug.report.title) if label != bug.report.title else ""
    history = [
        {
            "Session": str(e.session),
            "Commit": short_commit(e.commit),
            "Change": f"{e.from_status or 'new'} → {e.to_status}",
            "Why": e.reason,
        }
        for e in bug.history
    ]
    repro = "".join(f"<li><code>{escape(c)}</code></li>" for c in bug.report.repro)
    status = f"<span class='status status-{escape(bug.status)}'>{escape(bug.status.replace('_', ' '))}</span>"
    notes = f"<p><strong>{escape(said)}</strong></p>" if (said := history_notes(bug)) else ""
    found = (
        f"<span class='muted'>found in session {bug.found_in_session}, "
        f"fingerprint <code>{escape(bug.fingerprint)}</code></span>"
    )
    return (
        f"<details id='bug-{escape(bug.fingerprint)}'><summary>{escape(label)} {status}</summary>"
        f"<p>{title}{'<br>' if title else ''}{found} · {link(bug_relpath(bug.fingerprint), 'report')}</p>"
        f"<p>{escape(bug.report.symptom)}</p>{notes}"
        f"<ol><li>new game</li>{repro}</ol>"
        f"{table(history)}</details>"
    )


def _bugs(run: RunRecord) -> str:
    if not run.bugs:
        return "<p class='muted'>No bug found yet.</p>"
    timeline = status_by_session(run)
    chart = charts.lifecycle_chart(
        [bug_label(run, fp) for fp in timeline], [s.number for s in run.sessions], list(timeline.values())
    )
    return figure(chart, "Bug lifecycle") + "".join(_bug_details(run, run.bugs[fp]) for fp in timeline)


def _session_row(run: RunRecord, s: SessionRecord) -> dict[str, str]:
    gate = {True: "passed", False: "failed", None: "-"}[s.gate_passed]
    return {
        "Session": str(s.number),
        "Commit": f"<code>{escape(short_commit(s.commit))}</code>",
        "QA steps": str(s.qa_steps),
        "QA time (s)": f"{s.qa_wall_seconds:.1f}",
        "QA tokens / cost": f"{s.qa_tokens} / ${s.qa_cost_usd:.4f}",
        "Steps done": escape(", ".join(s.finished_steps)),
        "Gate": gate,
        "Trace": link(run_link(run, s.trace_path), "trace") if s.trace_path else "-",
    }


def render_run_html(run: RunRecord) -> str:
    sessions = [_session_row(run, s) for s in run.sessions]
    body = [
        f"<h1>{escape(run.config.game)} · run <code>{escape(run.run_id)}</code></h1>",
        _cards(run),
        "<h2>Configuration</h2>",
        _config(run),
        "<h2>Session trajectory (Table 7)</h2>",
        table(table7_rows(run), "table7"),
        "<h2>Discovery and fixing</h2>",
        _charts(run),
        "<h2>Repair agents</h2>",
        _agents(run),
        "<h2>Bugs</h2>",
        _bugs(run),
        *agenda_html(run),
        "<h2>Sessions</h2>",
        table(sessions, "sessions", raw_columns=frozenset(sessions[0] if sessions else ()), stack=False),
    ]
    return page(f"closed-loop {run.config.game} {run.run_id}", "\n".join(body))

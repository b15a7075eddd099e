"""Write every view of a run into runs/<run_id>/ from its run.json: report.md, report.html, bugs/*.md."""

from __future__ import annotations

import json
import os
from pathlib import Path

from loop.run.record import RunRecord
from reports.agenda_view import agenda_markdown
from reports.bug_markdown import BUGS_DIR, bug_filename, bug_rows, duplicate_lines, render_bug_markdown
from reports.json_view import run_summary
from reports.labels import critic_label, markdown_cell, short_commit
from reports.table7 import agent_label, render_table7, table7_rows

RUN_FILE = "run.json"

__all__ = ["bug_rows", "load_run", "render_report_markdown", "table7_rows", "write_html", "write_run_reports"]


def load_run(run_dir: Path) -> RunRecord:
    return RunRecord.load(run_dir / RUN_FILE)


def render_report_markdown(run: RunRecord) -> str:
    c = run.config
    lines = [
        f"# closed-loop run `{run.run_id}` on {c.game}\n",
        f"- Status: **{run.status}**" + (f" ({run.stop_reason})" if run.stop_reason else ""),
        f"- QA agent: {c.qa_agent} ({c.mode} mode, {c.steps} steps per session); critic: {critic_label(run)}",
        f"- Repair agent: {agent_label(c.repair_agent)}; "
        f"rounds: {len(run.sessions)} of at most {c.max_rounds}",
        f"- Commits: `{short_commit(run.base_commit)}` → `{short_commit(run.head_commit)}` "
        + origin_note(run),
        *([f"- Regression gate: {run.regression_gate}"] if run.regression_gate else []),
        f"- Started {run.started_at}" + (f", finished {run.finished_at}" if run.finished_at else ""),
        "",
        "## Session trajectory (Table 7)\n",
        render_table7(run),
        "## Bugs\n",
    ]
    rows = bug_rows(run)
    for row in rows:
        label, title = row["Bug"], row["Title"]
        shortened = label.endswith("…") and title.startswith(label[:-1])
        if label == title or shortened:  # a report's own title: given once, whole
            label, title = markdown_cell(title), ""
        else:  # a ground-truth id, then the title
            title = f" {markdown_cell(title)}:"
        notes = f" ({markdown_cell(row['History'])})" if row["History"] else ""
        lines.append(f"- [{label}]({row['Report']}){title} {row['Status']}{notes}")
    if not rows:
        lines.append("_No bug found._")
    duplicates = duplicate_lines(run)
    if duplicates:
        lines += ["", "## Reports of bugs already listed\n", *duplicates]
    if agenda := agenda_markdown(run):
        lines += ["", *agenda]
    lines += ["", "See `report.html` for charts, repair attempts, patches and traces.", ""]
    return "\n".join(lines)


def origin_note(run: RunRecord) -> str:
    """Where the run's commits stand against the game's own repository."""
    if run.origin is None:
        return "(the run's own import of the game's files: no history shared with a repository of yours)"
    return f"(a view of `{short_commit(run.origin.commit)}` of {run.origin.repo}; fixes land on that history)"


def _write(path: Path, text: str) -> Path:
    """Atomic, like run.json: a reader never sees half a report."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)
    return path


def write_html(run_dir: Path, run: RunRecord | None = None) -> Path:
    # matplotlib takes about a second to import: only the HTML view pays for it, not `report --md`.
    from reports.html import render_run_html

    run = run or load_run(run_dir)
    return _write(run_dir / "report.html", render_run_html(run))


def write_run_reports(run_dir: Path) -> dict[str, Path]:
    """Regenerate every view from run_dir/run.json; keys: report.md, report.html, summary.json, bugs/<f>."""
    run = load_run(run_dir)
    paths = {
        "report.md": _write(run_dir / "report.md", render_report_markdown(run)),
        "report.html": write_html(run_dir, run),
        "summary.json": _write(run_dir / "summary.json", json.dumps(run_summary(run), indent=2) + "\n"),
    }
    for bug in run.bugs.values():
        name = f"{BUGS_DIR}/{bug_filename(bug.fingerprint)}"
        paths[name] = _write(run_dir / name, render_bug_markdown(run, bug))
    return paths

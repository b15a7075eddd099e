"""How a bug, a rate or a commit is written in every view, so the table, the pages and the files agree."""

from __future__ import annotations

import re
from collections.abc import Iterable

from loop.run.record import RunRecord

TITLE_WIDTH = 60


def natural_key(text: str) -> list[int | str]:
    """Sort BUG-2 before BUG-10."""
    return [int(part) if part.isdigit() else part.lower() for part in re.split(r"(\d+)", text)]


def shorten(text: str, width: int = TITLE_WIDTH) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


def ground_truth_id(run: RunRecord, fingerprint: str) -> str | None:
    bug = run.bugs.get(fingerprint)
    if bug is not None and bug.ground_truth_id:
        return bug.ground_truth_id
    for session in run.sessions:
        if session.matches.get(fingerprint):
            return session.matches[fingerprint]
    return None


def bug_label(run: RunRecord, fingerprint: str) -> str:
    """The ground-truth id when the critic matched one, else the report's title, else the fingerprint."""
    gt_id = ground_truth_id(run, fingerprint)
    if gt_id:
        return gt_id
    bug = run.bugs.get(fingerprint)
    return shorten(bug.report.title) if bug is not None else fingerprint


def join_labels(run: RunRecord, fingerprints: Iterable[str]) -> str:
    labels = {bug_label(run, fp) for fp in fingerprints}
    return ", ".join(sorted(labels, key=natural_key))


def critic_label(run: RunRecord) -> str:
    """The critic that scored the run; in user mode none did (there is no ground truth to score against)."""
    return run.config.critic if run.ground_truth else "none (user mode: no ground truth to score against)"


def fraction(count: int, total: int | None) -> str:
    return f"{count}/{total}" if total is not None else str(count)


def percent(count: int, total: int | None) -> str:
    if not total:
        return ""
    return f"{round(100 * count / total)}%"


def short_commit(commit: str | None) -> str:
    return (commit or "")[:10]


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def markdown_cell(text: str) -> str:
    """A table cell keeps to one line and never closes the column early."""
    return " ".join(text.split()).replace("|", "\\|")


def markdown_table(rows: list[dict[str, str]]) -> str:
    if not rows:
        return ""
    columns = list(rows[0])
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(markdown_cell(str(row[c])) for c in columns) + " |" for row in rows]
    return "\n".join(lines) + "\n"

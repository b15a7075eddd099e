"""One markdown file per bug, written like a good issue: what, how to reproduce, where, what happened."""

from __future__ import annotations

import re

from loop.contract.models import BugReport
from loop.replay.raw_request import GAME_ID, RawRequest, shown
from loop.run.real_commits import real_commits
from loop.run.record import RunRecord, TrackedBug
from reports.labels import bug_label, markdown_table, natural_key, short_commit
from reports.links import run_link

BUGS_DIR = "bugs"


def bug_filename(fingerprint: str) -> str:
    """Stable across sessions and runs (the fingerprint is), and safe on every filesystem."""
    return re.sub(r"[^A-Za-z0-9_-]", "_", fingerprint)[:64] + ".md"


def bug_relpath(fingerprint: str) -> str:
    return f"{BUGS_DIR}/{bug_filename(fingerprint)}"


def code_block(text: str, language: str = "") -> str:
    """A fence longer than any backtick run inside, so evidence that quotes markdown stays verbatim."""
    longest = max((len(m) for m in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{language}\n{text.rstrip()}\n{fence}\n"


def inline_code(text: str) -> str:
    """A code span that survives backticks in a command."""
    if "`" not in text:
        return f"`{text}`"
    ticks = "`" * (max(len(m) for m in re.findall(r"`+", text)) + 1)
    return f"{ticks} {text} {ticks}"


def _step(command: str) -> str:
    if RawRequest.of_step(command) is not None:
        return (
            f"Send this request ({GAME_ID}: the id of the game started above): {inline_code(shown(command))}"
        )
    return f"Send {inline_code(command)}"


def steps_to_reproduce(commands: list[str]) -> str:
    lines = ["1. Start a new game (`POST /api/agent/new`)."]
    lines += [f"{i}. {_step(command)}" for i, command in enumerate(commands, start=2)]
    return "\n".join(lines) + "\n"


def _history(bug: TrackedBug) -> str:
    if not bug.history:
        return "_No status change recorded._\n"
    rows = [
        {
            "Session": str(event.session),
            "Commit": f"`{short_commit(event.commit)}`",
            "Change": f"{event.from_status or 'new'} → {event.to_status}",
            "Why": event.reason,
            "At": event.at,
        }
        for event in bug.history
    ]
    return markdown_table(rows)


def _work_on_bug(run: RunRecord, bug: TrackedBug) -> list[str]:
    """Attempts and verifications that name this bug, with links relative to bugs/."""
    lines = []
    for session in run.sessions:
        for v in session.verifications:
            if v.fingerprint == bug.fingerprint:
                detail = f": {v.detail}" if v.detail else ""
                lines.append(f"- Session {session.number} verification: **{v.verdict}**{detail}")
        for attempt in session.attempts:
            if bug.fingerprint not in attempt.fingerprints:
                continue
            links = [
                f"[{name}]({run_link(run, path, from_dir=BUGS_DIR)})"
                for name, path in (("patch", attempt.patch_path), ("transcript", attempt.transcript_path))
                if path
            ]
            size = f"+{attempt.lines_added}/-{attempt.lines_removed} lines"
            lines.append(
                f"- Session {session.number} repair by `{attempt.agent}`: **{attempt.outcome}**, {size}"
                + (f" ({', '.join(links)})" if links else "")
            )
    return lines


def short_or_unknown(report: BugReport) -> str:
    return report.build_commit or "unknown"


def _report_sections(report: BugReport, where: str) -> list[str]:
    """What the report itself says, as an issue says it; `where` names the build."""
    return [
        "## Summary\n",
        report.symptom + "\n",
        "## Steps to reproduce\n",
        steps_to_reproduce(report.repro),
        "## Expected\n",
        report.expected + "\n",
        "## Actual\n",
        report.observed + "\n",
        "## Build\n",
        where + "\n",
        "## Evidence\n",
        code_block(report.evidence) if report.evidence else "_No trace excerpt attached._\n",
    ]


def render_report_alone(report: BugReport) -> str:
    """A report outside any run (`closed-loop qa`, `closed-loop intake`)."""
    parts = [
        f"# {report.title}\n",
        f"- Fingerprint: `{report.fingerprint}`",
        f"- Type: {report.bug_type.value}; mechanic: {report.mechanic}",
        f"- Found by the {report.source} QA agent (confidence {report.confidence:.2f})",
        "",
        *_report_sections(report, f"Commit `{short_or_unknown(report)}`."),
    ]
    return "\n".join(parts)


def history_notes(bug: TrackedBug) -> str:
    """Where the bug came in (its bisection) and whether its repro is flaky: one line, empty when neither."""
    notes = [f"{bug.bisection.kind}: {bug.bisection.summary()}"] if bug.bisection else []
    if bug.flaky is not None:
        notes.append(bug.flaky.label())
    return "; ".join(notes)


def _build_line(run: RunRecord, view_commit: str | None) -> str:
    """The build a bug was seen on, named by the team's own commit where the run's view commit stands for
    one (the agents' view has no history, so its ids mean nothing in the team's repository)."""
    game = f"Game `{run.config.game}`"
    if not view_commit:
        return f"{game} at commit `unknown`."
    real = real_commits(run).get(view_commit)
    if real:
        return f"{game} at commit `{real}` of its repository (the run's view `{short_commit(view_commit)}`)."
    if run.origin is not None:
        return (
            f"{game} at the run's commit `{view_commit}`: the repository's "
            f"`{short_commit(run.origin.commit)}` with this run's earlier fixes."
        )
    return f"{game} at commit `{view_commit}`."


def render_bug_markdown(run: RunRecord, bug: TrackedBug) -> str:
    report = bug.report
    gt = f" (matches {bug.ground_truth_id})" if bug.ground_truth_id else ""
    parts = [
        f"# {report.title}\n",
        f"- Status: **{bug.status.replace('_', ' ')}**{gt}",
        f"- Fingerprint: `{bug.fingerprint}`",
        f"- Type: {report.bug_type.value}; mechanic: {report.mechanic}",
        f"- Found in session {bug.found_in_session} of run `{run.run_id}` by the {report.source} QA agent"
        f" (confidence {report.confidence:.2f})",
        *([f"- {bug.bisection.kind.capitalize()}: {bug.bisection.summary()}"] if bug.bisection else []),
        *([f"- Repro: **{bug.flaky.label()}**, never counted as fixed"] if bug.flaky else []),
        "",
        *_report_sections(report, _build_line(run, report.build_commit)),
        "## Status history\n",
        _history(bug),
    ]
    work = _work_on_bug(run, bug)
    if work:
        parts += ["## Repairs and verifications\n", "\n".join(work) + "\n"]
    return "\n".join(parts)


def bug_rows(run: RunRecord) -> list[dict[str, str]]:
    """One row per bug (ground-truth order, then title), for a table artifact next to Table 7."""
    bugs = sorted(run.bugs.values(), key=lambda b: natural_key(b.ground_truth_id or "~" + b.report.title))
    return [
        {
            "Bug": bug_label(run, bug.fingerprint),
            "Title": bug.report.title,
            "Status": bug.status.replace("_", " "),
            "Found in session": str(bug.found_in_session),
            "Report": bug_relpath(bug.fingerprint),
            "History": history_notes(bug),
        }
        for bug in bugs
    ]


def duplicate_lines(run: RunRecord) -> list[str]:
    """Every report the loop kept as another report's bug, naming that bug and the evidence."""
    lines = []
    for session in run.sessions:
        for duplicate in session.duplicate_of:
            of = bug_label(run, duplicate.of) if duplicate.of in run.bugs else f"`{duplicate.of}`"
            lines.append(
                f"- session {session.number}: `{duplicate.fingerprint}` is {of} again: {duplicate.detail}"
            )
    return lines


def render_qa_index(game: str, commit: str, reports: list[tuple[str, BugReport]]) -> str:
    """`index.md` of a QA session's folder: one row per report file, crashes first."""
    ordered = sorted(reports, key=lambda item: (item[1].bug_type.value != "crash", item[0]))
    rows = [
        {
            "Report": f"[{report.title}]({name})",
            "Type": report.bug_type.value,
            "Steps": str(len(report.repro) + 1),
            "Found by": report.oracle or report.source,
        }
        for name, report in ordered
    ]
    kept = f"{len(reports)} report(s), each replayed before it was kept.\n"
    header = f"# QA reports: {game} at `{commit[:12]}`\n\n" + kept
    return header + ("\n" + markdown_table(rows) if rows else "\nNo bug was reported.\n")

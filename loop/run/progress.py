"""One line per step of a run, and the closing summary: what a person watching the terminal needs to know.

The lines go to the `loop.progress` logger; the command line prints them bare, and a Prefect flow run shows
them in its logs. Nothing here decides anything: it reads the run's record.
"""

from __future__ import annotations

import logging
from collections import Counter

from loop.run.lifecycle import BugStatus
from loop.run.record import RunRecord, SessionRecord

log = logging.getLogger("loop.progress")


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def step_line(record: RunRecord, session: SessionRecord, step: str, reports: int = 0) -> str | None:
    """The line for `step` of `session` once it is done, or None when the step had nothing to say."""
    head = f"session {session.number}"
    if step == "verify":
        if not session.verifications:
            return None
        verdicts = Counter(v.verdict.replace("_", " ") for v in session.verifications)
        return f"{head}: verification: " + ", ".join(
            f"{n} {verdict}" for verdict, n in sorted(verdicts.items())
        )
    if step == "qa":
        crashes = f", the game died {_plural(len(session.crashes), 'time')}" if session.crashes else ""
        agent = record.config.qa_agent
        return f"{head}: QA ({agent}) played {session.qa_steps} steps: {_plural(reports, 'report')}{crashes}"
    if step == "critic":
        known = f", {len(session.duplicates)} of bugs already listed" if session.duplicates else ""
        scored = f", {len(session.false_positives)} matching no listed bug" if session.false_positives else ""
        return f"{head}: {_plural(len(session.new_bugs), 'new bug')}{known}{scored}"
    if step == "bisect":
        found = [bug for fp in session.new_bugs if (bug := record.bugs.get(fp)) and bug.bisection]
        return "; ".join(
            f"{head}: {bug.report.title}: {bug.bisection.summary()}" for bug in found if bug.bisection
        ) or _not_bisected(record, session)
    if step == "repair":
        if not session.attempts:
            return None
        outcomes = Counter(a.outcome.replace("_", " ") for a in session.attempts)
        said = ", ".join(f"{n} {outcome}" for outcome, n in sorted(outcomes.items()))
        return f"{head}: repair ({session.attempts[0].agent}): {said}"
    return None


def _not_bisected(record: RunRecord, session: SessionRecord) -> str | None:
    """Why the new bugs of a run on a team's repository were not bisected, where the reason is the game's."""
    origin = record.origin
    if session.number != 1 or not session.new_bugs or origin is None or not origin.clone:
        return None
    if record.config.bisect_builds <= 0:
        return None
    if origin.prefix:
        return (
            f"session {session.number}: not bisected: the game is in a folder ({origin.prefix}) of a larger "
            "repository, whose commits are not built one by one"
        )
    return None


def say_step(record: RunRecord, session: SessionRecord, step: str, reports: int = 0) -> None:
    line = step_line(record, session, step, reports)
    if line:
        log.info(line)


def summary_lines(record: RunRecord, report_path: str, repo_dir: str) -> list[str]:
    """The closing summary: found, fixed, open, regressed; where the report is; what to do next."""
    statuses = Counter(BugStatus(bug.status) for bug in record.bugs.values())
    fixed, regressed = statuses[BugStatus.VERIFIED_FIXED], statuses[BugStatus.REGRESSED]
    pending, elsewhere = statuses[BugStatus.PATCHED], statuses[BugStatus.FIXED_ELSEWHERE]
    still_open = len(record.bugs) - fixed - regressed - pending - elsewhere
    gone = f", {elsewhere} fixed by the team's own commits" if elsewhere else ""
    lines = [
        f"run {record.run_id} {record.status}" + (f" ({record.stop_reason})" if record.stop_reason else ""),
        f"bugs: {len(record.bugs)} found, {fixed} fixed and verified, {pending} patched and awaiting "
        f"verification, {still_open} open, {regressed} regressed{gone}",
        f"report: {report_path}",
    ]
    if record.fixes is not None and record.fixes.commits:
        where = f" (pushed to {record.fixes.pushed_to})" if record.fixes.pushed_to else ""
        commits = _plural(len(record.fixes.commits), "commit")
        held_in = record.fixes.repo or repo_dir
        lines.append(f"fixes: branch {record.fixes.branch} in {held_in}{where}, {commits}")
        lines.append(f"next: review pull-request.md beside the report, then merge {record.fixes.branch}")
    elif record.fixes is not None and record.fixes.skipped:
        lines.append(
            f"next: {_plural(len(record.fixes.skipped), 'verified fix')} could not go onto your history; "
            "pull-request.md beside the report says why"
        )
    elif record.config.repair_agent in ("noop", "revert"):
        lines.append(
            "next: this was a QA run; to repair, set ANTHROPIC_API_KEY or OPENAI_API_KEY, start a local "
            "model with `closed-loop model up`, or pass --repair-agent command --agent-option command='...'"
        )
    elif record.bugs:
        lines.append(
            "next: read the bug files under bugs/ beside the report; no fix was verified in this run"
        )
    return lines

"""The paper's Table 7 (session-level trajectory) from run.json: markdown, and rows for a table artifact."""

from __future__ import annotations

from loop.run.record import AttemptRecord, RunRecord, SessionRecord, VerificationRecord
from reports.labels import fraction, join_labels, markdown_table, percent, plural, shorten

COLUMNS = (
    "Session",
    "QA findings",
    "Repair outcome",
    "Verification / session result",
    "Confirmed / fixed / regressed",
    "Discovery / fixing",
)
HARNESS_AGENTS = frozenset({"gold"})  # fixes what the critic matched by construction: a check of the harness

# How each verification verdict reads in the result column; the verified ones read "... confirmed fixed".
VERDICT_PHRASES = {
    "still_open": "fix failed",
    "regressed": "regressed",
    "cannot_judge": "pending, cannot judge",
    "crashed": "crashed on replay",
}

PATCHED_OUTCOMES = frozenset({"patched", "resolved", "applied"})


def attempt_patched(attempt: AttemptRecord) -> bool:
    """An attempt left a commit the next session can verify."""
    return attempt.commit is not None and attempt.outcome in PATCHED_OUTCOMES


def _by_verdict(verifications: list[VerificationRecord], verdict: str) -> list[VerificationRecord]:
    return [v for v in verifications if v.verdict == verdict]


def findings_cell(run: RunRecord, session: SessionRecord) -> str:
    parts: list[str] = []
    if session.new_bugs:
        verified = _by_verdict(session.verifications, "verified_fixed")
        unfixed = [v for v in session.verifications if v.verdict != "verified_fixed"]
        if verified:
            parts.append("verified " + join_labels(run, (v.fingerprint for v in verified)))
        if unfixed:
            parts.append("still seen: " + join_labels(run, (v.fingerprint for v in unfixed)))
        parts.append("new: " + join_labels(run, session.new_bugs))
    elif session.verifications:
        parts.append("verification only, nothing new")
    else:
        parts.append("nothing new")
    if session.duplicates:
        parts.append(plural(len(session.duplicates), "duplicate"))
    if session.false_positives:
        parts.append(plural(len(session.false_positives), "false positive"))
    if session.crashes:
        parts.append(f"game crashed {plural(len(session.crashes), 'time')} (crash candidates)")
    return "; ".join(parts)


def repair_cell(run: RunRecord, session: SessionRecord) -> str:
    if not session.attempts:
        return "-"
    if qa_only(session.attempts):
        return "none: QA only"
    parts = []
    for attempt in session.attempts:
        what = "patch for" if attempt_patched(attempt) else "no patch for"
        targets = join_labels(run, attempt.fingerprints) or "nothing"
        outcome = attempt.outcome.replace("_", " ")
        parts.append(f"{what} {targets} ({agent_label(attempt.agent)}, {outcome})")
    return "; ".join(parts)


def verification_cell(run: RunRecord, session: SessionRecord) -> str:
    parts = []
    verified = _by_verdict(session.verifications, "verified_fixed")
    if verified:
        parts.append(join_labels(run, (v.fingerprint for v in verified)) + " confirmed fixed")
    false_fixes = [v for v in session.verifications if v.false_fix]
    if false_fixes:
        parts.append(
            "false fix (the probe still fires): " + join_labels(run, (v.fingerprint for v in false_fixes))
        )
    for verdict, phrase in VERDICT_PHRASES.items():
        for record in _by_verdict(session.verifications, verdict):
            detail = f" ({shorten(record.detail, 80)})" if record.detail else ""
            parts.append(f"{phrase}: {join_labels(run, [record.fingerprint])}{detail}")
    if not parts and any(attempt_patched(a) for a in session.attempts):
        parts.append("pending verification")
    if session.gate_passed is False:
        parts.append("regression gate failed")
    return "; ".join(parts) or "-"


def user_cell(session: SessionRecord) -> str:
    """What a user's loop sees on every game: bugs confirmed by replay, fixes verified, regressions."""
    m = session.metrics
    return f"{m.bugs_confirmed}, {m.fixes_verified}, {m.regressions}"


def rates_cell(session: SessionRecord, with_percent: bool = False) -> str:
    """The ground-truth rates (x/N); `-` where the game has no ground truth (or it was withheld)."""
    m = session.metrics
    if m.ground_truth_total is None:
        return "-"
    discovery = fraction(m.discovered, m.ground_truth_total)
    fixing = fraction(m.fixed_verified, m.ground_truth_total)
    if with_percent:
        discovery += f" ({percent(m.discovered, m.ground_truth_total)})"
        fixing += f" ({percent(m.fixed_verified, m.ground_truth_total)})"
    return f"{discovery}, {fixing}"


def session_row(run: RunRecord, session: SessionRecord) -> dict[str, str]:
    return dict(
        zip(
            COLUMNS,
            (
                str(session.number),
                findings_cell(run, session),
                repair_cell(run, session),
                verification_cell(run, session),
                user_cell(session),
                rates_cell(session),
            ),
            strict=True,
        )
    )


def total_row(run: RunRecord) -> dict[str, str]:
    found = [fp for fp in run.bugs]
    false_positives = sum(len(s.false_positives) for s in run.sessions)
    findings = f"found {join_labels(run, found)}" if found else "nothing found"
    findings += f" in {plural(len(run.sessions), 'session')}"
    if false_positives:
        findings += f"; {plural(false_positives, 'false positive')}"

    attempts = [a for s in run.sessions for a in s.attempts]
    agents = ", ".join(sorted({agent_label(a.agent) for a in attempts}))
    patched = sum(attempt_patched(a) for a in attempts)
    repair = f"{plural(len(attempts), 'attempt')} ({agents}), {patched} patched" if attempts else "-"
    if attempts and qa_only(attempts):
        repair = agent_label("noop")

    by_status: dict[str, list[str]] = {}
    for fp, bug in run.bugs.items():
        by_status.setdefault(bug.status, []).append(fp)
    result = []
    if by_status.get("verified_fixed"):
        result.append(join_labels(run, by_status["verified_fixed"]) + " confirmed fixed")
    for status, phrase in (("patched", "patched, unverified"), ("open", "open"), ("regressed", "regressed")):
        if by_status.get(status):
            result.append(f"{phrase}: {join_labels(run, by_status[status])}")

    rates = rates_cell(run.sessions[-1], with_percent=True) if run.sessions else "-"
    user = user_cell(run.sessions[-1]) if run.sessions else "-"
    cells = ("Total", findings, repair, "; ".join(result) or "-", user, rates)
    return dict(zip(COLUMNS, cells, strict=True))


def qa_only(attempts: list[AttemptRecord]) -> bool:
    """Only the no-op agent ran: a QA run, whose attempts changed nothing by design."""
    return all(attempt.agent == "noop" for attempt in attempts)


def agent_label(agent: str) -> str:
    if agent == "noop":
        return "none: QA only (no repair agent; set a model key or choose one to repair)"
    if agent == "revert":
        return "revert: QA only but for reverts (a bug bisected to the commit that brought it in is reverted)"
    return f"{agent} (harness check)" if agent in HARNESS_AGENTS else agent


def table7_rows(run: RunRecord) -> list[dict[str, str]]:
    """One dict per session plus the Total row, keyed by column title (a Prefect table artifact)."""
    rows = [session_row(run, s) for s in run.sessions]
    if run.sessions:
        rows.append(total_row(run))
    return rows


def render_table7(run: RunRecord) -> str:
    rows = table7_rows(run)
    if not rows:
        return "_No session has finished yet._\n"
    return markdown_table(rows)

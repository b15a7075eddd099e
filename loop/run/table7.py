"""Table 7 of a run, recomputed from its record after every step that changes it."""

from __future__ import annotations

from typing import cast

from loop.repair.protocol import Outcome
from loop.run.loop_run import LoopRun
from loop.run.record import SessionRecord
from loop.run.session_metrics import ReportFacts, SessionFacts, loop_metrics


def session_fingerprints(session: SessionRecord) -> list[str]:
    """Each report of the session once (a false positive is also a new bug the loop tracks)."""
    return list(dict.fromkeys([*session.new_bugs, *session.duplicates, *session.false_positives]))


def update_metrics(run: LoopRun) -> None:
    """Recompute every session's cumulative Table-7 metrics from the record: the user-mode columns (bugs
    confirmed, fixes the judge verified, regressions) always; in benchmark mode the ground-truth rates, where
    a fix counts only when the probe agrees (a false fix is counted apart)."""
    user = loop_metrics(_session_facts(run, by_ground_truth=False), None).sessions
    rows = (
        loop_metrics(_session_facts(run, by_ground_truth=True), run.benchmark.bugs).sessions
        if run.benchmark
        else user
    )
    regressed: set[str] = set()
    for session, row, mine in zip(run.record.sessions, rows, user, strict=True):
        regressed |= {v.fingerprint for v in session.verifications if v.verdict == "regressed"}
        session.metrics = row.model_copy(
            update={
                "bugs_confirmed": mine.discovered,
                "fixes_verified": mine.fixed_verified,
                "regressions": len(regressed),
                "false_fixes": sum(v.false_fix for v in session.verifications),
                "cannot_judge": sum(v.judge == "cannot_judge" for v in session.verifications),
            }
        )


def _session_facts(run: LoopRun, *, by_ground_truth: bool) -> list[SessionFacts]:
    """What each session did, keyed by ground-truth id (the benchmark's score) or by the tracked bug."""
    canonical = {d.fingerprint: d.of for s in run.record.sessions for d in s.duplicate_of}
    keys = {fp: (bug.ground_truth_id if by_ground_truth else fp) for fp, bug in run.record.bugs.items()}
    history = []
    for session in run.record.sessions:

        def fixed(verdict: str, session: SessionRecord = session) -> set[str]:
            return {
                cast(str, keys[v.fingerprint])  # keys.get() keeps out a bug with no ground-truth id (None)
                for v in session.verifications
                if v.verdict == verdict and keys.get(v.fingerprint) and not (by_ground_truth and v.false_fix)
            }

        history.append(
            SessionFacts(
                number=session.number,
                reports=[
                    ReportFacts(fp, session.matches.get(fp) if by_ground_truth else canonical.get(fp, fp))
                    for fp in session_fingerprints(session)
                ],
                verified_fixed=fixed("verified_fixed"),
                regressed=fixed("regressed"),
                patched={
                    cast(str, keys[fp])  # keys.get() keeps out a bug with no ground-truth id (None)
                    for a in session.attempts
                    if a.outcome == Outcome.PATCHED
                    for fp in a.fingerprints
                    if keys.get(fp)
                },
                steps=session.qa_steps,
                tokens=session.qa_tokens,
                cost_usd=session.qa_cost_usd,
                wall_seconds=session.qa_wall_seconds,
            )
        )
    return history

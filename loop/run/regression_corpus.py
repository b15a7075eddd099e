"""What the ledger knew when the run started, replayed on the run's first build in the verify step.

- **The regression corpus**: every bug verified fixed (or fixed elsewhere). One whose repro shows it again
  comes back as a finding of the session: the critic keeps it under its own id, the ledger reopens it
  (regressed, when the commit contains its fix), and the bisect step looks for the commit that brought it
  back, from the commit its fix was kept on (or it was found gone on).
- **Open bugs that went away**: every bug open (or regressed) whose repro no longer shows it, on at least two
  replays, without a fix of the loop's. It is tracked by the run, and the bisect step looks for the team's
  commit that fixed it, from the commit it was last seen on, then closes it as fixed_elsewhere.
"""

from __future__ import annotations

import logging
from pathlib import Path

from loop.contract.commit_origins import is_ancestor
from loop.contract.models import BugReport
from loop.judge.verdict import JudgeAnswer
from loop.ledger import Ledger
from loop.run.bisection import first_parent_range
from loop.run.lifecycle import BugLifecycle, BugStatus
from loop.run.loop_run import LoopRun
from loop.run.record import Bisection, TrackedBug
from loop.verification.round_verification import Verifier

log = logging.getLogger(__name__)
SOURCE = "regression-corpus"
FIXED = (BugStatus.VERIFIED_FIXED, BugStatus.FIXED_ELSEWHERE)
STILL_OPEN = (BugStatus.OPEN, BugStatus.REGRESSED)
GONE_REPLAYS = 2  # an open bug is gone only when this many replays (at least) say so


def replay_corpus(run: LoopRun, number: int) -> list[BugReport]:
    """Session 1: the ledger's fixed and open bugs replayed on the session's build; the reports of the fixed
    bugs that came back, as findings. Open bugs that went away are tracked (`TrackedBug.gone_on`)."""
    session = run.session(number)
    baseline = run.record.ledger_baseline
    if number != 1 or not baseline:
        return []
    with Ledger() as ledger:
        reports = ledger.first_reports(run.game.name, [*FIXED, *STILL_OPEN])
    back: list[BugReport] = []
    replays = run.config.repro_replays
    verifier = Verifier(run.provider, run.spec(session.commit), run.parts.judge, replays=replays)
    try:
        for key, report in sorted(reports.items()):
            status = baseline.get(key)
            if status not in (*FIXED, *STILL_OPEN) or report.fingerprint in run.record.bugs:
                continue
            verifier.replays = replays if status in FIXED else max(replays, GONE_REPLAYS)
            judged = verifier.decide(report)
            answer = str(judged.answer)
            if judged.stability.flaky:
                answer = f"{answer} ({judged.stability.label()})"
            session.corpus[key] = answer
            if status in FIXED and judged.answer == JudgeAnswer.PRESENT:
                log.info("session %d: %s is back on %s (%s)", number, key, session.commit[:10], report.title)
                back.append(report.model_copy(update={"build_commit": session.commit, "source": SOURCE}))
            elif status in STILL_OPEN and judged.answer == JudgeAnswer.ABSENT:
                _track_gone(run, key, report, judged.stability.replays)
    finally:
        verifier.close()
    return back


def _track_gone(run: LoopRun, key: str, report: BugReport, replays: int) -> None:
    """An open bug of the ledger's that no replay showed: fixed by the loop's own fix when this commit now
    contains it (its fixes branch was merged), else tracked with the range its fix is bisected in."""
    commit = run.session(1).commit
    seen_on = run.record.ledger_baseline_commits.get(key, "")
    origin = run.record.origin
    head = origin.commit if origin is not None else commit
    fix = run.record.ledger_fix_commits.get(key, "")
    if fix and origin is not None and origin.clone and is_ancestor(Path(origin.clone), fix, head):
        merged = f"its fix {fix[:10]}, verified in an earlier run, is in the history of {head[:10]}"
        lifecycle = BugLifecycle.opened(1, commit, "open in the ledger when the run started")
        merge = f"{merged}: the fixes branch was merged"
        lifecycle.move(BugStatus.PATCHED, session=1, commit=fix, reason=merge)
        absent = f"absent on {head[:10]} on {replays} replays"
        lifecycle.move(BugStatus.VERIFIED_FIXED, session=1, commit=head, reason=absent)
        _track(run, key, report, lifecycle)
        log.info("%s (%s): %s, %s", key, report.title, merged, absent)
        return
    commits = first_parent_range(Path(origin.clone), seen_on, head) if origin and origin.clone else []
    why = f"open in the ledger, absent on {head[:10]} on {replays} replays without a fix of the loop's"
    bisection = Bisection(kind="fix", base=seen_on, head=head, commits=commits) if commits else None
    _track(run, key, report, BugLifecycle.opened(1, commit, why), gone_on=head, bisection=bisection)
    log.info("%s (%s): %s", key, report.title, why)


def _track(
    run: LoopRun,
    key: str,
    report: BugReport,
    lifecycle: BugLifecycle,
    *,
    gone_on: str | None = None,
    bisection: Bisection | None = None,
) -> None:
    """The run tracks a ledger bug it did not find itself, from session 1, under the ledger's key."""
    run.record.bugs[report.fingerprint] = TrackedBug(
        fingerprint=report.fingerprint,
        report=report,
        ground_truth_id=key if run.record.ground_truth else None,
        found_in_session=1,
        history=lifecycle.events,
        gone_on=gone_on,
        bisection=bisection,
    )

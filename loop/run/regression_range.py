"""The bisect step: for each bug first seen on the commit of the team's repository a run started from, the
commit that brought it in (loop.run.bisection), when the ledger knows an earlier commit where it was absent:
the commit its fix was verified on (or it was found gone on), else the commit the game's last earlier run
started from. For each open bug of the ledger's that no longer shows (loop.run.regression_corpus), the team's
commit that fixed it; the bug is then closed as fixed_elsewhere, which is not a fix of the loop's.

Only the run's first session is bisected (later sessions build the loop's own patches, not the team's
history), and a bug the ledger knew already, open or patched, is not: it was not absent before.
"""

from __future__ import annotations

import logging
from functools import partial
from pathlib import Path

from loop.contract.game_client import GameError
from loop.judge.verdict import JudgeAnswer
from loop.run.bisection import ABSENT, PRESENT, Bounds, first_parent_range, run_bisection
from loop.run.ledger_sync import ledger_key
from loop.run.lifecycle import BugStatus
from loop.run.loop_run import LoopRun
from loop.run.record import Bisection, TrackedBug
from loop.run.steps import move
from loop.sandbox import BuildSpec, SandboxError, failure_line
from loop.verification.round_verification import Verifier

log = logging.getLogger(__name__)


def bisect(run: LoopRun, number: int) -> None:
    """Bisect the new bugs of the run's first session (bounded, resumable: see loop.run.bisection)."""
    if run.done(number, "bisect"):
        return
    origin = run.record.origin
    # a game in a folder of a larger repository is not bisected: its builds are made from the whole tree
    if number == 1 and origin and origin.clone and not origin.prefix and run.config.bisect_builds > 0:
        history = Path(origin.clone)
        for fingerprint in run.session(number).new_bugs:
            bug = run.record.bugs[fingerprint]
            if bug.bisection is None:
                bug.bisection = _start(run, bug, history, origin.commit)
                run.save()
            _run(run, bug, history)
        for bug in _gone(run):
            _run(run, bug, history)
    if number == 1:
        for bug in _gone(run):
            found = bug.bisection.summary() if bug.bisection else "no earlier commit to bisect from"
            reason = f"gone from {str(bug.gone_on)[:10]} without a fix of the loop's: {found}"
            move(run, bug, BugStatus.FIXED_ELSEWHERE, number, run.session(number).commit, reason)
    run.mark(number, "bisect")


def _gone(run: LoopRun) -> list[TrackedBug]:
    """The ledger's open bugs that the first build's replays no longer showed, not closed yet."""
    return [bug for bug in run.record.bugs.values() if bug.gone_on and bug.status == BugStatus.OPEN]


def _run(run: LoopRun, bug: TrackedBug, history: Path) -> None:
    if bug.bisection is not None and bug.bisection.status == "running":
        bounds = Bounds(run.config.bisect_builds, run.config.bisect_timeout_s)
        run_bisection(bug.bisection, partial(_probe, run, bug, history), bounds, run.save)
        log.info("%s: %s", bug.report.title, bug.bisection.summary())


def _start(run: LoopRun, bug: TrackedBug, history: Path, head: str) -> Bisection | None:
    key = ledger_key(run.record, bug)
    known = run.record.ledger_baseline.get(key) if key else None
    if known is not None and known not in (BugStatus.VERIFIED_FIXED, BugStatus.FIXED_ELSEWHERE):
        return None  # open (or patched) on an earlier night: not absent there
    fixed_on = run.record.ledger_baseline_commits.get(key or "") if known else None
    for base in (fixed_on, run.record.earlier_commit):
        if base and (commits := first_parent_range(history, base, head)):
            return Bisection(base=base, head=head, commits=commits)
    return None


def _probe(run: LoopRun, bug: TrackedBug, history: Path, commit: str) -> tuple[str, int]:
    """Build `commit` of the team's history and decide, on the configured replays, whether the bug shows."""
    spec = BuildSpec(history, run.game.manifest, commit, run_id=run.run_id)
    verifier = Verifier(run.provider, spec, run.parts.judge, replays=run.config.repro_replays)
    try:
        judged = verifier.decide(bug.report)
    except (SandboxError, GameError) as exc:
        return f"skipped: the build did not start: {failure_line(exc)[:300]}", 0
    finally:
        verifier.close()
    replays = len(judged.verdicts)
    if judged.stability.flaky:
        bug.flaky = judged.stability
    if judged.crash is not None:
        return "skipped: the replay crashed the game", replays
    if judged.answer == JudgeAnswer.CANNOT_JUDGE:
        return f"skipped: cannot judge: {judged.verdict.detail[:200]}", replays
    showing = judged.answer == JudgeAnswer.PRESENT
    fix = bug.bisection is not None and bug.bisection.kind == "fix"  # searching for the fix's arrival
    return (PRESENT if showing != fix else ABSENT), replays

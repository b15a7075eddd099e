"""Mirror a run's record into the ledger, so the next run (tomorrow's nightly) knows today's bugs.

run.json is the truth about one run; the ledger is the index across runs. The mirror is idempotent (every
ledger write is keyed by natural ids), so it runs after every step and a resumed run writes nothing twice.
A bug the ledger already knows from an earlier run keeps one history.

The ledger names the game's real commits (loop.run.real_commits): the commit the run started from, and a
verified fix's commit on the fixes branch once it is made; a view commit without a real one keeps its own id.
A verified fix is kept on the commit of its patch: what a later commit must contain for the bug to be fixed
there. Found again on this run's build, a bug the ledger had as verified or patched is looked up in git:
when the build contains that fix (or patch) the bug has regressed (or its patch failed: open again); when it
does not (a team branch the fixes branch was never merged into, a run from an older commit), it is open on
this line, and the reason says which commit lacks which fix. "Earlier" is the ledger as it was when the run
started (`RunRecord.ledger_baseline`), so a resumed run decides the same way.
"""

from __future__ import annotations

import logging
from pathlib import Path

from loop.contract.commit_origins import CommitOrigins
from loop.critic.base import CriticMatch
from loop.ledger import BENCHMARK, FREE, Ledger
from loop.run.lifecycle import BugStatus, IllegalTransition
from loop.run.real_commits import commit_origins
from loop.run.record import RunRecord, SessionRecord, TrackedBug

log = logging.getLogger(__name__)


def mirror_run(record: RunRecord, ledger: Ledger) -> None:
    game = record.game_name or record.config.game  # runs recorded before the name was kept
    mode = BENCHMARK if record.ground_truth else FREE
    origins = commit_origins(record)
    named = origins.named
    ledger.start_run(record.run_id, game, mode=mode, params=record.config.model_dump(mode="json"))
    ledger.restate_commits(record.run_id, origins.mapping)
    for session in record.sessions:
        ledger.record_build(game, named(session.commit))
        ledger.record_session(
            record.run_id, session.number, named(session.commit), steps=session.qa_steps,
            tokens=session.qa_tokens, cost_usd=session.qa_cost_usd, wall_seconds=session.qa_wall_seconds,
        )  # fmt: skip
        for bug in _first_seen_in(record, session):
            key = ledger_key(record, bug)
            ledger.record_report(record.run_id, session.number, bug.report, _match(bug))
            if key and (move := _seen_again(record, key, session.commit, origins)):
                _move(ledger, game, key, *move, record, session.number, named(session.commit))
        for attempt in session.attempts:
            ledger.record_attempt(
                f"{record.run_id}/{session.number}/{Path(attempt.patch_path or attempt.agent).parent.name}",
                run_id=record.run_id, session=session.number, agent=attempt.agent,
                bug_keys=[k for fp in attempt.fingerprints if (k := ledger_key(record, record.bugs.get(fp)))],
                outcome=attempt.outcome, commit=named(attempt.commit) if attempt.commit else None,
                tokens=attempt.tokens_in + attempt.tokens_out, cost_usd=attempt.cost_usd,
                wall_seconds=attempt.wall_seconds,
            )  # fmt: skip
        for check in session.verifications:
            if key := ledger_key(record, record.bugs.get(check.fingerprint)):
                ledger.record_verification(
                    game, key, run_id=record.run_id, session=session.number, commit=named(session.commit),
                    verdict=check.verdict, replay_fixed=check.replay_fixed, probe_fixed=check.probe_fixed,
                    detail=check.detail,
                )  # fmt: skip
    for bug in record.bugs.values():
        if key := ledger_key(record, bug):
            patch = ""
            for event in bug.history[1:]:
                patch = event.commit if event.to_status == BugStatus.PATCHED else patch
                kept_on = patch if event.to_status == BugStatus.VERIFIED_FIXED and patch else event.commit
                _move(ledger, game, key, event.to_status, event.reason, record, event.session, named(kept_on))
            found = bug.bisection if bug.bisection and bug.bisection.kind == "regression" else None
            if found is not None or bug.flaky is not None:
                ledger.describe_bug(
                    game, key, culprit=found.culprit if found else None,
                    regression=found.summary() if found else None,
                    flaky=bug.flaky.label() if bug.flaky else None,
                )  # fmt: skip
    if record.status != "running":
        ledger.finish_run(record.run_id)


def _seen_again(
    record: RunRecord, key: str, commit: str, origins: CommitOrigins
) -> tuple[BugStatus, str] | None:
    """The ledger's move for a bug it had as verified, patched or fixed elsewhere before this run, reported
    on `commit`."""
    earlier = record.ledger_baseline.get(key)
    decided_on = record.ledger_baseline_commits.get(key, "")
    if earlier not in (BugStatus.VERIFIED_FIXED, BugStatus.PATCHED, BugStatus.FIXED_ELSEWHERE):
        return None
    run, change = record.run_id, decided_on[:10]
    contained = origins.descends(commit, decided_on)
    if earlier == BugStatus.FIXED_ELSEWHERE:
        if contained:
            why = f"reported again in run {run}, on a commit that contains {change}, where it was gone"
            return BugStatus.REGRESSED, why
        return (
            BugStatus.OPEN,
            f"reported in run {run} on a commit that does not contain {change}, where it was gone",
        )
    if earlier == BugStatus.VERIFIED_FIXED and contained:
        return BugStatus.REGRESSED, f"reported again in run {run}, on a commit that contains its fix {change}"
    if contained:
        return BugStatus.OPEN, f"reported again in run {run}: its patch did not fix it"
    if earlier == BugStatus.VERIFIED_FIXED:
        return BugStatus.OPEN, (
            f"reported in run {run} on a commit that does not contain its fix {change}: open on this line "
            "until the fixes branch holding that fix is merged into it"
        )
    return BugStatus.OPEN, f"reported in run {run} on a commit without its unverified patch {change}"


def ledger_key(record: RunRecord, bug: TrackedBug | None) -> str | None:
    """The ledger's name for a bug: its ground-truth id in benchmark mode, else its fingerprint."""
    if bug is None:
        return None
    return bug.ground_truth_id if record.ground_truth else bug.fingerprint


def _first_seen_in(record: RunRecord, session: SessionRecord) -> list[TrackedBug]:
    return [record.bugs[fp] for fp in session.new_bugs if fp in record.bugs]


def _match(bug: TrackedBug) -> CriticMatch | None:
    if bug.ground_truth_id is None:
        return None
    return CriticMatch(fingerprint=bug.fingerprint, bug_id=bug.ground_truth_id, score=1.0, critic="loop")


def _move(
    ledger: Ledger,
    game: str,
    key: str,
    target: BugStatus,
    reason: str,
    record: RunRecord,
    session: int,
    commit: str,
) -> None:
    try:  # move_bug is a no-op for a move this run and session recorded already
        ledger.move_bug(
            game, key, target, run_id=record.run_id, session=session, commit=commit, reason=reason
        )
    except IllegalTransition as exc:  # the ledger's history of this bug disagrees with this run's: keep both
        log.warning("ledger: %s cannot go to %s for run %s: %s", key, target, record.run_id, exc)

"""Mirror a run's record into the ledger, so the next run (tomorrow's nightly) knows today's bugs.

run.json is the truth about one run; the ledger is the index across runs. The mirror is idempotent (every
ledger write is keyed by natural ids), so it runs after every step and a resumed run writes nothing twice.
A bug the ledger already knows from an earlier run keeps one history. Found again on this run's build, a
verified bug is marked regressed (and a pending patch reopened) only when this build descends from the commit
that status was decided on (git ancestry): a run that starts again from the game's original commit, or works
on another branch, does not contain that fix, so its report is a known bug of its own line, neither new nor a
regression. "Earlier" is the ledger as it was when the run started (`RunRecord.ledger_baseline`), so a resumed
run decides the same way.
"""

from __future__ import annotations

import logging
from pathlib import Path

from loop.contract.game import descends
from loop.critic.base import CriticMatch
from loop.ledger import BENCHMARK, FREE, Ledger
from loop.run.lifecycle import BugStatus, IllegalTransition
from loop.run.record import RunRecord, SessionRecord, TrackedBug

log = logging.getLogger(__name__)

# What an earlier run's status means when this run reports the bug on its own build.
REPORTED_AGAIN = {BugStatus.VERIFIED_FIXED: BugStatus.REGRESSED, BugStatus.PATCHED: BugStatus.OPEN}


def mirror_run(record: RunRecord, ledger: Ledger) -> None:
    game = record.game_name or record.config.game  # runs recorded before the name was kept
    mode = BENCHMARK if record.ground_truth else FREE
    ledger.start_run(record.run_id, game, mode=mode, params=record.config.model_dump(mode="json"))
    for session in record.sessions:
        ledger.record_build(game, session.commit)
        ledger.record_session(
            record.run_id, session.number, session.commit, steps=session.qa_steps, tokens=session.qa_tokens,
            cost_usd=session.qa_cost_usd, wall_seconds=session.qa_wall_seconds,
        )  # fmt: skip
        for bug in _first_seen_in(record, session):
            key = ledger_key(record, bug)
            ledger.record_report(record.run_id, session.number, bug.report, _match(bug))
            earlier = record.ledger_baseline.get(key) if key else None
            decided_on = record.ledger_baseline_commits.get(key or "")
            if (
                key
                and earlier in REPORTED_AGAIN
                and descends(Path(record.repo_dir), session.commit, decided_on)
            ):
                reason = f"reported again in run {record.run_id}"
                _move(
                    ledger, game, key, REPORTED_AGAIN[earlier], record, session.number, session.commit, reason
                )
        for attempt in session.attempts:
            ledger.record_attempt(
                f"{record.run_id}/{session.number}/{Path(attempt.patch_path or attempt.agent).parent.name}",
                run_id=record.run_id, session=session.number, agent=attempt.agent,
                bug_keys=[k for fp in attempt.fingerprints if (k := ledger_key(record, record.bugs.get(fp)))],
                outcome=attempt.outcome, commit=attempt.commit, tokens=attempt.tokens_in + attempt.tokens_out,
                cost_usd=attempt.cost_usd, wall_seconds=attempt.wall_seconds,
            )  # fmt: skip
        for check in session.verifications:
            if key := ledger_key(record, record.bugs.get(check.fingerprint)):
                ledger.record_verification(
                    game, key, run_id=record.run_id, session=session.number, commit=session.commit,
                    verdict=check.verdict, replay_fixed=check.replay_fixed, probe_fixed=check.probe_fixed,
                    detail=check.detail,
                )  # fmt: skip
    for bug in record.bugs.values():
        if key := ledger_key(record, bug):
            for event in bug.history[1:]:
                _move(ledger, game, key, event.to_status, record, event.session, event.commit, event.reason)
    if record.status != "running":
        ledger.finish_run(record.run_id)


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
    record: RunRecord,
    session: int,
    commit: str,
    reason: str,
) -> None:
    try:  # move_bug is a no-op for a move this run and session recorded already
        ledger.move_bug(
            game, key, target, run_id=record.run_id, session=session, commit=commit, reason=reason
        )
    except IllegalTransition as exc:  # the ledger's history of this bug disagrees with this run's: keep both
        log.warning("ledger: %s cannot go to %s for run %s: %s", key, target, record.run_id, exc)

"""The ledger: every game's bugs, sessions, attempts and verifications across runs.

Every write is keyed by natural ids (game name, commit, run id, session number, report fingerprint, attempt
id), so a resumed run that records the same thing again changes nothing. Each public method is one
transaction.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar, cast

from sqlalchemy import Engine, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from loop.contract.models import BugReport
from loop.critic.base import CriticMatch
from loop.ledger.engine import default_url, make_engine
from loop.ledger.history import (
    BugHistory,
    RunSummary,
    bug_histories,
    lifecycle_event,
    run_summaries,
    session_facts,
)
from loop.ledger.migrations import upgrade
from loop.ledger.schema import (
    AttemptRow,
    BugEventRow,
    BugRow,
    BuildRow,
    GameRow,
    RealCommitRow,
    ReportRow,
    RunRow,
    SessionRow,
    VerificationRow,
    utcnow,
)
from loop.run.lifecycle import BugLifecycle, BugStatus
from loop.run.session_metrics import SessionFacts

if TYPE_CHECKING:
    from loop.verification.round_verification import VerificationRound

T = TypeVar("T")
BENCHMARK = "benchmark"
FREE = "free"


class LedgerError(Exception):
    """A write that refers to something the ledger does not know (an unknown run, session or bug)."""


class Ledger:
    def __init__(self, url: str | None = None):
        self.url = url or default_url()
        self.engine: Engine = make_engine(self.url)
        upgrade(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _write(self, operation: Callable[[Session], T]) -> T:
        """Run one transaction. A unique-key race with another writer (PostgreSQL) is retried once: the
        retry finds the other writer's row and leaves it alone."""
        for attempt in range(2):
            try:
                with Session(self.engine, expire_on_commit=False) as session, session.begin():
                    return operation(session)
            except IntegrityError:
                if attempt == 1:
                    raise
        raise AssertionError("unreachable")

    # --- lookups inside a transaction -------------------------------------------------------------
    @staticmethod
    def _game(session: Session, name: str) -> GameRow:
        game = session.scalar(select(GameRow).where(GameRow.name == name))
        if game is None:
            game = GameRow(name=name)
            session.add(game)
            session.flush()
        return game

    @staticmethod
    def _build(session: Session, game: GameRow, commit: str) -> BuildRow:
        build = session.scalar(select(BuildRow).where(BuildRow.game_id == game.id, BuildRow.commit == commit))
        if build is None:
            build = BuildRow(game_id=game.id, commit=commit)
            session.add(build)
            session.flush()
        return build

    @staticmethod
    def _run(session: Session, run_id: str) -> RunRow:
        run = session.scalar(select(RunRow).where(RunRow.run_id == run_id))
        if run is None:
            raise LedgerError(f"no run {run_id!r} in the ledger; start_run first")
        return run

    def _session_row(self, session: Session, run_id: str, number: int) -> tuple[RunRow, SessionRow]:
        run = self._run(session, run_id)
        row = session.scalar(
            select(SessionRow).where(SessionRow.run_pk == run.id, SessionRow.number == number)
        )
        if row is None:
            raise LedgerError(f"run {run_id!r} has no session {number}; record_session first")
        return run, row

    @staticmethod
    def _bug(session: Session, game_id: int, key: str) -> BugRow:
        bug = session.scalar(select(BugRow).where(BugRow.game_id == game_id, BugRow.key == key))
        if bug is None:
            raise LedgerError(f"no bug {key!r} for this game")
        return bug

    # --- writes -------------------------------------------------------------------------------------
    def record_build(self, game: str, commit: str) -> None:
        self._write(lambda s: self._build(s, self._game(s, game), commit))

    def start_run(
        self, run_id: str, game: str, *, mode: str = BENCHMARK, params: dict[str, Any] | None = None
    ) -> None:
        if mode not in (BENCHMARK, FREE):
            raise ValueError(f"mode must be {BENCHMARK!r} or {FREE!r}, not {mode!r}")

        def operation(s: Session) -> None:
            if s.scalar(select(RunRow).where(RunRow.run_id == run_id)) is None:
                s.add(RunRow(run_id=run_id, game_id=self._game(s, game).id, mode=mode, params=params or {}))

        self._write(operation)

    def finish_run(self, run_id: str) -> None:
        """Mark the run finished (the first time only: a re-run of the last step keeps the first time)."""

        def operation(s: Session) -> None:
            run = self._run(s, run_id)
            if run.finished_at is None:
                run.finished_at = utcnow()

        self._write(operation)

    def restate_commits(self, run_id: str, real: Mapping[str, str]) -> None:
        """Name `real[c]` wherever the run's sessions, bug events, attempts and verifications name the view
        commit `c`, and keep the pair for later runs (`real_commits`): a fix has its real commit only once it
        is applied to the real history, at the end of the run, after the rows that name it were written.
        Idempotent."""

        def operation(s: Session) -> None:
            run = self._run(s, run_id)
            game = cast(GameRow, s.get(GameRow, run.game_id))  # a run's game exists (foreign key)
            for view, origin in real.items():
                if view == origin:
                    continue
                pair = s.scalar(
                    select(RealCommitRow).where(
                        RealCommitRow.game_id == game.id, RealCommitRow.view_commit == view
                    )
                )
                if pair is None:
                    s.add(RealCommitRow(game_id=game.id, view_commit=view, real_commit=origin))
                else:
                    pair.real_commit = origin
                for table in (BugEventRow, AttemptRow, VerificationRow):
                    s.execute(
                        update(table)
                        .where(table.run_pk == run.id, table.commit == view)
                        .values(commit=origin)
                    )
                old = s.scalar(select(BuildRow).where(BuildRow.game_id == game.id, BuildRow.commit == view))
                if old is None:
                    continue
                build = self._build(s, game, origin)
                s.execute(
                    update(SessionRow)
                    .where(SessionRow.run_pk == run.id, SessionRow.build_id == old.id)
                    .values(build_id=build.id)
                )
                if s.scalar(select(SessionRow.id).where(SessionRow.build_id == old.id).limit(1)) is None:
                    s.delete(old)

        self._write(operation)

    def record_session(
        self,
        run_id: str,
        number: int,
        commit: str,
        *,
        steps: int = 0,
        tokens: int = 0,
        cost_usd: float = 0.0,
        wall_seconds: float = 0.0,
    ) -> None:
        """Record (or, when resumed, update the usage of) one session on the build `commit`."""

        def operation(s: Session) -> None:
            run = self._run(s, run_id)
            game = cast(GameRow, s.get(GameRow, run.game_id))  # a run's game exists (foreign key)
            build = self._build(s, game, commit)
            row = s.scalar(select(SessionRow).where(SessionRow.run_pk == run.id, SessionRow.number == number))
            if row is None:
                row = SessionRow(run_pk=run.id, number=number, build_id=build.id)
                s.add(row)
            row.steps, row.tokens, row.cost_usd, row.wall_seconds = steps, tokens, cost_usd, wall_seconds

        self._write(operation)

    def record_report(
        self, run_id: str, number: int, report: BugReport, match: CriticMatch | None = None
    ) -> str | None:
        """Store a report and link it to its bug (opened on first sight). Returns the bug key, or None for a
        benchmark-mode report that matches no ground-truth bug (a false positive: stored, no bug)."""

        def operation(s: Session) -> str | None:
            run, session_row = self._session_row(s, run_id, number)
            fingerprint = report.fingerprint
            existing = s.scalar(
                select(ReportRow).where(
                    ReportRow.session_id == session_row.id, ReportRow.fingerprint == fingerprint
                )
            )
            if existing is not None:
                return None if existing.bug_id is None else cast(BugRow, s.get(BugRow, existing.bug_id)).key
            gt_id = match.bug_id if match else None
            key = gt_id if run.mode == BENCHMARK else fingerprint
            bug = None
            if key is not None:
                bug = s.scalar(select(BugRow).where(BugRow.game_id == run.game_id, BugRow.key == key))
                if bug is None:
                    commit = cast(BuildRow, s.get(BuildRow, session_row.build_id)).commit  # foreign key
                    bug = BugRow(
                        game_id=run.game_id,
                        key=key,
                        fingerprint=fingerprint,
                        gt_bug_id=gt_id,
                        title=report.title,
                        status=BugStatus.OPEN,
                    )
                    s.add(bug)
                    s.flush()
                    s.add(
                        BugEventRow(
                            bug_id=bug.id,
                            seq=0,
                            run_pk=run.id,
                            session_number=number,
                            commit=commit,
                            from_status=None,
                            to_status=BugStatus.OPEN,
                            reason=f"reported: {report.title}",
                        )
                    )
            s.add(
                ReportRow(
                    session_id=session_row.id,
                    fingerprint=fingerprint,
                    bug_id=bug.id if bug else None,
                    matched_gt_id=gt_id,
                    duplicate=bool(match and match.duplicate),
                    score=match.score if match else None,
                    rationale=match.rationale if match else "",
                    report_json=report.model_dump(mode="json"),
                )
            )
            return key

        return self._write(operation)

    def move_bug(
        self, game: str, key: str, target: BugStatus, *, run_id: str, session: int, commit: str, reason: str
    ) -> bool:
        """Apply a lifecycle transition (illegal ones raise IllegalTransition). Returns False when this very
        transition was already recorded for this run and session (a resumed run), True when applied."""

        def operation(s: Session) -> bool:
            run = self._run(s, run_id)
            bug = self._bug(s, self._game(s, game).id, key)
            for event in bug.events:
                if (event.run_pk, event.session_number, event.to_status) == (run.id, session, target):
                    return False
            lifecycle = BugLifecycle.replay([lifecycle_event(e) for e in bug.events])
            lifecycle.move(target, session, commit, reason)
            s.add(
                BugEventRow(
                    bug_id=bug.id,
                    seq=len(bug.events),
                    run_pk=run.id,
                    session_number=session,
                    commit=commit,
                    from_status=bug.status,
                    to_status=target,
                    reason=reason,
                )
            )
            bug.status = target
            return True

        return self._write(operation)

    def describe_bug(
        self, game: str, key: str, *, culprit: str | None, regression: str | None, flaky: str | None
    ) -> None:
        """What a run learned of the bug's history: the commit that brought it in (`regression`: the
        bisection's finding in words) and, when its repro disagreed with itself, how often it showed it.
        A value left None keeps what an earlier run recorded."""

        def operation(s: Session) -> None:
            bug = self._bug(s, self._game(s, game).id, key)
            if regression is not None:
                bug.culprit, bug.regression = culprit, regression
            if flaky is not None:
                bug.flaky = flaky

        self._write(operation)

    def record_attempt(
        self,
        attempt_id: str,
        *,
        run_id: str,
        session: int,
        agent: str,
        bug_keys: Sequence[str],
        outcome: str,
        commit: str | None = None,
        diff: str = "",
        tokens: int = 0,
        cost_usd: float = 0.0,
        wall_seconds: float = 0.0,
    ) -> None:
        def operation(s: Session) -> None:
            run = self._run(s, run_id)
            if s.scalar(select(AttemptRow).where(AttemptRow.attempt_id == attempt_id)) is None:
                s.add(
                    AttemptRow(
                        attempt_id=attempt_id,
                        run_pk=run.id,
                        session_number=session,
                        agent=agent,
                        bug_keys=list(bug_keys),
                        outcome=outcome,
                        commit=commit,
                        diff=diff,
                        tokens=tokens,
                        cost_usd=cost_usd,
                        wall_seconds=wall_seconds,
                    )
                )

        self._write(operation)

    def record_verification(
        self,
        game: str,
        key: str,
        *,
        run_id: str,
        session: int,
        commit: str,
        verdict: str,
        replay_fixed: bool | None,
        probe_fixed: bool | None,
        detail: str = "",
    ) -> None:
        def operation(s: Session) -> None:
            run = self._run(s, run_id)
            bug = self._bug(s, self._game(s, game).id, key)
            exists = s.scalar(
                select(VerificationRow).where(
                    VerificationRow.bug_id == bug.id,
                    VerificationRow.run_pk == run.id,
                    VerificationRow.session_number == session,
                )
            )
            if exists is None:
                s.add(
                    VerificationRow(
                        bug_id=bug.id,
                        run_pk=run.id,
                        session_number=session,
                        commit=commit,
                        verdict=verdict,
                        replay_fixed=replay_fixed,
                        probe_fixed=probe_fixed,
                        detail=detail,
                    )
                )

        self._write(operation)

    def record_verification_round(
        self, game: str, result: VerificationRound, *, run_id: str, session: int
    ) -> None:
        """Store every verdict of a verification round and apply the status change each one calls for."""
        for check in result.bugs:
            where: dict[str, Any] = {"run_id": run_id, "session": session, "commit": result.commit}
            self.record_verification(
                game, check.key, verdict=check.verdict, replay_fixed=check.replay_fixed,
                probe_fixed=check.probe_fixed, detail=check.detail, **where,
            )  # fmt: skip
            if check.target_status is not None:
                self.move_bug(game, check.key, check.target_status, reason=check.reason, **where)

    # --- reads --------------------------------------------------------------------------------------
    def bugs(self, game: str) -> list[BugHistory]:
        """Every bug of `game` the ledger knows, oldest first, with its status history."""
        with Session(self.engine) as s:
            return bug_histories(s, game)

    def real_commits(self, game: str) -> dict[str, str]:
        """Every run's view commits of `game` that stand for a real commit, with that commit."""
        with Session(self.engine) as s:
            rows = s.execute(
                select(RealCommitRow.view_commit, RealCommitRow.real_commit)
                .join(GameRow, GameRow.id == RealCommitRow.game_id)
                .where(GameRow.name == game)
            )
            return dict(rows.tuples().all())

    def first_reports(self, game: str, statuses: Sequence[BugStatus]) -> dict[str, BugReport]:
        """Each bug of `game` the ledger has in one of `statuses`, with its first report (the repro to
        replay)."""
        with Session(self.engine) as s:
            rows = s.execute(
                select(BugRow.key, ReportRow.report_json)
                .join(ReportRow, ReportRow.bug_id == BugRow.id)
                .join(GameRow, GameRow.id == BugRow.game_id)
                .where(GameRow.name == game, BugRow.status.in_([str(status) for status in statuses]))
                .order_by(ReportRow.id.desc())
            )
            return {key: BugReport.model_validate(report) for key, report in rows.tuples()}

    def started_on(self, game: str) -> list[str]:
        """The commit each run of `game` started from (its first session's build), newest run first."""
        with Session(self.engine) as s:
            rows = s.execute(
                select(BuildRow.commit)
                .join(SessionRow, SessionRow.build_id == BuildRow.id)
                .join(RunRow, RunRow.id == SessionRow.run_pk)
                .join(GameRow, GameRow.id == RunRow.game_id)
                .where(GameRow.name == game, SessionRow.number == 1)
                .order_by(RunRow.started_at.desc(), RunRow.id.desc())
            )
            return list(rows.scalars())

    def runs(self, game: str) -> list[RunSummary]:
        """The game's runs, oldest first: what a trend across nights is drawn from."""
        with Session(self.engine) as s:
            return run_summaries(s, game)

    def session_facts(self, run_id: str) -> list[SessionFacts]:
        """The run's history in the shape `loop.run.session_metrics.loop_metrics` takes."""
        with Session(self.engine) as s:
            return session_facts(s, self._run(s, run_id))

"""The steps of one session of a `LoopRun`: verify, QA, critic, stop rule, repair.

Each step is idempotent: it returns at once when the record says it finished, and records itself as finished
only after its results are saved, so a run killed in the middle of a step redoes that step and nothing else.
"""

from __future__ import annotations

import logging
from pathlib import Path

from loop.contract.agenda import TestAgenda
from loop.contract.game_client import GameError
from loop.contract.models import BugReport
from loop.critic.base import Critic, CriticContext, run_critics
from loop.qa import QASessionResult
from loop.repair.pipeline import RepairRound
from loop.repair.protocol import Outcome, RepairBudget, attempt_record
from loop.run.bug_identity import DuplicateEvidence
from loop.run.culprit_text import culprit_text
from loop.run.fixes_branch import publish_fixes
from loop.run.lifecycle import UNRESOLVED, BugLifecycle, BugStatus
from loop.run.loop_run import LoopRun
from loop.run.record import (
    CrashRecord,
    DuplicateRecord,
    ReproStability,
    SessionRecord,
    TrackedBug,
    VerificationRecord,
)
from loop.run.regression_corpus import replay_corpus
from loop.run.table7 import update_metrics
from loop.sandbox import RunningBuild, SandboxError
from loop.trace import SessionTrace
from loop.verification.round_verification import Verifier

log = logging.getLogger(__name__)

# A game that keeps dying is restarted this many times in one QA session, then the session ends.
MAX_GAME_RESTARTS = 3
# Judged replays one session's new reports may cost to find duplicates (each is a model call for LLM reports).
MAX_DUPLICATE_REPLAYS = 40


def move(run: LoopRun, bug: TrackedBug, target: BugStatus, session: int, commit: str, reason: str) -> None:
    BugLifecycle(bug.history).move(target, session, commit, reason)
    bug.status = target
    log.info(
        "%s (%s): %s -> %s: %s",
        bug.ground_truth_id or bug.fingerprint,
        bug.report.title,
        bug.history[-1].from_status,
        target,
        reason,
    )


def verify(run: LoopRun, number: int) -> None:
    """Judge every patched bug (and re-check every verified one) on the session's build; probes score it. The
    first session also replays the regression corpus (loop.run.regression_corpus)."""
    if run.done(number, "verify"):
        return
    session = run.session(number)
    checks = [
        bug for bug in run.record.bugs.values() if bug.status in (BugStatus.PATCHED, BugStatus.VERIFIED_FIXED)
    ]
    session.verifications, session.corpus = [], {}
    findings: list[BugReport] = []
    session.judge_calls = session.judge_tokens = 0
    calls_before = judge_use(run)
    if checks:
        run.start_build(number).stop()  # check the work tree out at the session's commit and warm the image
        verifier = Verifier(
            run.provider,
            run.spec(session.commit),
            run.parts.judge,
            run.benchmark,
            replays=run.config.repro_replays,
        )
        result = verifier.run(checks, gate=False)  # the repair pipeline gated this commit already
        for check in result.bugs:
            bug = run.record.bugs[check.key]
            target = check.target_status
            if target is not None and target != bug.status:
                move(run, bug, target, number, session.commit, check.reason)
            if check.stability is not None and check.stability.flaky:
                bug.flaky = check.stability
            session.verifications.append(
                VerificationRecord(
                    fingerprint=bug.fingerprint,
                    ground_truth_id=bug.ground_truth_id,
                    replay_fixed=check.replay_fixed,
                    probe_fixed=check.probe_fixed,
                    verdict=str(check.verdict),
                    judge=str(check.judge) if check.judge else None,
                    false_fix=check.false_fix,
                    detail=check.detail,
                    repro=check.stability,
                )
            )
        findings = result.findings
    findings += replay_corpus(run, number)
    run.write_session_reports(number, "findings.json", findings)
    _count_judge_use(run, session, calls_before)
    run.mark(number, "verify")


def qa_session(run: LoopRun, number: int, build: RunningBuild) -> None:
    """Play the build with the QA agent; its confirmed reports are saved for the critic.

    A game that dies mid-session, or whose failure ended the agent's session (a reply outside the agent API,
    a QA agent that let a game error out), is a crash candidate: it is recorded, the sandbox is restarted (or
    started anew) and the agent plays on with the steps that are left; the reports from before are kept.
    """
    if run.done(number, "qa"):
        return
    session = run.session(number)
    agent = run.parts.qa_agent
    agent.prepare(run.game, run.repo_dir, run.config.mode)
    agent.know_origins(run.commit_origins())
    out_dir = run.session_dir(number)
    session.crashes, session.qa_steps, session.qa_wall_seconds = [], 0, 0.0
    session.qa_tokens, session.qa_cost_usd, session.qa_counts = 0, 0.0, {}
    session.qa_agenda = None
    reports: dict[str, BugReport] = {}
    replacements: list[RunningBuild] = []
    try:
        for attempt in range(MAX_GAME_RESTARTS + 1):
            with run.client(build) as client:
                try:
                    result = agent.run_session(
                        client,
                        build_commit=session.commit,
                        steps=run.config.steps - session.qa_steps,
                        seed=run.config.seed + number + 1000 * attempt,
                        out_dir=out_dir,
                    )
                except GameError as exc:  # a QA agent that does not handle the game's failure itself
                    result = QASessionResult(
                        reports=[],
                        steps=0,
                        games_started=0,
                        wall_seconds=0.0,
                        trace_path=out_dir / "trace.jsonl",
                        stopped_because=f"{agent.name} stopped on the game: {exc}",
                        game_failure=f"{type(exc).__name__}: {exc}",
                    )
                alive = not result.game_failure and build.is_alive() and client.health()
            for report in result.reports:
                reports.setdefault(report.fingerprint, report)
            session.qa_steps += result.steps
            session.qa_wall_seconds = round(session.qa_wall_seconds + result.wall_seconds, 3)
            session.qa_tokens += result.tokens
            session.qa_cost_usd += result.cost_usd
            for key, value in result.counts.items():
                session.qa_counts[key] = session.qa_counts.get(key, 0) + value
            if result.agenda is not None:
                kept: TestAgenda | None = session.qa_agenda  # None when this session had none yet
                session.qa_agenda = result.agenda if kept is None else kept.merged(result.agenda)
            session.trace_path = str(Path(result.trace_path).relative_to(run.run_dir))
            log.info(
                "session %d: %s played %d steps, %d report(s) (%s)",
                number,
                agent.name,
                result.steps,
                len(result.reports),
                result.stopped_because,
            )
            if alive:
                break
            crash = CrashRecord(
                after_step=session.qa_steps,
                detail=result.game_failure or result.stopped_because,
                game_logs=build.logs(40),
                recovery="not recovered",
            )
            session.crashes.append(crash)
            _trace_crash(Path(result.trace_path), session.qa_steps, crash.detail)
            if attempt == MAX_GAME_RESTARTS or session.qa_steps >= run.config.steps:
                break
            build, crash.recovery = _recover(run, number, build)
            if crash.recovery == "started anew":
                replacements.append(build)
            log.warning(
                "session %d: the game died after step %d; %s", number, crash.after_step, crash.recovery
            )
            run.save()
    finally:
        for replacement in replacements:
            replacement.stop()
    run.write_session_reports(number, "reports.json", list(reports.values()))
    run.mark(number, "qa")


def _recover(run: LoopRun, number: int, build: RunningBuild) -> tuple[RunningBuild, str]:
    """Bring the game back: restart the dead build in place, else start the session's commit anew."""
    try:
        build.restart()
        return build, "restarted in place"
    except SandboxError as exc:
        log.info("session %d: restart in place failed (%s); starting a new build", number, exc)
    return run.start_build(number), "started anew"


def _trace_crash(trace_path: Path, step: int, detail: str) -> None:
    with SessionTrace(trace_path) as trace:
        trace.append(
            step=step, game_id="", command=None, latency_ms=0.0, observation={"crash": detail}, kind="crash"
        )


def criticize(run: LoopRun, number: int) -> None:
    """Sort the session's reports into new bugs and duplicates, as a user's loop sees them: the same
    fingerprint, or a replay the judge finds to show a tracked bug. In benchmark mode the critic then scores
    each new bug (its ground-truth match, or a false positive); the score changes nothing the loop does."""
    if run.done(number, "critic"):
        return
    session = run.session(number)
    session.new_bugs, session.duplicates, session.false_positives, session.matches = [], [], [], {}
    session.duplicate_of = []
    fresh: list[BugReport] = []
    for report in run.session_reports(number):
        known = run.record.bugs.get(report.fingerprint)
        if known is not None or report.fingerprint in {r.fingerprint for r in fresh}:
            _record_duplicate(run, number, report.fingerprint, known, "the same fingerprint")
        else:
            fresh.append(report)
    calls_before = judge_use(run)
    fresh = _drop_replayed_duplicates(run, number, fresh)
    matched = _match(run, number, fresh)
    _count_judge_use(run, session, calls_before)
    for report in fresh:
        bug_id = matched.get(report.fingerprint)
        session.matches[report.fingerprint] = bug_id
        if run.benchmark is not None and bug_id is None:
            session.false_positives.append(report.fingerprint)
        session.new_bugs.append(report.fingerprint)
        run.record.bugs[report.fingerprint] = TrackedBug(
            fingerprint=report.fingerprint,
            report=report,
            ground_truth_id=bug_id,
            found_in_session=number,
            history=BugLifecycle.opened(number, session.commit, f"reported by {report.source}").events,
            flaky=_confirmed_flaky(report),
        )
    update_metrics(run)
    run.mark(number, "critic")


def _confirmed_flaky(report: BugReport) -> ReproStability | None:
    """How often the repro showed the bug when the QA agent confirmed it, when its replays disagreed."""
    stability = ReproStability(replays=report.replays, present=report.replays_showing)
    return stability if stability.flaky else None


def judge_use(run: LoopRun) -> tuple[int, int]:
    """The model calls and tokens the run's judge has used so far (0, 0 for a judge without a model)."""
    judge = run.parts.judge
    return int(getattr(judge, "model_calls", 0)), int(getattr(judge, "tokens", 0))


def _count_judge_use(run: LoopRun, session: SessionRecord, before: tuple[int, int]) -> None:
    calls, tokens = judge_use(run)
    session.judge_calls += calls - before[0]
    session.judge_tokens += tokens - before[1]


def _record_duplicate(
    run: LoopRun, number: int, fingerprint: str, known: TrackedBug | None, why: str, of: str | None = None
) -> None:
    """A report of a bug the loop tracks (or of one reported earlier this session, `of`): a verified fix that
    QA shows again has regressed."""
    session = run.session(number)
    session.duplicates.append(fingerprint)
    session.matches[fingerprint] = known.ground_truth_id if known else None
    original = known.fingerprint if known is not None else of
    if original is not None and original != fingerprint:
        session.duplicate_of.append(DuplicateRecord(fingerprint=fingerprint, of=original, detail=why))
    if known is not None and known.status == BugStatus.VERIFIED_FIXED:
        move(run, known, BugStatus.REGRESSED, number, session.commit, f"QA found it again ({why})")


def _drop_replayed_duplicates(run: LoopRun, number: int, fresh: list[BugReport]) -> list[BugReport]:
    """The new reports that show no bug the loop tracks (nor one reported before them this session), decided
    on evidence (loop.run.bug_identity): a report with none is a bug of its own."""
    tracked = list(run.record.bugs.values())
    if not fresh or (not tracked and len(fresh) < 2):
        return fresh
    kept: list[BugReport] = []
    with run.start_build(number) as build, run.client(build) as client:
        evidence = DuplicateEvidence(run.parts.judge, client, replays_left=MAX_DUPLICATE_REPLAYS)
        for report in fresh:
            candidates = [(bug.report, bug) for bug in tracked] + [(earlier, None) for earlier in kept]
            found = next(
                ((claim, bug, why) for claim, bug in candidates if (why := evidence.same_bug(claim, report))),
                None,
            )
            if found is None:
                kept.append(report)
                continue
            claim, bug, why = found
            _record_duplicate(run, number, report.fingerprint, bug, why, of=claim.fingerprint)
            log.info("session %d: %s is a duplicate: %s", number, report.fingerprint, why)
    return kept


def _match(run: LoopRun, number: int, reports: list[BugReport]) -> dict[str, str | None]:
    """The configured critic's matches (`both`: the differential critic decides, the LLM critic's
    disagreements are logged)."""
    if run.benchmark is None or not reports:
        return {}
    session = run.session(number)
    context = CriticContext(
        provider=run.provider,
        manifest=run.game.manifest,
        repo_dir=run.repo_dir,
        commit=session.commit,
        judge=run.parts.judge,
        work_dir=run.run_dir / "critic",
        run_id=run.run_id,
    )
    critics: list[Critic] = [critic.from_context(context) for critic in run.parts.critics]
    panel = run_critics(critics, reports, run.benchmark)
    for disagreement in panel.disagreements:
        log.warning("critics disagree on %s (%s): %s", disagreement.fingerprint, disagreement.title,
                    disagreement.verdicts)  # fmt: skip
    return {m.fingerprint: (None if m.duplicate else m.bug_id) for m in panel.matches[panel.primary]}


def decide_stop(run: LoopRun, number: int) -> bool:
    """Stop at max rounds, or after a session that verified everything pending, found nothing new, and left
    nothing open (the paper's third session)."""
    session = run.session(number)
    if number >= run.config.max_rounds:
        run.finish(f"max rounds ({run.config.max_rounds}) reached")
        return True
    statuses = [BugStatus(bug.status) for bug in run.record.bugs.values()]
    if not session.new_bugs and not any(s in UNRESOLVED or s == BugStatus.PATCHED for s in statuses):
        run.finish(f"session {number} verified everything pending, found nothing new, and nothing is open")
        return True
    return False


def repair(run: LoopRun, number: int) -> None:
    """Give the unresolved bugs to the repair agent on this round's branch; a patched commit is the head."""
    if run.done(number, "repair"):
        return
    session = run.session(number)
    unresolved = [bug for bug in run.record.bugs.values() if BugStatus(bug.status) in UNRESOLVED]
    agent = run.parts.repair_agent
    if agent.needs_culprit:
        unresolved = [bug for bug in unresolved if _culprit(bug)]
    if unresolved:
        budget = RepairBudget(wall_seconds=run.config.repair_timeout_s)
        with RepairRound(
            run.game,
            run.repo_dir,
            run.run_dir,
            run.run_id,
            number,
            base=session.commit,
            provider=run.provider,
            on_progress=lambda message: log.info("repair: %s", message),
            # A run killed mid-repair left attempts run.json never recorded: redo the round from its base,
            # so every attempt kept on the branch is one the record (and the ledger) knows.
            restart=True,
        ) as round_:
            attempts = round_.run(
                agent,
                [_repair_report(run, bug) for bug in unresolved],
                budget,
                per_report=run.config.reports_per_attempt == "one",
            )
            head = round_.head
        session.attempts = [attempt_record(attempt) for attempt in attempts]
        for attempt in attempts:
            if attempt.outcome == Outcome.PATCHED:
                for fingerprint in attempt.reports:
                    move(
                        run,
                        run.record.bugs[fingerprint],
                        BugStatus.PATCHED,
                        number,
                        attempt.commit or head,
                        f"{attempt.agent} patch {str(attempt.commit)[:10]}, gate green",
                    )
        run.record.head_commit = head
        update_metrics(run)
    run.mark(number, "repair")


def _repair_report(run: LoopRun, bug: TrackedBug) -> BugReport:
    """The bug as the repair agent gets it, with the commit that brought it in when it was bisected."""
    report = bug.repair_report()
    culprit = _culprit(bug)
    origin = run.record.origin
    if culprit and origin is not None and origin.clone:
        history = culprit_text(Path(origin.clone), culprit, run.game.manifest.hidden_paths)
        report = report.model_copy(update={"came_in_with": history})
    return report


def _culprit(bug: TrackedBug) -> str | None:
    """The commit that brought the bug in, when bisection named one."""
    return bug.bisection.culprit if bug.bisection and bug.bisection.kind == "regression" else None


def publish(run: LoopRun) -> None:
    """At the end of the run: the verified fixes on one branch with a pull-request description (pushed to
    the configured remote). Redone on a resumed run, so the branch always matches run.json."""
    if not any(bug.status == BugStatus.VERIFIED_FIXED for bug in run.record.bugs.values()):
        log.info("%s: no verified fix, so no fixes branch and no pull-request text", run.run_id)
        run.record.fixes = None
        run.save()
        return
    run.record.fixes = publish_fixes(run.record, run.repo_dir, run.run_dir, run.config.push_to)
    run.save()
    run.mirror()  # the applied fixes' real commits, in place of the view's

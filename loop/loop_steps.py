"""The steps of one session of a `LoopRun`: verify, QA, critic, stop rule, repair.

Each step is idempotent: it returns at once when the record says it finished, and records itself as finished
only after its results are saved, so a run killed in the middle of a step redoes that step and nothing else.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from loop.closed_loop import LoopRun
from loop.critic.base import Critic, run_critics
from loop.critic.differential import DifferentialCritic
from loop.critic.llm import LLMCritic
from loop.explorer.replay import replay_report
from loop.game_client import GameClient
from loop.lifecycle import UNRESOLVED, BugStatus, check_transition
from loop.llm import model_for
from loop.metrics import ReportFacts, SessionFacts, loop_metrics
from loop.models import BugReport
from loop.qa import get_qa_agent
from loop.repair.pipeline import RepairRound
from loop.repair.protocol import Outcome, RepairBudget, attempt_record
from loop.run_record import CrashRecord, LifecycleEvent, TrackedBug, VerificationRecord
from loop.trace import SessionTrace
from loop.verification import TrackedBug as BugUnderCheck
from loop.verification import Verifier
from repair_agents.registry import AgentContext, create_agent
from sandboxes.base import RunningBuild, SandboxError

log = logging.getLogger(__name__)

# A game that keeps dying is restarted this many times in one QA session, then the session ends.
MAX_GAME_RESTARTS = 3


def move(run: LoopRun, bug: TrackedBug, target: BugStatus, session: int, commit: str, reason: str) -> None:
    check_transition(BugStatus(bug.status), target)
    bug.history.append(
        LifecycleEvent(
            session=session, commit=commit, from_status=bug.status, to_status=target, reason=reason
        )
    )
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
    """Replay every patched bug (and re-check every verified one) on the session's build, with the probes."""
    if run.done(number, "verify"):
        return
    session = run.session(number)
    checks = [
        BugUnderCheck(
            key=bug.fingerprint,
            report=bug.report,
            status=BugStatus(bug.status),
            ground_truth=run.benchmark.bug(bug.ground_truth_id)
            if run.benchmark and bug.ground_truth_id
            else None,
        )
        for bug in run.record.bugs.values()
        if bug.status in (BugStatus.PATCHED, BugStatus.VERIFIED_FIXED)
    ]
    session.verifications = []
    findings: list[BugReport] = []
    if checks:
        run.start_build(number).stop()  # check the work tree out at the session's commit and warm the image
        verifier = Verifier(run.provider, run.spec(session.commit), replay_report, run.benchmark)
        result = verifier.run(checks, gate=False)  # the repair pipeline gated this commit already
        for check in result.bugs:
            bug = run.record.bugs[check.key]
            target = check.target_status
            if target is not None and target != bug.status:
                move(run, bug, target, number, session.commit, check.reason)
            session.verifications.append(
                VerificationRecord(
                    fingerprint=bug.fingerprint,
                    ground_truth_id=bug.ground_truth_id,
                    replay_fixed=check.replay_fixed,
                    probe_fixed=check.probe_fixed,
                    verdict=str(check.verdict),
                    detail=check.detail,
                )
            )
        findings = result.findings
    run.write_session_reports(number, "findings.json", findings)
    run.mark(number, "verify")


def qa_session(run: LoopRun, number: int, build: RunningBuild) -> None:
    """Play the build with the QA agent; its confirmed reports are saved for the critic.

    A game that dies mid-session is a crash candidate: it is recorded, the sandbox is restarted (or started
    anew) and the agent plays on with the steps that are left; the reports from before the crash are kept.
    """
    if run.done(number, "qa"):
        return
    session = run.session(number)
    agent = get_qa_agent(run.config.qa_agent, progress=lambda message: log.info("qa: %s", message))
    for_game = getattr(agent, "for_game", None)  # agents that read the repo (QA mode) or remember per game
    if for_game is not None:
        for_game(run.game, run.repo_dir, run.config.mode)
    out_dir = run.session_dir(number)
    session.crashes, session.qa_steps, session.qa_wall_seconds = [], 0, 0.0
    session.qa_tokens, session.qa_cost_usd, session.qa_counts = 0, 0.0, {}
    reports: dict[str, BugReport] = {}
    replacements: list[RunningBuild] = []
    try:
        for attempt in range(MAX_GAME_RESTARTS + 1):
            with GameClient(build.url, strip_fields=run.game.manifest.strip_fields) as client:
                result = agent.run_session(
                    client,
                    build_commit=session.commit,
                    steps=run.config.steps - session.qa_steps,
                    seed=run.config.seed + number + 1000 * attempt,
                    out_dir=out_dir,
                )
                alive = build.is_alive() and client.health()
            for report in result.reports:
                reports.setdefault(report.fingerprint, report)
            session.qa_steps += result.steps
            session.qa_wall_seconds = round(session.qa_wall_seconds + result.wall_seconds, 3)
            session.qa_tokens += result.tokens
            session.qa_cost_usd += result.cost_usd
            for key, value in result.counts.items():
                session.qa_counts[key] = session.qa_counts.get(key, 0) + value
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
                detail=result.stopped_because,
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
    """Sort the session's reports into new bugs, duplicates and (benchmark mode) false positives."""
    if run.done(number, "critic"):
        return
    session = run.session(number)
    session.new_bugs, session.duplicates, session.false_positives, session.matches = [], [], [], {}
    fresh: list[BugReport] = []
    for report in run.session_reports(number):
        known = run.record.bugs.get(report.fingerprint)
        if known is not None or report.fingerprint in {r.fingerprint for r in fresh}:
            session.duplicates.append(report.fingerprint)
            session.matches[report.fingerprint] = known.ground_truth_id if known else None
            if known is not None and known.status == BugStatus.VERIFIED_FIXED:
                move(run, known, BugStatus.REGRESSED, number, session.commit, "QA found it again")
        else:
            fresh.append(report)
    matched = _match(run, number, fresh)
    tracked_ids = {bug.ground_truth_id for bug in run.record.bugs.values() if bug.ground_truth_id}
    for report in fresh:
        bug_id = matched.get(report.fingerprint)
        session.matches[report.fingerprint] = bug_id
        if run.benchmark is not None and bug_id is None:
            session.false_positives.append(report.fingerprint)
        elif bug_id is not None and bug_id in tracked_ids:
            session.duplicates.append(report.fingerprint)
            continue
        tracked_ids.add(bug_id)
        session.new_bugs.append(report.fingerprint)
        run.record.bugs[report.fingerprint] = TrackedBug(
            fingerprint=report.fingerprint,
            report=report,
            ground_truth_id=bug_id,
            found_in_session=number,
            history=[
                LifecycleEvent(
                    session=number,
                    commit=session.commit,
                    from_status=None,
                    to_status="open",
                    reason=f"reported by {report.source}",
                )
            ],
        )
    update_metrics(run)
    run.mark(number, "critic")


def _match(run: LoopRun, number: int, reports: list[BugReport]) -> dict[str, str | None]:
    """The configured critic's matches (`both`: the differential critic decides, the LLM critic's
    disagreements are logged)."""
    if run.benchmark is None or not reports:
        return {}
    session = run.session(number)
    critics: list[Critic] = []
    if run.config.critic in ("differential", "both"):
        critics.append(
            DifferentialCritic(
                run.provider,
                run.game.manifest,
                run.repo_dir,
                session.commit,
                replay_report,
                run.run_dir / "critic",
                run_id=run.run_id,
            )  # fmt: skip
        )
    if run.config.critic in ("llm", "both"):
        critics.append(LLMCritic(model_for("critic")))
    panel = run_critics(critics, reports, run.benchmark)
    for disagreement in panel.disagreements:
        log.warning("critics disagree on %s (%s): %s", disagreement.fingerprint, disagreement.title,
                    disagreement.verdicts)  # fmt: skip
    return {m.fingerprint: (None if m.duplicate else m.bug_id) for m in panel.matches[panel.primary]}


def session_fingerprints(session) -> list[str]:
    """Each report of the session once (a false positive is also a new bug the loop tracks)."""
    return list(dict.fromkeys([*session.new_bugs, *session.duplicates, *session.false_positives]))


def update_metrics(run: LoopRun) -> None:
    """Recompute every session's cumulative Table-7 metrics from the record."""
    history = []
    for session in run.record.sessions:
        keys = {
            bug.fingerprint: (bug.ground_truth_id if run.benchmark else bug.fingerprint)
            for bug in run.record.bugs.values()
        }

        def verdict_keys(verdict: str, session=session, keys=keys) -> set[str]:
            return {
                keys[v.fingerprint]
                for v in session.verifications
                if v.verdict == verdict and keys.get(v.fingerprint)
            }

        history.append(
            SessionFacts(
                number=session.number,
                reports=[
                    ReportFacts(fp, session.matches.get(fp) if run.benchmark else fp)
                    for fp in session_fingerprints(session)
                ],
                verified_fixed=verdict_keys("verified_fixed"),
                regressed=verdict_keys("regressed"),
                patched={
                    keys[fp]
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
    metrics = loop_metrics(history, run.benchmark.bugs if run.benchmark else None)
    for session, row in zip(run.record.sessions, metrics.sessions, strict=True):
        session.metrics = row.to_record()


def run_to_stop(run: LoopRun, after_session: Callable[[int], None] | None = None) -> None:
    """Every step of every session until the stop rule, in this process: what the Prefect flow does, with
    each step a task there. `after_session` is told each session's number once it is over."""
    while (number := run.next_session()) is not None:
        verify(run, number)
        if not run.done(number, "qa"):
            build = run.start_build(number)
            try:
                qa_session(run, number, build)
            finally:
                build.stop()
        criticize(run, number)
        stop = decide_stop(run, number)
        if not stop:
            repair(run, number)
        if after_session is not None:
            after_session(number)
        if stop:
            return


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
    if unresolved:
        context = AgentContext(
            benchmark=run.benchmark,
            matches={bug.fingerprint: bug.ground_truth_id for bug in unresolved if bug.ground_truth_id},
            options=dict(run.config.models),
        )
        agent = create_agent(run.config.repair_agent, context)
        budget = RepairBudget(wall_seconds=run.config.repair_timeout_s)
        with RepairRound(
            run.game,
            run.repo_dir,
            run.run_dir,
            run.run_id,
            number,
            base=session.commit,
            backend=run.config.backend,
            on_progress=lambda message: log.info("repair: %s", message),
            # A run killed mid-repair left attempts run.json never recorded: redo the round from its base,
            # so every attempt kept on the branch is one the record (and the ledger) knows.
            restart=True,
        ) as round_:
            attempts = round_.run(
                agent,
                [bug.repair_report() for bug in unresolved],
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

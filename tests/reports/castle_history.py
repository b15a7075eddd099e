"""A scripted three-session CASTLE run, as the loop would record it, matching the paper's Table 7:
session 1 finds BUG-2 and BUG-3 and the gold agent patches both; session 2 verifies them, finds BUG-1,
which is patched; session 3 verifies BUG-1 and finds nothing new."""

from __future__ import annotations

from loop.contract.models import BugReport, BugType
from loop.run.config import LoopConfig
from loop.run.record import (
    AttemptRecord,
    GroundTruthSummary,
    LifecycleEvent,
    RunRecord,
    SessionMetrics,
    SessionRecord,
    TrackedBug,
    VerificationRecord,
)

COMMITS = ["a1" * 20, "b2" * 20, "c3" * 20, "d4" * 20]

REPORTS = {
    "BUG-2": BugReport(
        title="Bedroom description reveals the small key before the drawer is opened",
        symptom="The room text mentions the small key while the drawer is still closed.",
        expected="The key is mentioned only after `open drawer`.",
        observed="'A small key glints inside the drawer.' is shown on entering the bedroom.",
        mechanic="room description",
        bug_type=BugType.DESCRIPTION_FLAW,
        repro=["go north", "go east", "look"],
        evidence="> look\nBedroom. A small key glints inside the drawer. | exits: west",
        build_commit=COMMITS[0],
    ),
    "BUG-3": BugReport(
        title="Dropped item missing from the room description",
        symptom="After `drop lamp` the lamp is not listed in the room.",
        expected="The room lists the lamp among its items.",
        observed="Room description lists no items; state.room.items has 'lamp'.",
        mechanic="drop",
        bug_type=BugType.DATA_INCONSISTENCY,
        repro=["take lamp", "drop lamp", "look"],
        evidence="```\n> drop lamp\nDropped.\n> look\nGreat hall.\n```",
        build_commit=COMMITS[0],
        oracle="take_drop_symmetry",
        oracle_subject="lamp",
    ),
    "BUG-1": BugReport(
        title="Two key fragments are enough to combine the key",
        symptom="`combine fragments` succeeds with fragments A and B only.",
        expected="Combining needs all three fragments.",
        observed="'You combine the fragments into a key.' with two fragments.",
        mechanic="combine",
        bug_type=BugType.LOGIC_ERROR,
        repro=["go east", "take fragment b", "go down", "take fragment c", "combine fragments"],
        evidence="> combine fragments\nYou combine the fragments into a key.",
        build_commit=COMMITS[1],
    ),
}
FP = {gt: report.fingerprint for gt, report in REPORTS.items()}


def _event(session: int, frm: str | None, to: str, reason: str) -> LifecycleEvent:
    return LifecycleEvent(
        session=session, commit=COMMITS[session - 1], from_status=frm, to_status=to, reason=reason
    )


def _attempt(gt_ids: list[str], session: int, tokens: int, cost: float) -> AttemptRecord:
    name = f"round-{session}-gold"
    return AttemptRecord(
        agent="gold",
        fingerprints=[FP[g] for g in gt_ids],
        outcome="patched",
        commit=COMMITS[session],
        files_changed=len(gt_ids),
        lines_added=4 * len(gt_ids),
        lines_removed=2 * len(gt_ids),
        tokens_in=tokens,
        tokens_out=tokens // 10,
        cost_usd=cost,
        wall_seconds=1.5 * len(gt_ids),
        patch_path=f"patches/{name}.diff",
        transcript_path=f"transcripts/{name}.jsonl",
    )


def _metrics(discovered: int, fixed: int, new: int) -> SessionMetrics:
    return SessionMetrics(
        ground_truth_total=3,
        discovered=discovered,
        fixed_verified=fixed,
        discovery_rate=discovered / 3,
        fixing_rate=fixed / 3,
        confirmed_bugs=discovered,
        new_reports=new,
        bugs_confirmed=discovered,
        fixes_verified=fixed,
    )


def _verified(gt_id: str) -> VerificationRecord:
    return VerificationRecord(
        fingerprint=FP[gt_id],
        ground_truth_id=gt_id,
        replay_fixed=True,
        probe_fixed=True,
        verdict="verified_fixed",
    )


def castle_history() -> RunRecord:
    steps = ["build", "verify", "qa", "critic", "repair"]
    sessions = [
        SessionRecord(
            number=1,
            commit=COMMITS[0],
            finished_steps=steps,
            qa_steps=300,
            qa_wall_seconds=42.0,
            trace_path="traces/session-1.jsonl",
            new_bugs=[FP["BUG-2"], FP["BUG-3"]],
            matches={FP["BUG-2"]: "BUG-2", FP["BUG-3"]: "BUG-3"},
            attempts=[_attempt(["BUG-2", "BUG-3"], 1, tokens=1200, cost=0.25)],
            gate_passed=True,
            metrics=_metrics(2, 0, 2),
        ),
        SessionRecord(
            number=2,
            commit=COMMITS[1],
            finished_steps=steps,
            verifications=[_verified("BUG-2"), _verified("BUG-3")],
            qa_steps=300,
            qa_wall_seconds=40.5,
            trace_path="traces/session-2.jsonl",
            new_bugs=[FP["BUG-1"]],
            matches={FP["BUG-1"]: "BUG-1"},
            attempts=[_attempt(["BUG-1"], 2, tokens=800, cost=0.5)],
            gate_passed=True,
            metrics=_metrics(3, 2, 1),
        ),
        SessionRecord(
            number=3,
            commit=COMMITS[2],
            finished_steps=["build", "verify", "qa", "critic"],
            verifications=[_verified("BUG-1")],
            qa_steps=300,
            qa_wall_seconds=39.0,
            trace_path="traces/session-3.jsonl",
            metrics=_metrics(3, 3, 0),
        ),
    ]
    found_in = {"BUG-2": 1, "BUG-3": 1, "BUG-1": 2}
    bugs = {}
    for gt_id, report in REPORTS.items():
        found = found_in[gt_id]
        bugs[FP[gt_id]] = TrackedBug(
            fingerprint=FP[gt_id],
            report=report,
            ground_truth_id=gt_id,
            status="verified_fixed",
            found_in_session=found,
            history=[
                _event(found, None, "open", "reported by explorer; critic matched " + gt_id),
                _event(found, "open", "patched", "gold patched it"),
                _event(found + 1, "patched", "verified_fixed", "replay clean and probe quiet"),
            ],
        )
    return RunRecord(
        run_id="castle-20261122-0001",
        config=LoopConfig(game="castle", qa_agent="explorer", repair_agent="gold", max_rounds=3),
        status="finished",
        stop_reason="verification session found nothing new and nothing is open",
        finished_at="2026-11-22T10:00:00+00:00",
        repo_dir="/tmp/castle-repo",
        base_commit=COMMITS[0],
        head_commit=COMMITS[2],
        ground_truth=[
            GroundTruthSummary(id="BUG-1", bug_type="logic error", difficulty="easy"),
            GroundTruthSummary(id="BUG-2", bug_type="description flaw", difficulty="easy"),
            GroundTruthSummary(id="BUG-3", bug_type="data inconsistency", difficulty="medium"),
        ],
        bugs=bugs,
        sessions=sessions,
    )

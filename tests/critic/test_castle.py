"""The critic and verification on CASTLE itself: its hidden probes and gold patches, reports written by hand
from the paper's bug descriptions (as a QA agent would have written them), and a made-up report."""

from pathlib import Path

import pytest

from loop.contract.benchmark import Benchmark
from loop.contract.game import materialize
from loop.critic.differential import DifferentialCritic
from loop.run.lifecycle import BugStatus
from loop.sandbox import BuildSpec, get_provider
from loop.verification.round_verification import Verdict, Verifier
from tests.critic.conftest import commit_patch, make_report, oracle_judge, tracked_bug

pytestmark = pytest.mark.slow

KEY_IN_CLOSED_DRAWER = make_report(
    "Bedroom description reveals the small key while the drawer is shut",
    ["north", "east", "look"],
    "mentions",
    "small key",
    "room description",
)
DROPPED_MATCHES = make_report(
    "Dropped matches do not appear in the corridor description",
    ["take matches", "north", "drop matches", "look"],
    "omits",
    "matches",
    "drop",
)
DROPPED_CANDLESTICK = make_report(
    "A dropped candlestick is missing from the room description",
    ["take candlestick", "north", "drop candlestick", "look"],
    "omits",
    "candlestick",
    "drop",
)
GHOST = make_report("A ghost blocks the hall", ["look"], "mentions", "ghost blocks", "room description")
PARTIAL_FIX = (Path(__file__).parent / "castle_partial_fix_bug3.diff").read_text()


@pytest.fixture
def castle_benchmark(castle):
    return Benchmark(castle)


@pytest.fixture
def castle_repo(castle, tmp_path):
    return materialize(castle, tmp_path / "workspace")


def verify(castle, benchmark, repo_dir, commit, bugs, gate=True):
    spec = BuildSpec(repo_dir, castle.manifest, commit)
    return Verifier(get_provider("process"), spec, oracle_judge, benchmark).run(bugs, gate=gate)


def tracked(benchmark, status, drop_report=DROPPED_MATCHES):
    return [
        tracked_bug("BUG-2", KEY_IN_CLOSED_DRAWER, status, "BUG-2"),
        tracked_bug("BUG-3", drop_report, status, "BUG-3"),
    ]


def test_differential_critic_matches_castle_reports_and_nothing_for_a_false_one(
    castle, castle_benchmark, castle_repo, tmp_path
):
    repo_dir, commit = castle_repo
    critic = DifferentialCritic(
        get_provider("process"), castle.manifest, repo_dir, commit, oracle_judge, tmp_path / "variants"
    )
    matches = critic.match(
        [KEY_IN_CLOSED_DRAWER, DROPPED_MATCHES, DROPPED_CANDLESTICK, GHOST], castle_benchmark
    )
    assert [(m.bug_id, m.duplicate) for m in matches] == [
        ("BUG-2", False),
        ("BUG-3", False),
        ("BUG-3", True),
        (None, False),
    ]
    assert critic.skipped == {}


def test_castle_gold_fixes_are_verified_by_replay_and_probe_and_pass_the_gate(
    castle, castle_benchmark, castle_repo
):
    repo_dir, _ = castle_repo
    for bug_id in ("BUG-2", "BUG-3"):
        commit = commit_patch(
            repo_dir, castle_benchmark.gold_patch(castle_benchmark.bug(bug_id)), f"fix {bug_id}"
        )
    result = verify(castle, castle_benchmark, repo_dir, commit, tracked(castle_benchmark, BugStatus.PATCHED))
    assert result.by_verdict(Verdict.VERIFIED_FIXED) == ["BUG-2", "BUG-3"]
    assert result.gate.tests_passed and result.gate.walkthrough_won


def test_castle_fix_of_only_the_reported_item_is_a_false_fix_the_probe_reveals(
    castle, castle_benchmark, castle_repo
):
    repo_dir, _ = castle_repo
    commit = commit_patch(repo_dir, PARTIAL_FIX, "refresh the view when the candlestick is dropped")
    bugs = tracked(castle_benchmark, BugStatus.PATCHED, drop_report=DROPPED_CANDLESTICK)
    result = verify(castle, castle_benchmark, repo_dir, commit, bugs, gate=False)
    drop = result.bugs[1]
    assert (drop.verdict, drop.replay_fixed, drop.probe_fixed) == (Verdict.VERIFIED_FIXED, True, False)
    assert drop.false_fix and "BUG-3 still fires" in drop.detail


def test_castle_regression_is_detected_when_a_later_commit_undoes_a_fix(
    castle, castle_benchmark, castle_repo
):
    repo_dir, _ = castle_repo
    for bug_id in ("BUG-2", "BUG-3"):
        commit_patch(repo_dir, castle_benchmark.gold_patch(castle_benchmark.bug(bug_id)), f"fix {bug_id}")
    undone = commit_patch(
        repo_dir, castle_benchmark.gold_patch(castle_benchmark.bug("BUG-3")), "tidy drop", reverse=True
    )
    result = verify(
        castle,
        castle_benchmark,
        repo_dir,
        undone,
        tracked(castle_benchmark, BugStatus.VERIFIED_FIXED),
        gate=False,
    )
    assert result.by_verdict(Verdict.STILL_FIXED) == ["BUG-2"]
    assert result.by_verdict(Verdict.REGRESSED) == ["BUG-3"]

import subprocess
from pathlib import Path

import pytest

from loop.contract.models import BugType
from loop.run.lifecycle import BugStatus
from loop.sandbox import BuildSpec, get_provider
from loop.verification.round_verification import Verdict, Verifier
from tests.critic.conftest import DROPPED_LAMP, KEY_LEAK, MAGIC_WORD, commit_patch, oracle_judge, tracked_bug

PARTIAL_FIX = (Path(__file__).parent / "partial_fix_bug2.diff").read_text()


def tracked(benchmark, status: BugStatus) -> list:
    return [
        tracked_bug("BUG-1", KEY_LEAK, status, "BUG-1"),
        tracked_bug("BUG-2", DROPPED_LAMP, status, "BUG-2"),
    ]


def verify(minigame, benchmark, repo_dir, commit, bugs, gate=True):
    spec = BuildSpec(repo_dir, minigame.manifest, commit)
    return Verifier(get_provider("process"), spec, oracle_judge, benchmark).run(bugs, gate=gate)


@pytest.mark.slow
def test_gold_patches_are_verified_fixed_when_replay_and_probe_agree(minigame, benchmark, repo):
    repo_dir, _ = repo
    for bug in benchmark.bugs:
        commit = commit_patch(repo_dir, benchmark.gold_patch(bug), f"fix {bug.id}")
    result = verify(minigame, benchmark, repo_dir, commit, tracked(benchmark, BugStatus.PATCHED))
    assert result.by_verdict(Verdict.VERIFIED_FIXED) == ["BUG-1", "BUG-2"]
    assert all(check.replay_fixed and check.probe_fixed for check in result.bugs)
    assert [check.target_status for check in result.bugs] == [BugStatus.VERIFIED_FIXED] * 2
    assert result.gate.tests_passed and result.gate.walkthrough_won and result.gate.passed


@pytest.mark.slow
def test_the_judge_decides_and_a_probe_that_disagrees_is_counted_as_a_false_fix(minigame, benchmark, repo):
    repo_dir, _ = repo
    commit = commit_patch(repo_dir, PARTIAL_FIX, "special-case the lamp")
    result = verify(minigame, benchmark, repo_dir, commit, tracked(benchmark, BugStatus.PATCHED), gate=False)
    drop = next(check for check in result.bugs if check.key == "BUG-2")
    # the loop sees what a user's loop sees: the replay no longer shows the bug, so it is verified fixed ...
    assert drop.verdict == Verdict.VERIFIED_FIXED and drop.target_status == BugStatus.VERIFIED_FIXED
    # ... and the hidden probe, a score only, says otherwise: a false fix, shown and never corrected
    assert (drop.replay_fixed, drop.probe_fixed, drop.false_fix) == (True, False, True)
    assert "BUG-2 still fires" in drop.detail
    # nothing fixed BUG-1 at all
    leak = next(check for check in result.bugs if check.key == "BUG-1")
    assert (leak.verdict, leak.target_status) == (Verdict.STILL_OPEN, BugStatus.OPEN)


@pytest.mark.slow
def test_a_patch_that_quiets_the_probe_but_not_the_replay_is_not_verified(minigame, benchmark, repo):
    repo_dir, _ = repo
    commit = commit_patch(repo_dir, PARTIAL_FIX.replace('"lamp"', '"book"'), "special-case the book")
    result = verify(minigame, benchmark, repo_dir, commit, tracked(benchmark, BugStatus.PATCHED), gate=False)
    drop = result.bugs[1]
    assert (drop.verdict, drop.replay_fixed, drop.probe_fixed) == (Verdict.STILL_OPEN, False, True)
    assert drop.target_status == BugStatus.OPEN and not drop.false_fix


@pytest.mark.slow
def test_a_later_commit_that_brings_a_fixed_bug_back_is_a_regression(minigame, benchmark, repo):
    repo_dir, _ = repo
    for bug in benchmark.bugs:
        commit_patch(repo_dir, benchmark.gold_patch(bug), f"fix {bug.id}")
    reverted = commit_patch(
        repo_dir, benchmark.gold_patch(benchmark.bug("BUG-2")), "refactor drop", reverse=True
    )
    result = verify(
        minigame, benchmark, repo_dir, reverted, tracked(benchmark, BugStatus.VERIFIED_FIXED), gate=False
    )
    assert result.by_verdict(Verdict.STILL_FIXED) == ["BUG-1"]
    assert result.by_verdict(Verdict.REGRESSED) == ["BUG-2"]
    regressed = result.bugs[1]
    assert regressed.target_status == BugStatus.REGRESSED and result.bugs[0].target_status is None


@pytest.mark.slow
def test_a_replay_that_crashes_the_game_is_a_finding_and_verification_goes_on(minigame, benchmark, repo):
    repo_dir, commit = repo
    bugs = [tracked_bug("magic", MAGIC_WORD, BugStatus.PATCHED), *tracked(benchmark, BugStatus.PATCHED)]
    result = verify(minigame, benchmark, repo_dir, commit, bugs)
    crash = result.bugs[0]
    assert crash.verdict == Verdict.CRASHED and crash.target_status == BugStatus.OPEN
    assert [f.bug_type for f in result.findings] == [BugType.CRASH]
    assert result.findings[0].repro == ["xyzzy"]
    # the build was restarted: the other bugs were still judged (and are still present on the shipped build)
    assert result.by_verdict(Verdict.STILL_OPEN) == ["BUG-1", "BUG-2"]
    assert result.gate.passed


@pytest.mark.slow
def test_a_crash_report_whose_replay_still_crashes_is_still_open_and_no_new_finding(
    minigame, benchmark, repo
):
    repo_dir, commit = repo
    crash = MAGIC_WORD.model_copy(update={"bug_type": BugType.CRASH})
    patched = verify(
        minigame, benchmark, repo_dir, commit, [tracked_bug("crash", crash, BugStatus.PATCHED)], False
    )
    assert [(c.verdict, c.target_status) for c in patched.bugs] == [(Verdict.STILL_OPEN, BugStatus.OPEN)]
    assert patched.findings == []
    # a crash while re-checking a verified bug is a finding, and the bug keeps its status
    verified = verify(
        minigame,
        benchmark,
        repo_dir,
        commit,
        [tracked_bug("magic", MAGIC_WORD, BugStatus.VERIFIED_FIXED)],
        False,
    )
    assert [(c.verdict, c.target_status) for c in verified.bugs] == [(Verdict.CRASHED, None)]
    assert len(verified.findings) == 1


@pytest.mark.slow
def test_the_regression_gate_fails_when_the_walkthrough_no_longer_wins(minigame, benchmark, repo):
    repo_dir, _ = repo
    game_py = repo_dir / "game.py"
    game_py.write_text(game_py.read_text().replace("self.won = True", "self.won = False"))
    subprocess.run(["git", "commit", "-qam", "break the door"], cwd=repo_dir, check=True)
    commit = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=repo_dir, capture_output=True, text=True
    ).stdout.strip()
    result = verify(minigame, benchmark, repo_dir, commit, [])
    assert result.gate.walkthrough_won is False and result.gate.tests_passed is False
    assert not result.gate.passed
    assert "state['won'] = False" in result.gate.walkthrough_detail


@pytest.mark.slow
def test_without_ground_truth_a_fix_is_verified_by_its_replay_alone(minigame, benchmark, repo):
    repo_dir, _ = repo
    commit = commit_patch(repo_dir, benchmark.gold_patch(benchmark.bug("BUG-1")), "fix the drawer text")
    bugs = [
        tracked_bug(KEY_LEAK.fingerprint, KEY_LEAK, BugStatus.PATCHED),
        tracked_bug(DROPPED_LAMP.fingerprint, DROPPED_LAMP, BugStatus.PATCHED),
    ]
    spec = BuildSpec(repo_dir, minigame.manifest, commit)
    result = Verifier(get_provider("process"), spec, oracle_judge, None).run(bugs, gate=False)
    assert [(c.verdict, c.probe_fixed) for c in result.bugs] == [
        (Verdict.VERIFIED_FIXED, None),
        (Verdict.STILL_OPEN, None),
    ]

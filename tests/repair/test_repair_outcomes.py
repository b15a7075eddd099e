"""Every way an attempt can end, on a real git repository and a real game process."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import git
import pytest
from repair_fixtures import (
    EndpointDown,
    Explode,
    Hang,
    HangOnTitle,
    ReplaceText,
    Unpicklable,
    WriteFiles,
    vault_report,
)

from loop.repair.agents import create_agent
from loop.repair.pipeline import RepairRound
from loop.repair.protocol import Attempt, Outcome, RepairBudget, attempt_record
from loop.sandbox import get_provider

BUDGET = RepairBudget(wall_seconds=60)


def result_json(attempt: Attempt) -> dict:
    return json.loads((Path(attempt.attempt_dir) / "result.json").read_text())


def worktree_is_clean(round_: RepairRound) -> bool:
    repo = git.Repo(round_.branch.worktree_dir)
    return not repo.is_dirty(untracked_files=True)


def test_a_fix_is_committed_on_the_round_branch_and_passes_the_gate(repair_round: RepairRound):
    base = repair_round.head
    fix = ReplaceText(
        "rules.py",
        'state["inventory"].remove(noun)\n',
        'state["inventory"].remove(noun)\n        state["items"].append(noun)\n',
    )
    attempt = repair_round.attempt(fix, [vault_report()], BUDGET)

    assert attempt.outcome == Outcome.PATCHED, attempt.detail
    assert repair_round.branch.branch == "loop/test-run/round-1"
    assert attempt.commit == repair_round.head != base
    commit = git.Repo(repair_round.branch.worktree_dir).commit(attempt.commit)
    assert "A dropped key vanishes" in commit.message and vault_report().fingerprint in commit.message
    assert attempt.diff_stats.files_changed == 1 and attempt.diff_stats.files[0].path == "rules.py"
    assert (attempt.diff_stats.hunks, attempt.diff_stats.added, attempt.diff_stats.removed) == (1, 1, 0)
    assert attempt.gate is not None and attempt.gate.tests_passed and attempt.gate.walkthrough_won
    evidence = Path(attempt.attempt_dir)
    assert '+        state["items"].append(noun)' in (evidence / "patch.diff").read_text()
    assert "walkthrough won: True" in (evidence / "gate.log").read_text()
    assert result_json(attempt)["outcome"] == "patched"
    assert worktree_is_clean(repair_round)
    record = attempt_record(attempt)
    assert (record.outcome, record.commit, record.lines_added) == ("patched", attempt.commit, 1)
    assert Path(record.patch_path or "").read_text() == attempt.diff


def test_noop_ends_as_empty_patch_not_as_unfixed(repair_round: RepairRound):
    base = repair_round.head
    attempt = repair_round.attempt(create_agent("noop"), [vault_report()], BUDGET)

    assert attempt.outcome == Outcome.EMPTY_PATCH
    assert attempt.commit is None and repair_round.head == base
    assert result_json(attempt)["outcome"] == "empty_patch"
    assert Path(attempt.transcript or "").read_text().startswith("noop: left 1 report(s) alone")


def test_an_edit_to_the_games_tests_is_rejected_and_the_tree_restored(repair_round: RepairRound):
    base = repair_round.head
    original = (repair_round.branch.worktree_dir / "tests" / "test_rules.py").read_text()
    cheat = WriteFiles({"tests/test_rules.py": "# all green now\n", "rules.py": "# and the fix\n"})
    attempt = repair_round.attempt(cheat, [vault_report()], BUDGET)

    assert attempt.outcome == Outcome.PATCH_REJECTED_PROTECTED
    assert attempt.detail == "edits protected paths: tests/test_rules.py"
    assert repair_round.head == base
    assert (repair_round.branch.worktree_dir / "tests" / "test_rules.py").read_text() == original
    assert worktree_is_clean(repair_round)
    assert result_json(attempt)["outcome"] == "patch_rejected_protected"
    assert "all green now" in (Path(attempt.attempt_dir) / "patch.diff").read_text()
    assert (attempt.tokens_in, attempt.tokens_out, attempt.cost_usd) == (120, 30, 0.001)


def test_an_edit_to_the_walkthrough_doc_is_rejected(repair_round: RepairRound):
    base = repair_round.head
    attempt = repair_round.attempt(WriteFiles({"docs/walkthrough.txt": "look\n"}), [vault_report()], BUDGET)

    assert attempt.outcome == Outcome.PATCH_REJECTED_PROTECTED
    assert "docs/walkthrough.txt" in attempt.detail
    assert repair_round.head == base
    walkthrough = repair_round.branch.worktree_dir / "docs" / "walkthrough.txt"
    assert walkthrough.read_text().endswith("enter vault\n")


def test_a_syntax_error_fails_the_build_and_the_branch_is_reset(repair_round: RepairRound):
    base = repair_round.head
    attempt = repair_round.attempt(WriteFiles({"rules.py": "def play(:\n"}), [vault_report()], BUDGET)

    assert attempt.outcome == Outcome.BUILD_FAILED
    assert "rules.py" in attempt.detail
    assert repair_round.head == base and attempt.commit is None
    assert "def new_state" in (repair_round.branch.worktree_dir / "rules.py").read_text()
    assert result_json(attempt)["outcome"] == "build_failed"


@pytest.mark.slow
def test_a_server_that_does_not_start_fails_the_build(vault, vault_repo, tmp_path: Path):
    with RepairRound(
        vault, vault_repo[0], tmp_path / "run", "r", 1, ready_timeout=4.0, provider=get_provider("process")
    ) as repair_round:
        base = repair_round.head
        refuse = "import rules\nraise SystemExit('no server today')\n"
        crash = ReplaceText("server.py", "import rules\n", refuse)
        attempt = repair_round.attempt(crash, [vault_report()], BUDGET)

        assert attempt.outcome == Outcome.BUILD_FAILED, attempt.detail
        assert "exited while starting" in attempt.detail and "no server today" in attempt.detail
        assert repair_round.head == base
        assert "no server today" in (Path(attempt.attempt_dir) / "build.log").read_text()


def test_a_patch_that_breaks_the_walkthrough_fails_the_gate(repair_round: RepairRound):
    base = repair_round.head
    breaks_win = ReplaceText("rules.py", 'state["won"] = True', 'state["won"] = False')
    attempt = repair_round.attempt(breaks_win, [vault_report()], BUDGET)

    assert attempt.outcome == Outcome.GATE_FAILED
    assert attempt.gate is not None
    assert attempt.gate.tests_passed is True and attempt.gate.walkthrough_won is False
    assert repair_round.head == base
    assert "walkthrough won: False" in (Path(attempt.attempt_dir) / "gate.log").read_text()


def test_a_patch_that_breaks_the_games_tests_fails_the_gate(repair_round: RepairRound):
    breaks_lock = ReplaceText("rules.py", 'return False, "The vault is locked."', "pass")
    attempt = repair_round.attempt(breaks_lock, [vault_report()], BUDGET)

    assert attempt.outcome == Outcome.GATE_FAILED
    assert attempt.gate is not None and attempt.gate.tests_passed is False
    assert attempt.detail == "regression gate failed: game tests"


@pytest.mark.slow
def test_an_agent_that_hangs_is_stopped_with_its_children(repair_round: RepairRound, tmp_path: Path):
    base = repair_round.head
    pid_file = tmp_path / "child.pid"
    attempt = repair_round.attempt(Hang(pid_file), [vault_report()], RepairBudget(wall_seconds=2))

    assert attempt.outcome == Outcome.AGENT_TIMEOUT
    assert repair_round.head == base and worktree_is_clean(repair_round)
    assert "half-written edit" in attempt.diff  # what it left is kept as evidence
    child = int(pid_file.read_text())
    for _ in range(50):
        if not _alive(child):
            break
        time.sleep(0.1)
    assert not _alive(child)
    assert result_json(attempt)["outcome"] == "agent_timeout"


@pytest.mark.slow
def test_after_a_timeout_the_round_goes_on_to_the_next_report(repair_round: RepairRound):
    reports = [vault_report("hang here"), vault_report("A dropped key vanishes")]
    attempts = repair_round.run(HangOnTitle(), reports, RepairBudget(wall_seconds=2), per_report=True)

    assert [a.outcome for a in attempts] == [Outcome.AGENT_TIMEOUT, Outcome.PATCHED]
    assert [a.reports for a in attempts] == [[reports[0].fingerprint], [reports[1].fingerprint]]
    assert repair_round.head == attempts[1].commit


def test_an_agent_that_raises_is_a_crash_with_its_traceback(repair_round: RepairRound):
    base = repair_round.head
    attempt = repair_round.attempt(Explode(), [vault_report()], BUDGET)

    assert attempt.outcome == Outcome.AGENT_CRASH
    assert "the agent fell over" in attempt.detail
    log = (Path(attempt.attempt_dir) / "agent.log").read_text()
    assert "Traceback" in log and "RuntimeError: the agent fell over" in log
    assert repair_round.head == base and worktree_is_clean(repair_round)


def test_an_agent_that_cannot_reach_its_worker_is_a_crash(repair_round: RepairRound):
    attempt = repair_round.attempt(Unpicklable(), [vault_report()], BUDGET)

    assert attempt.outcome == Outcome.AGENT_CRASH
    assert "picklable" in attempt.detail


def test_an_agent_that_reports_its_endpoint_down_is_an_infrastructure_failure(repair_round: RepairRound):
    base = repair_round.head
    attempt = repair_round.attempt(EndpointDown(), [vault_report()], BUDGET)

    assert attempt.outcome == Outcome.INFRASTRUCTURE_FAILURE
    assert attempt.detail == "model endpoint refused"
    assert repair_round.head == base and worktree_is_clean(repair_round)


def test_one_attempt_for_all_reports_names_them_all(repair_round: RepairRound):
    reports = [vault_report("first"), vault_report("second")]
    attempts = repair_round.run(create_agent("noop"), reports, BUDGET, per_report=False)

    assert len(attempts) == 1
    assert attempts[0].reports == [r.fingerprint for r in reports]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a killed child not yet reaped by its (dead) parent is a zombie: treat it as stopped
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except FileNotFoundError:
        return False


def test_a_repository_without_a_git_identity_still_gets_its_commit(vault, tmp_path: Path):
    repo_dir = tmp_path / "bare-identity"
    repo_dir.mkdir()
    (repo_dir / "README").write_text("x\n")
    repo = git.Repo.init(repo_dir)
    repo.git.execute(["git", "-c", "user.name=a", "-c", "user.email=a@b", "add", "-A"])
    repo.git.execute(["git", "-c", "user.name=a", "-c", "user.email=a@b", "commit", "-m", "init"])
    round_ = RepairRound(vault, repo_dir, tmp_path / "run", "r", 1, provider=get_provider("process"))
    try:
        round_.branch.reset_to(round_.head)
        (round_.branch.worktree_dir / "README").write_text("y\n")
        round_.branch.stage_all()
        commit = round_.branch.commit("repair")
        assert git.Repo(repo_dir).commit(commit).author.name == "closed-loop"
    finally:
        round_.close()


def test_a_gate_that_is_red_at_the_base_too_says_so(vault, vault_repo, tmp_path: Path):
    repo_dir, _ = vault_repo
    repo = git.Repo(repo_dir)
    walkthrough = repo_dir / "docs" / "walkthrough.txt"
    walkthrough.write_text("take key\n")  # a shipped walkthrough that does not win
    repo.git.add(A=True)
    repo.index.commit("ship a broken walkthrough")
    with RepairRound(
        vault, repo_dir, tmp_path / "run", "r", 1, provider=get_provider("process")
    ) as repair_round:
        fix = ReplaceText("rules.py", 'return False, "Nothing happens."', 'return False, "Nothing."')
        attempt = repair_round.attempt(fix, [vault_report()], BUDGET)

        assert attempt.outcome == Outcome.GATE_FAILED
        assert attempt.detail == "regression gate failed: walkthrough (red at the base too: walkthrough)"


def test_a_resumed_round_continues_from_its_branch(vault, vault_repo, tmp_path: Path):
    repo_dir, _ = vault_repo
    fix = ReplaceText("rules.py", 'return False, "Nothing happens."', 'return False, "Nothing."')
    with RepairRound(vault, repo_dir, tmp_path / "run", "r", 1, provider=get_provider("process")) as first:
        kept = first.attempt(fix, [vault_report()], BUDGET).commit
    with RepairRound(vault, repo_dir, tmp_path / "run", "r", 1, provider=get_provider("process")) as resumed:
        assert kept is not None and resumed.head == kept
        again = resumed.attempt(create_agent("noop"), [vault_report()], BUDGET)
        assert Path(again.attempt_dir).name == "noop-01" and again.base_commit == kept


def test_landing_a_round_brings_its_kept_patch_to_the_repository_checkout(vault, vault_repo, tmp_path: Path):
    repo_dir, shipped = vault_repo
    fix = ReplaceText("rules.py", 'return False, "Nothing happens."', 'return False, "Nothing."')
    with RepairRound(
        vault, repo_dir, tmp_path / "run", "r", 1, provider=get_provider("process")
    ) as repair_round:
        kept = repair_round.attempt(fix, [vault_report()], BUDGET).commit
        assert git.Repo(repo_dir).head.commit.hexsha == shipped
        assert repair_round.land() == kept
    assert 'return False, "Nothing."' in (repo_dir / "rules.py").read_text()


def test_a_crashed_runs_leftover_work_tree_does_not_block_the_round(vault, vault_repo, tmp_path: Path):
    repo_dir, shipped = vault_repo
    leftover = tmp_path / "run" / "worktrees" / "round-1"
    leftover.mkdir(parents=True)
    (leftover / "junk.txt").write_text("from a crashed run\n")
    with RepairRound(
        vault, repo_dir, tmp_path / "run", "r", 1, provider=get_provider("process")
    ) as repair_round:
        assert repair_round.head == shipped
        assert not (leftover / "junk.txt").exists()

"""The `revert` agent, with no model: a bug bisected to the commit that brought it in is fixed by taking that
commit back, through the same gate and verification as any patch; where the revert does not apply the agent
declines and the attempt ends as an empty patch that says why; a bug with no culprit it declines too, and the
loop does not even give it one. With no model, `auto` picks it on a game without ground truth."""

from __future__ import annotations

import logging
import math
from pathlib import Path

import git
import pytest

from loop.run.record import AttemptRecord, RunRecord, TrackedBug
from repair_agents.base import RepairBudget, RepairWorkspace
from repair_agents.revert import RevertAgent
from tests.user_mode.test_bug_identity import SPLINTER
from tests.user_mode.test_regression_range import (
    SAW,
    commit,
    later_commits,
    night,
    server,
    team_history,
)

pytestmark = pytest.mark.slow


def reverted(runs: Path, run_id: str, culprit: str) -> tuple[TrackedBug, AttemptRecord]:
    """The run's one bug, bisected to `culprit`, and the first round's one repair attempt."""
    record = RunRecord.load(runs / run_id / "run.json")
    [bug] = record.bugs.values()
    assert bug.bisection is not None and bug.bisection.culprit == culprit
    [attempt] = record.sessions[0].attempts
    return bug, attempt


def test_revert_takes_back_the_culprit_and_the_bug_is_verified_fixed(tmp_path: Path, runs: Path):
    root = tmp_path / "team"
    team, commits = team_history(root)
    night(root, [], "splinter-night-1", runs)
    commits += later_commits(team, root)
    night(root, [SAW], "splinter-night-2", runs, agent="revert")

    bug, attempt = reverted(runs, "splinter-night-2", commits[3])
    assert bug.status == "verified_fixed"
    assert (attempt.agent, attempt.outcome) == ("revert", "patched")
    assert attempt.patch_path is not None
    patch = (runs / "splinter-night-2" / attempt.patch_path).read_text()
    assert '-CRASHING = {"saw"}' in patch and "+CRASHING = set()" in patch
    assert "SECRET_NOTES" not in patch  # a hidden file the culprit added is none of the agent's business
    said = f"reverts {commits[3][:10]} Sharpen the saw"
    assert said in attempt.agent_note
    assert said in (runs / "splinter-night-2" / "pull-request.md").read_text()


def test_revert_declines_where_the_culprit_no_longer_reverts_cleanly(tmp_path: Path, runs: Path):
    root = tmp_path / "team"
    team, commits = team_history(root)
    night(root, [], "splinter-night-1", runs)
    commits += later_commits(team, root)
    (root / "server.py").write_text(server('CRASHING = {"saw", "plane"}'))  # the culprit's line, changed
    commits.append(commit(team, "Blunt the plane"))
    night(root, [SAW], "splinter-night-2", runs, agent="revert")

    bug, attempt = reverted(runs, "splinter-night-2", commits[3])
    assert bug.status == "open"
    assert attempt.outcome == "declined"
    assert f"declined: reverting {commits[3][:10]} Sharpen the saw does not apply" in attempt.detail
    assert "names none of the files it changed" in attempt.detail


def test_revert_reverts_only_the_named_files_when_the_whole_commit_conflicts(tmp_path: Path, runs: Path):
    root = tmp_path / "team"
    team, commits = team_history(root)
    night(root, [], "splinter-night-1", runs)
    (root / "server.py").write_text(server('CRASHING = {"saw"}'))
    (root / "README.md").write_text("# Splinter\n\nA sharp saw.\n")
    commits.append(commit(team, "Sharpen the saw"))
    (root / "README.md").write_text("# Splinter\n\nA sharp saw and a plane.\n")  # the culprit's text, again
    commits.append(commit(team, "Describe the plane"))
    traced = SAW.model_copy(update={"evidence": 'File "server.py", line 40, in handle: KeyError'})
    night(root, [traced], "splinter-night-2", runs, agent="revert")

    bug, attempt = reverted(runs, "splinter-night-2", commits[2])
    assert attempt.outcome == "patched" and bug.status == "verified_fixed"
    assert f"reverts {commits[2][:10]} Sharpen the saw in server.py only" in attempt.agent_note
    assert "README" not in (runs / "splinter-night-2" / str(attempt.patch_path)).read_text()


def test_revert_declines_a_bug_with_no_culprit(tmp_path: Path, runs: Path):
    root = tmp_path / "team"
    team, _ = team_history(root)
    later_commits(team, root)
    night(root, [SAW], "splinter-night-1", runs, agent="revert")  # the first night: nothing to bisect

    record = RunRecord.load(runs / "splinter-night-1" / "run.json")
    [bug] = record.bugs.values()
    assert bug.bisection is None and bug.status == "open"
    assert record.sessions[0].attempts == []  # the loop gives it only bugs with a culprit

    # given one anyway (`closed-loop repair --agent revert`), it says why it leaves the tree alone
    attempt_dir = tmp_path / "attempt"
    attempt_dir.mkdir()
    workspace = RepairWorkspace(root, attempt_dir, "splinter", "by-hand", 1)
    said = RevertAgent().repair(workspace, [SAW], RepairBudget())
    assert said.declined and "declined: no culprit commit is known for this bug" in said.detail
    assert not team.is_dirty(untracked_files=True)


def test_a_bug_arriving_in_commit_5_of_9_is_bisected_to_it_in_few_builds(tmp_path: Path, runs: Path):
    root = tmp_path / "team"
    team, commits = team_history(root)  # commits 1 and 2
    night(root, [], "splinter-night-1", runs)
    for number in range(3, 10):
        if number == 5:
            (root / "server.py").write_text(server('CRASHING = {"saw"}'))
        else:
            (root / f"notes-{number}.md").write_text(f"note {number}\n")
        commits.append(commit(team, f"Commit {number}"))
    night(root, [SAW], "splinter-night-2", runs)

    [bug] = RunRecord.load(runs / "splinter-night-2" / "run.json").bugs.values()
    found = bug.bisection
    assert found is not None and found.culprit == commits[4]
    assert found.builds <= math.ceil(math.log2(9)) + 1


def after_a_clean_night(root: Path, runs: Path) -> tuple[git.Repo, list[str]]:
    """The team's first commits, and a first night on them that found nothing."""
    team, commits = team_history(root)
    night(root, [], "splinter-night-1", runs)
    return team, commits


def test_a_merge_that_brought_the_bug_in_is_reverted_against_the_line_it_was_merged_into(
    tmp_path: Path, runs: Path
):
    root = tmp_path / "team"
    team, commits = after_a_clean_night(root, runs)
    team.git.checkout("-b", "tools")
    (root / "server.py").write_text(server('CRASHING = {"saw"}'))
    commit(team, "Sharpen the saw")
    team.git.checkout("main")
    (root / "NOTES.md").write_text("Tools: saw, plane, sand.\n")
    commits.append(commit(team, "List the tools"))
    team.git.merge("--no-ff", "tools", "-m", "Merge the tools")
    commits.append(team.head.commit.hexsha)
    (root / "README.md").write_text("# Splinter\n\nA workshop game with tools.\n")
    commits.append(commit(team, "Mention the tools"))
    night(root, [SAW], "splinter-night-2", runs, agent="revert")

    bug, attempt = reverted(runs, "splinter-night-2", commits[3])  # first-parent: the merge, not its branch
    assert (attempt.outcome, bug.status) == ("patched", "verified_fixed")
    assert f"reverts {commits[3][:10]} Merge the tools" in attempt.agent_note
    patch = (runs / "splinter-night-2" / str(attempt.patch_path)).read_text()
    assert '-CRASHING = {"saw"}' in patch and "NOTES.md" not in patch


def test_a_culprit_that_added_a_binary_file_is_reverted_with_it(tmp_path: Path, runs: Path):
    root = tmp_path / "team"
    team, commits = after_a_clean_night(root, runs)
    (root / "server.py").write_text(server('CRASHING = {"saw"}'))
    (root / "saw.png").write_bytes(bytes(range(256)) * 4)
    (root / "plane.png").write_bytes(bytes(range(255, -1, -1)) * 4)
    commits.append(commit(team, "Sharpen the saw, with pictures"))
    (root / "plane.png").write_bytes(bytes(range(256)) * 2)  # redrawn since: not the culprit's any more
    commits.append(commit(team, "Redraw the plane"))
    night(root, [SAW], "splinter-night-2", runs, agent="revert")

    bug, attempt = reverted(runs, "splinter-night-2", commits[2])
    assert (attempt.outcome, bug.status) == ("patched", "verified_fixed")
    said = f"reverts {commits[2][:10]} Sharpen the saw, with pictures (binary plane.png left as it is)"
    assert said in attempt.agent_note
    patch = (runs / "splinter-night-2" / str(attempt.patch_path)).read_text()
    assert "deleted file mode" in patch.split("b/saw.png", 1)[1].split("diff --git", 1)[0]
    assert "plane.png" not in patch


def test_a_culprit_too_large_to_show_whole_is_declined_as_such(tmp_path: Path, runs: Path):
    root = tmp_path / "team"
    team, commits = after_a_clean_night(root, runs)
    (root / "server.py").write_text(server('CRASHING = {"saw"}'))
    (root / "docs").mkdir()
    for number in range(8):  # git shows docs/ before server.py: the task's diff is cut before the bug
        (root / "docs" / f"tool-{number}.md").write_text("".join(f"step {i}\n" for i in range(120)))
    commits.append(commit(team, "Sharpen the saw and document the tools"))
    night(root, [SAW], "splinter-night-2", runs, agent="revert")

    bug, attempt = reverted(runs, "splinter-night-2", commits[2])
    assert (attempt.outcome, bug.status) == ("declined", "open")
    label = f"{commits[2][:10]} Sharpen the saw and document the tools"
    assert (
        f"declined: the task shows the diff of {label} cut short: it is not reverted whole" in attempt.detail
    )
    assert "does not apply" not in attempt.detail


def test_a_game_in_a_folder_of_a_larger_repository_says_why_it_is_not_bisected(
    tmp_path: Path, runs: Path, caplog: pytest.LogCaptureFixture
):
    root = tmp_path / "monorepo"
    team = git.Repo.init(root, initial_branch="main")
    (root / "game").mkdir()
    (root / "game" / "game.toml").write_text((SPLINTER / "game.toml").read_text())
    (root / "game" / "server.py").write_text(server("CRASHING = set()"))
    (root / "README.md").write_text("# The studio\n")
    commit(team, "Start the studio")
    night(root / "game", [], "splinter-night-1", runs)
    (root / "game" / "server.py").write_text(server('CRASHING = {"saw"}'))
    commit(team, "Sharpen the saw")
    with caplog.at_level(logging.INFO, logger="loop.progress"):
        night(root / "game", [SAW], "splinter-night-2", runs, agent="revert")

    record = RunRecord.load(runs / "splinter-night-2" / "run.json")
    [bug] = record.bugs.values()
    assert bug.bisection is None and record.sessions[0].attempts == []
    said = "session 1: not bisected: the game is in a folder (game) of a larger repository"
    assert said in caplog.text


def test_revert_reads_the_culprit_whatever_the_teams_git_configuration(
    tmp_path: Path, runs: Path, monkeypatch: pytest.MonkeyPatch
):
    configuration = tmp_path / "gitconfig"
    configuration.write_text("[diff]\n\tnoprefix = true\n[color]\n\tui = always\n")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(configuration))
    root = tmp_path / "team"
    team, commits = after_a_clean_night(root, runs)
    (root / "server.py").write_text(server('CRASHING = {"saw"}'))
    (root / "outils-façonnés.md").write_text("scie, rabot\n")
    commits.append(commit(team, "Sharpen the saw"))
    night(root, [SAW], "splinter-night-2", runs, agent="revert")

    bug, attempt = reverted(runs, "splinter-night-2", commits[2])
    assert (attempt.outcome, bug.status) == ("patched", "verified_fixed")
    patch = (runs / "splinter-night-2" / str(attempt.patch_path)).read_text()
    assert '-CRASHING = {"saw"}' in patch and "deleted file mode" in patch

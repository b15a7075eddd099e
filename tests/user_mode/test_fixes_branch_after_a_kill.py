"""A run killed while it wrote its fixes branch left a work tree with the branch checked out (its temp folder
outlives it); the resumed run publishes the branch anyway instead of failing on git's "checked out at"."""

from __future__ import annotations

import subprocess
from pathlib import Path

import git

from loop.run.config import LoopConfig
from loop.run.fixes_branch import publish_fixes
from loop.run.record import RunRecord


def test_a_resumed_run_publishes_its_fixes_branch_over_the_killed_runs_work_tree(tmp_path: Path) -> None:
    repo_dir = tmp_path / "game"
    repo = git.Repo.init(repo_dir)
    (repo_dir / "game.py").write_text("print('hello')\n")
    repo.index.add(["game.py"])
    base = repo.index.commit("shipped").hexsha
    branch = "loop/run-1/fixes"
    left_behind = tmp_path / "killed-run-temp" / "closed-loop-fixes-x"
    subprocess.run(["git", "worktree", "add", "-B", branch, str(left_behind), base], cwd=repo_dir, check=True)
    record = RunRecord(
        run_id="run-1", config=LoopConfig(game="castle"), repo_dir=str(repo_dir), base_commit=base,
        head_commit=base,
    )  # fmt: skip
    run_dir = tmp_path / "run"
    run_dir.mkdir()

    fixes = publish_fixes(record, repo_dir, run_dir, push_to=None)

    assert fixes.branch == branch
    assert repo.commit(branch).hexsha == base
    assert (run_dir / "pull-request.md").exists()
    assert str(left_behind) not in repo.git.worktree("list")

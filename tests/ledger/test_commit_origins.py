"""Git ancestry over a run's view commits and the team's real ones, in real repositories: a view commit stands
for its real commit when it has one, else for what the nearest one before it stands for."""

from __future__ import annotations

from pathlib import Path

import git

from loop.contract.commit_origins import CommitOrigins
from loop.contract.origin import GameOrigin, clone_history


def repository(root: Path) -> git.Repo:
    repo = git.Repo.init(root, initial_branch="main")
    with repo.config_writer() as config:
        config.set_value("user", "name", "someone")
        config.set_value("user", "email", "someone@example.invalid")
    return repo


def change(repo: git.Repo, name: str, text: str) -> str:
    (Path(repo.working_dir) / name).write_text(text)
    repo.git.add(A=True)
    repo.index.commit(f"{name}: {text}")
    return repo.head.commit.hexsha


def clone(team: git.Repo, dest: Path) -> Path:
    origin = GameOrigin(repo=str(team.working_dir), commit=team.head.commit.hexsha)
    return Path(clone_history(origin, dest).clone)


def test_view_and_real_commits_answer_ancestry_as_the_teams_history_does(tmp_path: Path):
    team = repository(tmp_path / "team")
    start = change(team, "game.py", "bug")
    view = repository(tmp_path / "view")  # the run's one-commit view of `start`, and its patches
    base = change(view, "game.py", "bug")
    patch = change(view, "game.py", "fixed")
    later = change(view, "notes.md", "unverified patch")
    team.git.checkout("-b", "loop/run-1/fixes")  # the fixes branch: the verified patch on the real history
    fix = change(team, "game.py", "fixed")
    team.git.checkout("main")
    tonight = change(team, "README.md", "ours")
    real = clone(team, tmp_path / "clone-1")
    night_1 = CommitOrigins(Path(view.working_dir), real, {base: start, patch: fix})

    assert [night_1.named(c) for c in (base, patch, later)] == [start, fix, later]
    assert night_1.descends(later, patch) and night_1.descends(later, fix) and night_1.descends(later, start)
    assert night_1.descends(fix, base) and not night_1.descends(start, patch)
    assert not night_1.descends(tonight, fix)  # the team's branch never merged the fix
    assert not night_1.descends(tonight, later)  # nor has anything of the view's own

    team.git.merge("loop/run-1/fixes", "--no-edit")
    merged = team.head.commit.hexsha
    view_2 = repository(tmp_path / "view-2")
    base_2 = change(view_2, "game.py", "fixed")
    real_2 = clone(team, tmp_path / "clone-2")
    night_2 = CommitOrigins(Path(view_2.working_dir), real_2, {base_2: merged}, {base: start, patch: fix})
    # what an earlier night kept under its view's names is found in tonight's history
    assert night_2.descends(base_2, patch) and night_2.descends(merged, fix)
    assert night_2.descends(merged, base)
    assert not night_2.descends(base_2, later)


def test_without_a_real_history_the_view_is_the_repository(tmp_path: Path):
    view = repository(tmp_path / "view")
    base = change(view, "game.py", "bug")
    patch = change(view, "game.py", "fixed")
    own = CommitOrigins(Path(view.working_dir))

    assert own.named(patch) == patch
    assert own.descends(patch, base) and not own.descends(base, patch) and not own.descends(patch, None)
    assert CommitOrigins(None).descends(patch, patch) and not CommitOrigins(None).descends(patch, base)

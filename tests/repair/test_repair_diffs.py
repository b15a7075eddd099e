"""Diff statistics and the protected-path rule, on diffs git really writes."""

from __future__ import annotations

from pathlib import Path

import git

from loop.repair.diffs import diff_stats, is_protected, protected_touched


def staged_diff(tmp_path: Path, change) -> str:
    repo = git.Repo.init(tmp_path / "repo")
    root = Path(repo.working_tree_dir)
    (root / "tests").mkdir()
    (root / "tests" / "test_a.py").write_text("".join(f"line {n}\n" for n in range(20)))
    (root / "game.py").write_text("".join(f"code {n}\n" for n in range(30)))
    (root / "old.txt").write_text("bye\n")
    repo.git.add(A=True)
    repo.git.execute(["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "base"])
    change(root)
    repo.git.add(A=True)
    return repo.git.diff("--cached", "HEAD")


def test_stats_count_files_hunks_and_lines_of_each_kind(tmp_path: Path):
    def change(root: Path) -> None:
        lines = (root / "game.py").read_text().splitlines(keepends=True)
        lines[2] = "changed 2\n"
        lines[25] = "changed 25\n"
        (root / "game.py").write_text("".join(lines))
        (root / "new.py").write_text("a\nb\n")
        (root / "old.txt").unlink()
        (root / "logo.bin").write_bytes(b"\x00\x01\x02")

    stats = diff_stats(staged_diff(tmp_path, change))

    by_path = {f.path: f for f in stats.files}
    assert set(by_path) == {"game.py", "new.py", "old.txt", "logo.bin"}
    assert (by_path["game.py"].status, by_path["game.py"].hunks) == ("modified", 2)
    assert (by_path["game.py"].added, by_path["game.py"].removed) == (2, 2)
    assert (by_path["new.py"].status, by_path["new.py"].added) == ("added", 2)
    assert (by_path["old.txt"].status, by_path["old.txt"].removed) == ("removed", 1)
    assert (stats.files_changed, stats.added, stats.removed) == (4, 4, 3)


def test_moving_a_test_file_away_touches_the_protected_path(tmp_path: Path):
    diff = staged_diff(tmp_path, lambda root: (root / "tests" / "test_a.py").rename(root / "moved.py"))

    assert protected_touched(diff, ["tests/**"]) == ["tests/test_a.py"]


def test_protected_globs_cover_folders_files_and_nothing_else():
    globs = ["tests/**", "docs/walkthrough.txt"]
    assert is_protected("tests/test_a.py", globs)
    assert is_protected("tests/deep/nested/x.py", globs)
    assert is_protected("docs/walkthrough.txt", globs)
    assert not is_protected("docs/design.md", globs)
    assert not is_protected("castle/tests_helper.py", globs)
    assert not is_protected("tests_old/x.py", globs)

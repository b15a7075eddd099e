"""The machine-wide caches behind the sandboxes: shared safely between processes, keyed by content."""

from __future__ import annotations

import subprocess
import sys

import git

from loop.contract.paths import data_dir
from loop.sandbox import BuildSpec
from sandboxes.game.source_tree import export_tree
from sandboxes.game.wheelhouse import requirement_lines, wheelhouse

HOLDER = """
import sys, time
from pathlib import Path
from loop.contract.paths import file_lock
with file_lock(sys.argv[1]):
    print("locked", flush=True)
    time.sleep(1.0)
    Path(sys.argv[2]).write_text("holder was here")
"""


def test_a_file_lock_makes_a_second_process_wait_for_the_first(tmp_path):
    from loop.contract.paths import file_lock

    marker = tmp_path / "marker"
    name = f"test-{tmp_path.name}"
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, name, str(marker)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout.readline().strip() == "locked"
        with file_lock(name, timeout=60):
            # We only get here once the holder has finished its work and let go.
            assert marker.read_text() == "holder was here"
    finally:
        holder.wait(timeout=30)


def test_requirement_lines_ignore_comments_and_blank_lines(tmp_path):
    requirements = tmp_path / "requirements.txt"
    requirements.write_text("# web\nflask>=3.0,<4  # the server\n\n  \n")
    assert requirement_lines(requirements) == ["flask>=3.0,<4"]
    assert requirement_lines(tmp_path / "missing.txt") == []


def test_no_requirements_give_an_empty_reused_wheelhouse(tmp_path):
    empty = tmp_path / "requirements.txt"
    empty.write_text("# nothing\n")
    first = wheelhouse(empty, "3.11")
    assert first == wheelhouse(None, "3.11")
    assert first.parent == data_dir() / "wheelhouses"
    assert not list(first.glob("*.whl"))


def test_two_commits_with_the_same_files_share_one_exported_tree(lantern_spec, tmp_path):
    clone = git.Repo(lantern_spec.repo_dir).clone(tmp_path / "clone")
    with clone.config_writer() as config:
        config.set_value("user", "name", "t")
        config.set_value("user", "email", "t@localhost")
    clone.git.commit("--allow-empty", "-m", "nothing changes")
    again = BuildSpec(tmp_path / "clone", lantern_spec.manifest, clone.head.commit.hexsha)
    assert clone.head.commit.hexsha != lantern_spec.commit
    first, second = export_tree(lantern_spec), export_tree(again)
    assert first.path == second.path and first.tree_id == second.tree_id
    assert (first.path / "lantern.py").is_file() and not (first.path / ".git").exists()

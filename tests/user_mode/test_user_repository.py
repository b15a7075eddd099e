"""A team's own game repository, with its history: the fixes branch descends from the commit the run started
at, merges into their branch, and pushes to their remote with the same ancestry; what the manifest hides is
in neither the agents' tree nor their git history."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import git
import pytest

from flows.assembly import open_run
from loop.run.config import LoopConfig
from loop.run.record import RunRecord
from loop.run.rounds import run_rounds
from reports.writer import write_run_reports
from tests.fixtures.scripted_qa import ScriptedQA
from tests.user_mode.test_bug_identity import SPLINTER, crash

FIXER = "sed -i 's/^CRASHING = .*/CRASHING = set()/' server.py"
SECRET = "SECRET_NOTES.md"


def commit(repo: git.Repo, message: str) -> str:
    repo.git.add(A=True)
    repo.index.commit(message)
    return repo.head.commit.hexsha


def team_repository(root: Path) -> tuple[git.Repo, str]:
    """A game repository with a few commits of its own history and a file the manifest hides."""
    repo = git.Repo.init(root, initial_branch="main")
    with repo.config_writer() as config:
        config.set_value("user", "name", "team")
        config.set_value("user", "email", "team@example.invalid")
    (root / "README.md").write_text("# Splinter\n")
    commit(repo, "Start the workshop")
    shutil.copy(SPLINTER / "server.py", root / "server.py")
    (root / SECRET).write_text("the admin password is hunter2\n")
    commit(repo, "Add the server and our notes")
    (root / "README.md").write_text("# Splinter\n\nA workshop game.\n")
    return repo, commit(repo, "Describe the game")


# A user's own git settings that change how `git diff` writes: colour on a pipe, no a/ b/ prefixes.
TEAM_GIT_CONFIG = "[diff]\n\tnoprefix = true\n\tmnemonicPrefix = true\n[color]\n\tui = always\n"


@pytest.mark.slow
@pytest.mark.parametrize("git_config", ["", TEAM_GIT_CONFIG], ids=["plain-git", "colour-and-no-prefix"])
def test_the_fixes_branch_merges_into_the_teams_branch_and_pushes_with_its_history(
    tmp_path: Path, monkeypatch, git_config: str
):
    monkeypatch.setenv("CLOSED_LOOP_DATA", str(tmp_path / "data"))
    if git_config:
        (tmp_path / "gitconfig").write_text(git_config)
        monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(tmp_path / "gitconfig"))
    repo, start = team_repository(tmp_path / "team")
    manifest = tmp_path / "splinter.toml"
    manifest.write_text((SPLINTER / "game.toml").read_text() + f'hidden_paths = ["{SECRET}"]\n')
    remote = tmp_path / "remote.git"
    git.Repo.init(remote, bare=True)
    repo.git.push(str(remote), "main")

    config = LoopConfig(
        game=str(tmp_path / "team"), manifest=str(manifest), qa_agent="explorer", repair_agent="command",
        agent_options={"command": FIXER}, backend="process", max_rounds=2, push_to=str(remote),
    )  # fmt: skip
    run = open_run(config, runs_dir=tmp_path / "runs")
    crashes = [crash(verb) for verb in ("saw", "plane", "sand")]
    run.parts.qa_agent = ScriptedQA(crashes, sessions=1)
    run_rounds(run)
    record = RunRecord.load(run.run_dir / "run.json")

    assert record.origin is not None and record.origin.commit == start
    bug_file = write_run_reports(run.run_dir)[f"bugs/{crashes[0].fingerprint}.md"].read_text()
    assert f"at commit `{start}` of its repository" in bug_file  # the team's commit, not the view's
    assert sorted(record.fixes.fixed) == sorted(c.fingerprint for c in crashes)
    branch = record.fixes.branch
    pushed = git.Repo(remote)
    assert pushed.git.merge_base("main", branch) == start
    assert pushed.git.rev_list("--count", f"{start}..{branch}") == str(len(record.fixes.commits))

    mine = git.Repo.clone_from(remote, tmp_path / "mine")
    mine.git.merge(f"origin/{branch}", "--no-edit")
    assert "CRASHING = set()" in (tmp_path / "mine" / "server.py").read_text()
    assert (tmp_path / "mine" / SECRET).is_file()  # the team's own file stays theirs, untouched

    view = git.Repo(record.repo_dir)  # what every agent is given a copy of
    assert not (Path(record.repo_dir) / SECRET).exists()
    assert SECRET not in view.git.log("--all", "--name-only", "--format=")
    assert view.git.rev_list("--all", "--count") == str(1 + len(record.fixes.commits))
    assert (
        "hunter2"
        not in subprocess.run(
            ["git", "grep", "-I", "hunter2", *view.git.rev_list("--all").split()],
            cwd=record.repo_dir,
            capture_output=True,
            text=True,
        ).stdout
    )

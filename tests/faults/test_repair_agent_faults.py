"""Repair agents that hang, fail or wreck their work tree, inside a real loop run on CASTLE: each attempt is
recorded with its outcome, the work tree is put back, and the loop goes on to the next session."""

from __future__ import annotations

import os
from pathlib import Path

import git
import pytest
from loop_driver import ledger_rows, offline_config

from flows.assembly import open_run
from loop.repair.agents import AgentContext, create_agent
from loop.repair.protocol import Attempt, RepairAgent, RepairBudget
from loop.run import steps as loop_steps
from loop.run.loop_run import LoopRun
from loop.run.record import RunRecord

pytestmark = pytest.mark.slow

# One misbehaving command per round; the `command` agent runs it in the round's work tree.
ROUNDS = [
    ("sleep 600", "agent_timeout"),
    ("echo 'something broke' >&2; exit 3", "agent_crash"),
    ('cd .. && rm -rf "$OLDPWD"', "agent_crash"),  # deletes its own work tree, .git link and all
    ("echo '# a harmless edit' >> castle/engine.py", "patched"),
]


def play_round(run: LoopRun, command: str) -> int:
    session = run.next_session()
    assert session is not None, run.record.stop_reason
    run.parts.repair_agent = create_agent("command", AgentContext({"command": command}))
    loop_steps.verify(run, session)
    build = run.start_build(session)
    try:
        loop_steps.qa_session(run, session, build)
    finally:
        build.stop()
    loop_steps.criticize(run, session)
    loop_steps.repair(run, session)
    return session


def test_a_hung_a_failed_and_a_destructive_agent_leave_the_loop_going(tmp_path: Path):
    config = offline_config(
        repair_agent="command",
        agent_options={"command": "true"},
        steps=200,
        max_rounds=len(ROUNDS),
        repair_timeout_s=5,
    )
    run = open_run(config, runs_dir=tmp_path)
    base = run.record.base_commit

    outcomes = []
    for command, _ in ROUNDS:
        session = play_round(run, command)
        record = RunRecord.load(run.run_dir / "run.json")
        attempts = record.sessions[session - 1].attempts
        assert len(attempts) == 1, attempts
        outcomes.append(attempts[0].outcome)
        worktree = run.run_dir / "worktrees" / f"round-{session}"
        assert not worktree.exists(), "the round's work tree was left behind"
        repo = git.Repo(run.repo_dir)
        assert not repo.is_dirty(untracked_files=True), repo.git.status()
        assert repo.git.worktree("list").count("\n") == 0, repo.git.worktree("list")

    assert outcomes == [outcome for _, outcome in ROUNDS]
    record = RunRecord.load(run.run_dir / "run.json")
    # In its repair sandbox the work tree and its `.git` link are mount points: the agent empties the tree but
    # cannot take the link away; the pipeline puts the tree back at the attempt's base.
    assert "cannot remove '/closed-loop/work/.git'" in record.sessions[2].attempts[0].detail
    crash = record.sessions[1].attempts[0]
    assert "exited 3" in crash.detail and "something broke" in crash.detail
    assert "stopped after" in record.sessions[0].attempts[0].detail
    # only the last round's patch reached the head; the bugs it did not fix are still open
    assert record.head_commit != base
    assert git.Repo(run.repo_dir).git.diff(base, record.head_commit, "--stat").count("castle/engine.py") == 1
    assert all(bug.status in ("open", "patched") for bug in record.bugs.values())
    assert [row[2] for row in ledger_rows(run.run_id)["attempts"]] == outcomes


class EnvironmentProbe(RepairAgent):
    """Writes what its worker's environment says (the adapters build their tools' environment from it)."""

    name = "environment-probe"

    def repair(self, workspace, reports, budget) -> Attempt:
        (workspace.repo_dir / "seen.txt").write_text(os.environ.get("CLOSED_LOOP_FAULTS_PROBE", "") + "\n")
        return Attempt(agent=self.name)


def test_each_attempt_runs_with_the_environment_of_its_moment(tmp_path: Path, monkeypatch):
    """Agents run in workers forked from one long-lived fork server: a setting changed since it started (a
    DOCKER_HOST, a key) must still reach the next attempt."""
    from loop.repair.protocol import RepairWorkspace
    from loop.repair.worker import run_agent

    seen = []
    for value in ("first", "second"):
        monkeypatch.setenv("CLOSED_LOOP_FAULTS_PROBE", value)
        tree = tmp_path / value
        tree.mkdir()
        workspace = RepairWorkspace(repo_dir=tree, attempt_dir=tree, game_name="probe", run_id="env", round=1)
        agent = EnvironmentProbe()
        result = run_agent(agent, workspace, [], RepairBudget(wall_seconds=30), tree / "agent.log")
        assert result.attempt is not None, result.traceback
        seen.append((tree / "seen.txt").read_text().strip())
    assert seen == ["first", "second"]

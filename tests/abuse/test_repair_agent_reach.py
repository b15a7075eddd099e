"""What a repair agent can read: nothing but its work tree. The `command` agent looks for the critic's gold
builds, the benchmark in the checkout, other runs, the game repository's checkout and the user's home, in both
backends of the repair sandbox; and a whole loop with an agent that copies the critic's gold builds fixes
nothing."""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

import git
import pytest

from flows.assembly import open_run
from games.catalogue import load_game
from loop.contract.game import materialize
from loop.contract.models import BugReport
from loop.contract.paths import PROJECT_ROOT, data_dir
from loop.critic.variants import PRIVATE_PREFIX, GoldVariants
from loop.repair.pipeline import RepairRound
from loop.repair.protocol import RepairBudget
from loop.run.record import RunRecord
from loop.sandbox import SandboxError, get_provider
from repair_agents.command import CommandAgent
from tests.flows.test_closed_loop_castle import drive, offline_config

pytestmark = pytest.mark.slow
BACKENDS = ["bubblewrap", pytest.param("docker", marks=pytest.mark.docker)]
REPORT = BugReport(title="t", symptom="s", expected="e", observed="o", mechanic="m", repro=["look"])
COPY_THE_ANSWERS = (
    "cp ../../critic/*-BUG-2/castle/world.py castle/world.py; "
    "cp ../../critic/*-BUG-3/castle/engine.py castle/engine.py; "
    "cp ../../../critic/*-BUG-2/castle/world.py castle/world.py; "
    "cp ../../../critic/*-BUG-3/castle/engine.py castle/engine.py; "
    "cp /tmp/closed-loop-critic-*/*-BUG-2/castle/world.py castle/world.py; true"
)


@pytest.mark.parametrize("backend", BACKENDS)
def test_an_agent_sees_nothing_but_its_work_tree(tmp_path: Path, backend: str):
    game = load_game("castle")
    repo_dir, base = materialize(game, tmp_path / "workspace")
    run_dir = tmp_path / "runs" / "this-run"
    secrets = {
        "critic": run_dir / "critic" / "abc-BUG-2" / "castle" / "world.py",
        "other run": tmp_path / "runs" / "other-run" / "run.json",
        "home": Path.home() / ".closed-loop-canary",
    }
    for path in secrets.values():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("CANARY\n")
    looked_at = [
        *secrets.values(),
        PROJECT_ROOT / "games" / "castle" / "benchmark" / "bugs.json",
        repo_dir / "castle" / "world.py",  # the checkout (the work tree has its own copy)
        data_dir(),
    ]
    script = "; ".join(
        f"cat {p} 2>/dev/null && echo LEAK:{p}; ls {p} 2>/dev/null && echo LEAK:{p}" for p in looked_at
    )
    script += (
        "; cat ../../critic/*/castle/world.py 2>/dev/null && echo LEAK:relative; ls ~ /root 2>/dev/null; true"
    )
    try:
        with RepairRound(
            game,
            repo_dir,
            run_dir,
            "reach",
            1,
            base=base,
            provider=get_provider("process"),
            agent_sandbox=backend,
        ) as round_:
            result = round_.attempt(CommandAgent(script), [REPORT], RepairBudget(wall_seconds=60))
    finally:
        secrets["home"].unlink()
    lines = Path(result.transcript or "").read_text().splitlines()
    output = "\n".join(line for line in lines if not line.startswith("$ "))  # what it saw, not what it ran
    assert "LEAK:" not in output and "CANARY" not in output, output
    assert ".closed-loop-canary" not in output
    assert result.outcome == "empty_patch", (result.outcome, result.detail)


def test_a_loop_whose_agent_copies_the_critics_gold_builds_fixes_nothing(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("CLOSED_LOOP_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("CLOSED_LOOP_REPAIR_SANDBOX", "bubblewrap")
    config = offline_config(repair_agent="command", agent_options={"command": COPY_THE_ANSWERS}, max_rounds=2)
    run = open_run(config, runs_dir=tmp_path / "runs")
    drive(run)
    record = RunRecord.load(run.run_dir / "run.json")
    attempts = [a for s in record.sessions for a in s.attempts]
    assert attempts, "the loop never ran the agent"
    assert all(a.outcome != "patched" for a in attempts), [(a.outcome, a.detail) for a in attempts]
    assert not list((run.run_dir).glob("critic/*-BUG-*")), "the critic's gold builds outlived the critic"


def test_the_critics_gold_builds_are_private_and_a_killed_runs_are_removed_at_the_next_start(tmp_path: Path):
    dead = subprocess.Popen(["true"])
    dead.wait()
    leftover = Path(tempfile.gettempdir()) / f"{PRIVATE_PREFIX}{dead.pid}-killed"
    (leftover / "abc-BUG-2" / "castle").mkdir(parents=True)
    (leftover / "abc-BUG-2" / "castle" / "world.py").write_text("gold\n")
    repo_dir, _ = materialize(load_game("castle"), tmp_path / "workspace")

    variants = GoldVariants(repo_dir, tmp_path / "run" / "critic")
    assert not leftover.exists(), "a killed run's gold builds survived the next start"
    assert variants.workdir.name.startswith(f"{PRIVATE_PREFIX}{os.getpid()}-")
    assert not variants.workdir.is_relative_to(tmp_path) and variants.workdir.stat().st_mode & 0o077 == 0
    variants.checkout(git.Repo(repo_dir).head.commit.hexsha)
    assert not (tmp_path / "run" / "critic").exists()
    variants.close()
    assert not variants.workdir.exists()


@pytest.mark.parametrize("asked", ["checkout", "games", "home", "data", "runs"])
def test_an_agent_cannot_have_the_hidden_places_mounted_as_its_tool(tmp_path: Path, asked: str):
    from loop.repair.confinement import check_tool_paths

    repo_dir = tmp_path / "runs" / "r" / "worktrees" / "round-1"
    path = {
        "checkout": PROJECT_ROOT,
        "games": PROJECT_ROOT / "games" / "castle",
        "home": Path.home(),
        "data": data_dir(),
        "runs": tmp_path / "runs",
    }[asked]
    with pytest.raises(SandboxError, match="would show what the repair sandbox hides"):
        check_tool_paths([path], repo_dir)
    assert check_tool_paths([data_dir() / "tools" / "x-1.0"], repo_dir) == (data_dir() / "tools" / "x-1.0",)

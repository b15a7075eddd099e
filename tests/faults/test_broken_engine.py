"""DOCKER_HOST pointing at a dead engine (a unix socket nobody answers on, or one that accepts and hangs):
every command says so in one line with exit 2, a loop run is not half made, and a repair attempt that needs
the engine ends as an infrastructure failure with its work tree restored."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import git
import pytest
from loop_driver import offline_config

from flows.assembly import open_run
from games.catalogue import load_game
from loop.contract.game import materialize
from loop.contract.models import BugReport
from loop.repair.pipeline import RepairRound
from loop.repair.protocol import RepairBudget
from loop.sandbox import EngineUnavailable, SandboxProvider, get_provider
from repair_agents.command import CommandAgent

BIN = Path(sys.executable).parent
pytestmark = pytest.mark.slow


@pytest.fixture(params=["refusing", "hanging"])
def dead_engine(request, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A unix socket file with no engine behind it: nobody listening, or a listener that never answers."""
    path = tmp_path / f"{request.param}.sock"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(str(path))
    if request.param == "hanging":
        sock.listen(16)
    else:
        sock.close()
    monkeypatch.setenv("DOCKER_HOST", f"unix://{path}")
    yield f"unix://{path}"
    sock.close()


def closed_loop(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [BIN / "closed-loop", *args], capture_output=True, text=True, timeout=120, cwd=cwd, env=os.environ
    )


@pytest.mark.parametrize(
    "args",
    [
        ["sandbox", "up", "castle", "--backend", "docker"],
        ["games", "validate", "castle", "--backend", "docker"],
        ["qa", "castle", "--backend", "docker", "--steps", "5", "--out", "qa-out"],
    ],
    ids=lambda args: " ".join(args[:2]),
)
def test_every_command_names_the_dead_engine_in_one_line_and_exits_2(dead_engine, args, tmp_path: Path):
    result = closed_loop(*args, cwd=tmp_path)
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2, result.stdout + result.stderr
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("closed-loop: error:") and "Docker engine" in lines[0], lines[0]


def test_cleanup_still_cleans_processes_and_says_the_engine_is_down(dead_engine, tmp_path: Path):
    result = closed_loop("sandbox", "cleanup", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "no container engine" in result.stdout and "does not answer" in result.stdout


def test_a_loop_on_a_dead_engine_fails_before_it_makes_anything_and_can_be_retried(dead_engine, tmp_path):
    with pytest.raises(EngineUnavailable):
        open_run(offline_config(backend="docker"), run_id="castle-no-engine", runs_dir=tmp_path)
    assert not (tmp_path / "castle-no-engine").exists(), "a half-made run was left behind"
    # the same run id works once a backend answers
    run = open_run(offline_config(backend="process"), run_id="castle-no-engine", runs_dir=tmp_path)
    assert (run.run_dir / "run.json").is_file()


class EngineGoneAway(SandboxProvider):
    """The docker backend of a run whose engine died after the run started: it connects when it builds."""

    name = "docker"

    def start(self, spec, *, ready_timeout: float = 60.0):
        return get_provider("docker").start(spec, ready_timeout=ready_timeout)


def test_a_repair_attempt_on_a_dead_engine_is_an_infrastructure_failure(dead_engine, tmp_path: Path):
    game = load_game("castle")
    repo_dir, base = materialize(game, tmp_path / "workspace")
    report = BugReport(
        title="Bedroom shows the small key",
        symptom="",
        expected="",
        observed="",
        mechanic="look",
        repro=["look"],
    )
    agent = CommandAgent("echo '# an edit' >> castle/engine.py")
    with RepairRound(
        game, repo_dir, tmp_path, "dead-engine", 1, base=base, provider=EngineGoneAway()
    ) as round_:
        attempt = round_.attempt(agent, [report], RepairBudget(wall_seconds=30))
        head = round_.head
    assert attempt.outcome == "infrastructure_failure", (attempt.outcome, attempt.detail)
    assert "Docker engine" in attempt.detail
    assert head == base, "the attempt's commit was kept although it was never built"
    assert not git.Repo(repo_dir).is_dirty(untracked_files=True)

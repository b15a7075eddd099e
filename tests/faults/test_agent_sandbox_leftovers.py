"""A loop killed while a repair agent ran in a docker agent sandbox leaves that container sleeping out its
lifetime. The soak's orphan count sees it (it is labelled with the run), and the next closed-loop process that
makes containers removes it at start: a docker game backend, an agent sandbox of a process-backend run, and
`closed-loop sandbox cleanup`. Containers of owners still alive are left alone."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bench.soak_checks import containers_of
from games.catalogue import load_game
from loop.contract.game import materialize
from loop.repair.confinement import open_agent_sandbox

pytestmark = [pytest.mark.slow, pytest.mark.docker]

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent

# A loop's repair step as a killed loop leaves it: its agent sandbox open, then the process killed.
KILLED_MID_REPAIR = """
import os, signal, sys
from pathlib import Path
from loop.repair.confinement import open_agent_sandbox

with open_agent_sandbox(Path(sys.argv[1]), "docker", lifetime_s=960, run_id=sys.argv[2]) as sandbox:
    print(sandbox.container, flush=True)
    os.kill(os.getpid(), signal.SIGKILL)
"""


def inspect(container: str, field: str) -> str:
    argv = ["docker", "inspect", "--format", f"{{{{{field}}}}}", container]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    return done.stdout.strip().lstrip("/") if done.returncode == 0 else "gone"


def status(container: str) -> str:
    return inspect(container, ".State.Status")


@pytest.fixture
def killed_loops_sandbox(tmp_path: Path):
    repo_dir, _ = materialize(load_game("castle"), tmp_path / "workspace")
    run_id = f"killed-{tmp_path.name}"
    child = subprocess.run(
        [sys.executable, "-c", KILLED_MID_REPAIR, str(repo_dir), run_id],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert child.returncode == -signal.SIGKILL, child.stderr[-3000:]
    container = child.stdout.split()[0]
    assert status(container) == "running", "the killed loop's agent sandbox did not outlive it"
    yield run_id, container, repo_dir
    subprocess.run(["docker", "rm", "-f", container], capture_output=True, timeout=60)


def test_the_soaks_orphan_count_sees_a_killed_loops_agent_sandbox(killed_loops_sandbox):
    run_id, container, _ = killed_loops_sandbox
    assert containers_of({run_id}) == [f"container {inspect(container, '.Name')} (running)"]


def test_a_docker_backend_removes_it_at_start(killed_loops_sandbox):
    from sandboxes.game.docker import DockerProvider

    _, container, _ = killed_loops_sandbox
    DockerProvider()  # what every loop on the docker backend makes first
    assert status(container) == "gone"


def test_the_next_agent_sandbox_removes_it_at_start(killed_loops_sandbox):
    """A run on the process backend makes no docker game backend; its first agent sandbox cleans up."""
    run_id, container, repo_dir = killed_loops_sandbox
    with open_agent_sandbox(repo_dir, "docker", lifetime_s=60, run_id=f"{run_id}-next") as sandbox:
        assert status(sandbox.container) == "running", "a live owner's sandbox was removed"
        assert status(container) == "gone"


def test_sandbox_cleanup_removes_it_and_names_it(killed_loops_sandbox):
    _, container, _ = killed_loops_sandbox
    name = inspect(container, ".Name")
    argv = [BIN / "closed-loop", "sandbox", "cleanup"]
    cleanup = subprocess.run(argv, capture_output=True, text=True, timeout=300, env=os.environ)
    assert cleanup.returncode == 0, cleanup.stderr
    assert status(container) == "gone"
    assert f"removed leftover container {name}\n" in cleanup.stdout, cleanup.stdout

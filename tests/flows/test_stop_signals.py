"""SIGTERM is a stop, like Ctrl-C: the real commands, sent the real signal, stop what they started and remove
what they made (containers, game processes, temp folders); `sandbox cleanup` counts what it removes."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import docker.errors
import httpx
import pytest

from bench.soak_checks import processes_with, temp_leftovers

pytestmark = pytest.mark.slow
BIN = Path(sys.executable).parent
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def user_env(tmp_path: Path) -> dict[str, str]:
    """A user's shell: their own data folder, and a TMPDIR we can look into for leftovers."""
    (tmp_path / "tmp").mkdir()
    return {
        **{k: v for k, v in os.environ.items() if not k.startswith(("CLOSED_LOOP_", "PREFECT_"))},
        "CLOSED_LOOP_DATA": str(tmp_path / "data"),
        "CLOSED_LOOP_RUNS": str(tmp_path / "runs"),
        "PREFECT_HOME": str(tmp_path / "prefect-home"),
        "TMPDIR": str(tmp_path / "tmp"),
    }


def start(env: dict[str, str], *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [BIN / "closed-loop", *args],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def wait_for_line(process: subprocess.Popen[str], marker: str, timeout: float = 300) -> tuple[str, str]:
    """Read the command's output until a line contains `marker`; return (that line, everything read)."""
    seen = []
    deadline = time.monotonic() + timeout
    assert process.stdout is not None
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line and process.poll() is not None:
            break
        seen.append(line)
        if marker in line:
            return line, "".join(seen)
    raise AssertionError(f"no {marker!r} in the output:\n{''.join(seen)[-3000:]}")


def answers(url: str) -> bool:
    try:
        return httpx.get(f"{url}/api/health", timeout=2).status_code < 500
    except httpx.HTTPError:
        return False


def leftovers(env: dict[str, str]) -> list[str]:
    """What a stopped command must not leave: its processes, its temp files (TMPDIR, the data folder)."""
    found = processes_with("CLOSED_LOOP_DATA", env["CLOSED_LOOP_DATA"])
    found += temp_leftovers(Path(env["TMPDIR"]))
    found += [f"game record {p.name}" for p in (Path(env["CLOSED_LOOP_DATA"]) / "processes").glob("*.json")]
    return found


def containers_of(pid: int) -> list[str]:
    done = subprocess.run(
        ["docker", "ps", "-a", "--filter", f"label=closed-loop.owner-pid={pid}", "--format", "{{.Names}}"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    return done.stdout.split()


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_sandbox_up_stops_its_game_process_and_removes_its_temp_folder(user_env, stop):
    command = start(user_env, "sandbox", "up", "castle", "--backend", "process")
    line, _ = wait_for_line(command, "castle (process) at http://")
    url = line.split(" at ")[1].strip()
    assert answers(url)

    command.send_signal(stop)
    out, _ = command.communicate(timeout=60)
    assert command.returncode == 130, out
    assert "closed-loop: interrupted" in out
    assert not answers(url)
    time.sleep(0.5)
    assert leftovers(user_env) == []


@pytest.mark.docker
def test_sandbox_up_stops_its_container_on_sigterm(user_env):
    command = start(user_env, "sandbox", "up", "castle", "--backend", "docker")
    wait_for_line(command, "castle (docker) at http://")
    assert containers_of(command.pid), "the game runs in a container labelled with its owner"

    command.send_signal(signal.SIGTERM)
    out, _ = command.communicate(timeout=90)
    assert command.returncode == 130, out
    assert containers_of(command.pid) == []
    assert leftovers(user_env) == []


@pytest.fixture
def someone_elses_leftover():
    """A container another closed-loop process on this machine left when it was killed: the engine is shared,
    so a cleanup meets leftovers that are not the test's."""
    from sandboxes.base_image import find_base_image
    from sandboxes.container_owners import OWNER_HOST, OWNER_PID, OWNER_RUN
    from sandboxes.engine import connect

    gone = subprocess.Popen(["true"])
    gone.wait(timeout=30)
    client = connect()
    base = find_base_image(client)
    assert base is not None, "no base image: run `closed-loop sandbox bootstrap`"
    labels = {OWNER_PID: str(gone.pid), OWNER_RUN: "someone-else", OWNER_HOST: socket.gethostname()}
    container = client.containers.run(base.tag, ["sleep", "300"], detach=True, labels=labels)
    yield container.name
    with contextlib.suppress(docker.errors.NotFound):
        container.remove(force=True)
    client.close()


@pytest.mark.docker
def test_sandbox_cleanup_removes_what_a_killed_owner_left_and_says_how_many(user_env, someone_elses_leftover):
    command = start(user_env, "sandbox", "up", "castle", "--backend", "docker")
    wait_for_line(command, "castle (docker) at http://")
    command.kill()  # SIGKILL: nothing runs in the owner, its container stays
    command.wait(timeout=30)
    (ours,) = containers_of(command.pid)

    cleanup = subprocess.run(
        [BIN / "closed-loop", "sandbox", "cleanup"], env=user_env, capture_output=True, text=True, timeout=300
    )
    assert cleanup.returncode == 0, cleanup.stderr
    said = cleanup.stdout.splitlines()
    assert f"removed leftover container {ours}" in said, cleanup.stdout + cleanup.stderr
    named = [line for line in said if line.startswith("removed leftover container ")]
    assert f"removed {len(named)} leftover container(s)" in said, cleanup.stdout  # and how many
    assert containers_of(command.pid) == []
    assert leftovers(user_env) == []  # the killed owner's temp folder went with the next command


def test_run_stops_its_game_on_sigterm_and_the_run_resumes_later(user_env, tmp_path: Path):
    args = ["run", "castle", "--backend", "process", "--qa-agent", "explorer", "--repair-agent", "gold"]
    command = start(user_env, *args, "--max-rounds", "1", "--steps", "100000")
    wait_for_line(command, "castle: started")  # the game is up, the QA session is about to play
    time.sleep(2)

    command.send_signal(signal.SIGTERM)
    out, _ = command.communicate(timeout=120)
    assert command.returncode == 130, out[-3000:]
    time.sleep(0.5)
    assert leftovers(user_env) == []
    (run_dir,) = [p for p in (tmp_path / "runs").iterdir() if (p / "run.json").is_file()]
    assert json.loads((run_dir / "run.json").read_text())["status"] == "running"  # stopped, not finished
    assert f"stays resumable: `closed-loop run --run-id {run_dir.name}`" in out, out[-3000:]


def test_up_stopped_while_starting_leaves_no_server_behind(user_env, tmp_path: Path):
    from tests.flows.conftest import free_port

    env = {**user_env, "CLOSED_LOOP_PREFECT_PORT": str(free_port())}
    command = start(env, "up")
    wait_for_line(command, "prefect server: starting")
    pid_file = Path(env["CLOSED_LOOP_DATA"]) / "prefect" / "server.pid"
    deadline = time.monotonic() + 30
    while not pid_file.is_file() and time.monotonic() < deadline:
        time.sleep(0.1)
    server = int(pid_file.read_text())

    command.send_signal(signal.SIGTERM)
    out, _ = command.communicate(timeout=120)
    assert command.returncode == 130, out
    deadline = time.monotonic() + 30
    while Path(f"/proc/{server}").exists() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not Path(f"/proc/{server}").exists(), "the half-started server outlived `closed-loop up`"
    assert not pid_file.exists()


def test_serve_stops_on_sigterm_pausing_its_deployments_without_warnings(local_prefect):
    env = local_prefect
    prefect_dir = Path(env["CLOSED_LOOP_DATA"]) / "prefect"
    serve = int((prefect_dir / "serve.pid").read_text())
    deadline = time.monotonic() + 60
    while "serving closed-loop/castle" not in (prefect_dir / "serve.log").read_text():
        assert time.monotonic() < deadline, "serve never said what it serves"
        time.sleep(0.2)
    time.sleep(3)  # its runner is polling now

    os.kill(serve, signal.SIGTERM)  # the process alone, as `kill PID` would
    deadline = time.monotonic() + 60
    while Path(f"/proc/{serve}").exists() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not Path(f"/proc/{serve}").exists(), "serve ignored SIGTERM"
    log = (prefect_dir / "serve.log").read_text()
    assert "paused" in log.lower(), log[-2000:]
    assert "never awaited" not in log and "Traceback" not in log, log[-3000:]


def test_a_reader_that_goes_away_ends_the_command_without_a_traceback(user_env):
    command = subprocess.Popen(
        [BIN / "closed-loop", "settings", "--markdown"],
        env=user_env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert command.stdout is not None
    command.stdout.close()  # like `| head` that has read all it wanted
    _, err = command.communicate(timeout=120)
    assert command.returncode == 141
    assert "Traceback" not in err and "BrokenPipeError" not in err, err

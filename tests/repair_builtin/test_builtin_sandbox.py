"""The repair sandbox: no network, a hardened container, the tree copied in and back, nothing hidden inside.

Container tests are slow and need a Docker engine: without one they fail (EngineUnavailable), never skip.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import docker
import pytest
from builtin_fixtures import agent_for, scratch_report, workspace_for

from loop.llm.fake_server import FakeLLMServer
from loop.llm.fake_wire import reply, tool_call
from loop.repair.protocol import RepairBudget
from loop.sandbox import EngineUnavailable
from repair_agents.coding.transcript import read_transcript
from sandboxes.container_owners import remove_dead_owners
from sandboxes.engine import connect
from sandboxes.repair_tools.choose import (
    BubblewrapSandbox,
    DockerSandbox,
    SandboxPathError,
    open_repair_sandbox,
)
from sandboxes.repair_tools.docker import NoSandboxImage
from tests.host_listener import HostListener

BACKENDS = [pytest.param("docker", marks=pytest.mark.slow), "bubblewrap"]


@pytest.fixture
def host_listener() -> Iterator[HostListener]:
    listener = HostListener()
    yield listener
    listener.close()


def connect_command(port: int) -> str:
    script = f"import socket; socket.create_connection(('127.0.0.1', {port}), timeout=3); print('CONNECTED')"
    return f'python3 -c "{script}"'


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_run_inside_the_sandbox_cannot_reach_a_port_on_the_host(
    backend: str, fake_llm: FakeLLMServer, host_listener: HostListener, scratch_tree: Path, tmp_path: Path
):
    # The same command on the host connects: the listener is real.
    with socket.create_connection(("127.0.0.1", host_listener.port), timeout=3):
        pass
    fake_llm.queue(
        reply("", [tool_call("run", command=connect_command(host_listener.port), timeout_s=20)]),
        reply("", [tool_call("finish", summary="checked")]),
    )
    agent = agent_for(fake_llm, sandbox=backend)
    attempt = agent.repair(
        workspace_for(scratch_tree, tmp_path / "attempt"), [scratch_report()], RepairBudget(max_turns=3)
    )

    events = read_transcript(Path(attempt.transcript or ""))
    assert next(e for e in events if e["event"] == "sandbox")["backend"] == backend
    run = next(e for e in events if e["event"] == "tool_call")
    assert run["output"].startswith("[exit code 1]"), run["output"]
    assert "CONNECTED" not in run["output"] and "Connection refused" in run["output"]
    assert host_listener.accepted == 1  # only the host's own connection above


@pytest.mark.slow
def test_docker_sandbox_is_hardened_and_copies_the_tree_in_and_back(scratch_tree: Path):
    (scratch_tree / "games" / "x" / "benchmark").mkdir(parents=True)
    (scratch_tree / "games" / "x" / "benchmark" / "bugs.json").write_text("[]")
    (scratch_tree / ".git").mkdir()
    (scratch_tree / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (scratch_tree / "doomed.txt").write_text("to be removed\n")
    (scratch_tree / "notes").write_text("a file that becomes a directory\n")
    (scratch_tree / "alias.py").symlink_to("greet.py")

    sandbox = DockerSandbox(scratch_tree, lifetime_s=120, run_id="sandbox-test", game="scratch")
    try:
        attrs = sandbox.client.api.inspect_container(sandbox.container.id)
        host_config = attrs["HostConfig"]
        assert host_config["NetworkMode"] == "none"
        assert host_config["CapDrop"] == ["ALL"]
        assert host_config["SecurityOpt"] == ["no-new-privileges"]
        assert host_config["PidsLimit"] == 256 and host_config["Memory"] == 1024**3
        assert attrs["Config"]["User"] == "65534:65534"
        assert attrs["Config"]["Labels"]["closed-loop.owner-pid"] == str(os.getpid())

        listing = sandbox.run("find . | sort; id -u", timeout_s=20).output
        assert "./greet.py" in listing and listing.strip().endswith("65534")
        assert "benchmark" not in listing and ".git" not in listing
        assert sandbox.read_file("greet.py").startswith("def greet")
        with pytest.raises(SandboxPathError):
            sandbox.read_file(".git/HEAD")

        sandbox.write_file("pkg/new.py", "VALUE = 1\n")
        with pytest.raises(SandboxPathError):
            sandbox.write_file("greet.py/inner.py", "x")
        commands = "rm doomed.txt notes && mkdir notes && echo 1 > notes/one && sed -i s/Helo/Hello/ greet.py"
        result = sandbox.run(f"{commands} && echo done", timeout_s=20)
        assert result.exit_code == 0 and result.output.strip() == "done"
    finally:
        sandbox.close()

    assert (scratch_tree / "pkg" / "new.py").read_text() == "VALUE = 1\n"
    assert '"Hello, "' in (scratch_tree / "greet.py").read_text()
    assert not (scratch_tree / "doomed.txt").exists()
    assert (scratch_tree / "notes" / "one").read_text() == "1\n"
    assert (scratch_tree / "alias.py").is_symlink() and os.readlink(scratch_tree / "alias.py") == "greet.py"
    assert (scratch_tree / ".git" / "HEAD").read_text() == "ref: refs/heads/main\n"
    assert (scratch_tree / "games" / "x" / "benchmark" / "bugs.json").read_text() == "[]"
    with pytest.raises(docker.errors.NotFound):
        sandbox.client.containers.get(sandbox.container.id)


def test_bubblewrap_sandbox_writes_only_the_work_tree(scratch_tree: Path, tmp_path: Path):
    (scratch_tree / ".git").mkdir()
    outside = tmp_path / "outside.txt"
    outside.write_text("untouched\n")
    (scratch_tree / "escape").symlink_to(outside)
    sandbox = BubblewrapSandbox(scratch_tree)

    result = sandbox.run(f"echo x > {outside}; echo y > .git/HEAD; touch /usr/x; echo ok > made.txt", 20)
    assert (scratch_tree / "made.txt").read_text() == "ok\n"
    assert outside.read_text() == "untouched\n" and not (scratch_tree / ".git" / "HEAD").exists()
    assert result.output.count("Read-only file system") >= 2
    with pytest.raises(SandboxPathError):
        sandbox.read_file("escape")
    with pytest.raises(SandboxPathError):
        sandbox.write_file("/etc/passwd", "x")


def test_without_an_engine_docker_is_an_engine_error_and_auto_falls_back_to_bubblewrap(
    scratch_tree: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setenv("DOCKER_HOST", f"unix://{tmp_path}/no-engine.sock")
    with pytest.raises(EngineUnavailable):
        open_repair_sandbox(scratch_tree, "docker")
    with open_repair_sandbox(scratch_tree, "auto") as sandbox:
        assert sandbox.backend == "bubblewrap"


@pytest.mark.slow
def test_an_engine_without_an_image_is_refused_by_docker_and_skipped_by_auto(
    scratch_tree: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setenv("CLOSED_LOOP_BASE_IMAGE", "closed-loop/no-such-image:missing")
    with pytest.raises(NoSandboxImage):
        open_repair_sandbox(scratch_tree, "docker")
    with open_repair_sandbox(scratch_tree, "auto") as sandbox:
        assert sandbox.backend == "bubblewrap"


@pytest.mark.slow
def test_a_sandbox_whose_owner_was_killed_is_removed_at_the_next_start(scratch_tree: Path):
    script = (
        "import sys, time; from pathlib import Path; "
        "from sandboxes.repair_tools.choose import DockerSandbox; "
        "box = DockerSandbox(Path(sys.argv[1]), lifetime_s=300); print(box.container.id, flush=True); "
        "time.sleep(300)"
    )
    owner = subprocess.Popen(
        [sys.executable, "-c", script, str(scratch_tree)], stdout=subprocess.PIPE, text=True
    )
    try:
        container_id = (owner.stdout.readline() if owner.stdout else "").strip()
        assert container_id, "the owner did not start its sandbox"
    finally:
        owner.kill()
        owner.wait(timeout=10)
    client = connect()
    # (The sandbox layer's own cleanup, started by anyone on this host, may remove it first: same result.)
    remove_dead_owners(client)
    with pytest.raises(docker.errors.NotFound):
        client.containers.get(container_id)

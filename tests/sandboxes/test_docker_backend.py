"""The docker backend: offline image builds per commit, hardened containers, reuse, restart and cleanup."""

from __future__ import annotations

import socket
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

import docker.errors
import git
import pytest
from sandbox_games import broken_game, make_game, play_walkthrough

from loop.contract.game_client import GameClient
from loop.sandbox import BuildSpec, EngineUnavailable, SandboxError, get_provider
from sandboxes.container_owners import OWNER_HOST, OWNER_PID, OWNER_RUN
from sandboxes.game.docker import COMMIT, FOLDER_PREFIX, GAME
from sandboxes.game.images import ensure_game_image
from sandboxes.game.limits import GameLimits
from sandboxes.game.source_tree import export_tree

pytestmark = [pytest.mark.slow, pytest.mark.docker]


def test_lantern_is_won_in_a_hardened_container(docker_provider, lantern, lantern_spec):
    with docker_provider.start(lantern_spec) as build:
        assert build.backend == "docker"
        state = play_walkthrough(build.url, lantern, lantern_spec.repo_dir)
        build.container.reload()
        attrs = build.container.attrs
        # What the flags mean inside: not root, root filesystem read-only, /tmp and the game's own copy of
        # its tree writable (as a deployment's), nothing else.
        assert build.container.exec_run(["id", "-u"]).output.decode().strip() != "0"
        assert build.container.exec_run(["touch", "/app/planted"]).exit_code == 0
        assert build.container.exec_run(["touch", "/usr/local/planted"]).exit_code != 0
        assert build.container.exec_run(["touch", "/etc/planted"]).exit_code != 0
        assert build.container.exec_run(["touch", "/tmp/scratch"]).exit_code == 0
    host = attrs["HostConfig"]
    assert state["won"] is True and "debug" not in state
    assert host["ReadonlyRootfs"] is True
    assert host["Init"] is True
    assert host["CapDrop"] == ["ALL"]
    assert "no-new-privileges" in host["SecurityOpt"]
    limits = GameLimits.from_settings()
    assert host["Memory"] == limits.memory_mb * 2**20
    assert host["NanoCpus"] == 10**9
    assert host["PidsLimit"] == limits.processes
    ulimits = {u["Name"]: u["Hard"] for u in host["Ulimits"]}
    assert ulimits == {"fsize": limits.file_size_mb * 2**20, "nofile": limits.open_files}
    assert "/tmp" in host["Tmpfs"]
    assert host["NetworkMode"] == "none" and not host["PortBindings"]  # reached through its unix socket only
    assert attrs["Config"]["User"] not in ("", "root", "0")
    labels = attrs["Config"]["Labels"]
    assert labels[GAME] == "lantern" and labels[COMMIT] == lantern_spec.commit
    assert labels[OWNER_RUN] == lantern_spec.run_id and labels[OWNER_PID].isdigit() and labels[OWNER_HOST]


def test_a_stopped_build_leaves_no_container_but_keeps_its_logs(docker_provider, lantern_spec):
    build = docker_provider.start(lantern_spec)
    name = build.container.name
    volumes = [m["Name"] for m in build.container.attrs["Mounts"] if m["Type"] == "volume"]
    assert len(volumes) == 1  # the game's writable copy of its tree
    build.container.exec_run(["touch", "/app/planted"])
    with docker_provider.start(lantern_spec) as other:  # another sandbox of the same build starts clean
        assert other.container.exec_run(["ls", "/app/planted"]).exit_code != 0
    build.stop()
    with pytest.raises(docker.errors.NotFound):
        docker_provider.client.volumes.get(volumes[0])
    build.stop()  # idempotent
    with pytest.raises(docker.errors.NotFound):
        docker_provider.client.containers.get(name)
    assert "lantern listening" in build.logs()
    assert not build.is_alive()


def test_the_same_commit_is_not_rebuilt_and_a_new_commit_is(docker_provider, lantern_spec, tmp_path):
    base = docker_provider.base_image()
    first = ensure_game_image(docker_provider.client, lantern_spec.manifest, export_tree(lantern_spec), base)
    again = ensure_game_image(docker_provider.client, lantern_spec.manifest, export_tree(lantern_spec), base)
    assert again.built is False and again.tag == first.tag

    repo = git.Repo(lantern_spec.repo_dir)
    workspace = tmp_path / "clone"
    clone = repo.clone(workspace)
    with clone.config_writer() as config:
        config.set_value("user", "name", "t")
        config.set_value("user", "email", "t@localhost")
    script = workspace / "lantern.py"
    warm = f"The lantern glows warmly ({uuid.uuid4().hex[:8]})."  # new content: a tag never built before
    script.write_text(script.read_text().replace("The lantern glows.", warm))
    clone.git.commit("-am", "warmer lantern")
    commit = clone.head.commit.hexsha
    changed = BuildSpec(workspace, lantern_spec.manifest, commit, run_id=lantern_spec.run_id)
    rebuilt = ensure_game_image(docker_provider.client, changed.manifest, export_tree(changed), base)
    assert rebuilt.built is True and rebuilt.tag != first.tag
    try:
        with docker_provider.start(changed) as build, GameClient(build.url) as client:
            game_id = client.new_game().game_id
            client.command(game_id, "take lantern")
            assert client.command(game_id, "light lantern").message == warm
    finally:
        docker_provider.client.images.remove(rebuilt.tag)


def test_restart_brings_a_crashed_container_back(docker_provider, lantern_spec):
    with docker_provider.start(lantern_spec) as build:
        build.container.kill()
        assert not build.is_alive()
        build.restart()
        assert build.is_alive()
        with GameClient(build.url) as client:
            assert client.new_game().game_id


def test_leftovers_of_a_dead_owner_are_removed(docker_provider, lantern_spec):
    tag = docker_provider.image_for(lantern_spec).tag
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    labels = {OWNER_PID: str(dead.pid), OWNER_RUN: "crashed-run", OWNER_HOST: socket.gethostname()}
    orphan = docker_provider.client.containers.create(tag, labels=labels)
    socket_folder = Path(tempfile.gettempdir()) / f"{FOLDER_PREFIX}{dead.pid}-crashed"
    (socket_folder / "socket").mkdir(parents=True)
    assert docker_provider.cleanup_leftovers() >= 1
    with pytest.raises(docker.errors.NotFound):
        docker_provider.client.containers.get(orphan.id)
    assert not socket_folder.exists()


def test_builds_never_reach_the_network(docker_provider, tmp_path):
    dockerfile = (
        "ARG BASE_IMAGE\nFROM ${BASE_IMAGE}\n"
        "RUN python -c \"import socket; socket.create_connection(('deb.debian.org', 80), timeout=5)\"\n"
    )
    _, spec = make_game(tmp_path, "online", ["python", "-m", "http.server"], {"Dockerfile": dockerfile})
    before = {c.id for c in docker_provider.client.containers.list(all=True)}
    with pytest.raises(SandboxError, match="building .* failed"):
        docker_provider.start(spec)
    after = {c.id for c in docker_provider.client.containers.list(all=True)}
    assert after - before == set()  # forcerm: a failed build leaves no intermediate container


def test_auto_falls_back_to_processes_when_no_engine_answers(monkeypatch):
    monkeypatch.setenv("DOCKER_HOST", "unix:///nonexistent/docker.sock")
    with pytest.raises(EngineUnavailable):
        get_provider("docker")
    assert get_provider("auto").name == "process"


def test_auto_picks_docker_when_an_engine_answers():
    assert get_provider("auto").name == "docker"


def test_a_crashing_game_fails_with_its_output_and_leaves_no_container(docker_provider, tmp_path):
    _, spec = broken_game(tmp_path)
    before = {c.id for c in docker_provider.client.containers.list(all=True)}
    with pytest.raises(SandboxError, match="no such level: attic"):
        docker_provider.start(spec, ready_timeout=30)
    assert {c.id for c in docker_provider.client.containers.list(all=True)} == before


def test_a_configured_base_image_is_used_as_is_or_named_when_missing(docker_provider):
    from sandboxes.base_image import ensure_base_image

    ours = docker_provider.base_image()
    assert ensure_base_image(docker_provider.client, configured=ours.tag).tag == ours.tag
    with pytest.raises(SandboxError, match="closed-loop/no-such-base:1 is not on this engine"):
        ensure_base_image(docker_provider.client, configured="closed-loop/no-such-base:1")


def test_a_game_killed_over_its_memory_limit_is_told_so(tmp_path):
    from sandboxes.game.docker import DockerProvider

    hog = ["python", "-c", "import time; held = bytearray(512 * 2**20); time.sleep(60)"]
    _, spec = make_game(tmp_path, "hog", hog, {"README": "nothing\n"})
    limits = GameLimits(memory_mb=64, processes=64, file_size_mb=16, open_files=256)
    provider = DockerProvider(limits=limits)

    with pytest.raises(SandboxError) as failed:
        provider.start(spec)

    assert "exited while starting" in str(failed.value)
    assert "killed for using more than its memory limit (64 MiB)" in str(failed.value)
    assert "CLOSED_LOOP_GAME_MEMORY_MB" in str(failed.value)

"""A hostile game on the process backend, in bubblewrap: it tries to read the host's secrets and the
benchmark's ground truth, to write outside its tree, to remount, to use capabilities and to reach the host,
and the reply of each command says how far it got. It gets nowhere, its output cannot fill the disk, and its
memory, processes, file sizes and open files stop at the limits the settings name."""

from __future__ import annotations

import contextlib
import json
import os
import pwd
import socket
import subprocess
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from games.catalogue import load_game
from loop.contract.game import materialize
from loop.contract.game_client import GameClient
from loop.contract.paths import PROJECT_ROOT, data_dir
from loop.host.temp_space import start_time
from loop.sandbox import BuildSpec
from sandboxes.game.confinement import ETC_ENTRIES, RELAY_INSIDE
from sandboxes.game.limits import GameLimits
from sandboxes.game.process import ProcessBuild, ProcessProvider
from sandboxes.unprivileged import drops_privileges, venv_base

INTRUDER = Path(__file__).resolve().parents[1] / "fixtures" / "games" / "intruder"
GROUND_TRUTH = PROJECT_ROOT / "games" / "castle" / "benchmark" / "bugs.json"
Probe = Callable[[str], dict]


def start_intruder(root: Path) -> ProcessBuild:
    game = load_game(INTRUDER)
    repo_dir, commit = materialize(game, root)
    build = ProcessProvider("bwrap").start(BuildSpec(repo_dir, game.manifest, commit))
    assert isinstance(build, ProcessBuild)
    return build


@pytest.fixture(scope="module")
def intruder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ProcessBuild]:
    build = start_intruder(tmp_path_factory.mktemp("intruder"))
    yield build
    build.stop()


@pytest.fixture(scope="module")
def attempt(intruder: ProcessBuild) -> Iterator[Probe]:
    with GameClient(intruder.url, timeout=60) as client:
        game_id = client.new_game().game_id
        yield lambda command: json.loads(client.command(game_id, command).message)


def test_a_game_cannot_read_the_host_password_hashes(attempt: Probe):
    assert Path("/etc/shadow").is_file()  # the host has them
    assert attempt("read /etc/shadow")["ok"] is False


def test_a_game_cannot_read_the_checkouts_ground_truth_or_see_homes(attempt: Probe, intruder: ProcessBuild):
    assert GROUND_TRUTH.is_file()
    assert attempt(f"read {GROUND_TRUTH}")["ok"] is False
    venv = Path(intruder.env["VIRTUAL_ENV"])
    binds = [intruder.workdir.path, venv, venv_base(venv)]
    for folder in (PROJECT_ROOT, PROJECT_ROOT / "games", Path("/home"), Path.home()):
        # at most the empty folders on the way to what the game runs from
        on_the_way = {
            p.relative_to(folder).parts[0] for p in binds if p and p.is_relative_to(folder) and p != folder
        }
        seen = attempt(f"list {folder}")
        assert seen["ok"] is False or set(seen["names"]) <= on_the_way, (folder, seen)


def test_a_game_cannot_write_to_roots_home_even_by_remounting_it(attempt: Probe):
    marker = Path("/root") / f"intruder-{uuid.uuid4().hex[:8]}"
    try:
        assert attempt("remount /root")["ok"] is False
        attempt(f"write {marker}")
        assert not marker.exists()
    finally:
        marker.unlink(missing_ok=True)


def test_a_game_cannot_remount_anything_read_write(attempt: Probe, intruder: ProcessBuild):
    venv = intruder.env["VIRTUAL_ENV"]
    for mount in ("/", "/usr", "/etc", "/root", venv):
        assert attempt(f"remount {mount}")["ok"] is False, mount
        nested = attempt(f"nested-remount {mount}")
        assert nested["ok"] is False and nested["error"].startswith("unshare"), (mount, nested)
    assert attempt(f"write {venv}/planted.txt")["ok"] is False


def test_a_game_has_no_capabilities(attempt: Probe):
    seen = attempt("whoami")
    for name in ("CapInh", "CapPrm", "CapEff", "CapAmb", "CapBnd"):
        assert int(seen[name][0], 16) == 0, (name, seen[name])


def process_tree(pid: int) -> list[int]:
    """`pid` and its descendants, as the host sees them."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(parent, []).append(int(stat.parent.name))
    found, todo = [], [pid]
    while todo:
        found.append(todo.pop())
        todo += children.get(found[-1], [])
    return found


def host_uids(pid: int) -> set[int]:
    status = Path(f"/proc/{pid}/status").read_text().splitlines()
    return {int(uid) for uid in next(line for line in status if line.startswith("Uid:")).split()[1:]}


def test_a_game_runs_as_a_uid_that_is_neither_root_nor_a_host_user(attempt: Probe, intruder: ProcessBuild):
    assert intruder.process is not None
    processes = process_tree(intruder.process.pid)
    assert len(processes) >= 3  # bubblewrap, the relay, the game
    uids = set().union(*(host_uids(pid) for pid in processes))
    assert len(uids) == 1 and 0 not in uids, uids
    (uid,) = uids
    with pytest.raises(KeyError):
        pwd.getpwuid(uid)
    assert int(attempt("whoami")["Uid"][0]) == uid  # the same uid inside
    planted = intruder.workdir.path / "planted.txt"
    assert attempt(f"write {planted}")["ok"] is True  # its own tree copy is writable...
    assert planted.stat().st_uid == uid  # ... and what it writes there is that user's, not root's


def test_a_game_has_no_outbound_network(attempt: Probe):
    host_socket = Path.home() / f".intruder-{os.getpid()}.sock"  # a host folder, outside the game's tree
    with socket.create_server(("127.0.0.1", 0)) as tcp, socket.socket(socket.AF_UNIX) as unix:
        unix.bind(str(host_socket))
        unix.listen()
        try:
            assert attempt(f"connect-tcp 127.0.0.1 {tcp.getsockname()[1]}")["ok"] is False
            assert attempt(f"connect-unix {host_socket}")["ok"] is False
            assert attempt("connect-tcp 10.0.0.1 80")["ok"] is False
        finally:
            host_socket.unlink(missing_ok=True)


def build_logs(build: ProcessBuild) -> list[Path]:
    return sorted(build.log_path.parent.glob(f"{build.log_path.name}*"))


def test_a_flood_of_game_output_stays_within_the_log_bound_and_goes_with_the_sandbox(tmp_path: Path):
    build = start_intruder(tmp_path)
    try:
        with GameClient(build.url, timeout=120) as client:
            game_id = client.new_game().game_id
            for _ in range(4):
                assert json.loads(client.command(game_id, "shout 4").message)["ok"] is True
        assert build.is_alive()
        written = build_logs(build)
        assert written, "the game's output was not kept"
        assert sum(path.stat().st_size for path in written) <= 4 * 1024 * 1024
        assert "x" * 100 in build.logs(5)
    finally:
        build.stop()
    assert build_logs(build) == []
    assert "x" * 100 in build.logs(5)  # what it said last is still there to diagnose it


def test_logs_of_crashed_owners_and_old_logs_are_removed_at_the_next_start():
    dead = subprocess.Popen(["true"])
    dead.wait()
    logs = data_dir() / "logs"
    logs.mkdir(exist_ok=True)
    crashed = [logs / f"{dead.pid}-intruder-0000.log", logs / f"{dead.pid}-intruder-0000.log.1"]
    old = logs / "intruder-from-an-older-closed-loop.log"
    mine = logs / f"{os.getpid()}-intruder-1111.log"
    for path in [*crashed, old, mine]:
        path.write_text("output\n")
    eight_days_ago = time.time() - 8 * 24 * 3600
    os.utime(old, (eight_days_ago, eight_days_ago))
    try:
        ProcessProvider()
        assert not any(path.exists() for path in [*crashed, old])
        assert mine.exists()  # its owner is alive
    finally:
        mine.unlink(missing_ok=True)


def test_a_game_sees_only_the_system_its_runtime_and_its_tree(attempt: Probe, intruder: ProcessBuild):
    venv = Path(intruder.env["VIRTUAL_ENV"])
    binds = [intruder.workdir.path, venv, venv_base(venv), Path(RELAY_INSIDE)]
    system = {"usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32", "etc", "dev", "proc", "tmp"}
    top = set(attempt("list /")["names"])
    assert top <= system | {path.parts[1] for path in binds if path}, top
    assert set(attempt("list /etc")["names"]) <= {*ETC_ENTRIES, "passwd", "group", "hosts"}
    assert "shadow" not in attempt("list /etc")["names"]
    assert "root:x:0:0" in attempt("read /etc/passwd")["text"]  # its own: no host account is listed
    assert len(attempt("read /etc/passwd")["text"].splitlines()) == 3
    pids = [name for name in attempt("list /proc")["names"] if name.isdigit()]
    commands = [attempt(f"read /proc/{pid}/cmdline").get("text", "") for pid in pids]
    assert all("relay.py" in text or "server.py" in text or "bwrap" in text for text in commands), commands


LIMITS = GameLimits.from_settings()


def test_a_game_that_allocates_10_gib_is_stopped_at_its_memory_limit(attempt: Probe):
    reply = attempt("allocate 10240")
    assert reply["ok"] is False and reply["error"] == "MemoryError", reply
    assert reply["megabytes"] < LIMITS.memory_mb
    assert attempt("whoami")["ok"] is True  # the game itself lives on, its memory given back


def test_a_game_cannot_write_a_file_larger_than_its_limit(attempt: Probe, intruder: ProcessBuild):
    big = intruder.workdir.path / "big"
    try:
        reply = attempt(f"write-big {big} {LIMITS.file_size_mb + 64}")
        assert reply["ok"] is False and reply["error"] == "EFBIG", reply
        assert big.stat().st_size <= LIMITS.file_size_mb * 1024 * 1024
    finally:
        big.unlink(missing_ok=True)


def test_a_game_cannot_hold_more_files_open_than_its_limit(attempt: Probe):
    reply = attempt(f"open-files {LIMITS.open_files * 10}")
    assert reply["ok"] is False and reply["error"] == "EMFILE", reply
    assert reply["opened"] < LIMITS.open_files


def descendants(pid: int) -> set[tuple[int, str | None]]:
    """(pid, start time) of every host process below `pid`."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        with contextlib.suppress(OSError, ValueError, IndexError):
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add((child, start_time(child)))
            todo.append(child)
    return found


def running(pid: int, started: str) -> bool:
    """Whether that process is still there and not merely a zombie its new parent has yet to reap."""
    with contextlib.suppress(OSError):
        after_name = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
        return after_name[0] != "Z" and start_time(pid) == started
    return False


@pytest.mark.skipif(not drops_privileges(), reason="processes are counted per user: the game's own, as root")
def test_a_fork_bomb_stops_at_the_process_limit_and_goes_with_its_sandbox(tmp_path: Path):
    build = start_intruder(tmp_path)
    try:
        with GameClient(build.url, timeout=60) as client:
            game_id = client.new_game().game_id
            reply = json.loads(client.command(game_id, "fork 4096").message)
        assert reply["ok"] is False and reply["error"] == "EAGAIN", reply
        assert reply["started"] < LIMITS.processes
        assert subprocess.run(["true"], timeout=10).returncode == 0  # the host still starts processes
        assert build.process is not None
        sandbox = descendants(build.process.pid)
        assert len(sandbox) >= reply["started"]
    finally:
        build.stop()
    assert not [pid for pid, started in sandbox if started and running(pid, started)]

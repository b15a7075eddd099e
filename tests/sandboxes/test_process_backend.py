"""The process backend runs any GBQA-API game from its repository, in its own venv, inside bubblewrap."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import git
import httpx
import pytest
from sandbox_games import broken_game, make_game, play_walkthrough

from games.catalogue import load_game
from loop.contract.game import materialize
from loop.contract.game_client import GameClient, GameProtocolError
from loop.contract.paths import data_dir
from loop.sandbox import BuildSpec, SandboxError
from sandboxes.game.process import ProcessProvider, bwrap_works

NETCHECK = '''
"""Reports whether it reached $TARGET_PORT on the host loopback, could write its tree, and its sys.prefix."""
import json, os, socket, sys
from http.server import BaseHTTPRequestHandler, HTTPServer

try:
    socket.create_connection(("127.0.0.1", int(os.environ["TARGET_PORT"])), timeout=2).close()
    OUTBOUND = "reached"
except OSError:
    OUTBOUND = "blocked"
try:
    with open("planted.txt", "w"):
        pass
    os.remove("planted.txt")
    WRITABLE = True
except OSError:
    WRITABLE = False
try:
    with open(os.path.join(sys.prefix, "planted.txt"), "w"):
        pass
    VENV_WRITABLE = True
except OSError:
    VENV_WRITABLE = False

class Handler(BaseHTTPRequestHandler):
    def do_POST(self):
        seen = sorted(k for k in os.environ if k in ("NETCHECK_MODE", "OPENAI_API_KEY"))
        state = {"prefix": sys.prefix, "tree_writable": WRITABLE, "venv_writable": VENV_WRITABLE}
        state["seen"] = seen
        body = json.dumps({"game_id": "1", "message": OUTBOUND, "state": state}).encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

HTTPServer((os.environ.get("HOST", "127.0.0.1"), int(os.environ["PORT"])), Handler).serve_forever()
'''


@pytest.mark.parametrize("isolation", ["auto", "none"])
def test_lantern_is_won_through_the_process_backend(lantern, lantern_spec, isolation):
    with ProcessProvider(isolation).start(lantern_spec) as build:
        assert build.backend == "process"
        state = play_walkthrough(build.url, lantern, lantern_spec.repo_dir)
    assert state["won"] is True
    assert "debug" not in state
    assert not build.is_alive()


def test_bubblewrap_works_on_this_machine():
    # CI installs bubblewrap (scripts/engine.sh); without it the sandbox would silently be a plain process.
    assert bwrap_works()


def test_sandboxed_game_has_no_network_and_runs_in_its_own_venv(tmp_path, monkeypatch):
    monkeypatch.setenv("NETCHECK_MODE", "strict")  # named after the game: passed through
    monkeypatch.setenv("OPENAI_API_KEY", "sk-canary")  # anything else stays out of the sandbox
    files = {"netcheck.py": NETCHECK, "requirements.txt": ""}
    game, spec = make_game(
        tmp_path, "netcheck", ["python", "netcheck.py"], files, requirements="requirements.txt"
    )
    spec = BuildSpec(spec.repo_dir, game.manifest.model_copy(update={"health_path": None}), spec.commit)
    with socket.create_server(("127.0.0.1", 0)) as target:
        spec.env["TARGET_PORT"] = str(target.getsockname()[1])
        with ProcessProvider("bwrap").start(spec) as sandboxed, GameClient(sandboxed.url) as client:
            inside = client.new_game().observation
        with ProcessProvider("none").start(spec) as plain, GameClient(plain.url) as client:
            outside = client.new_game().observation
    assert inside.message == "blocked"
    assert inside.state["tree_writable"] is True  # its own copy of its tree, as a deployment has
    assert inside.state["venv_writable"] is False  # everything else is mounted read-only
    assert inside.state["seen"] == outside.state["seen"] == ["NETCHECK_MODE"]
    assert outside.message == "reached"  # the same check does work outside the sandbox
    assert Path(inside.state["prefix"]).parent == data_dir() / "venvs"


def test_restart_brings_the_game_back_on_the_same_url(lantern_spec):
    with ProcessProvider().start(lantern_spec) as build:
        url = build.url
        with GameClient(url) as client:
            old = client.new_game().game_id
        build.process.kill()  # a crash
        build.process.wait(timeout=10)
        assert not build.is_alive()
        build.restart()
        with GameClient(url) as client:
            assert client.new_game().game_id
            with pytest.raises(GameProtocolError, match="404"):
                client.state(old)  # games live in memory: a restart forgets them
        assert build.url == url


def test_a_game_that_dies_at_start_fails_with_its_output(tmp_path):
    _, spec = broken_game(tmp_path)
    with pytest.raises(SandboxError, match="no such level: attic"):
        ProcessProvider().start(spec, ready_timeout=20)


def test_a_game_over_its_memory_limit_fails_naming_the_setting(tmp_path, monkeypatch):
    monkeypatch.setenv("CLOSED_LOOP_GAME_MEMORY_MB", "64")
    hog = ["python", "-c", "import time; held = bytearray(512 * 2**20); time.sleep(60)"]
    _, spec = make_game(tmp_path, "hog", hog, {"README": "nothing\n"})

    with pytest.raises(SandboxError) as failed:
        ProcessProvider().start(spec, ready_timeout=20)

    assert "MemoryError" in str(failed.value)
    assert "needed more than its memory limit (64 MiB); raise CLOSED_LOOP_GAME_MEMORY_MB" in str(failed.value)


def test_a_game_given_by_git_url_runs(lantern, tmp_path):
    origin, _ = materialize(lantern, tmp_path / "origin")
    game = load_game(f"file://{origin}", manifest=lantern.root / "game.toml")
    repo_dir, commit = materialize(game, tmp_path / "run")
    with ProcessProvider().start(BuildSpec(repo_dir, game.manifest, commit)) as build:
        assert play_walkthrough(build.url, game, repo_dir)["won"] is True


def test_a_build_runs_the_commit_not_the_edited_work_tree(lantern_spec, tmp_path):
    repo = git.Repo(lantern_spec.repo_dir)
    script = lantern_spec.repo_dir / "lantern.py"
    original = script.read_text()
    script.write_text(original.replace("You stand at a cave entrance.", "Edited, not committed."))
    try:
        with ProcessProvider().start(lantern_spec) as build, GameClient(build.url) as client:
            assert client.new_game().observation.message == "You stand at a cave entrance."
    finally:
        repo.git.checkout("--", "lantern.py")


OWNER_THAT_CRASHES = """
import os, sys
from pathlib import Path
from games.catalogue import load_game
from loop.sandbox import BuildSpec
from sandboxes.game.process import ProcessProvider
game = load_game(sys.argv[1])
build = ProcessProvider(sys.argv[4]).start(BuildSpec(Path(sys.argv[2]), game.manifest, sys.argv[3]))
print(build.url, flush=True)
os._exit(0)  # a crash: no stop(), no atexit
"""


def answers(url: str) -> bool:
    try:
        return httpx.get(f"{url}/healthz", timeout=2).status_code == 200
    except httpx.TransportError:
        return False


def gone_soon(url: str) -> bool:
    for _ in range(50):
        if not answers(url):
            return True
        time.sleep(0.1)
    return False


@pytest.mark.parametrize("isolation", ["none", "bwrap"])
def test_games_of_a_crashed_owner_do_not_outlive_cleanup(lantern, lantern_spec, isolation):
    argv = [sys.executable, "-c", OWNER_THAT_CRASHES, str(lantern.root), str(lantern_spec.repo_dir)]
    owner = subprocess.run(
        [*argv, lantern_spec.commit, isolation], capture_output=True, text=True, timeout=120
    )
    url = owner.stdout.strip()
    assert url.startswith("http://127.0.0.1:"), owner.stderr
    if isolation == "none":
        assert answers(url)  # a plain process outlives its owner ...
        assert ProcessProvider(cleanup_at_start=False).cleanup_leftovers() >= 1  # ... until cleanup kills it
    # (bubblewrap's --die-with-parent has killed a sandboxed game with its owner already)
    assert gone_soon(url)


def test_a_new_provider_kills_what_crashed_owners_left(lantern, lantern_spec):
    argv = [sys.executable, "-c", OWNER_THAT_CRASHES, str(lantern.root), str(lantern_spec.repo_dir)]
    owner = subprocess.run([*argv, lantern_spec.commit, "none"], capture_output=True, text=True, timeout=120)
    url = owner.stdout.strip()
    assert answers(url), owner.stderr
    ProcessProvider()
    assert gone_soon(url)


def test_sandbox_cleanup_counts_the_games_of_a_crashed_owner_it_kills(lantern, lantern_spec):
    argv = [sys.executable, "-c", OWNER_THAT_CRASHES, str(lantern.root), str(lantern_spec.repo_dir)]
    owner = subprocess.run([*argv, lantern_spec.commit, "none"], capture_output=True, text=True, timeout=120)
    url = owner.stdout.strip()
    assert answers(url), owner.stderr
    cleanup = subprocess.run(
        [sys.executable, "-m", "flows.cli", "sandbox", "cleanup"], capture_output=True, text=True, timeout=120
    )
    assert cleanup.returncode == 0, cleanup.stderr
    assert re.search(r"^killed [1-9]\d* leftover game process\(es\)$", cleanup.stdout, re.M), cleanup.stdout
    assert gone_soon(url)

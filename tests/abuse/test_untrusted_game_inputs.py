"""What a game hands the loop before and while it runs is data, never an instruction to the host: its
requirements file may only name packages (no `-r /etc/shadow`, no index or link of its choosing), its name
does not open the host's keys to it, and its replies cannot fill the loop's memory."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from loop.contract.game import Manifest
from loop.contract.game_client import GameClient, GameUnavailable
from loop.contract.http_connection import MAX_BODY
from loop.sandbox import SandboxError, game_settings
from sandboxes.game.wheelhouse import requirement_lines

HOSTILE_LINES = [
    "-r /etc/shadow",
    "--find-links=http://127.0.0.1:9/",
    "--no-binary=evilpkg",
    "evilpkg @ http://127.0.0.1:9/evilpkg-1.0.tar.gz",
    "./vendor/evilpkg",
    "-e .",
]


@pytest.mark.parametrize("line", HOSTILE_LINES)
def test_a_requirements_line_that_is_not_a_package_is_refused_without_reading_anything(tmp_path: Path, line):
    requirements = tmp_path / "requirements.txt"
    requirements.write_text(f"flask>=3.0,<4\n{line}\n")
    with pytest.raises(SandboxError) as refused:
        requirement_lines(requirements)
    assert "is not a plain requirement" in str(refused.value) and "root:" not in str(refused.value)


def test_plain_requirements_still_pass(tmp_path: Path):
    requirements = tmp_path / "requirements.txt"
    requirements.write_text(
        "flask>=3.0,<4  # the web layer\nuvicorn[standard]==0.30.1\npytest ; python_version >= '3.8'\n"
    )
    assert requirement_lines(requirements) == [
        "flask>=3.0,<4",
        "uvicorn[standard]==0.30.1",
        "pytest ; python_version >= '3.8'",
    ]


@pytest.mark.parametrize(
    ("name", "secret"),
    [("openai", "OPENAI_API_KEY"), ("anthropic", "ANTHROPIC_API_KEY"), ("github", "GITHUB_TOKEN"),
     ("closed-loop", "CLOSED_LOOP_COMPAT_API_KEY"), ("closed-loop", "CLOSED_LOOP_RUNS")],
)  # fmt: skip
def test_a_games_name_does_not_open_the_hosts_keys_to_it(name: str, secret: str):
    manifest = Manifest(name=name, title=name, genre="test", start_command=["python", "server.py"])
    prefix = name.upper().replace("-", "_")
    environ = {secret: "CANARY", f"{prefix}_LEVEL": "3"}
    own = {} if prefix == "CLOSED_LOOP" else {f"{prefix}_LEVEL": "3"}  # closed-loop keeps its own names
    assert game_settings(manifest, environ) == own


class HugeReply(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()  # no length: the body runs to the close, as long as the game likes
        chunk = b" " * 65536
        try:
            for _ in range(MAX_BODY // len(chunk) + 64):
                self.wfile.write(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client stopped reading: what this test wants

    def log_message(self, *args) -> None:
        pass


def test_a_reply_larger_than_a_game_means_is_cut_off_not_read_into_memory():
    server = ThreadingHTTPServer(("127.0.0.1", 0), HugeReply)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}"
        with GameClient(url) as client, pytest.raises(GameUnavailable, match="MiB"):
            client.raw("POST", "/api/agent/new")
    finally:
        server.shutdown()


def test_a_patch_may_not_add_a_module_in_place_of_a_dependency_of_the_game():
    """A root `flask/` whose `__init__` exits 0 under unittest turned a red gate green: a runner file."""
    from loop.verification.runner_files import runner_files_touched

    manifest = Manifest(name="castle", title="castle", genre="test", start_command=["python", "server.py"])
    base = frozenset({"castle/__init__.py", "castle/engine.py", "tests/test_engine.py"})
    touched = runner_files_touched(
        ["flask/__init__.py", "castle/engine.py", "castle/helpers.py"], base, manifest
    )
    assert touched == ["flask/__init__.py (imported in place of the module `flask`)"]

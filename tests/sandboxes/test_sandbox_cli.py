"""`closed-loop sandbox ...` as a user runs it: a real subprocess, a real game, Ctrl-C to stop."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from sandbox_games import FIXTURES, play_walkthrough

CLI = [sys.executable, "-m", "flows.cli"]


def test_sandbox_up_serves_the_game_until_ctrl_c(lantern):
    process = subprocess.Popen(
        [*CLI, "sandbox", "up", str(FIXTURES / "lantern"), "--backend", "process", "--seconds", "120"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        first = process.stdout.readline()
        assert first.startswith("lantern (process) at http://127.0.0.1:"), first + process.stderr.read()
        url = first.split(" at ")[1].strip()
        repo_line = process.stdout.readline()
        repo_dir = repo_line.split(": ", 1)[1].split(" @ ")[0]
        assert play_walkthrough(url, lantern, Path(repo_dir))["won"] is True
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=30) == 130
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)
    with pytest.raises(httpx.TransportError):
        httpx.get(f"{url}/healthz", timeout=2)


# Answers health checks, and ends without a word two seconds after the first.
SILENT_EXIT = """
import http.server, os, threading
ENDING = []
class Healthy(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"{}")
        if not ENDING:
            ENDING.append(threading.Timer(2, os._exit, (3,)))
            ENDING[0].start()
    def log_message(self, *args):
        pass
http.server.HTTPServer(("0.0.0.0", int(os.environ["PORT"])), Healthy).serve_forever()
"""


def test_sandbox_up_says_so_when_the_game_exits_without_a_word(tmp_path: Path):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "silent.py").write_text(SILENT_EXIT)
    (tmp_path / "src" / "requirements.txt").write_text("")
    (tmp_path / "game.toml").write_text(
        'name = "silent"\ntitle = "Silent"\ngenre = "test"\ndescription = "Exits after its health check."\n'
        'start_command = ["python", "silent.py"]\nport_env = "PORT"\ncontainer_port = 8000\n'
        'health_path = "/api/health"\n'
    )
    argv = [*CLI, "sandbox", "up", str(tmp_path), "--backend", "process", "--seconds", "120"]

    result = subprocess.run(argv, capture_output=True, text=True, timeout=180)

    assert result.returncode == 1, result.stderr
    assert result.stdout.splitlines()[-1] == "silent exited: it printed nothing"


def test_sandbox_up_with_an_unknown_game_is_one_line_and_exit_2():
    argv = [*CLI, "sandbox", "up", "no-such-game"]
    result = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert result.stderr.strip().startswith("closed-loop: error: unknown game 'no-such-game'")
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.slow
@pytest.mark.docker
def test_sandbox_bootstrap_reuses_the_base_image_and_cleanup_runs(docker_provider):
    result = subprocess.run([*CLI, "sandbox", "bootstrap"], capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stderr
    assert "(Python 3." in result.stdout and "reused" in result.stdout
    result = subprocess.run([*CLI, "sandbox", "cleanup"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "leftover container" in result.stdout
    assert "leftover game process" in result.stdout


@pytest.mark.slow
@pytest.mark.docker
def test_engine_script_is_idempotent_when_an_engine_answers():
    script = Path(__file__).resolve().parents[2] / "scripts" / "engine.sh"
    result = subprocess.run(["bash", str(script)], capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stderr
    assert "engine answers already; nothing to do" in result.stdout


@pytest.mark.slow
@pytest.mark.docker
def test_sandbox_list_shows_a_running_game_with_its_owner_and_url(docker_provider, lantern_spec):
    with docker_provider.start(lantern_spec) as build:
        result = subprocess.run([*CLI, "sandbox", "list"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    line = next(line for line in result.stdout.splitlines() if line.startswith(build.container.name))
    assert "lantern" in line and lantern_spec.commit[:10] in line and "(alive)" in line
    assert line.endswith(build.url)

"""The process backend: the game as a local child process on a free loopback port.

First version: runs the manifest's start command with this interpreter. (Per-game venvs from the wheelhouse and
bubblewrap isolation are the sandbox issue's work.)
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

from loop.game_client import GameClient, GameUnavailable
from sandboxes.base import BuildSpec, RunningBuild, SandboxError, SandboxProvider


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ProcessBuild(RunningBuild):
    backend = "process"

    def __init__(self, process: subprocess.Popen, url: str, log_path: Path):
        self.process = process
        self.url = url
        self.log_path = log_path

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)

    def logs(self, tail: int = 200) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-tail:])
        except FileNotFoundError:
            return ""

    def is_alive(self) -> bool:
        return self.process.poll() is None


class ProcessProvider(SandboxProvider):
    name = "process"

    def start(self, spec: BuildSpec, *, ready_timeout: float = 60.0) -> RunningBuild:
        port = free_port()
        argv = [sys.executable if arg == "python" else arg for arg in spec.manifest.start_command]
        env = {**os.environ, **spec.env, spec.manifest.port_env: str(port), "PYTHONUNBUFFERED": "1"}
        log_path = Path(tempfile.mkstemp(prefix=f"closed-loop-{spec.manifest.name}-", suffix=".log")[1])
        with log_path.open("wb") as log:
            process = subprocess.Popen(
                argv, cwd=spec.repo_dir, env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
            )
        build = ProcessBuild(process, f"http://127.0.0.1:{port}", log_path)
        try:
            with GameClient(build.url) as client:
                client.wait_until_ready(ready_timeout, spec.manifest.health_path)
        except GameUnavailable as exc:
            build.stop()
            raise SandboxError(f"{spec.manifest.name} did not start: {exc}\n{build.logs(40)}") from exc
        return build

"""The soak's `serve_killed` fault: a loop started as a deployment run on a local Prefect server and serve
process (`closed-loop up`, the soak's own data folder, port and Prefect home); the serve process is SIGKILLed
mid-run, `closed-loop up` starts it again, and `prefect deployment run closed-loop/castle --param run_id=...`
finishes the run, as the README tells a user to.
"""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from bench.proc_memory import PeakMemory
from bench.soak_faults import LOOP_TIMEOUT, LoopOutcome
from loop.contract.paths import PROJECT_ROOT
from loop.host import settings

BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def prefect_env(env: dict[str, str], home: Path) -> dict[str, str]:
    """The soak's environment for Prefect commands: its own port and Prefect home, nothing of the user's."""
    clean = {k: v for k, v in env.items() if not k.startswith("PREFECT_")}
    return {**clean, settings.PREFECT_PORT.name: str(free_port()), "PREFECT_HOME": str(home)}


class LocalPrefect:
    """`closed-loop up` / `down` for the soak, with the serve process's pid at hand."""

    def __init__(self, env: dict[str, str], log: Path):
        self.env, self.log = env, log

    def _closed_loop(self, *args: str, timeout: float = 300) -> None:
        with self.log.open("ab") as log:
            done = subprocess.run(
                [BIN / "closed-loop", *args],
                env=self.env,
                cwd=PROJECT_ROOT,
                stdout=log,
                stderr=log,
                timeout=timeout,
            )
        if done.returncode != 0:
            raise RuntimeError(f"closed-loop {' '.join(args)} exited {done.returncode} (see {self.log})")

    def up(self) -> None:
        self._closed_loop("up")

    def down(self) -> None:
        self._closed_loop("down", timeout=180)

    @property
    def serve_log(self) -> Path:
        return Path(self.env[settings.DATA.name]) / "prefect" / "serve.log"

    def log_sizes(self) -> tuple[int, int]:
        """Where the soak's Prefect log and serve's log (the flow runs' own output) end now."""
        return self._size(self.log), self._size(self.serve_log)

    @staticmethod
    def _size(path: Path) -> int:
        return path.stat().st_size if path.is_file() else 0

    def keep_logs_since(self, sizes: tuple[int, int], run_id: str) -> None:
        """What both logs gained since `sizes`, in `<logs>/<run_id>.log` beside the other loops' logs, so an
        unfinished run's cause (the flow run's traceback, the watch's last state) is in its loop's log."""
        with (self.log.parent / f"{run_id}.log").open("ab") as kept:
            for path, size in zip((self.log, self.serve_log), sizes, strict=True):
                kept.write(f"==> {path} <==\n".encode())
                if path.is_file():
                    with path.open("rb") as source:
                        source.seek(size)
                        kept.write(source.read())

    def serve_pid(self) -> int | None:
        return self._pid("serve")

    @staticmethod
    def serve_pid_alive(pid: int) -> bool:
        try:
            return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
        except OSError:
            return False

    def pids(self) -> set[int]:
        """The server's and serve's pids while they run (between loops they are not orphans)."""
        return {pid for name in ("server", "serve") if (pid := self._pid(name)) is not None}

    def _pid(self, name: str) -> int | None:
        path = Path(self.env[settings.DATA.name]) / "prefect" / f"{name}.pid"
        try:
            return int(path.read_text().strip())
        except (OSError, ValueError):
            return None

    def deployment_run(self, params: dict[str, str], *, watch: bool, timeout: float) -> int:
        argv = [str(BIN / "prefect"), "deployment", "run", "closed-loop/castle"]
        for key, value in params.items():
            argv += ["--param", f"{key}={value}"]
        if watch:
            argv.append("--watch")
        with self.log.open("ab") as log:
            try:
                done = subprocess.run(
                    argv, env=self.env, cwd=PROJECT_ROOT, stdout=log, stderr=log, timeout=timeout
                )
            except subprocess.TimeoutExpired:  # the run never finished: the checks count it unfinished
                log.write(f"soak: no result after {timeout:.0f}s\n".encode())
                return -1
        return done.returncode


def play_serve_killed(
    prefect: LocalPrefect, game: str, run_id: str, runs: Path, rng: random.Random, steps: int, backend: str
) -> LoopOutcome:
    outcome = LoopOutcome(run_id=run_id, game=game, fault="serve_killed")
    params = {
        "game": game,
        "run_id": run_id,
        "backend": backend,
        "qa_agent": "explorer",
        "repair_agent": "gold",
        "max_rounds": "2",
        "steps": str(steps),
    }
    started = time.monotonic()
    sizes = prefect.log_sizes()
    prefect.up()
    serve = prefect.serve_pid()
    with PeakMemory([serve] if serve else [], interval=0.5) as memory:
        outcome.exit_codes.append(prefect.deployment_run(params, watch=False, timeout=120))
        # the run has begun once its run.json exists; kill serve a random moment later
        delay = rng.uniform(0.0, 15.0)
        deadline = time.monotonic() + 180
        while not (runs / run_id / "run.json").is_file() and time.monotonic() < deadline:
            time.sleep(0.2)
        time.sleep(delay)
        if serve is not None:
            try:
                os.killpg(serve, signal.SIGKILL)  # serve and the flow run it started die together
                outcome.injected += 1
            except ProcessLookupError:
                outcome.detail += "serve was already gone; "
            deadline = time.monotonic() + 30
            while prefect.serve_pid_alive(serve) and time.monotonic() < deadline:
                time.sleep(0.1)
    outcome.peak_rss_kib = memory.peak_kib
    prefect.up()  # starts serve again
    serve = prefect.serve_pid()
    with PeakMemory([serve] if serve else [], interval=0.5) as memory:
        outcome.exit_codes.append(prefect.deployment_run(params, watch=True, timeout=LOOP_TIMEOUT))
    outcome.peak_rss_kib = max(outcome.peak_rss_kib, memory.peak_kib)
    outcome.wall_seconds = time.monotonic() - started
    prefect.keep_logs_since(sizes, run_id)
    return outcome

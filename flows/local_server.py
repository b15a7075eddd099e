"""A local Prefect server and serve process, started in the background, so that
`prefect deployment run closed-loop/castle` works on a fresh machine.

State lives under the data directory (`$CLOSED_LOOP_DATA`, default `./data`): the SQLite database, logs and
pid files. `up` is idempotent; `down` stops serve before the server (the other order makes serve hang).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

from loop.contract.paths import data_dir

PROFILE = "closed-loop"


class LocalServerError(Exception):
    """The local Prefect server or serve process could not be started. The message is meant for the user."""


def api_port() -> int:
    return int(os.environ.get("CLOSED_LOOP_PREFECT_PORT", "4200"))


def api_url() -> str:
    return f"http://127.0.0.1:{api_port()}/api"


def prefect_env() -> dict[str, str]:
    """Environment for every Prefect process we start: local API, no telemetry, our logs in the UI."""
    prefect_dir = data_dir() / "prefect"
    return {
        **os.environ,
        "PREFECT_API_URL": api_url(),
        "PREFECT_SERVER_DATABASE_CONNECTION_URL": f"sqlite+aiosqlite:///{prefect_dir / 'prefect.db'}",
        "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
        "DO_NOT_TRACK": "1",
        "PREFECT_RUNNER_POLL_FREQUENCY": "2",
        "PREFECT_LOGGING_EXTRA_LOGGERS": "loop,sandboxes,repair_agents,reports,games",
        "PREFECT_UI_ENABLED": "true",
    }


@dataclass
class Daemon:
    """A background process we own, known by its pid file in `<data dir>/<folder>/`."""

    name: str
    folder: str = "prefect"

    @property
    def pid_file(self) -> Path:
        return data_dir() / self.folder / f"{self.name}.pid"

    @property
    def log_file(self) -> Path:
        return data_dir() / self.folder / f"{self.name}.log"

    def pid(self) -> int | None:
        try:
            pid = int(self.pid_file.read_text().strip())
        except (FileNotFoundError, ValueError):
            return None
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return None
        except PermissionError:
            return pid
        return pid

    def start(self, argv: list[str], env: dict[str, str]) -> int:
        self.pid_file.parent.mkdir(parents=True, exist_ok=True)
        with self.log_file.open("ab") as log:
            process = subprocess.Popen(
                argv,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )
        self.pid_file.write_text(str(process.pid))
        return process.pid

    def stop(self, timeout: float = 30.0) -> bool:
        pid = self.pid()
        if pid is None:
            self.pid_file.unlink(missing_ok=True)
            return False
        for sig in (signal.SIGTERM, signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(pid, sig)
            except ProcessLookupError:
                break
            deadline = time.monotonic() + timeout / 3
            while time.monotonic() < deadline and self.pid() is not None:
                time.sleep(0.2)
            if self.pid() is None:
                break
        self.pid_file.unlink(missing_ok=True)
        return True

    def tail(self, lines: int = 20) -> str:
        try:
            return "\n".join(self.log_file.read_text(errors="replace").splitlines()[-lines:])
        except FileNotFoundError:
            return ""


SERVER = Daemon("server")
SERVE = Daemon("serve")


def server_healthy(timeout: float = 2.0) -> bool:
    try:
        return httpx.get(f"{api_url()}/health", timeout=timeout).status_code == 200
    except httpx.HTTPError:
        return False


def deployment_ready(name: str = "closed-loop/castle", timeout: float = 2.0) -> bool:
    try:
        response = httpx.get(f"{api_url()}/deployments/name/{name}", timeout=timeout)
    except httpx.HTTPError:
        return False
    return response.status_code == 200 and not response.json().get("paused", False)


def _wait(condition, what: str, daemon: Daemon, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        if daemon.pid() is None:
            raise LocalServerError(f"{what} exited while starting; its log ends:\n{daemon.tail()}")
        time.sleep(0.5)
    raise LocalServerError(f"{what} not ready after {timeout:.0f}s; its log ends:\n{daemon.tail()}")


def _bin(name: str) -> str:
    return str(Path(sys.executable).with_name(name))


def use_profile() -> None:
    """Point the `prefect` command in any shell at our server, through a profile of its own."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_") or k == "PREFECT_HOME"}
    prefect = _bin("prefect")
    subprocess.run([prefect, "profile", "create", PROFILE], env=env, capture_output=True, timeout=60)
    # `profile use` switches, then fails its own connectivity check until the API URL is set: ignore its code
    subprocess.run([prefect, "profile", "use", PROFILE], env=env, capture_output=True, timeout=60)
    pairs = [f"{k}={v}" for k, v in prefect_env().items() if k.startswith("PREFECT_") and k != "PREFECT_HOME"]
    done = subprocess.run(
        [prefect, "config", "set", *pairs], env=env, capture_output=True, text=True, timeout=60
    )
    if done.returncode != 0:
        raise LocalServerError(f"cannot configure the Prefect profile {PROFILE!r}: {done.stderr.strip()}")


def up(progress=print, timeout: float = 120.0) -> None:
    """Start the server and the serve process unless they already run; return when the deployments exist."""
    env = prefect_env()
    if server_healthy():
        progress(f"prefect server: already answering at {api_url()}")
    else:
        if SERVER.pid() is not None:
            SERVER.stop()
        progress(f"prefect server: starting on {api_url()} (log {SERVER.log_file})")
        SERVER.start(
            [_bin("prefect"), "server", "start", "--host", "127.0.0.1", "--port", str(api_port())], env
        )
        _wait(server_healthy, "prefect server", SERVER, timeout)
        progress("prefect server: ready")
    use_profile()
    if SERVE.pid() is not None and deployment_ready():
        progress("serve: already running")
        return
    SERVE.stop()
    progress(f"serve: starting the deployments (log {SERVE.log_file})")
    SERVE.start([_bin("closed-loop"), "serve"], env)
    _wait(deployment_ready, "serve process", SERVE, timeout)
    progress("serve: deployments castle, nightly and compare are ready")


def down(progress=print) -> None:
    for daemon in (SERVE, SERVER):  # serve first: stopping the server first makes serve hang
        progress(f"{daemon.name}: {'stopped' if daemon.stop() else 'was not running'}")


def status() -> dict[str, object]:
    return {
        "api_url": api_url(),
        "server_pid": SERVER.pid(),
        "server_healthy": server_healthy(),
        "serve_pid": SERVE.pid(),
        "castle_deployment_ready": deployment_ready(),
        "data_dir": str(data_dir()),
    }

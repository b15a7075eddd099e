"""A local Prefect server and serve process, started in the background, so that
`prefect deployment run closed-loop/castle` works on a fresh machine.

State lives under the data directory (`$CLOSED_LOOP_DATA`, default `./data`): the SQLite database, logs and
pid files. `up` is idempotent; `down` stops serve before the server (the other order makes serve hang).
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

from loop.contract.paths import data_dir
from loop.host import settings

PROFILE = "closed-loop"
PROFILE_SETTINGS = ("PREFECT_API_URL", "PREFECT_SERVER_ANALYTICS_ENABLED")


class LocalServerError(Exception):
    """The local Prefect server or serve process could not be started. The message is meant for the user."""


def api_port() -> int:
    return settings.PREFECT_PORT.integer()


def api_url() -> str:
    return f"http://127.0.0.1:{api_port()}/api"


def prefect_env() -> dict[str, str]:
    """Environment for every Prefect process we start: local API, no telemetry, our logs in the UI."""
    prefect_dir = data_dir() / "prefect"
    (prefect_dir / "tmp").mkdir(parents=True, exist_ok=True)
    return {
        **os.environ,
        "PREFECT_API_URL": api_url(),
        "PREFECT_SERVER_DATABASE_CONNECTION_URL": f"sqlite+aiosqlite:///{prefect_dir / 'prefect.db'}",
        "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
        "DO_NOT_TRACK": "1",
        "PREFECT_RUNNER_POLL_FREQUENCY": "2",
        "PREFECT_LOGGING_EXTRA_LOGGERS": "loop,sandboxes,repair_agents,reports,games",
        # serve logs with our loggers outside flow runs too: those lines belong in serve.log, not the API
        "PREFECT_LOGGING_TO_API_WHEN_MISSING_FLOW": "ignore",
        "PREFECT_UI_ENABLED": "true",
        "TMPDIR": str(prefect_dir / "tmp"),  # the server's scratch: ours, not /tmp (serve claims its own)
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
        # a killed daemon is a zombie until it is reaped: it answers os.kill, but it is not running
        with contextlib.suppress(OSError):
            if Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z":
                return None
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


# what `closed-loop serve` registers (flows/deployments.py); `up` returns once every one of them answers
SERVED_DEPLOYMENTS = (
    "closed-loop/castle",
    "closed-loop-nightly/nightly",
    "compare-repair-agents/compare",
    "compare-repair-agents/catalogue",
)


def all_deployments_ready() -> bool:
    return all(deployment_ready(name) for name in SERVED_DEPLOYMENTS)


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


def _previous_profile_file() -> Path:
    return data_dir() / "prefect" / "previous-profile"


def use_profile(progress=print) -> None:
    """Point the `prefect` command in any shell at our server: a profile of its own, made active. The profile
    that was active is remembered and made active again by `down`. Done in this process by Prefect's own
    profile functions (no `prefect profile` subprocesses, which take seconds each on a loaded machine)."""
    from prefect.settings.profiles import Profile, load_profiles, save_profiles

    profiles = load_profiles()
    previous = profiles.active_name
    # Only what points the `prefect` command at our server: a profile that sent the `loop` loggers to the API
    # made every Python process on the machine warn "attempted to send logs to the API without a flow run id"
    settings = {k: v for k, v in prefect_env().items() if k in PROFILE_SETTINGS}
    if PROFILE in profiles.names:
        profiles.remove_profile(PROFILE)  # made anew: nothing an older `up` put there stays
    # prefect takes setting names for Setting keys (its own profile loader does the same)
    profiles.add_profile(Profile(name=PROFILE, settings=settings))  # type: ignore[arg-type]
    profiles.set_active(PROFILE)
    save_profiles(profiles)
    if previous != PROFILE:
        _previous_profile_file().write_text(previous or "")
        progress(
            f"prefect profile: switched the active profile from {previous or 'none'!r} to {PROFILE!r} "
            "(`closed-loop down` switches back)"
        )


def restore_profile(progress=print) -> None:
    """Make the profile that was active before `up` active again, unless the user has switched since."""
    from prefect.settings.profiles import load_profiles, save_profiles

    marker = _previous_profile_file()
    if not marker.is_file():
        return
    previous = marker.read_text().strip() or None
    profiles = load_profiles()
    if profiles.active_name == PROFILE:
        profiles.set_active(previous if previous in profiles.names else None)
        save_profiles(profiles)
        progress(f"prefect profile: switched back to {previous or 'none'!r}")
    marker.unlink()


def up(progress=print, timeout: float = 120.0) -> None:
    """Start the server and the serve process unless they already run; return when the deployments exist.
    Interrupted (Ctrl-C, SIGTERM) or failing, it stops what this call started."""
    started: list[Daemon] = []
    try:
        _up(progress, timeout, started)
    except BaseException:
        for daemon in reversed(started):  # serve before the server, as `down` does
            daemon.stop()
        raise


def _up(progress, timeout: float, started: list[Daemon]) -> None:
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
        started.append(SERVER)
        _wait(server_healthy, "prefect server", SERVER, timeout)
        progress("prefect server: ready")
    use_profile(progress)
    if SERVE.pid() is not None and all_deployments_ready():
        progress("serve: already running")
        return
    SERVE.stop()
    progress(f"serve: starting the deployments (log {SERVE.log_file})")
    SERVE.start([_bin("closed-loop"), "serve"], env)
    started.append(SERVE)
    _wait(all_deployments_ready, "serve process", SERVE, timeout)
    progress("serve: deployments " + ", ".join(SERVED_DEPLOYMENTS) + " are ready")


def down(progress=print) -> None:
    for daemon in (SERVE, SERVER):  # serve first: stopping the server first makes serve hang
        progress(f"{daemon.name}: {'stopped' if daemon.stop() else 'was not running'}")
    restore_profile(progress)


def status() -> dict[str, object]:
    return {
        "api_url": api_url(),
        "server_pid": SERVER.pid(),
        "server_healthy": server_healthy(),
        "serve_pid": SERVE.pid(),
        "castle_deployment_ready": deployment_ready(),
        "data_dir": str(data_dir()),
    }


def use_ephemeral_api() -> None:
    """Make Prefect in this process (imported after this call) run on an ephemeral API of its own: neither the
    active profile, nor a PREFECT_API_URL, nor our local server's database is used, so `closed-loop run` works
    the same whether a server is up, down or gone. Its database stays (data/prefect/ephemeral.db): a new one
    would cost every run its migrations, half a minute on a loaded machine."""
    folder = data_dir() / "prefect"
    folder.mkdir(parents=True, exist_ok=True)
    for name in [n for n in os.environ if n.startswith(("PREFECT_API_", "PREFECT_SERVER_"))]:
        del os.environ[name]
    os.environ.update(
        {
            "PREFECT_PROFILE": "ephemeral",  # a built-in profile, whatever the profiles file holds
            "PREFECT_SERVER_ALLOW_EPHEMERAL_MODE": "true",
            "PREFECT_SERVER_DATABASE_CONNECTION_URL": f"sqlite+aiosqlite:///{folder / 'ephemeral.db'}",
            "PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS": "180",
            "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
            "DO_NOT_TRACK": "1",
        }
    )

"""The process backend: the game as a child process in its own venv, on a loopback port the parent chose.

Where bubblewrap works (`bwrap --unshare-all` succeeds), the game runs in fresh namespaces with a read-only
root, a private /tmp and no network at all; the parent opens the listening socket on the host and
`sandboxes/relay.py` serves it into the namespace. Elsewhere the game runs as a plain child process.
`python` in the manifest's start command means the game venv's python.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import os
import shutil
import signal
import socket
import subprocess
import tempfile
from pathlib import Path

from loop.contract.game import Manifest
from loop.contract.paths import data_dir
from loop.host import settings
from loop.sandbox import (
    BuildSpec,
    CommandResult,
    RunningBuild,
    SandboxContext,
    SandboxError,
    SandboxProvider,
    game_settings,
    run_bounded,
    track,
    untrack,
)
from sandboxes.game.readiness import wait_until_ready
from sandboxes.game.source_tree import export_tree
from sandboxes.game.wheelhouse import game_venv, requirement_files
from sandboxes.game.workdir import GameWorkdir, remove_orphan_workdirs
from sandboxes.owners import forget, kill_orphans, record

log = logging.getLogger(__name__)

RELAY = Path(__file__).resolve().parents[1] / "relay.py"
STOP_TIMEOUT = 5.0
ISOLATIONS = ("auto", "bwrap", "none")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@functools.cache
def bwrap_works() -> bool:
    """True when bubblewrap may create namespaces here (some hosts and containers forbid it)."""
    if shutil.which("bwrap") is None:
        return False
    probe = ["bwrap", "--unshare-all", *_root_binds(), "--dev", "/dev", "--proc", "/proc", "true"]
    try:
        return subprocess.run(probe, capture_output=True, timeout=10).returncode == 0
    except subprocess.TimeoutExpired:
        return False


# The host's top-level folders a game never needs. Not binding `/` itself matters: a recursive bind of `/`
# copies every mount below it, and one that docker is creating or removing at that moment (a container's
# overlay under /var/lib/docker) makes bwrap fail to start the game.
UNSHARED_TOP_LEVEL = frozenset({"proc", "dev", "sys", "tmp", "var", "run", "mnt", "media", "lost+found"})


def _root_binds() -> list[str]:
    """Every other top-level folder read-only (symlinks such as /bin -> usr/bin kept as symlinks)."""
    args: list[str] = []
    for top in sorted(Path("/").iterdir()):
        if top.name in UNSHARED_TOP_LEVEL:
            continue
        if top.is_symlink():
            args += ["--symlink", os.readlink(top), str(top)]
        elif top.is_dir():
            args += ["--ro-bind", str(top), str(top)]
    return args


def _bwrap_prefix(workdir: GameWorkdir, venv: Path) -> list[str]:
    argv = ["bwrap", "--unshare-all", "--die-with-parent", "--new-session"]
    argv += [*_root_binds(), "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp"]
    # Re-expose what the game needs in case it lives under /tmp, which the tmpfs above hides.
    for path in (venv, RELAY.parent):
        argv += ["--ro-bind", str(path), str(path)]
    # The game's own copy of its tree (and its persistent folder) is the one place it may write.
    for path in workdir.writable():
        argv += ["--bind", str(path), str(path)]
    return [*argv, "--chdir", str(workdir.path)]


class ProcessBuild(RunningBuild):
    backend = "process"

    def __init__(
        self,
        argv: list[str],
        env: dict[str, str],
        cwd: Path,
        port: int,
        listener: socket.socket | None,
        manifest: Manifest,
        ready_timeout: float,
        workdir: GameWorkdir,
        command_prefix: list[str],
    ):
        self.argv, self.env, self.cwd, self.port, self.listener = argv, env, cwd, port, listener
        self.workdir, self.command_prefix = workdir, command_prefix
        self.manifest, self.ready_timeout = manifest, ready_timeout
        self.url = f"http://127.0.0.1:{port}"
        self.sandboxed = listener is not None
        log_dir = data_dir() / "logs"
        log_dir.mkdir(exist_ok=True)
        handle, name = tempfile.mkstemp(
            prefix=f"{settings.GAME.value(env) or 'game'}-", suffix=".log", dir=log_dir
        )
        os.close(handle)
        self.log_path = Path(name)
        self.process: subprocess.Popen[bytes] | None = None
        self._spawn()

    def _spawn(self) -> None:
        pass_fds = (self.listener.fileno(),) if self.listener is not None else ()
        with self.log_path.open("ab") as log_file:
            self.process = subprocess.Popen(
                self.argv,
                cwd=self.cwd,
                env=self.env,
                stdout=log_file,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                pass_fds=pass_fds,
                start_new_session=True,
            )
        record(self.process.pid, settings.GAME.value(self.env) or "game")

    def _terminate(self) -> None:
        process = self.process
        if process is None:
            return
        if process.poll() is None:
            with contextlib.suppress(ProcessLookupError):  # it may exit between poll() and the signal
                os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=STOP_TIMEOUT)
        forget(process.pid)

    def stop(self) -> None:
        untrack(self)
        self._terminate()
        if self.listener is not None:
            self.listener.close()
            self.listener = None
        self.workdir.remove()

    def run_command(self, argv: list[str], timeout: float) -> CommandResult:
        """Run `argv` in the game's own copy of its tree, with its venv and, where it works, bubblewrap."""
        python = self.env.get("VIRTUAL_ENV", "")
        argv = [f"{python}/bin/python" if arg == "python" and python else arg for arg in argv]
        return run_bounded([*self.command_prefix, *argv], self.cwd, self.env, timeout)

    def restart(self) -> None:
        """Start the game again on the same URL (the parent still holds the port); wait until ready."""
        if self.sandboxed and self.listener is None:
            raise SandboxError("this build was stopped; start a new one")
        self._terminate()
        self._spawn()
        wait_until_ready(self, self.manifest, self.ready_timeout)

    def logs(self, tail: int = 200) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-tail:])
        except FileNotFoundError:
            return ""

    def is_alive(self) -> bool:
        return self.process is not None and self.process.poll() is None


class ProcessProvider(SandboxProvider):
    """Games as local processes. `isolation`: `auto` (bubblewrap when it works), `bwrap`, or `none`."""

    name = "process"

    def __init__(self, isolation: str = "auto", *, cleanup_at_start: bool = True):
        if isolation not in ISOLATIONS:
            raise SandboxError(f"unknown isolation {isolation!r} (choose from {', '.join(ISOLATIONS)})")
        if isolation == "bwrap" and not bwrap_works():
            raise SandboxError("bubblewrap is missing or may not create namespaces on this host")
        self.isolation = isolation
        if cleanup_at_start:
            self.cleanup_leftovers()

    @classmethod
    def from_context(cls, context: SandboxContext) -> ProcessProvider:
        return cls(cleanup_at_start=context.cleanup_at_start)

    def cleanup_leftovers(self) -> int:
        """Kill games whose closed-loop owner died without stopping them (e.g. after a SIGKILL)."""
        killed = kill_orphans()
        remove_orphan_workdirs()
        return killed

    @property
    def uses_bwrap(self) -> bool:
        return self.isolation == "bwrap" or (self.isolation == "auto" and bwrap_works())

    def start(self, spec: BuildSpec, *, ready_timeout: float = 60.0) -> RunningBuild:
        manifest = spec.manifest
        tree = export_tree(spec)
        # bubblewrap binds real paths, not a symlinked data folder
        venv = game_venv(*requirement_files(tree.path, manifest)).resolve()
        workdir = GameWorkdir.copy_of(tree.path, manifest)
        python = str(venv / "bin" / "python")
        game_argv = [python if arg == "python" else arg for arg in manifest.start_command]
        env = {
            "PATH": f"{venv / 'bin'}:{os.environ.get('PATH', '/usr/bin:/bin')}",
            "HOME": "/tmp",
            "LANG": os.environ.get("LANG", "C.UTF-8"),
            "PYTHONUNBUFFERED": "1",
            "PYTHONDONTWRITEBYTECODE": "1",
            "VIRTUAL_ENV": str(venv),
            "HOST": "127.0.0.1",
            settings.GAME.name: manifest.name,
            **game_settings(manifest),
            **spec.env,
        }
        listener: socket.socket | None = None
        if self.uses_bwrap:
            listener = socket.create_server(("127.0.0.1", 0), backlog=128)
            port = listener.getsockname()[1]
            prefix = _bwrap_prefix(workdir, venv)
            argv = [*prefix, python, str(RELAY), str(listener.fileno()), str(port), "--", *game_argv]
        else:
            port = free_port()
            prefix, argv = [], game_argv
        env[manifest.port_env] = str(port)
        build = ProcessBuild(
            argv, env, workdir.path, port, listener, manifest, ready_timeout, workdir, prefix
        )
        track(build)
        log.info(
            "%s: started %s at %s (%s)",
            manifest.name,
            tree.tree_id[:12],
            build.url,
            "bubblewrap, no network" if listener else "plain process",
        )
        wait_until_ready(build, manifest, ready_timeout)
        return build

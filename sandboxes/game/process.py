"""The process backend: the game as a child process in its own venv, on a loopback port the parent chose.

Where bubblewrap works (`bwrap --unshare-all` succeeds), the game runs in fresh namespaces, as a user of its
own with no capability when closed-loop runs as root, seeing only what `confinement.py` binds, with a private
/tmp and no network at all; the parent opens the listening socket on the host and `sandboxes/relay.py` serves
it into the namespace. Elsewhere the game runs as a plain child process. `python` in the manifest's start
command means the game venv's python. The game's output goes to a bounded log (`game_log.py`), and it runs
under the limits of `limits.py` (memory, processes, file size, open files), bubblewrap or not.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import socket
import subprocess
from pathlib import Path

from loop.contract.game import Manifest
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
from sandboxes.game.confinement import RELAY_INSIDE, bwrap_prefix, bwrap_works
from sandboxes.game.game_log import GameLog, remove_old_logs
from sandboxes.game.limits import OUT_OF_MEMORY_SIGNS, GameLimits, out_of_memory_note
from sandboxes.game.readiness import wait_until_ready
from sandboxes.game.source_tree import export_tree
from sandboxes.game.wheelhouse import game_venv, requirement_files
from sandboxes.game.workdir import GameWorkdir, remove_orphan_workdirs
from sandboxes.owners import forget, kill_orphans, record
from sandboxes.unprivileged import GAME_USER, drops_privileges, give

__all__ = ["ProcessBuild", "ProcessProvider", "bwrap_works", "free_port"]

log = logging.getLogger(__name__)

STOP_TIMEOUT = 5.0
ISOLATIONS = ("auto", "bwrap", "none")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


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
        memory_mb: int,
    ):
        self.argv, self.env, self.cwd, self.port, self.listener = argv, env, cwd, port, listener
        self.workdir, self.command_prefix, self.memory_mb = workdir, command_prefix, memory_mb
        self.manifest, self.ready_timeout = manifest, ready_timeout
        self.url = f"http://127.0.0.1:{port}"
        self.sandboxed = listener is not None
        self.log = GameLog(workdir.path.name)
        self.log_path = self.log.path
        self.process: subprocess.Popen[bytes] | None = None
        self._spawn()

    def _spawn(self) -> None:
        pass_fds = (self.listener.fileno(),) if self.listener is not None else ()
        pump = self.log.open_pipe()
        try:
            self.process = subprocess.Popen(
                self.argv,
                cwd=self.cwd,
                env=self.env,
                stdout=pump.stdin,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                pass_fds=pass_fds,
                start_new_session=True,
            )
        finally:
            if pump.stdin is not None:
                pump.stdin.close()  # the game holds the pipe now: the pump ends when the game's output closes
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
        self.log.wait_for_pump()

    def stop(self) -> None:
        untrack(self)
        self._terminate()
        if self.listener is not None:
            self.listener.close()
            self.listener = None
        self.workdir.remove()
        self.log.remove()

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
        text = self.log.tail(tail)
        if self.is_alive() or not any(sign in text for sign in OUT_OF_MEMORY_SIGNS):
            return text
        # a resource limit, not a kill: the game's allocation fails and its own error is in the log above
        return text + out_of_memory_note(self.memory_mb, how="needed")

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
        if isolation == "auto" and drops_privileges() and not bwrap_works():
            log.warning("bubblewrap cannot run here: games run as plain processes, as root")
        if cleanup_at_start:
            self.cleanup_leftovers()

    @classmethod
    def from_context(cls, context: SandboxContext) -> ProcessProvider:
        return cls(cleanup_at_start=context.cleanup_at_start)

    def cleanup_leftovers(self) -> int:
        """Kill games whose closed-loop owner died without stopping them (e.g. after a SIGKILL)."""
        killed = kill_orphans()
        remove_orphan_workdirs()
        remove_old_logs()
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
        limits = GameLimits.from_settings()
        if self.uses_bwrap:
            give(workdir.path, GAME_USER)
            listener = socket.create_server(("127.0.0.1", 0), backlog=128)
            port = listener.getsockname()[1]
            prefix = [*limits.prlimit(own_user=drops_privileges()), *bwrap_prefix(workdir, venv)]
            argv = [*prefix, python, RELAY_INSIDE, str(listener.fileno()), str(port), "--", *game_argv]
        else:
            port = free_port()
            prefix = limits.prlimit(own_user=False)
            argv = [*prefix, *game_argv]
        env[manifest.port_env] = str(port)
        build = ProcessBuild(
            argv, env, workdir.path, port, listener, manifest, ready_timeout, workdir, prefix,
            limits.memory_mb,
        )  # fmt: skip
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

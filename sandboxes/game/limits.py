"""The limits every game runs under, the same settings on both backends (loop/host/settings.py).

Docker enforces them per container: memory and processes (threads included) by its cgroup, file size and open
files as ulimits, and /tmp is a tmpfs of `TMP_MB`. The process backend has no cgroup: `prlimit` sets resource
limits before anything of the sandbox starts, inherited by every process of it and impossible to raise (soft
and hard alike): memory per process (`RLIMIT_DATA`: what it allocates and may write, not the address space it
merely reserves, of which Node.js's WebAssembly takes gigabytes), processes and threads of the game's host
user (`RLIMIT_NPROC`; only when the game has a user of its own, that is when closed-loop runs as root), file
size (`RLIMIT_FSIZE`) and open files (`RLIMIT_NOFILE`); bubblewrap's /tmp is a tmpfs of `TMP_MB` too. CPU time
is not limited: a game runs as long as its loop does.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import docker.types

from loop.host import settings
from loop.sandbox import SandboxError

MIB = 1024 * 1024
TMP_MB = 64


OUT_OF_MEMORY_SIGNS = ("MemoryError", "Cannot allocate memory", "out of memory")  # Python, libc, Node


def out_of_memory_note(limit_mb: int, how: str = "was killed for using") -> str:
    """The line appended to a game's logs when it died of its memory limit, naming the setting to raise."""
    return (
        f"\nclosed-loop: the game {how} more than its memory limit ({limit_mb} MiB); "
        f"raise {settings.GAME_MEMORY_MB.name} if it needs more\n"
    )


@dataclass(frozen=True)
class GameLimits:
    memory_mb: int
    processes: int
    file_size_mb: int
    open_files: int

    @classmethod
    def from_settings(cls) -> GameLimits:
        """The limits the settings name; SandboxError (one line) for a value that is not a positive number."""
        values = []
        for setting in (
            settings.GAME_MEMORY_MB,
            settings.GAME_PROCESSES,
            settings.GAME_FILE_SIZE_MB,
            settings.GAME_OPEN_FILES,
        ):
            try:
                value = setting.integer()
            except ValueError as exc:
                raise SandboxError(str(exc)) from None
            if value <= 0:
                raise SandboxError(f"{setting.name}={value} must be above 0")
            values.append(value)
        return cls(*values)

    def prlimit(self, *, own_user: bool) -> list[str]:
        """The argv prefix that starts a process backend's sandbox under these limits. `own_user`: the game
        runs as a host user of its own, whose processes may be counted (anyone else's would count too)."""
        found = shutil.which("prlimit")
        if found is None:
            raise SandboxError("prlimit (util-linux) is not installed: games could not be limited")
        argv = [
            str(Path(found).resolve()),
            f"--data={self.memory_mb * MIB}",
            f"--fsize={self.file_size_mb * MIB}",
            f"--nofile={self.open_files}",
        ]
        if own_user:
            argv.append(f"--nproc={self.processes}")
        return [*argv, "--"]

    def docker_options(self) -> dict:
        """The keyword arguments of `containers.run` that set these limits."""
        return {
            "mem_limit": f"{self.memory_mb}m",
            "pids_limit": self.processes,
            "ulimits": [
                docker.types.Ulimit(name="fsize", soft=self.file_size_mb * MIB, hard=self.file_size_mb * MIB),
                docker.types.Ulimit(name="nofile", soft=self.open_files, hard=self.open_files),
            ],
            "tmpfs": {"/tmp": f"rw,nosuid,nodev,size={TMP_MB}m"},
        }

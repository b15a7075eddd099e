"""A process-backend game's output: `data/logs/<sandbox>.log`, bounded, and gone with its sandbox.

The game writes into a pipe that `log_pump.py` reads into the log file, rotated past `MAX_BYTES` with `KEPT`
older files, so a game printing without end holds at most (KEPT + 1) * MAX_BYTES of disk. The files are
removed when the sandbox stops (its last lines stay readable from the stopped build); a crashed owner's are
removed by the next closed-loop process to start a provider, and any other file there once it is `MAX_AGE_S`
old.
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
import time
from pathlib import Path

from loop.contract.paths import data_dir
from sandboxes.owners import pid_alive

PUMP = Path(__file__).resolve().parent / "log_pump.py"
MAX_BYTES = 1024 * 1024
KEPT = 2
MAX_AGE_S = 7 * 24 * 3600
PUMP_EXIT_TIMEOUT = 5.0


def logs_dir() -> Path:
    path = data_dir() / "logs"
    path.mkdir(exist_ok=True)
    return path


class GameLog:
    """The log of one sandbox (named like its work folder: `<owner pid>-<game>-<random>`)."""

    def __init__(self, name: str):
        self.path = logs_dir() / f"{name}.log"
        self.path.touch()
        self._pump: subprocess.Popen[bytes] | None = None
        self._final: str | None = None

    def files(self) -> list[Path]:
        return [self.path, *(Path(f"{self.path}.{index}") for index in range(1, KEPT + 1))]

    def open_pipe(self) -> subprocess.Popen[bytes]:
        """A new pump whose stdin the game writes to (close the parent's copy once the game has it)."""
        self.wait_for_pump()
        argv = [sys.executable, "-I", str(PUMP), str(self.path), str(MAX_BYTES), str(KEPT)]
        self._pump = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True,
        )  # fmt: skip
        return self._pump

    def wait_for_pump(self) -> None:
        """Let the pump write what the game said last (it ends when the game's output closes)."""
        pump, self._pump = self._pump, None
        if pump is None:
            return
        try:
            pump.wait(timeout=PUMP_EXIT_TIMEOUT)
        except subprocess.TimeoutExpired:  # a child of the game still holds the pipe open
            pump.kill()
            pump.wait(timeout=PUMP_EXIT_TIMEOUT)

    def tail(self, lines: int) -> str:
        if self._final is not None:
            return "\n".join(self._final.splitlines()[-lines:])
        text = ""
        for path in reversed(self.files()[:2]):
            with contextlib.suppress(FileNotFoundError):
                text += path.read_text(errors="replace")
        return "\n".join(text.splitlines()[-lines:])

    def remove(self) -> None:
        """Delete the files, keeping the last lines in memory for `tail`. Call once the game has stopped."""
        self.wait_for_pump()
        if self._final is None:
            self._final = self.tail(400)
        for path in self.files():
            path.unlink(missing_ok=True)


def remove_old_logs(now: float | None = None) -> int:
    """Remove the logs of crashed owners, and any log older than MAX_AGE_S; return how many files."""
    now = time.time() if now is None else now
    removed = 0
    for path in logs_dir().iterdir():
        owner = path.name.split("-", 1)[0]
        alive = owner.isdigit() and pid_alive(int(owner))
        try:
            old = now - path.stat().st_mtime > MAX_AGE_S
        except FileNotFoundError:
            continue
        if not alive and (owner.isdigit() or old):
            path.unlink(missing_ok=True)
            removed += 1
    return removed

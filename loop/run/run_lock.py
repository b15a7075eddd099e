"""One process per run: `runs/<run id>/run.lock`, held (flock) for the life of the run.

Whoever works on a run (`closed-loop run`, a Prefect flow run, a resume, the nightly's game) takes this lock
first, through `LoopRun.open`; a second process is refused with the holder's pid. The kernel releases a flock
when its holder dies, however it dies, so a run killed with SIGKILL is taken over by the next process
without anyone removing anything. The file keeps the last holder's pid and start time for the message.
"""

from __future__ import annotations

import fcntl
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

from pydantic import BaseModel, ValidationError

LOCK_FILE = "run.lock"


class RunBusy(Exception):
    """Another live process works on the run. The message names it and is meant for the user."""


class Holder(BaseModel):
    pid: int
    started_at: str


def _read_holder(handle: IO[str]) -> Holder | None:
    handle.seek(0)
    try:
        return Holder.model_validate_json(handle.read())
    except ValidationError:
        return None  # the holder has the lock and has not written its name yet


def _busy(run_dir: Path, holder: Holder | None) -> RunBusy:
    who = f"pid {holder.pid} (started {holder.started_at})" if holder else "another process"
    return RunBusy(f"run {run_dir.name} is in use by {who}; one process works on a run at a time")


class RunLock:
    """The held lock of one run. Take it with `RunLock.take`; `release` (or the holder's death) frees it."""

    def __init__(self, run_dir: Path, handle: IO[str]):
        self.run_dir = run_dir
        self._handle = handle

    @classmethod
    def take(cls, run_dir: Path) -> RunLock:
        """Hold the lock of the run in `run_dir` (made when missing), or raise RunBusy naming the holder."""
        path = run_dir / LOCK_FILE
        for _ in range(3):
            run_dir.mkdir(parents=True, exist_ok=True)
            handle = path.open("a+")
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = _read_holder(handle)
                handle.close()
                raise _busy(run_dir, holder) from None
            if path.exists() and os.stat(path).st_ino == os.fstat(handle.fileno()).st_ino:
                break
            handle.close()  # the file was removed with its run folder after we opened it: open the new one
        else:
            raise _busy(run_dir, None)
        handle.seek(0)
        handle.truncate()
        handle.write(Holder(pid=os.getpid(), started_at=datetime.now(UTC).isoformat()).model_dump_json())
        handle.flush()
        return cls(run_dir, handle)

    @property
    def held(self) -> bool:
        return not self._handle.closed

    def release(self) -> None:
        if self.held:
            fcntl.flock(self._handle, fcntl.LOCK_UN)
            self._handle.close()


def check_free(run_dir: Path) -> None:
    """Raise RunBusy when a live process holds the run's lock (to refuse at once, before a flow starts)."""
    path = run_dir / LOCK_FILE
    if not path.is_file():
        return
    with path.open() as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            raise _busy(run_dir, _read_holder(handle)) from None
        fcntl.flock(handle, fcntl.LOCK_UN)

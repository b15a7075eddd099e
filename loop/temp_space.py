"""A temp folder of its own for every closed-loop process, so that nothing is left in /tmp, killed or not.

`claim()` makes `<data>/tmp/<pid>-<start time>/` this process's temp folder: `tempfile` uses it (so do
multiprocessing's `pymp-*` folders and git's scratch files), and every process it starts inherits it through
`TMPDIR`. It is removed at exit; a process killed with SIGKILL leaves it behind, and the next `claim()` of any
closed-loop process removes the folders whose owner is gone, as dead owners' containers are removed at start.
The owner is named by pid and kernel start time, so a pid the kernel gave to another process never keeps a
folder alive.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

from loop.contract.paths import SYSTEM_TMP, data_dir

_claimed: dict[int, Path] = {}


def start_time(pid: int) -> str | None:
    """The kernel's start time of `pid` (clock ticks since boot), or None when no such process exists."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    return stat.rsplit(")", 1)[1].split()[19]  # field 22 counts from the pid; after "comm)" it is the 20th


def _owner_alive(name: str) -> bool:
    pid, _, started = name.partition("-")
    return pid.isdigit() and start_time(int(pid)) == started


def remove_dead_owners(root: Path | None = None) -> int:
    """Remove the temp folders of closed-loop processes that are gone; return how many."""
    root = root or data_dir() / "tmp"
    removed = 0
    for path in root.glob("*-*") if root.is_dir() else []:
        if not _owner_alive(path.name):
            shutil.rmtree(path, ignore_errors=True)
            removed += 1
    return removed


def claim() -> Path:
    """Make a folder under the data folder this process's temp folder (idempotent); see the module's doc."""
    pid = os.getpid()
    if pid in _claimed:
        return _claimed[pid]
    root = data_dir() / "tmp"
    root.mkdir(exist_ok=True)
    remove_dead_owners(root)
    os.environ.setdefault(SYSTEM_TMP, tempfile.gettempdir())
    path = root / f"{pid}-{start_time(pid)}"
    path.mkdir(exist_ok=True)
    os.environ["TMPDIR"] = str(path)
    tempfile.tempdir = str(path)
    _claimed[pid] = path
    atexit.register(_release, pid, path)
    return path


def _release(pid: int, path: Path) -> None:
    if os.getpid() == pid:  # a forked child runs its parent's atexit hooks only if it exits normally
        shutil.rmtree(path, ignore_errors=True)

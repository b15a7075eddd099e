"""A temp folder of its own for every closed-loop process, so that nothing is left in /tmp, killed or not.

`claim()` makes `<machine temp>/closed-loop-tmp-<pid>-<start time>/` this process's temp folder: `tempfile`
uses it (so do multiprocessing's `pymp-*` folders, git's scratch files and our own temp folders), and every
process it starts inherits it through `TMPDIR`. It is removed at exit; a process killed with SIGKILL leaves it
behind, and the next `claim()` of any closed-loop process removes the folders whose owner is gone, as dead
owners' containers are removed at start. The owner is named by pid and kernel start time, so a pid the kernel
gave to another process never keeps a folder alive. It stays in the machine's temp folder (not the data
folder) because multiprocessing puts unix sockets in it, whose paths may not exceed 107 bytes.
"""

from __future__ import annotations

import contextlib
import multiprocessing.util
import os
import re
import shutil
import signal
import tempfile
from pathlib import Path

from loop.contract.paths import system_temp_dir
from loop.host import settings

_claimed: dict[int, Path] = {}


def start_time(pid: int) -> str | None:
    """The kernel's start time of `pid` (clock ticks since boot), or None when no such process exists."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    return stat.rsplit(")", 1)[1].split()[19]  # field 22 counts from the pid; after "comm)" it is the 20th


# multiprocessing's forkserver listens on <temp>/pymp-XXXXXXXX/listener-XXXXXXXX (32 bytes more), a unix
# socket path may not exceed 107 bytes, and our own folder's name takes up to 35
LONGEST_ROOT = 107 - 32 - 35
SHORT_ROOT = "/tmp"
OWNED = re.compile(r"closed-loop-tmp-(\d+)-(\d+)")


def remove_dead_owners(root: Path | None = None) -> int:
    """Remove the temp folders of closed-loop processes that are gone, and stop what those processes started
    that outlived them (e.g. Prefect's ephemeral API server of a SIGKILLed `closed-loop run`): a process
    whose TMPDIR is a dead owner's folder is its orphan. Returns how many folders were removed."""
    root = root or system_temp_dir()
    dead = []
    for path in root.glob("closed-loop-tmp-*"):
        owner = OWNED.fullmatch(path.name)
        if owner and start_time(int(owner[1])) != owner[2]:
            dead.append(path)
    if dead:
        _kill_orphans({f"TMPDIR={path}".encode() for path in dead})
    for path in dead:
        shutil.rmtree(path, ignore_errors=True)
    return len(dead)


def _kill_orphans(environ_entries: set[bytes]) -> None:
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            if entry.stat().st_uid != os.getuid():
                continue
            environ = set((entry / "environ").read_bytes().split(b"\0"))
        except OSError:  # gone meanwhile, or not ours to read
            continue
        if environ & environ_entries:
            with contextlib.suppress(ProcessLookupError):
                os.kill(int(entry.name), signal.SIGKILL)


def claim() -> Path:
    """Give this process a temp folder of its own (idempotent); see the module's doc."""
    pid = os.getpid()
    if pid in _claimed:
        return _claimed[pid]
    # children claim beside us, not inside
    os.environ.setdefault(settings.SYSTEM_TMP.name, tempfile.gettempdir())
    root = system_temp_dir()
    if len(str(root)) > LONGEST_ROOT and Path(SHORT_ROOT).is_dir():
        root = Path(SHORT_ROOT)  # a long TMPDIR (macOS's /var/folders/..., a nested one) fits no socket path
        os.environ[settings.SYSTEM_TMP.name] = SHORT_ROOT
    remove_dead_owners(root)
    path = root / f"closed-loop-tmp-{pid}-{start_time(pid)}"
    path.mkdir(exist_ok=True)
    os.environ["TMPDIR"] = str(path)
    tempfile.tempdir = str(path)
    _claimed[pid] = path
    # after multiprocessing's own exit finalizers (-100 removes its pymp-* folder, which is inside ours)
    multiprocessing.util.Finalize(None, _release, args=(pid, path), exitpriority=-1000)
    return path


def _release(pid: int, path: Path) -> None:
    if os.getpid() == pid:  # a forked child runs its parent's atexit hooks only if it exits normally
        shutil.rmtree(path, ignore_errors=True)

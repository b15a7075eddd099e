"""Where closed-loop keeps what outlives one command (the ledger, caches, the Prefect server's state), and a
lock to share it safely between processes.

One answer for every layer: `$CLOSED_LOOP_DATA`; else `data/` in the project checkout (what `make castle` and
`make test` use); else `~/.cache/closed-loop` for an installed copy.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from loop.host import settings

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def system_temp_dir() -> Path:
    """The machine's temp folder, whatever temp folder this process claimed (loop/host/temp_space.py)."""
    return Path(settings.SYSTEM_TMP.value() or tempfile.gettempdir())


def data_dir() -> Path:
    configured = settings.DATA.value()
    if configured:
        path = Path(configured).expanduser()
    elif (PROJECT_ROOT / "pyproject.toml").is_file():
        path = PROJECT_ROOT / "data"
    else:
        path = Path.home() / ".cache" / "closed-loop"
    path.mkdir(parents=True, exist_ok=True)
    return path.resolve()


@contextmanager
def file_lock(name: str, timeout: float = 900.0, *, machine_wide: bool = False) -> Iterator[None]:
    """An exclusive lock shared by every process using this data directory (two runs bootstrapping at once).

    `machine_wide`: shared by every checkout on the machine, for what lives in the one engine (images).
    Raises TimeoutError after `timeout` seconds: a peer that holds it longer is stuck, not slow.
    """
    shared = system_temp_dir() / f"closed-loop-locks-{os.getuid()}"
    lock_dir = shared if machine_wide else data_dir() / "locks"
    lock_dir.mkdir(exist_ok=True)
    busy = f"lock {name} still held by another process after {timeout:.0f}s"
    with flocked(lock_dir / f"{name}.lock", timeout, busy):
        yield


@contextmanager
def flocked(lock_path: Path, timeout: float, busy: str) -> Iterator[None]:
    """An exclusive flock on `lock_path`, waited for at most `timeout` seconds; TimeoutError(busy) after."""
    with lock_path.open("w") as handle:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise TimeoutError(busy) from None
                time.sleep(0.2)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def short_hash(*parts: str | bytes, length: int = 16) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode() if isinstance(part, str) else part)
        digest.update(b"\0")
    return digest.hexdigest()[:length]

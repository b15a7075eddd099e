"""Where sandboxes keep machine-wide caches (wheelhouses, venvs, logs), and a lock to share them safely.

The data directory itself is `loop.paths.data_dir()`.
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

from loop.paths import data_dir

__all__ = ["data_dir", "file_lock", "short_hash"]


@contextmanager
def file_lock(name: str, timeout: float = 900.0, *, machine_wide: bool = False) -> Iterator[None]:
    """An exclusive lock shared by every process using this data directory (two runs bootstrapping at once).

    `machine_wide`: shared by every checkout on the machine, for what lives in the one engine (images).
    Raises TimeoutError after `timeout` seconds: a peer that holds it longer is stuck, not slow.
    """
    shared = Path(tempfile.gettempdir()) / f"closed-loop-locks-{os.getuid()}"
    lock_dir = shared if machine_wide else data_dir() / "locks"
    lock_dir.mkdir(exist_ok=True)
    with (lock_dir / f"{name}.lock").open("w") as handle:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise TimeoutError(
                        f"lock {name} still held by another process after {timeout:.0f}s"
                    ) from None
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

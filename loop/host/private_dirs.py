"""Private folders in the host's temp dir, named after the process that owns them, so that what a killed
process left behind is found and removed by the next one to start (the critic's gold builds, the repair
sandbox's folders). The host's temp dir is mounted by no repair sandbox (each has a private /tmp)."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path


def private_dir(prefix: str) -> Path:
    """A new folder `<temp>/<prefix><pid>-<random>`, mode 0700; dead owners' old ones are removed first."""
    remove_leftovers(prefix)
    return Path(tempfile.mkdtemp(prefix=f"{prefix}{os.getpid()}-"))


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_leftovers(prefix: str) -> int:
    """Remove the folders of `prefix` whose owning process is gone; return how many."""
    removed = 0
    for folder in Path(tempfile.gettempdir()).glob(f"{prefix}*-*"):
        owner = folder.name[len(prefix) :].split("-", 1)[0]
        if owner.isdigit() and not pid_alive(int(owner)):
            shutil.rmtree(folder, ignore_errors=True)
            removed += 1
    return removed

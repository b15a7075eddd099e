"""Lock files a killed git left in a run's repository.

git takes `<file>.lock` beside what it changes (the index, HEAD, a branch ref, a work tree's index) and
removes it when it is done. A run killed with its whole process group (a SIGKILLed Prefect serve process and
the flow run it started) kills git too, mid-operation: its lock stays, and every later git command on that
file fails ("cannot lock ref ...: Unable to create '.../HEAD.lock': File exists"), so the resumed run would
fail at its first checkout, round branch or fixes branch. git never names a ref `*.lock`, so every such file
under the git dir is a lock.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from loop.run.run_lock import RunLock


def remove_stale_locks(repo_dir: Path, held: RunLock) -> list[Path]:
    """Remove every git lock file of `repo_dir` (its git dir, with its work trees' admin folders); return
    what was removed. Only for a repository no git command is using now: `held` is the run's own lock, which
    no other process can hold, so no other process's git is at work in it."""
    if not held.held:
        raise RuntimeError(f"git locks of {repo_dir} are removed only while holding the run's lock")
    git_dir = repo_dir / ".git"
    if not git_dir.is_dir():
        return []
    removed = []
    for lock in git_dir.rglob("*.lock"):
        if lock.is_file():
            with contextlib.suppress(FileNotFoundError):
                lock.unlink()
                removed.append(lock)
    return removed

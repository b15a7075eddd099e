"""A full disk, however it shows: an OSError (ENOSPC, EDQUOT), git's "Out of diskspace", SQLite's "database
or disk is full", or any of them as the cause of another error.

A full disk is the machine's, not the run's: a run it stops stays resumable, and the command says so in one
line (`DiskFull`). Everything that turns errors into outcomes (a repair attempt's infrastructure failure, a
critic's verdict) lets a full disk through instead.
"""

from __future__ import annotations

import errno

NO_SPACE_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT})
NO_SPACE_WORDS = (
    "no space left on device",
    "out of diskspace",
    "disk quota exceeded",
    "database or disk is full",
)
MAX_CHAIN = 20  # causes followed back from an error


class DiskFull(Exception):
    """A run stopped because a disk filled up; it resumes once there is room. The message says how."""

    @classmethod
    def stopping(cls, run_id: str, cause: BaseException) -> DiskFull:
        return cls(
            f"{no_space(cause)}; run {run_id} stopped and stays resumable: free some space, then "
            f"`closed-loop run --run-id {run_id}`"
        )


def _chain(exc: BaseException) -> list[BaseException]:
    found: list[BaseException] = []
    current: BaseException | None = exc
    while current is not None and current not in found and len(found) < MAX_CHAIN:
        found.append(current)
        current = current.__cause__ or current.__context__
    return found


def _says_no_space(exc: BaseException) -> bool:
    if isinstance(exc, OSError) and exc.errno in NO_SPACE_ERRNOS:
        return True
    text = str(exc).lower()
    return any(words in text for words in NO_SPACE_WORDS)


def disk_full(exc: BaseException) -> bool:
    """Did `exc`, or an error that led to it, come from a full disk?"""
    return any(_says_no_space(error) for error in _chain(exc))


def no_space(exc: BaseException) -> str:
    """`no space left on device`, and where it was found full when `exc` says."""
    where = what_filled(exc)
    return f"no space left on device ({where})" if where else "no space left on device"


def what_filled(exc: BaseException) -> str:
    """Where the disk was found full, in a few words: the file, or the failing command's message."""
    for error in _chain(exc):
        if isinstance(error, OSError) and error.errno in NO_SPACE_ERRNOS and error.filename:
            return str(error.filename)
    for error in _chain(exc):
        if _says_no_space(error) and not isinstance(error, OSError):
            lines = [line.strip(" '\"") for line in str(error).splitlines()]
            hit = next((line for line in lines if any(w in line.lower() for w in NO_SPACE_WORDS)), "")
            return hit.removeprefix("stderr: ").strip(" '\"")[:300] or type(error).__name__
    return ""

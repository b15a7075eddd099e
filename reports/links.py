"""Links from a view to the files a run left (patches, traces, transcripts), relative so the folder moves."""

from __future__ import annotations

import posixpath
from pathlib import PurePosixPath

from loop.run.record import RunRecord


def run_relative(run: RunRecord, path: str) -> str:
    """A path the loop recorded, made relative to runs/<run_id>/ when it was written absolute."""
    pure = PurePosixPath(path)
    if not pure.is_absolute():
        return pure.as_posix()
    parts = pure.parts
    if run.run_id in parts:
        index = len(parts) - 1 - parts[::-1].index(run.run_id)
        return PurePosixPath(*parts[index + 1 :]).as_posix()
    return pure.as_posix()


def run_link(run: RunRecord, path: str, from_dir: str = "") -> str:
    """The href from a view in runs/<run_id>/<from_dir>/ to a recorded file."""
    target = run_relative(run, path)
    if PurePosixPath(target).is_absolute():
        return "file://" + target
    return posixpath.relpath(target, from_dir) if from_dir else target

"""A run's view commits and the game's real commits they stand for, as run.json records them.

The run's first view commit stands for the commit the run started from (`RunRecord.origin`); each verified fix
applied to the real history stands for its commit on the fixes branch (`FixesBranch.made_from`), known once
the branch is made at the end of the run. A run without an origin (a game folder outside git, or with
uncommitted changes) has only its view: its commits are named by their own ids, as they are.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from loop.contract.commit_origins import CommitOrigins
from loop.run.record import RunRecord


def real_commits(record: RunRecord) -> dict[str, str]:
    """view commit -> real commit, for the view commits that have one."""
    origin = record.origin
    if origin is None:
        return {}
    mapping = {record.base_commit: origin.commit}
    if record.fixes is not None and record.fixes.repo == origin.clone:
        mapping.update(record.fixes.made_from)
    return mapping


def commit_origins(record: RunRecord, earlier: Mapping[str, str] | None = None) -> CommitOrigins:
    """The run's commits and the history they are compared in: the run's clone of the game's repository.
    `earlier`: earlier runs' view commits and their real commits (`Ledger.real_commits`), for names kept
    before their fix was applied."""
    origin = record.origin
    if origin is None:
        return CommitOrigins(view=Path(record.repo_dir))
    real = Path(origin.clone or origin.repo)
    return CommitOrigins(Path(record.repo_dir), real, real_commits(record), earlier or {})

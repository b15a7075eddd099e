"""Fixtures: the scripted CASTLE run (castle_history.py) as a record and as a runs/<run_id>/ folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from castle_history import castle_history

from loop.run.record import RunRecord


@pytest.fixture
def castle_run() -> RunRecord:
    return castle_history()


@pytest.fixture
def castle_run_dir(tmp_path: Path, castle_run: RunRecord) -> Path:
    """runs/<run_id>/ as the loop leaves it: run.json plus the trace, patch and transcript files it names."""
    run_dir = tmp_path / "runs" / castle_run.run_id
    run_dir.mkdir(parents=True)
    for session in castle_run.sessions:
        paths = [session.trace_path] + [
            p for a in session.attempts for p in (a.patch_path, a.transcript_path)
        ]
        for rel in filter(None, paths):
            (run_dir / rel).parent.mkdir(parents=True, exist_ok=True)
            (run_dir / rel).write_text(f"contents of {rel}\n")
    castle_run.save(run_dir / "run.json")
    return run_dir

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Where this test's runs and ledger go (the runs folder's path)."""
    monkeypatch.setenv("CLOSED_LOOP_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("CLOSED_LOOP_RUNS", str(tmp_path / "runs"))
    return tmp_path / "runs"

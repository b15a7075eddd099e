"""Every fault test gets its own ledger file; the machine-wide caches (venvs, wheelhouses) stay shared."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def own_ledger(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test its own ledger file; the machine-wide caches (venvs, wheelhouses) stay shared."""
    path = tmp_path / "ledger.sqlite"
    monkeypatch.setenv("CLOSED_LOOP_LEDGER_URL", f"sqlite:///{path}")
    return path

"""Every abuse test gets its own ledger file; the docker tests fail (never skip) without an engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from loop.sandbox import EngineUnavailable


@pytest.fixture(autouse=True)
def own_ledger(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "ledger.sqlite"
    monkeypatch.setenv("CLOSED_LOOP_LEDGER_URL", f"sqlite:///{path}")
    return path


@pytest.fixture(scope="session")
def docker_engine() -> None:
    from sandboxes.engine import connect

    try:
        connect().close()
    except EngineUnavailable as exc:
        pytest.fail(f"the docker tests need a Docker engine; run scripts/engine.sh: {exc}")

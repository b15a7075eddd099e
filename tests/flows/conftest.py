"""A real local Prefect server and serve process, started and stopped through `closed-loop up` / `down`; an
in-process Prefect API for the flows run here; each test's own runs and data folders."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from prefect.testing.utilities import prefect_test_harness

BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def local_prefect(tmp_path: Path):
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")},
        "CLOSED_LOOP_DATA": str(tmp_path / "data"),
        "CLOSED_LOOP_RUNS": str(tmp_path / "runs"),
        "CLOSED_LOOP_PREFECT_PORT": str(free_port()),
        "PREFECT_HOME": str(tmp_path / "prefect-home"),  # the test's profile, not the user's
    }
    up = subprocess.run([BIN / "closed-loop", "up"], env=env, capture_output=True, text=True, timeout=300)
    try:
        assert up.returncode == 0, up.stdout + up.stderr
        yield env
    finally:
        down = subprocess.run(
            [BIN / "closed-loop", "down"], env=env, capture_output=True, text=True, timeout=120
        )
        assert down.returncode == 0, down.stdout + down.stderr


@pytest.fixture(scope="module")
def prefect_api():
    # offline: no telemetry heartbeat (it logs "database is locked" errors into the test's output on SQLite)
    with pytest.MonkeyPatch.context() as env:
        env.setenv("PREFECT_SERVER_ANALYTICS_ENABLED", "false")
        env.setenv("DO_NOT_TRACK", "1")
        with prefect_test_harness(server_startup_timeout=120):
            yield


@pytest.fixture
def own_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CLOSED_LOOP_RUNS", str(tmp_path / "runs"))
    monkeypatch.setenv("CLOSED_LOOP_DATA", str(tmp_path / "data"))
    return tmp_path / "runs"

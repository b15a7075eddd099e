"""Prefect without surprises: `closed-loop up` says that it makes its profile active and `down` switches back
to the user's; `closed-loop run` works in-process whatever profile is active, even one whose server died."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.flows.conftest import free_port

pytestmark = pytest.mark.slow
BIN = Path(sys.executable).parent
ROOT = Path(__file__).resolve().parents[2]
USERS_PROFILE = 'active = "mine"\n\n[profiles.mine]\nPREFECT_API_URL = "http://127.0.0.1:9/api"\n'


def closed_loop(env: dict[str, str], *args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [BIN / "closed-loop", *args], env=env, cwd=ROOT, capture_output=True, text=True, timeout=timeout
    )


def active_profile(home: Path) -> str:
    return tomllib.loads((home / "profiles.toml").read_text())["active"]


def test_up_switches_the_profile_openly_and_run_ignores_a_dead_server(tmp_path: Path):
    home = tmp_path / "prefect-home"
    home.mkdir()
    (home / "profiles.toml").write_text(USERS_PROFILE)
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("CLOSED_LOOP_", "PREFECT_"))},
        "CLOSED_LOOP_DATA": str(tmp_path / "data"),
        "CLOSED_LOOP_RUNS": str(tmp_path / "runs"),
        "CLOSED_LOOP_PREFECT_PORT": str(free_port()),
        "PREFECT_HOME": str(home),
    }
    up = closed_loop(env, "up", timeout=300)
    assert up.returncode == 0, up.stdout + up.stderr
    assert "switched the active profile from 'mine' to 'closed-loop'" in up.stdout
    assert active_profile(home) == "closed-loop"
    profile = tomllib.loads((home / "profiles.toml").read_text())["profiles"]["closed-loop"]
    assert set(profile) == {"PREFECT_API_URL", "PREFECT_SERVER_ANALYTICS_ENABLED"}  # no logger to the API

    # the server dies without `down` (a reboot, a kill): the profile still points at it
    for name in ("serve", "server"):
        pid = int((tmp_path / "data" / "prefect" / f"{name}.pid").read_text())
        os.killpg(pid, signal.SIGKILL)
    run = closed_loop(env, "run", "castle", "--backend", "process", "--max-rounds", "1", "--steps", "50")
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-3000:]
    assert "report: " in run.stdout
    assert "Failed to reach API" not in run.stderr
    assert "without a flow run id" not in run.stderr

    down = closed_loop(env, "down", timeout=120)
    assert down.returncode == 0, down.stdout + down.stderr
    assert "switched back to 'mine'" in down.stdout
    assert active_profile(home) == "mine"

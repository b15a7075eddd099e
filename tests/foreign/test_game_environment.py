"""The game's own tests run in the game's own environment, never in closed-loop's interpreter.

A user installs closed-loop with `pip install -e .` (no test extras), so closed-loop's interpreter has none of
a game's dependencies. A `flask` that cannot be imported on closed-loop's side stands for that here: CASTLE's
tests import flask and must still pass, in its venv (process) and in its container (docker).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

CLI = [sys.executable, "-m", "flows.cli"]


def interpreter_without_flask(tmp_path: Path) -> dict[str, str]:
    shadow = tmp_path / "no-flask"
    (shadow / "flask").mkdir(parents=True)
    (shadow / "flask" / "__init__.py").write_text("raise ModuleNotFoundError(\"No module named 'flask'\")\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(shadow), os.environ.get("PYTHONPATH", "")])}
    probe = subprocess.run([sys.executable, "-c", "import flask"], env=env, capture_output=True, text=True)
    assert "No module named 'flask'" in probe.stderr  # the shadow works: flask is gone on our side
    return env


@pytest.mark.slow
@pytest.mark.parametrize("backend", ["process", pytest.param("docker", marks=pytest.mark.docker)])
def test_castle_tests_pass_in_its_own_environment_when_closed_loop_has_no_flask(tmp_path, backend):
    env = interpreter_without_flask(tmp_path)
    result = subprocess.run(
        [*CLI, "games", "validate", "castle", "--backend", backend],
        env=env, capture_output=True, text=True, timeout=1200,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "own tests: shipped pass, BUG-1 pass, BUG-2 pass, BUG-3 pass, all gold pass  ok" in result.stdout
    assert f"castle: valid (backend {backend})" in result.stdout

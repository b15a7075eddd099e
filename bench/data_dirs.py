"""Separate CLOSED_LOOP_DATA folders for benchmark loops, sharing the machine-wide caches that are read-only.

The wheelhouse (and, for a warm start, the game venv) is prepared once in the default data folder, outside any
timing, then linked into each loop's own folder, so no benchmark reaches a package index and a "cold" loop
pays only for what a loop really builds (the venv, the images).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import cast

from games.catalogue import load_game
from loop.contract.paths import PROJECT_ROOT, data_dir
from loop.host import settings
from sandboxes.game.wheelhouse import game_venv, host_python_version, wheelhouse


def prepare_shared_caches() -> Path:
    """CASTLE's wheelhouse and venv in the default data folder; returns that folder."""
    game = load_game("castle")
    requirements = game.src_dir / cast(str, game.manifest.requirements)  # CASTLE names its requirements
    wheelhouse(requirements, host_python_version())
    game_venv(requirements)
    return data_dir()


def loop_data_dir(root: Path, name: str, *, share_venvs: bool) -> Path:
    """`root/name` with the shared wheelhouses (and venvs when `share_venvs`) linked in."""
    shared = prepare_shared_caches()
    path = root / name
    path.mkdir(parents=True, exist_ok=True)
    links = ["wheelhouses", "venvs"] if share_venvs else ["wheelhouses"]
    for link in links:
        if not (path / link).exists():
            (path / link).symlink_to(shared / link)
    return path


def scratch(prefix: str) -> Path:
    return Path(tempfile.mkdtemp(prefix=prefix))


def loop_env(data: Path, runs: Path) -> dict[str, str]:
    return {**os.environ, settings.DATA.name: str(data), settings.RUNS.name: str(runs)}


def loop_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "bench.loop_once", *args]


def run_loop(env: dict[str, str], *args: str, timeout: float = 600) -> dict:
    """One loop in its own process; its JSON line, or {"error": ...} with the tail of its stderr."""
    done = subprocess.run(
        loop_command(*args), env=env, cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=timeout
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if not lines:
        return {"error": f"exit {done.returncode}: {done.stderr[-2000:]}"}
    return json.loads(lines[-1])

"""Which closed-loop process owns which game process, kept on disk so a crashed owner's games can be found.

A record is `data/processes/<game pid>.json`. The game's start time (from /proc) is stored with it, so a pid
the kernel has since given to an unrelated process is never killed.
"""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

from loop.contract.paths import data_dir
from loop.host.private_dirs import pid_alive  # noqa: F401 -- the owners' check, shared
from loop.host.temp_space import start_time


def _records() -> Path:
    path = data_dir() / "processes"
    path.mkdir(exist_ok=True)
    return path


def record(game_pid: int, game: str) -> None:
    entry = {"game_pid": game_pid, "owner_pid": os.getpid(), "started": start_time(game_pid), "game": game}
    (_records() / f"{game_pid}.json").write_text(json.dumps(entry))


def forget(game_pid: int) -> None:
    (_records() / f"{game_pid}.json").unlink(missing_ok=True)


def kill_orphans() -> int:
    """Kill the process groups of games whose owner is dead; return how many were killed."""
    killed = 0
    for path in _records().glob("*.json"):
        try:
            entry = json.loads(path.read_text())
        except (OSError, ValueError):
            path.unlink(missing_ok=True)
            continue
        if pid_alive(int(entry["owner_pid"])):
            continue
        pid = int(entry["game_pid"])
        if entry.get("started") and start_time(pid) == entry["started"]:
            try:
                os.killpg(pid, signal.SIGKILL)
                killed += 1
            except ProcessLookupError:
                pass
        path.unlink(missing_ok=True)
    return killed

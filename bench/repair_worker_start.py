"""How long a repair agent's worker takes to start and return, by start method. Prints JSON.

The baseline is `spawn` (a fresh interpreter per attempt), measured in the same run as `forkserver`, which the
pipeline uses. Usage: .venv/bin/python bench/repair_worker_start.py [attempts]
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from loop.repair.protocol import RepairBudget, RepairWorkspace
from loop.repair.worker import run_agent
from repair_agents.noop import NoopAgent


def measure(method: str, attempts: int, root: Path) -> list[float]:
    seconds = []
    for n in range(attempts):
        attempt_dir = root / f"{method}-{n}"
        attempt_dir.mkdir()
        workspace = RepairWorkspace(
            repo_dir=root, attempt_dir=attempt_dir, game_name="bench", run_id="b", round=1
        )
        started = time.perf_counter()
        result = run_agent(
            NoopAgent(), workspace, [], RepairBudget(wall_seconds=60), attempt_dir / "agent.log", method
        )
        seconds.append(time.perf_counter() - started)
        assert result.attempt is not None, result.traceback
    return seconds


def main() -> None:
    attempts = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        spawn = measure("spawn", attempts, root)
        forkserver = measure("forkserver", attempts + 1, root)[1:]  # the first starts the server itself
    result = {
        "attempts": attempts,
        "spawn_median_s": round(statistics.median(spawn), 4),
        "forkserver_median_s": round(statistics.median(forkserver), 4),
        "forkserver_over_spawn": round(statistics.median(forkserver) / statistics.median(spawn), 3),
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()

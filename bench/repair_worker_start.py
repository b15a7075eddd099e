"""How long a repair agent's worker takes to start and return, by start method. The baseline is `spawn` (a
fresh interpreter per attempt), measured in the same run as `forkserver`, which the pipeline uses.

    .venv/bin/python -m bench.repair_worker_start [--attempts 10] [--smoke]
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench.result import BenchResult, emit, metric, parser
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
        if result.attempt is None:
            raise RuntimeError(f"the noop worker failed: {result.traceback}")
    return seconds


def main(argv: list[str] | None = None) -> int:
    started = time.perf_counter()
    args_parser = parser(__doc__.splitlines()[0])
    args_parser.add_argument("--attempts", type=int, default=10)
    args = args_parser.parse_args(argv)
    attempts = 2 if args.smoke else args.attempts
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        spawn = statistics.median(measure("spawn", attempts, root))
        forkserver = statistics.median(measure("forkserver", attempts + 1, root)[1:])  # the first starts it
    result = BenchResult(bench="repair_worker_start", smoke=args.smoke, params={"attempts": attempts})
    result.metrics.append(
        metric("repair worker start and return, forkserver", forkserver, "s", spawn, "spawn (s)")
    )
    emit(result, started)
    return 0


if __name__ == "__main__":
    sys.exit(main())

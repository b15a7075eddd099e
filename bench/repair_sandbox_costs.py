"""What the repair sandbox costs: open+close and one `run`, docker vs bubblewrap, against the same command
as a plain host subprocess measured in the same run.

    .venv/bin/python -m bench.repair_sandbox_costs [--repeats 5] [--backends bubblewrap,docker] [--smoke]
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from pathlib import Path

from bench.result import BenchResult, emit, metric
from bench.sandbox_timing import Phases, median_phases, plain_run_s, sandbox_bench_args
from games.catalogue import load_game
from sandboxes.repair_tools.choose import open_repair_sandbox

COMMAND = "grep -rn drawer castle | head -n 5"


def attempt(backend: str, tree: Path) -> Phases:
    started = time.perf_counter()
    sandbox = open_repair_sandbox(tree, backend, lifetime_s=120, game="castle")
    opened = time.perf_counter()
    exit_code = sandbox.run(COMMAND, 30).exit_code
    ran = time.perf_counter()
    sandbox.close()
    if exit_code != 0:
        raise RuntimeError(f"{COMMAND!r} failed in the {backend} repair sandbox (exit {exit_code})")
    return opened - started, ran - opened, time.perf_counter() - ran


def main(argv: list[str] | None = None) -> int:
    started = time.perf_counter()
    args = sandbox_bench_args(__doc__, 5, argv)
    repeats = args.repeats
    result = BenchResult(bench="repair_sandbox_costs", smoke=args.smoke, params={"repeats": repeats})
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "tree"
        shutil.copytree(load_game("castle").src_dir, tree)
        baseline = plain_run_s(["sh", "-c", COMMAND], tree, repeats)
        result.details["plain_run_s"] = round(baseline, 4)
        for backend in args.backends:
            numbers = median_phases(lambda: attempt(backend, tree), repeats)  # noqa: B023
            result.details[backend] = {name: round(value, 4) for name, value in numbers.items()}
            result.metrics.append(
                metric(
                    f"repair sandbox ({backend}): one command",
                    numbers["run_s"],
                    "s",
                    baseline,
                    "the same command as a plain subprocess (s)",
                    note=f"open {numbers['open_s']:.2f} s, close {numbers['close_s']:.2f} s",
                )
            )
            result.metrics.append(
                metric(
                    f"repair sandbox ({backend}): open + close",
                    numbers["open_s"] + numbers["close_s"],
                    "s",
                    baseline,
                    "the command as a plain subprocess (s)",
                )
            )
    emit(result, started)
    return 0


if __name__ == "__main__":
    sys.exit(main())

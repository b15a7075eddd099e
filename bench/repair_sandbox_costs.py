"""What the repair sandbox costs: open+close and one `run`, docker vs bubblewrap, against the same command
as a plain host subprocess measured in the same run.

    .venv/bin/python -m bench.repair_sandbox_costs [--repeats 5] [--backends bubblewrap,docker] [--smoke]
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.result import BenchResult, emit, metric, parser
from games.catalogue import load_game
from sandboxes.repair_sandbox import open_repair_sandbox

COMMAND = "grep -rn drawer castle | head -n 5"


def measure(backend: str, tree: Path, repeats: int) -> dict[str, float]:
    opened, ran, closed = [], [], []
    for _ in range(repeats):
        started = time.perf_counter()
        sandbox = open_repair_sandbox(tree, backend, lifetime_s=120, game="castle")
        opened.append(time.perf_counter() - started)
        started = time.perf_counter()
        exit_code = sandbox.run(COMMAND, 30).exit_code
        ran.append(time.perf_counter() - started)
        started = time.perf_counter()
        sandbox.close()
        closed.append(time.perf_counter() - started)
        if exit_code != 0:
            raise RuntimeError(f"{COMMAND!r} failed in the {backend} repair sandbox (exit {exit_code})")
    return {
        name: statistics.median(v) for name, v in (("open_s", opened), ("run_s", ran), ("close_s", closed))
    }


def main(argv: list[str] | None = None) -> int:
    started = time.perf_counter()
    args_parser = parser(__doc__.splitlines()[0])
    args_parser.add_argument("--repeats", type=int, default=5)
    args_parser.add_argument("--backends", default="bubblewrap,docker")
    args = args_parser.parse_args(argv)
    repeats = 1 if args.smoke else args.repeats
    result = BenchResult(bench="repair_sandbox_costs", smoke=args.smoke, params={"repeats": repeats})
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "tree"
        shutil.copytree(load_game("castle").src_dir, tree)
        plain = []
        for _ in range(repeats):
            began = time.perf_counter()
            subprocess.run(["sh", "-c", COMMAND], cwd=tree, capture_output=True, check=True, timeout=30)
            plain.append(time.perf_counter() - began)
        baseline = statistics.median(plain)
        result.details["plain_run_s"] = round(baseline, 4)
        for backend in args.backends.split(","):
            numbers = measure(backend, tree, repeats)
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

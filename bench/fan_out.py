"""Fan-out: 1, 2 and 4 offline CASTLE loops at once (process backend), each in its own process with its own
CLOSED_LOOP_RUNS and CLOSED_LOOP_DATA (the wheelhouse and game venv are shared, read-only, as on one machine).
Reports throughput in loops per minute and the peak summed RSS of the loops' process trees, both against one
loop alone measured in the same run.

    .venv/bin/python -m bench.fan_out [--widths 1,2,4] [--steps 300] [--smoke]
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

from bench.data_dirs import loop_command, loop_data_dir, loop_env, scratch
from bench.proc_memory import PeakMemory
from bench.result import BenchResult, emit, metric, parser
from loop.contract.paths import PROJECT_ROOT

LOOP_TIMEOUT = 600


def fan_out(root: Path, width: int, loop_args: list[str]) -> dict:
    children = []
    for index in range(width):
        data = loop_data_dir(root, f"w{width}-data-{index}", share_venvs=True)
        env = loop_env(data, root / f"w{width}-runs-{index}")
        children.append(
            subprocess.Popen(
                loop_command(*loop_args),
                env=env,
                cwd=PROJECT_ROOT,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
            )
        )
    started = time.perf_counter()
    try:
        with PeakMemory([child.pid for child in children]) as memory:
            outputs = [child.communicate(timeout=LOOP_TIMEOUT)[0] for child in children]
    finally:
        for child in children:  # only after a timeout is one still running
            if child.poll() is None:
                child.kill()
                child.wait(timeout=30)
    wall = time.perf_counter() - started
    loops = [
        json.loads(out.strip().splitlines()[-1]) if out.strip() else {"error": "no output"} for out in outputs
    ]
    finished = sum(1 for loop in loops if loop.get("status") == "finished")
    return {
        "width": width,
        "wall_seconds": round(wall, 3),
        "finished": finished,
        "loops_per_minute": round(finished / wall * 60, 3),
        "peak_rss_mib": round(memory.peak_kib / 1024, 1),
        "peak_rss_per_loop_mib": round(memory.peak_per_tree_kib / 1024, 1),
        "memory_samples": memory.samples,
        "loop_walls_seconds": [loop.get("wall_seconds") for loop in loops],
        "outcomes": [f"{loop.get('discovered')}/{loop.get('fixed_verified')}" for loop in loops],
    }


def main(argv: list[str] | None = None) -> int:
    started = time.perf_counter()
    args_parser = parser(__doc__.splitlines()[0])
    args_parser.add_argument("--widths", default="1,2,4")
    args_parser.add_argument("--steps", type=int, default=300)
    args = args_parser.parse_args(argv)
    widths = [1, 2] if args.smoke else [int(w) for w in args.widths.split(",")]
    steps, rounds = (30, 1) if args.smoke else (args.steps, 3)
    loop_args = ["--backend", "process", "--steps", str(steps), "--max-rounds", str(rounds)]
    root = scratch("bench-fan-out-")
    runs = [fan_out(root, width, loop_args) for width in widths]
    shutil.rmtree(root, ignore_errors=True)
    result = BenchResult(
        bench="fan_out", smoke=args.smoke, params={"widths": widths, "steps": steps, "max_rounds": rounds}
    )
    result.details = {
        "runs": runs,
        "rss": "sum of VmRSS over each loop's process tree (shared pages per process)",
    }
    alone = runs[0]
    for run in runs[1:]:
        width = run["width"]
        result.metrics.append(
            metric(
                f"fan-out {width} loops: throughput",
                run["loops_per_minute"],
                "loops/min",
                alone["loops_per_minute"],
                "1 loop alone (loops/min)",
                note=f"{run['finished']}/{width} finished in {run['wall_seconds']:.0f} s",
            )
        )
        result.metrics.append(
            metric(
                f"fan-out {width} loops: peak RSS of all trees",
                run["peak_rss_mib"],
                "MiB",
                alone["peak_rss_mib"],
                "1 loop alone (MiB)",
            )
        )
    emit(result, started)
    return 0


if __name__ == "__main__":
    sys.exit(main())

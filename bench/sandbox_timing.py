"""What the sandbox-cost benches share: their flags (`--repeats`, `--backends`, `--smoke`), the median of a
command run as a plain host subprocess (the baseline), and the median open / run / close of repeated sandboxed
attempts."""

from __future__ import annotations

import argparse
import statistics
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

from bench.result import parser

Phases = tuple[float, float, float]  # seconds to open the sandbox, run the program in it, close it


def sandbox_bench_args(doc: str, default_repeats: int, argv: list[str] | None) -> argparse.Namespace:
    """Parsed flags; `repeats` is 1 under --smoke and `backends` a list."""
    made = parser(doc.splitlines()[0])
    made.add_argument("--repeats", type=int, default=default_repeats)
    made.add_argument("--backends", default="bubblewrap,docker")
    args = made.parse_args(argv)
    args.repeats = 1 if args.smoke else args.repeats
    args.backends = args.backends.split(",")
    return args


def plain_run_s(argv: list[str], cwd: Path, repeats: int, env: dict[str, str] | None = None) -> float:
    """The median wall time of `argv` as a plain host subprocess: the baseline of a sandbox."""
    samples = []
    for _ in range(repeats):
        began = time.perf_counter()
        subprocess.run(argv, cwd=cwd, env=env, capture_output=True, timeout=120)
        samples.append(time.perf_counter() - began)
    return statistics.median(samples)


def median_phases(attempt: Callable[[], Phases], repeats: int) -> dict[str, float]:
    samples = [attempt() for _ in range(repeats)]
    names = ("open_s", "run_s", "close_s")
    return {name: statistics.median(s[i] for s in samples) for i, name in enumerate(names)}

"""Wall time of `closed-loop compare-repair-agents catalogue` (the CLI, no Prefect) with gold, noop and a
command agent that does nothing (`true`) on the catalogue task set, process backend: the whole run, and per
agent and per task (each attempt's own `wall_seconds`: repair, build, verification). Baseline: noop's time
per task, the harness's own cost around an agent that returns at once. Prints one JSON object.

    .venv/bin/python -m bench.compare_catalogue [--games castle,logic] [--flavours user-report]
        [--workers 1] [--out DIR]   # DIR kept (default: a temporary folder); rerun on it to resume
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from bench.result import BenchResult, emit, metric, parser
from loop.contract.paths import PROJECT_ROOT
from loop.run.catalogue_comparison import ATTEMPTS_DIR
from loop.run.task_attempt import TaskResult, read_results

AGENTS = ("gold", "noop", "command")
TIMEOUT_SECONDS = 4 * 3600


def run_cli(out: Path, games: str, flavours: str, workers: int) -> float:
    argv = [str(Path(sys.executable).parent / "closed-loop"), "compare-repair-agents", "catalogue"]
    argv += ["--agents", ",".join(AGENTS), "--agent-option", "command:command=true", "--backend", "process"]
    argv += ["--flavours", flavours, "--workers", str(workers), "--out", str(out)]
    argv += ["--games", games] if games else []
    started = time.perf_counter()
    done = subprocess.run(argv, cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=TIMEOUT_SECONDS)
    if done.returncode != 0:
        sys.exit(f"compare-repair-agents exit {done.returncode}: {done.stderr.strip()[-1500:]}")
    return time.perf_counter() - started


def per_agent(results: list[TaskResult]) -> dict[str, dict]:
    rows: dict[str, list[TaskResult]] = defaultdict(list)
    for result in results:
        rows[result.agent].append(result)
    return {
        agent: {
            "attempts": len(mine),
            "resolved": sum(r.resolved for r in mine),
            "seconds_total": round(sum(r.wall_seconds for r in mine), 1),
            "seconds_per_task_mean": round(statistics.mean(r.wall_seconds for r in mine), 2),
            "seconds_per_task_median": round(statistics.median(r.wall_seconds for r in mine), 2),
            "seconds_per_task_max": round(max(r.wall_seconds for r in mine), 2),
        }
        for agent, mine in sorted(rows.items())
    }


def main(argv: list[str] | None = None) -> None:
    args_parser = parser(__doc__.splitlines()[0])
    args_parser.add_argument(
        "--games", default="", help="comma-separated games (default: the whole task set)"
    )
    args_parser.add_argument("--flavours", default="user-report,qa-report")
    args_parser.add_argument("--workers", type=int, default=1)
    args_parser.add_argument("--out", type=Path, default=None)
    args = args_parser.parse_args(argv)
    games = "castle" if args.smoke and not args.games else args.games
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="bench-compare-") as tmp:
        out = args.out or Path(tmp) / "comparison"
        seconds = run_cli(out, games, args.flavours, args.workers)
        results = read_results(out / ATTEMPTS_DIR)
    agents = per_agent(results)
    by_task: dict[str, dict[str, float]] = defaultdict(dict)
    for attempt in results:
        by_task[attempt.task_id][attempt.agent] = attempt.wall_seconds
    noop = agents.get("noop", {}).get("seconds_per_task_mean")
    metrics = [
        metric(
            "whole comparison, wall", seconds, "s", note=f"{len(by_task)} task(s), {len(results)} attempt(s)"
        )
    ]
    for agent, row in agents.items():
        metrics.append(
            metric(
                f"{agent}: seconds per task (mean)",
                row["seconds_per_task_mean"],
                "s",
                noop,
                "noop, seconds per task",
                note=f"resolved {row['resolved']}/{row['attempts']}, total {row['seconds_total']} s, "
                f"median {row['seconds_per_task_median']} s, max {row['seconds_per_task_max']} s",
            )
        )
    result = BenchResult(
        bench="compare_catalogue",
        smoke=args.smoke,
        params={
            "games": games or "all",
            "flavours": args.flavours,
            "workers": args.workers,
            "agents": AGENTS,
            "task_set": results[0].task_set if results else "",
        },  # fmt: skip
        metrics=metrics,
        details={"agents": agents, "seconds_by_task": dict(sorted(by_task.items()))},
    )
    emit(result, started)


if __name__ == "__main__":
    main()

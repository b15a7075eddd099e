"""Run every benchmark, each in its own process, and write bench/results/<name>.json and summary.md.

    .venv/bin/python -m bench [--smoke] [--only step_overhead,fan_out] [--out bench/results]

`--smoke` runs tiny sizes and the process backend only: it checks that every benchmark runs and prints the
expected JSON, not how fast anything is. The exit code is 1 when a benchmark failed to produce its result.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from pydantic import ValidationError

from bench.result import BenchResult
from bench.summary import render_summary
from loop.contract.paths import PROJECT_ROOT

# name -> (extra arguments for a full run, for a smoke run). Order: cheap first, fan-out last.
BENCHES: dict[str, tuple[list[str], list[str]]] = {
    "step_overhead": ([], ["--backends", "process"]),
    "naive_keepalive": ([], []),
    "backend_latency": ([], ["--backends", "process,process-plain"]),
    "explorer_speed": ([], []),
    "sandbox_costs": ([], ["--no-docker"]),
    "prompt_tokens": ([], []),
    "llm_depth": ([], []),
    "artifacts": ([], []),
    "fake_llm_latency": ([], []),
    "repair_worker_start": ([], []),
    "repair_sandbox_costs": ([], ["--backends", "bubblewrap"]),
    "agent_sandbox_costs": ([], ["--backends", "bubblewrap"]),
    "explorer_recall": ([], []),
    "loop_wall": ([], ["--backends", "process"]),
    "fan_out": ([], []),
}
BENCH_TIMEOUT = 900


def run_one(name: str, extra: list[str], smoke: bool) -> BenchResult | str:
    """The benchmark's result, or why it has none."""
    argv = [sys.executable, "-m", f"bench.{name}", *extra, *(["--smoke"] if smoke else [])]
    try:
        done = subprocess.run(
            argv, cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=BENCH_TIMEOUT, env=os.environ
        )
    except subprocess.TimeoutExpired:
        return f"timed out after {BENCH_TIMEOUT} s"
    if done.returncode != 0:
        return f"exit {done.returncode}: {done.stderr.strip()[-1500:]}"
    try:
        return BenchResult.model_validate_json(done.stdout)
    except ValidationError as exc:
        return f"printed no result: {exc.errors()[0]['msg']}; stderr: {done.stderr.strip()[-500:]}"


def stored_results(out: Path) -> list[BenchResult]:
    """Every benchmark's latest result in `out`, in suite order (a partial run keeps the others' results)."""
    paths = [out / f"{name}.json" for name in BENCHES]
    return [BenchResult.model_validate_json(path.read_text()) for path in paths if path.is_file()]


def machine() -> str:
    load = os.getloadavg()[0]
    return f"{os.cpu_count()} cores, load average {load:.1f} at start, Python {sys.version.split()[0]}"


def commit() -> str:
    done = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=PROJECT_ROOT, capture_output=True, text=True
    )
    return done.stdout.strip() or "unknown"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true")
    parser.add_argument("--only", default="", help="comma-separated benchmark names")
    parser.add_argument("--out", type=Path, default=PROJECT_ROOT / "bench" / "results")
    args = parser.parse_args(argv)
    names = [n for n in args.only.split(",") if n] or list(BENCHES)
    unknown = set(names) - set(BENCHES)
    if unknown:
        parser.error(f"unknown benchmark(s): {', '.join(sorted(unknown))} (known: {', '.join(BENCHES)})")
    args.out.mkdir(parents=True, exist_ok=True)
    header = {"date": f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC", "commit": commit(), "machine": machine()}
    started = time.perf_counter()
    results: list[BenchResult] = []
    failures: dict[str, str] = {}
    for name in names:
        full, smoke = BENCHES[name]
        print(f"bench: {name} ...", file=sys.stderr, flush=True)
        outcome = run_one(name, smoke if args.smoke else full, args.smoke)
        if isinstance(outcome, str):
            failures[name] = outcome
            print(f"bench: {name} failed: {outcome}", file=sys.stderr)
            continue
        results.append(outcome)
        (args.out / f"{name}.json").write_text(json.dumps(outcome.model_dump(mode="json"), indent=2) + "\n")
        print(f"bench: {name} done in {outcome.seconds:.0f} s", file=sys.stderr, flush=True)
    header["wall time"] = f"{time.perf_counter() - started:.0f} s for {', '.join(names)}"
    header["mode"] = "smoke (tiny sizes, process backend only)" if args.smoke else "full"
    summary = args.out / "summary.md"
    stored = stored_results(args.out)
    header["suite time"] = f"{sum(r.seconds for r in stored):.0f} s, the sum of every benchmark's own time"
    summary.write_text(render_summary(stored, header, failures))
    print(summary)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

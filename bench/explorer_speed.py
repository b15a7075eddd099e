"""Explorer speed on CASTLE through the process backend: steps per second, time to the first and last report.

Baseline, measured in the same run on the same build: a bare loop sending `look` through the same GameClient,
so the ratio is the share of raw command throughput the explorer keeps (oracles, shrinking, replays and
tracing included).

    .venv/bin/python -m bench.explorer_speed [--steps 600] [--seed 0] [--smoke]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from bench.castle_builds import castle_repo, provider, start
from bench.result import BenchResult, emit, metric, parser
from loop.contract.game_client import GameClient
from loop.qa import get_qa_agent
from loop.trace import read_trace

TARGET_STEPS_PER_SECOND = 200


def bare_commands_per_second(client: GameClient, commands: int) -> float:
    game_id = client.new_game().game_id
    started = time.perf_counter()
    for _ in range(commands):
        client.command(game_id, "look")
    return commands / (time.perf_counter() - started)


def main(argv: list[str] | None = None) -> int:
    started = time.perf_counter()
    args_parser = parser(__doc__.splitlines()[0])
    args_parser.add_argument("--steps", type=int, default=600)
    args_parser.add_argument("--seed", type=int, default=0)
    args = args_parser.parse_args(argv)
    steps = 30 if args.smoke else args.steps
    game, repo_dir, commit = castle_repo("bench-explorer-")
    out_dir = repo_dir.parent / "out"
    backend = provider("process")
    assert backend is not None  # the process backend needs no engine
    with (
        start(backend, game, repo_dir, commit) as build,
        GameClient(build.url, strip_fields=game.manifest.strip_fields) as client,
    ):
        baseline = bare_commands_per_second(client, steps)
        session = get_qa_agent("explorer").run_session(
            client, build_commit=commit, steps=steps, seed=args.seed, out_dir=out_dir
        )
    events = read_trace(Path(session.trace_path))
    first = events[0].timestamp
    report_times = [round(e.timestamp - first, 3) for e in events if e.kind == "report"]
    rate = session.steps / session.wall_seconds
    result = BenchResult(bench="explorer_speed", smoke=args.smoke, params={"steps": steps, "seed": args.seed})
    result.metrics.append(
        metric(
            "explorer steps per second on CASTLE (process backend)",
            rate,
            "steps/s",
            baseline,
            "bare GameClient `look` loop (commands/s)",
            target=f">= {TARGET_STEPS_PER_SECOND} steps/s",
            met=rate >= TARGET_STEPS_PER_SECOND,
        )
    )
    result.details = {
        "steps": session.steps,
        "games_started": session.games_started,
        "wall_seconds": session.wall_seconds,
        "reports": len(session.reports),
        "time_to_first_report_seconds": report_times[0] if report_times else None,
        "time_to_last_report_seconds": report_times[-1] if report_times else None,
        "report_times_seconds": report_times,
        "stopped_because": session.stopped_because,
    }
    emit(result, started)
    return 0


if __name__ == "__main__":
    sys.exit(main())

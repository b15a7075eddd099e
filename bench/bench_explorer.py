"""Explorer speed on CASTLE (process sandbox): steps per second, time to the first and to the last report.

Baseline, measured in the same run on the same build: a bare loop sending `look` through the same GameClient,
so `explorer_vs_bare_client` is the share of raw command throughput the explorer keeps (oracles, shrinking,
replays and tracing included). Prints one JSON object.

    .venv/bin/python bench/bench_explorer.py [--game castle] [--steps 600] [--seed 0]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.catalogue import load_game, materialize  # noqa: E402
from loop.game_client import GameClient  # noqa: E402
from loop.qa import get_qa_agent  # noqa: E402
from loop.trace import read_trace  # noqa: E402
from sandboxes.base import BuildSpec  # noqa: E402
from sandboxes.registry import get_provider  # noqa: E402


def bare_commands_per_second(client: GameClient, commands: int) -> float:
    game_id = client.new_game().game_id
    started = time.perf_counter()
    for _ in range(commands):
        client.command(game_id, "look")
    return commands / (time.perf_counter() - started)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="castle")
    parser.add_argument("--steps", type=int, default=600)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = load_game(args.game)
    with tempfile.TemporaryDirectory(prefix="bench-explorer-") as workspace:
        repo_dir, commit = materialize(game, Path(workspace))
        spec = BuildSpec(repo_dir=repo_dir, manifest=game.manifest, commit=commit)
        build = get_provider("process").start(spec)
        with build, GameClient(build.url, strip_fields=game.manifest.strip_fields) as client:
            baseline = bare_commands_per_second(client, args.steps)
            result = get_qa_agent("explorer").run_session(
                client, build_commit=commit, steps=args.steps, seed=args.seed, out_dir=Path(workspace) / "out"
            )
            events = read_trace(result.trace_path)
    start = events[0].timestamp
    report_times = [round(e.timestamp - start, 3) for e in events if e.kind == "report"]
    steps_per_second = result.steps / result.wall_seconds
    print(
        json.dumps(
            {
                "game": game.name,
                "seed": args.seed,
                "steps": result.steps,
                "games_started": result.games_started,
                "wall_seconds": result.wall_seconds,
                "steps_per_second": round(steps_per_second, 1),
                "bare_client_commands_per_second": round(baseline, 1),
                "explorer_vs_bare_client": round(steps_per_second / baseline, 3),
                "reports": len(result.reports),
                "time_to_first_report_seconds": report_times[0] if report_times else None,
                "time_to_last_report_seconds": report_times[-1] if report_times else None,
                "report_times_seconds": report_times,
                "stopped_because": result.stopped_because,
            },
            indent=2,
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

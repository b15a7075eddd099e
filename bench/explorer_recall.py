"""The explorer's recall over the catalogue: which ground-truth bugs one offline session finds, per game and
per difficulty. Baseline: the number of ground-truth bugs (recall is a ratio against it).

Each game: materialize it, play one explorer session on the shipped build (process sandbox), match the reports
to the ground truth with the differential critic. Prints one JSON object; `--markdown` prints the table.

    .venv/bin/python -m bench.explorer_recall [--steps 600] [--seed 0] [--markdown] [--smoke]
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from bench.result import BenchResult, emit, metric, parser
from games.catalogue import list_games
from loop.agent_comparison import freeze
from loop.contract.benchmark import Benchmark
from loop.plugins import PluginKind, load
from loop.qa import get_qa_agent
from loop.sandbox import get_provider

DIFFICULTIES = ("easy", "medium", "hard")


def game_recall(game, steps: int, seed: int) -> dict:
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix=f"recall-{game.name}-") as tmp:
        frozen = freeze(
            game,
            Path(tmp),
            qa_agent=get_qa_agent("explorer"),
            provider=get_provider("process"),
            steps=steps,
            seed=seed,
            benchmark=Benchmark(game),
            critic=load(PluginKind.CRITIC, "differential"),  # type: ignore[arg-type]
        )
    bugs = Benchmark(game).bugs
    found = set(frozen.matches.values())
    total = Counter(str(bug.difficulty) for bug in bugs)
    hit = Counter(str(bug.difficulty) for bug in bugs if bug.id in found)
    return {
        "game": game.name,
        "genre": game.manifest.genre,
        "bugs": len(bugs),
        "found": sorted(found),
        "recall": round(len(found) / len(bugs), 3) if bugs else None,
        "reports": len(frozen.reports),
        "false_positives": len(frozen.reports) - len(frozen.matches),
        "by_difficulty": {d: {"bugs": total[d], "found": hit[d]} for d in DIFFICULTIES},
        "seconds": round(time.perf_counter() - started, 1),
    }


def markdown(rows: list[dict]) -> str:
    lines = [
        "| game | genre | found / bugs | easy | medium | hard | false positives |",
        "|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        cells = [
            f"{row['by_difficulty'][d]['found']}/{row['by_difficulty'][d]['bugs']}" for d in DIFFICULTIES
        ]
        lines.append(
            f"| {row['game']} | {row['genre']} | {len(row['found'])}/{row['bugs']} | {' | '.join(cells)} "
            f"| {row['false_positives']} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    started = time.perf_counter()
    args_parser = parser(__doc__.splitlines()[0])
    args_parser.add_argument("--steps", type=int, default=600)
    args_parser.add_argument("--seed", type=int, default=0)
    args_parser.add_argument("--markdown", action="store_true")
    args = args_parser.parse_args(argv)
    steps = 60 if args.smoke else args.steps
    games = [game for game in list_games() if game.benchmark_dir]
    rows = [game_recall(game, steps, args.seed) for game in (games[:1] if args.smoke else games)]
    if args.markdown:
        print(markdown(rows))
        return 0
    bugs = sum(row["bugs"] for row in rows)
    found = sum(len(row["found"]) for row in rows)
    by_difficulty = {
        d: {k: sum(row["by_difficulty"][d][k] for row in rows) for k in ("bugs", "found")}
        for d in DIFFICULTIES
    }
    result = BenchResult(
        bench="explorer_recall",
        smoke=args.smoke,
        params={"steps": steps, "seed": args.seed, "games": len(rows)},
    )
    result.details = {"games": rows, "by_difficulty": by_difficulty}
    result.metrics.append(
        metric(
            f"explorer recall over {len(rows)} catalogue game(s), one session each",
            found,
            "bugs",
            bugs,
            "ground-truth bugs",
            note=", ".join(f"{r['game']} {len(r['found'])}/{r['bugs']}" for r in rows),
        )
    )
    for difficulty, counts in by_difficulty.items():
        if counts["bugs"]:
            result.metrics.append(
                metric(
                    f"explorer recall, {difficulty} bugs",
                    counts["found"],
                    "bugs",
                    counts["bugs"],
                    f"{difficulty} ground-truth bugs",
                )
            )
    emit(result, started)
    return 0


if __name__ == "__main__":
    sys.exit(main())

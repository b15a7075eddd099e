"""The explorer's recall over the catalogue: which ground-truth bugs one offline session finds, per game and
per difficulty. Baseline: the number of ground-truth bugs (recall is a ratio against it).

Each game: materialize it, play one explorer session on the shipped build (process sandbox), match the reports
to the ground truth with the differential critic. Prints one JSON object; `--markdown` also prints the table.

    .venv/bin/python bench/bench_recall.py [--steps 600] [--seed 0] [--markdown]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.benchmark import Benchmark  # noqa: E402
from games.catalogue import list_games  # noqa: E402
from loop.comparison import freeze  # noqa: E402

DIFFICULTIES = ("easy", "medium", "hard")


def game_recall(game, steps: int, seed: int) -> dict:
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix=f"recall-{game.name}-") as tmp:
        frozen = freeze(game, Path(tmp), qa_agent="explorer", steps=steps, seed=seed, backend="process")
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=600)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    rows = [game_recall(game, args.steps, args.seed) for game in list_games() if game.benchmark_dir]
    bugs = sum(row["bugs"] for row in rows)
    found = sum(len(row["found"]) for row in rows)
    by_difficulty = {
        d: {k: sum(row["by_difficulty"][d][k] for row in rows) for k in ("bugs", "found")}
        for d in DIFFICULTIES
    }
    result = {
        "benchmark": "explorer_recall",
        "steps": args.steps,
        "seed": args.seed,
        "games": rows,
        "total": {"bugs": bugs, "found": found, "recall": round(found / bugs, 3) if bugs else None},
        "by_difficulty": by_difficulty,
    }
    print(json.dumps(result, indent=2))
    if args.markdown:
        print(markdown(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The explorer's recall over the catalogue: which ground-truth bugs offline sessions find, per game and per
difficulty, over several seeds (median), and its false alarms. Baseline: the number of ground-truth bugs.

Each game and seed: one explorer session on the shipped build (process sandbox), its reports matched to the
ground truth by the differential critic (a report that matches no bug is a false alarm), and one session on
the build with every gold patch applied (every report there is a false alarm). Also: steps used of the
budget, steps per second, the time to each report, and reach (bench/reach.py: distinct commands the game
accepted and distinct states, median over the shipped sessions). Prints one JSON object; `--markdown` prints
the table.

    .venv/bin/python -m bench.explorer_recall [--steps 600] [--seeds 0,1,2,3,4] [--games a,b] [--markdown]
        [--games-dir bench/holdout]   # games laid out like the catalogue's, e.g. the hold-out set
        [--keep-sessions DIR]         # keep each session's trace and reports (to read what it missed)
        [--mode qa]                   # the explorer also reads the game's docs (qa_docs, walkthrough)
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from bench.explorer_sessions import all_gold_session, shipped_session
from bench.result import BenchResult, emit, metric, parser
from games.catalogue import CATALOGUE_DIR, list_games
from loop.contract.benchmark import Benchmark

DIFFICULTIES = ("easy", "medium", "hard")
TARGET_RECALL = 0.5


def game_rows(game, steps: int, seeds: list[int], keep_dir: Path | None = None, mode: str = "player") -> dict:
    bugs = Benchmark(game).bugs
    difficulty = {bug.id: str(bug.difficulty) for bug in bugs}
    shipped = [shipped_session(game, steps, seed, keep_dir, mode) for seed in seeds]
    gold = [all_gold_session(game, steps, seed, keep_dir, mode) for seed in seeds]
    per_seed = {d: [sum(1 for b in s["found"] if difficulty[b] == d) for s in shipped] for d in DIFFICULTIES}
    return {
        "game": game.name,
        "genre": game.manifest.genre,
        "bugs": len(bugs),
        "bugs_by_difficulty": dict(Counter(difficulty.values())),
        "found_per_seed": [len(s["found"]) for s in shipped],
        "found_median": statistics.median(len(s["found"]) for s in shipped),
        "found_median_by_difficulty": {d: statistics.median(per_seed[d]) for d in DIFFICULTIES},
        "found_per_seed_by_difficulty": per_seed,
        "found_any_seed": sorted({b for s in shipped for b in s["found"]}),
        "false_alarms_shipped": [s["false_alarms"] for s in shipped],
        "false_alarms_all_gold": [g["false_alarms"] for g in gold],
        "steps_used": [s["steps_used"] for s in shipped] + [g["steps_used"] for g in gold],
        "steps_per_second_median": statistics.median(s["steps_per_second"] or 0 for s in [*shipped, *gold]),
        # Reach on the shipped build: distinct commands the game accepted, distinct states (bench/reach.py).
        "valid_commands_median": statistics.median(s["valid_commands"] for s in shipped),
        "states_reached_median": statistics.median(s["states_reached"] for s in shipped),
        "shipped": shipped,
        "all_gold": gold,
    }


def markdown(rows: list[dict], steps: int) -> str:
    lines = [
        "| game | genre | found (median) / bugs | easy | medium | hard | found in any seed | false alarms "
        "shipped | false alarms all-gold | steps used | steps/s | valid commands | states |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        by = row["found_median_by_difficulty"]
        cells = [f"{by[d]:g}/{row['bugs_by_difficulty'].get(d, 0)}" for d in DIFFICULTIES]
        lines.append(
            f"| {row['game']} | {row['genre']} | {row['found_median']:g}/{row['bugs']} | {' | '.join(cells)} "
            f"| {', '.join(row['found_any_seed']) or '-'} | {sum(row['false_alarms_shipped'])} "
            f"| {sum(row['false_alarms_all_gold'])} | {min(row['steps_used'])}-{max(row['steps_used'])} "
            f"of {steps} | {row['steps_per_second_median']:g} | {row['valid_commands_median']:g} "
            f"| {row['states_reached_median']:g} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    started = time.perf_counter()
    args_parser = parser(__doc__.splitlines()[0])
    args_parser.add_argument("--steps", type=int, default=600)
    args_parser.add_argument("--seeds", default="0,1,2,3,4")
    args_parser.add_argument("--games", default="", help="comma-separated names (default: every game)")
    args_parser.add_argument(
        "--games-dir", type=Path, default=CATALOGUE_DIR, help="a folder of games laid out like the catalogue"
    )
    args_parser.add_argument("--keep-sessions", type=Path, help="copy each session's trace and reports here")
    args_parser.add_argument("--markdown", action="store_true")
    args_parser.add_argument(
        "--mode",
        choices=("player", "qa"),
        default="player",
        help="qa: the explorer also reads the game's docs",
    )
    args = args_parser.parse_args(argv)
    steps = 60 if args.smoke else args.steps
    seeds = [0] if args.smoke else [int(s) for s in args.seeds.split(",") if s.strip()]
    wanted = {name for name in args.games.split(",") if name}
    games = [g for g in list_games(args.games_dir) if g.benchmark_dir and (not wanted or g.name in wanted)]
    rows = [
        game_rows(game, steps, seeds, args.keep_sessions, args.mode)
        for game in (games[:1] if args.smoke else games)
    ]
    if args.markdown:
        print(markdown(rows, steps))
        return 0
    bugs = sum(row["bugs"] for row in rows)
    per_seed_total = [sum(row["found_per_seed"][i] for row in rows) for i in range(len(seeds))]
    median_found = statistics.median(per_seed_total)
    where = "catalogue" if args.games_dir == CATALOGUE_DIR else str(args.games_dir)
    result = BenchResult(
        bench="explorer_recall",
        smoke=args.smoke,
        params={"steps": steps, "seeds": seeds, "games": len(rows), "games_dir": where, "mode": args.mode},
    )
    result.details = {"games": rows, "found_per_seed": per_seed_total, "table": markdown(rows, steps)}
    result.metrics.append(
        metric(
            f"explorer recall over {len(rows)} {where} game(s), median of {len(seeds)} seed(s)",
            median_found,
            "bugs",
            bugs,
            "ground-truth bugs",
            target=f">= {TARGET_RECALL:.0%}",
            met=median_found >= TARGET_RECALL * bugs,
            note=", ".join(f"{r['game']} {r['found_median']:g}/{r['bugs']}" for r in rows),
        )
    )
    for difficulty in DIFFICULTIES:
        total = sum(row["bugs_by_difficulty"].get(difficulty, 0) for row in rows)
        per_seed = [
            sum(row["found_per_seed_by_difficulty"][difficulty][i] for row in rows) for i in range(len(seeds))
        ]
        result.metrics.append(
            metric(
                f"explorer recall, {difficulty} bugs (median)",
                statistics.median(per_seed),
                "bugs",
                total,
                f"{difficulty} ground-truth bugs",
            )
        )
    gold_alarms = sum(sum(row["false_alarms_all_gold"]) for row in rows)
    shipped_alarms = sum(sum(row["false_alarms_shipped"]) for row in rows)
    sessions = sum(len(row["steps_used"]) for row in rows)  # the ratio is false alarms per session played
    result.metrics.append(
        metric(
            "false alarms on all-gold builds (all seeds)",
            gold_alarms,
            "reports",
            sessions,
            "sessions played",
            target="0",
            met=gold_alarms == 0,
        )
    )
    result.metrics.append(
        metric(
            "false alarms on shipped builds (all seeds)",
            shipped_alarms,
            "reports",
            sessions,
            "sessions played",
        )
    )
    used = [u for row in rows for u in row["steps_used"]]
    result.metrics.append(
        metric("steps used of the budget (lowest session)", min(used), "steps", steps, "step budget")
    )
    emit(result, started)
    return 0


if __name__ == "__main__":
    sys.exit(main())

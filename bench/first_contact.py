"""First contact: the explorer on a game it has never met, measured once and kept for good.

`bench/results/first_contact.jsonl` is a ledger, one line per game, only ever appended to: a game counts once,
at its first measurement by an explorer commit older than the game's arrival, before any change motivated by
it. A game already in the ledger is refused. A report that matches no listed bug but is a real bug (replayed
by hand) is named with --unlisted and not counted as a false alarm; every other unmatched report is one.

    .venv/bin/python -m bench.first_contact --game bench/holdout/NAME --explorer-commit SHA \\
        [--steps 1500] [--seeds 0,1,2] [--unlisted "TITLE=why it is a real bug"] [--dry-run]
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
from pathlib import Path

from bench.explorer_recall import game_rows
from games.catalogue import load_game
from loop.replay.raw_request import shown

LEDGER = Path(__file__).resolve().parent / "results" / "first_contact.jsonl"


def _git(*args: str) -> str:
    return subprocess.run(
        ["git", *args], capture_output=True, text=True, check=True, timeout=30
    ).stdout.strip()


def measured_games() -> set[str]:
    if not LEDGER.is_file():
        return set()
    return {json.loads(line)["game"] for line in LEDGER.read_text().splitlines() if line.strip()}


def ledger_line(
    row: dict, unlisted: dict[str, str], *, game_commit: str, explorer_commit: str, measured_on: str = ""
) -> dict:
    sessions = [*row["shipped"], *row["all_gold"]]
    unmatched = [
        {
            "title": report["title"],
            "oracle": report["oracle"],
            "repro": [shown(step) for step in report["repro"]],
        }
        for session in sessions
        for report in session["report_list"]
        if report.get("match") is None
    ]
    alarms = [report for report in unmatched if report["title"] not in unlisted]
    return {
        "date": datetime.date.today().isoformat(),
        "game": row["game"],
        "genre": row["genre"],
        "game_commit": game_commit,
        "explorer_commit": explorer_commit,
        "measured_on": measured_on or _git("rev-parse", "HEAD"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores",
        "steps": len(row["steps_used"]) and max(row["steps_used"]),
        "seeds": [session["seed"] for session in row["shipped"]],
        "listed_bugs": row["bugs"],
        "found_per_seed": row["found_per_seed"],
        "found_any_seed": row["found_any_seed"],
        "recall": round(statistics.median(row["found_per_seed"]) / row["bugs"], 3),
        "sessions": len(sessions),
        "false_alarms": len(alarms),
        "false_alarms_per_session": round(len(alarms) / len(sessions), 3),
        "unlisted_real_bugs": unlisted,
        "false_alarm_reports": alarms,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", type=Path, required=True, help="a game folder laid out like the catalogue")
    parser.add_argument("--explorer-commit", required=True, help="the explorer's commit, older than the game")
    parser.add_argument("--steps", type=int, default=1500)
    parser.add_argument("--seeds", default="0,1,2")
    parser.add_argument("--unlisted", action="append", default=[], help="TITLE=why: a real bug not listed")
    parser.add_argument("--dry-run", action="store_true", help="print the line, append nothing")
    args = parser.parse_args(argv)
    game = load_game(args.game)
    if game.name in measured_games():
        print(
            f"first_contact: {game.name} was measured already; its line is never rewritten", file=sys.stderr
        )
        return 2
    game_commit = _git("log", "-1", "--format=%H", "--", str(args.game))
    if subprocess.run(["git", "merge-base", "--is-ancestor", game_commit, args.explorer_commit],
                      timeout=30).returncode == 0:  # fmt: skip
        print("first_contact: the explorer commit already has the game: not a first contact", file=sys.stderr)
        return 2
    seeds = [int(seed) for seed in args.seeds.split(",")]
    row = game_rows(game, args.steps, seeds)
    unlisted = dict(item.split("=", 1) for item in args.unlisted)
    line = ledger_line(row, unlisted, game_commit=game_commit, explorer_commit=args.explorer_commit)
    print(json.dumps(line))
    if not args.dry_run:
        with LEDGER.open("a") as ledger:
            ledger.write(json.dumps(line) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

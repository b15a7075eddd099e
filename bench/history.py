"""A benchmark of histories: a catalogue game's repository as a team would grow it, walked night by night.

Night 1 is the all-gold tree (every gold patch applied) with an ordinary commit. Each later night brings one
benchmark bug in its own commit (its gold patch reversed) between two ordinary commits (a text change, a
comment-only change). Every night the loop runs on the head with the offline explorer and the `revert` agent,
and the team merges the loop's verified fixes before its next commits. Commit messages never name a bug: the
loop sees a team's history and nothing of the ground truth, which only scores the run afterwards.

Measured: nights from a bug's arrival to its report (with a culprit), culprit accuracy (a bisected culprit is
right when it is the commit the bug arrived in; each night brings at most one bug, so the night's arrival
commit is the only right answer), builds and replays per bisection, and the revert fixing rate (bisected bugs
the `revert` agent turned into verified fixes).

With `--flaky BUG-ID`, that bug arrives nondeterministic on purpose: its gold patch's lines are skipped on
one pass in three through them (a counter kept in the game's process), so a single replay of its repro may
miss it. Measured then, with `--repro-replays K`: the loop's decisions on it, how many it marked flaky, and
how many counted it fixed on fewer than K clean replays (never, when the loop keeps its promise).

    .venv/bin/python -m bench.history --games castle [--steps 600] [--bug-ids BUG-2,BUG-3] [--smoke]
    .venv/bin/python -m bench.history --games castle --flaky BUG-3 --repro-replays 3
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import git
from pydantic import BaseModel, Field

from bench.data_dirs import loop_data_dir
from bench.flaky_arrival import add_counter, flaky_patch, still_flaky
from bench.flaky_verdicts import FlakyBug, follow
from bench.result import BenchResult, emit, metric, parser
from flows.assembly import open_run
from games.catalogue import load_game
from loop.contract.benchmark import Benchmark
from loop.contract.game import Game
from loop.host import settings
from loop.run.config import LoopConfig
from loop.run.record import RunRecord
from loop.run.rounds import run_rounds

GIT_TIMEOUT = 60


class Arrival(BaseModel):
    """Where one benchmark bug came into the generated history (known to the scorer only)."""

    bug_id: str
    night: int
    commit: str


class NightBug(BaseModel):
    """A bug one night's run bisected to a culprit commit, as run.json says."""

    night: int
    fingerprint: str
    title: str
    culprit: str | None
    status: str
    bisection: str
    builds: int
    replays: int
    fixed_by_revert: bool
    right_culprit: bool | None = None
    arrived_as: str | None = Field(default=None, description="the benchmark bug whose arrival it names")


def _commit(repo: git.Repo, message: str) -> str:
    repo.git.add(A=True)
    repo.index.commit(message)
    return repo.head.commit.hexsha


def _patch(folder: Path, patch: str, *, reverse: bool) -> None:
    command = ["git", "apply", "--whitespace=nowarn", "--recount", *(["-R"] if reverse else [])]
    subprocess.run(command, cwd=folder, input=patch, text=True, check=True, timeout=GIT_TIMEOUT)


def gold_tree(game: Game, benchmark: Benchmark, folder: Path) -> git.Repo:
    """A repository holding the game with every gold patch applied, its manifest beside its sources."""
    shutil.copytree(game.src_dir, folder)
    shutil.copy(game.root / "game.toml", folder / "game.toml")
    repo = git.Repo.init(folder, initial_branch="main")
    with repo.config_writer() as config:
        config.set_value("user", "name", "team")
        config.set_value("user", "email", "team@example.invalid")
    for bug in benchmark.bugs:
        _patch(folder, benchmark.gold_patch(bug), reverse=False)
    return repo


def text_commit(repo: git.Repo, folder: Path, night: int) -> str:
    """A commit that changes no behaviour: a line of notes."""
    notes = folder / "NOTES.md"
    notes.write_text((notes.read_text() if notes.is_file() else "# Notes\n") + f"\nDay {night}: tidied.\n")
    return _commit(repo, f"Notes for day {night}")


def comment_commit(repo: git.Repo, folder: Path, night: int) -> str:
    """A commit that changes no behaviour: a comment at the end of the game's package."""
    module = min(p for p in folder.rglob("__init__.py") if "tests" not in p.parts)
    module.write_text(module.read_text() + f"\n# housekeeping, day {night}\n")
    return _commit(repo, f"Housekeeping, day {night}")


@contextmanager
def _own_data(root: Path) -> Iterator[Path]:
    """The runs folder and the ledger of this benchmark, away from the user's (the wheelhouses shared)."""
    data = loop_data_dir(root, "data", share_venvs=False)
    saved = {name: os.environ.get(name) for name in (settings.RUNS.name, settings.DATA.name)}
    os.environ[settings.RUNS.name], os.environ[settings.DATA.name] = str(root / "runs"), str(data)
    try:
        yield root / "runs"
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def night_run(folder: Path, run_id: str, runs: Path, args: Any) -> RunRecord:
    config = LoopConfig(
        game=str(folder),
        qa_agent="explorer",
        repair_agent="revert",
        backend=args.backend,
        max_rounds=args.max_rounds,
        steps=args.steps,
        seed=args.seed,
        bisect_builds=args.bisect_builds,
        repro_replays=args.repro_replays,
    )
    with open_run(config, run_id=run_id, runs_dir=runs) as run:
        run_rounds(run)
    return RunRecord.load(runs / run_id / "run.json")


def merge_fixes(repo: git.Repo, record: RunRecord) -> None:
    """The team merges the loop's verified fixes, as a reviewer would the pull request."""
    fixes = record.fixes
    if fixes is None or not fixes.commits or not fixes.repo:
        return
    repo.git.fetch(fixes.repo, f"{fixes.branch}:{fixes.branch}")
    repo.git.merge(fixes.branch, "--no-edit")


def bisected_bugs(record: RunRecord, night: int) -> list[NightBug]:
    found = []
    for bug in record.bugs.values():
        found_here = bug.bisection
        if found_here is None or found_here.kind != "regression":
            continue
        revert_fixed = bug.status == "verified_fixed" and any(
            a.agent == "revert" and a.outcome == "patched" and bug.fingerprint in a.fingerprints
            for s in record.sessions
            for a in s.attempts
        )
        found.append(
            NightBug(
                night=night,
                fingerprint=bug.fingerprint,
                title=bug.report.title,
                culprit=found_here.culprit if found_here.status == "culprit" else None,
                status=str(bug.status),
                bisection=found_here.status,
                builds=found_here.builds,
                replays=found_here.replays,
                fixed_by_revert=revert_fixed,
            )
        )
    return found


def walk_history(name: str, root: Path, args: Any) -> dict[str, Any]:
    """Generate the game's history and run the loop on it night by night; score it against the arrivals."""
    game = load_game(name)
    benchmark = Benchmark(game)
    wanted = {b.strip() for b in args.bug_ids.split(",") if b.strip()}
    bugs = [bug for bug in benchmark.bugs if not wanted or bug.id in wanted]
    folder = root / name
    repo = gold_tree(game, benchmark, folder)
    _commit(repo, "Start the game")
    arrivals: list[Arrival] = []
    seen: dict[str, NightBug] = {}
    other_reports = 0
    flaky_night = next((n for n, b in enumerate(bugs, start=2) if b.id == args.flaky), None)
    flaky_bugs: dict[str, FlakyBug] = {}
    before_flaky: set[str] = set()
    with _own_data(root) as runs:
        for night in range(1, len(bugs) + 2):
            text_commit(repo, folder, night)
            if night > 1:
                bug = bugs[night - 2]
                _patch(folder, benchmark.gold_patch(bug), reverse=True)
                if bug.id == args.flaky:
                    _patch(folder, flaky_patch(benchmark.gold_patch(bug)), reverse=False)
                    add_counter(folder, benchmark.gold_patch(bug))
                changed = ", ".join(sorted({Path(p).name for p in repo.git.diff(name_only=True).split()}))
                arrived = _commit(repo, f"Rework {changed}")
                arrivals.append(Arrival(bug_id=bug.id, night=night, commit=arrived))
            comment_commit(repo, folder, night)
            record = night_run(folder, f"{name}-night-{night}", runs, args)
            for found in bisected_bugs(record, night):
                seen.setdefault(found.fingerprint, found)
            other_reports += sum(1 for b in record.bugs.values() if b.bisection is None)
            if flaky_night is not None:
                follow(record, night, flaky_night, flaky_bugs, before_flaky)
            merge_fixes(repo, record)
    by_commit = {a.commit: a for a in arrivals}
    if flaky_night is not None:
        left = still_flaky(folder, benchmark.gold_patch(bugs[flaky_night - 2]))
        for flaky_bug in flaky_bugs.values():
            flaky_bug.false_fix = flaky_bug.status == "verified_fixed" and left
    for found in seen.values():
        arrival = by_commit.get(found.culprit or "")
        found.right_culprit = arrival is not None and arrival.night == found.night
        found.arrived_as = arrival.bug_id if arrival else None
    reported_after = {
        a.bug_id: next((f.night - a.night for f in seen.values() if f.arrived_as == a.bug_id), None)
        for a in arrivals
    }
    return {
        "arrivals": [a.model_dump() for a in arrivals],
        "bisected": [f.model_dump() for f in seen.values()],
        "nights_to_report": reported_after,
        "reports_without_bisection": other_reports,
        "flaky": None if flaky_night is None else flaky_details(flaky_bugs, by_commit, flaky_night, args),
    }


def flaky_details(found: dict[str, FlakyBug], by_commit: dict[str, Arrival], night: int, args: Any) -> dict:
    """The flaky bug's reports and their decisions, scored: the culprit, and any fix on too few replays."""
    arrival = next(a for a in by_commit.values() if a.night == night)
    return {
        "bug_id": arrival.bug_id,
        "night": night,
        "reports": [
            {
                **bug.model_dump(),
                "right_culprit": bug.culprit == arrival.commit if bug.culprit else None,
                "flaky_decisions": sum(d.flaky for d in bug.decisions),
                "fixed_on_too_few_clean_replays": bug.fixed_on_too_few_clean_replays(args.repro_replays),
            }
            for bug in found.values()
        ],
    }


def summary(games: dict[str, dict[str, Any]]) -> list[Any]:
    bisected = [NightBug.model_validate(f) for g in games.values() for f in g["bisected"]]
    named = [f for f in bisected if f.culprit is not None]
    arrivals = sum(len(g["arrivals"]) for g in games.values())
    delays = [d for g in games.values() for d in g["nights_to_report"].values() if d is not None]
    builds = [f.builds for f in bisected]
    replays = [f.replays for f in bisected]
    return [
        metric("bugs_arrived", arrivals, "bugs"),
        metric("bugs_reported_with_culprit", len(delays), "bugs", arrivals, "bugs arrived"),
        metric(
            "nights_from_arrival_to_report",
            statistics.median(delays) if delays else None,
            "nights (median)",
            note="0: reported on the night it arrived",
        ),
        metric(
            "culprit_accuracy",
            rate(sum(bool(f.right_culprit) for f in named), len(named)),
            "fraction",
            note="bisected culprits that are the commit the bug arrived in",
        ),
        metric("builds_per_bisection", statistics.median(builds) if builds else None, "builds (median)"),
        metric("replays_per_bisection", statistics.median(replays) if replays else None, "replays (median)"),
        metric(
            "revert_fixing_rate",
            rate(sum(f.fixed_by_revert and bool(f.right_culprit) for f in named), len(named)),
            "fraction",
            note="bugs bisected to their true culprit that the revert agent turned into verified fixes",
        ),
        metric(
            "fixes_of_a_wrong_culprit",
            sum(f.fixed_by_revert and not f.right_culprit for f in named),
            "bugs",
            note="verified fixes by reverting a commit the bug did not arrive in (luck or a flaky replay)",
        ),
        *flaky_summary([g["flaky"] for g in games.values() if g.get("flaky")]),
    ]


def flaky_summary(cases: list[dict[str, Any]]) -> list[Any]:
    if not cases:
        return []
    reports = [r for case in cases for r in case["reports"]]
    decisions = sum(len(r["decisions"]) for r in reports)
    return [
        metric("flaky_bug_reports", len(reports), "reports", len(cases), "flaky bugs arrived"),
        metric(
            "flaky_bug_decisions_marked_flaky",
            sum(r["flaky_decisions"] for r in reports),
            "decisions",
            decisions,
            "decisions on the flaky bug (confirm, verify)",
        ),
        metric(
            "flaky_bug_labelled_flaky",
            sum(r["labelled_flaky"] is not None for r in reports),
            "reports",
            len(reports),
            "reports of the flaky bug",
        ),
        metric(
            "flaky_bug_false_fixes",
            sum(r["false_fix"] for r in reports),
            "reports",
            len(reports),
            "reports of the flaky bug",
            note="verified fixed while the flaky lines stayed in the history's head (scored afterwards)",
        ),
        metric(
            "flaky_bug_fixed_on_too_few_clean_replays",
            sum(r["fixed_on_too_few_clean_replays"] for r in reports),
            "verdicts",
            note="verified fixed on fewer than --repro-replays clean replays; 0 is the promise",
        ),
    ]


def rate(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def main(argv: list[str] | None = None) -> int:
    made = parser(__doc__.splitlines()[0])
    made.add_argument("--games", default="castle", help="catalogue games, comma-separated")
    made.add_argument("--steps", type=int, default=600, help="QA steps per session")
    made.add_argument("--max-rounds", type=int, default=2, help="rounds per night (QA+repair, then verify)")
    made.add_argument("--bisect-builds", type=int, default=10)
    made.add_argument("--bug-ids", default="", help="only these benchmark bugs arrive (comma-separated)")
    made.add_argument("--backend", default="process")
    made.add_argument("--seed", type=int, default=0)
    made.add_argument("--repro-replays", type=int, default=1, help="replays per present/absent decision")
    made.add_argument("--flaky", default="", help="this benchmark bug arrives showing on one try in three")
    args = made.parse_args(argv)
    if args.smoke:
        args.steps = min(args.steps, 300)
    started = time.perf_counter()
    games: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory(prefix="closed-loop-history-") as scratch:
        for name in [g.strip() for g in args.games.split(",") if g.strip()]:
            games[name] = walk_history(name, Path(scratch), args)
    params = {k: v for k, v in vars(args).items() if k != "smoke"}
    result = BenchResult(bench="history", smoke=args.smoke, params=params, details={"games": games})
    result.metrics = summary(games)
    emit(result, started)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

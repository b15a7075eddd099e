"""`closed-loop repair GAME --agent NAME --reports PATH`: one repair round on a fresh copy of a game.

Exit code: 0 when every attempt ended `patched`, 1 when some attempt ended otherwise, 2 for a usage error.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import time
from pathlib import Path

from pydantic import ValidationError

from games.catalogue import load_game
from loop.contract.game import GameDefinitionError, materialize
from loop.contract.models import BugReport, read_reports
from loop.repair.pipeline import RepairRound
from loop.repair.protocol import Attempt, Outcome, RepairBudget
from loop.run.loop_run import runs_root
from loop.run.run_id import check_run_id
from loop.sandbox import get_provider, provider_names


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("repair", help="run a repair agent on bug reports and gate its patch")
    parser.add_argument("game", help="catalogue name, game folder or git URL (with --manifest)")
    from loop.repair.agents import agent_names

    parser.add_argument("--agent", required=True, choices=agent_names(), help="the repair agent")
    parser.add_argument("--reports", type=Path, required=True, help="reports.json: a JSON list of BugReport")
    parser.add_argument(
        "--matches", type=Path, help="JSON: report fingerprint -> ground-truth bug id or null"
    )
    parser.add_argument(
        "--agent-option", action="append", default=[], metavar="KEY=VALUE", help="agent setting (repeatable)"
    )
    parser.add_argument("--backend", default="process", choices=provider_names(), help="sandbox backend")
    parser.add_argument(
        "--per-report", action="store_true", help="one attempt per report (default: one for all)"
    )
    parser.add_argument("--wall-seconds", type=float, default=900.0, help="each attempt's wall-clock budget")
    parser.add_argument(
        "--runs-dir",
        type=Path,
        default=None,
        help="where runs/<run_id>/ is written (default: $CLOSED_LOOP_RUNS, else runs)",
    )
    parser.add_argument("--run-id", default=None, help="run id (default: repair-<agent>-<time>)")
    parser.add_argument(
        "--manifest", type=Path, default=None, help="game.toml for a game given by path or URL"
    )
    parser.set_defaults(func=repair_command)


def _read_reports(path: Path) -> list[BugReport]:
    try:
        return read_reports(path)
    except ValidationError as exc:
        raise GameDefinitionError(
            f"{path}: not a JSON list of bug reports: {exc.errors()[0]['msg']}"
        ) from exc


def _read_matches(path: Path | None) -> dict[str, str | None]:
    if path is None:
        return {}
    try:
        data = json.loads(path.read_text())
    except json.JSONDecodeError as exc:
        raise GameDefinitionError(f"{path}: not JSON: {exc}") from exc
    if not isinstance(data, dict) or not all(isinstance(v, str | None) for v in data.values()):
        raise GameDefinitionError(f"{path}: expected an object of report fingerprint -> ground-truth bug id")
    return data


def _show(attempt: Attempt) -> None:
    print(f"\n=== attempt {Path(attempt.attempt_dir).name}: {attempt.outcome} ===")
    print(f"reports: {', '.join(attempt.reports)}")
    print(f"detail:  {attempt.detail}")
    if attempt.agent_note:
        print(f"agent:   {attempt.agent_note}")
    print(f"diff:    {attempt.diff_stats.summary()}")
    if attempt.diff:
        print(attempt.diff.rstrip())
    if attempt.gate is not None:
        gate = attempt.gate
        print(f"gate:    game tests {gate.tests_passed}, walkthrough won {gate.walkthrough_won}")
    print(f"time:    {attempt.wall_seconds:.1f}s agent; evidence in {attempt.attempt_dir}")


def repair_command(args: argparse.Namespace) -> int:
    from loop.contract.benchmark import Benchmark
    from loop.repair.agents import AgentContext, GroundTruthKey, UnknownAgent, create_agent

    if not getattr(args, "verbose", False):
        logging.getLogger("httpx").setLevel(logging.WARNING)  # one line per gate request drowns the progress
    game = load_game(args.game, args.manifest)
    reports = _read_reports(args.reports)
    matches = _read_matches(args.matches)
    options = dict(option.split("=", 1) for option in args.agent_option if "=" in option)
    # The ground-truth key is offered; `create_agent` hands it to a harness agent (gold) and to no other.
    ground_truth = GroundTruthKey(Benchmark(game), matches.get) if game.benchmark_dir else None
    try:
        agent = create_agent(args.agent, AgentContext(options), ground_truth)
    except UnknownAgent as exc:
        print(f"closed-loop: error: {exc}", file=sys.stderr)
        return 2
    run_id = f"repair-{args.agent}-{time.strftime('%Y%m%d-%H%M%S')}" if args.run_id is None else args.run_id
    run_dir = ((args.runs_dir or runs_root()) / check_run_id(run_id)).resolve()
    repo_dir, commit = materialize(game, run_dir / "workspace")
    print(f"{game.name}: {len(reports)} report(s), agent {agent.name}, repo {repo_dir} at {commit[:10]}")
    budget = RepairBudget(wall_seconds=args.wall_seconds)
    with RepairRound(
        game, repo_dir, run_dir, run_id, 1, provider=get_provider(args.backend), on_progress=print
    ) as repair:
        attempts = repair.run(agent, reports, budget, per_report=args.per_report)
        head = repair.head
        branch = repair.branch.branch
    for attempt in attempts:
        _show(attempt)
    patched = sum(a.outcome == Outcome.PATCHED for a in attempts)
    print(f"\n{patched}/{len(attempts)} attempt(s) patched; branch {branch} at {head[:10]} in {repo_dir}")
    return 0 if attempts and patched == len(attempts) else 1

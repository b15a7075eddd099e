"""`closed-loop compare-repair-agents catalogue|leaderboard|freeze-reports`: repair agents on every
ground-truth bug of the catalogue (gold first), repeated, resumable; the leaderboard of a comparison folder
from its files; and the frozen QA sessions the qa-report tasks take their reports from.

Exit code: 0 when the comparison finished (whatever the agents resolved), 2 for a usage error or a folder
that holds another task set's results.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:
    from loop.repair.agents import agent_names
    from loop.sandbox import provider_names

    parser = subparsers.add_parser(
        "compare-repair-agents", help="compare repair agents on the catalogue's ground-truth bugs"
    )
    commands = parser.add_subparsers(dest="compare_command", required=True, metavar="COMMAND")
    catalogue = commands.add_parser(
        "catalogue", help="every ground-truth bug a task: gold first, then agents x tasks x repeats"
    )
    catalogue.add_argument(
        "--agents", default="gold,noop", help=f"comma-separated agents ({', '.join(agent_names())})"
    )
    catalogue.add_argument("--games", default="", help="comma-separated games (default: the whole task set)")
    catalogue.add_argument(
        "--flavours",
        default="user-report,qa-report",
        help="report flavours of the tasks: user-report (from the ground truth's description, every bug), "
        "qa-report (the QA agent's own report, where a frozen session found the bug)",
    )
    catalogue.add_argument("--repeats", type=int, default=1, help="attempts per agent and task")
    catalogue.add_argument("--backend", default="process", choices=provider_names(), help="sandbox backend")
    catalogue.add_argument("--wall-seconds", type=float, default=900.0, help="each attempt's agent budget")
    catalogue.add_argument("--workers", type=int, default=1, help="attempts run at once")
    catalogue.add_argument(
        "--agent-option",
        action="append",
        default=[],
        metavar="AGENT:KEY=VALUE",
        help="an agent's setting, e.g. builtin:model=ollama:qwen (repeatable)",
    )
    catalogue.add_argument(
        "--out",
        type=Path,
        default=None,
        help="comparison folder (default: <runs>/compare-catalogue-<task set hash>); rerun to resume",
    )
    catalogue.set_defaults(func=catalogue_command)
    board = commands.add_parser("leaderboard", help="the leaderboard of a comparison folder, from its files")
    board.add_argument("folder", type=Path)
    board.set_defaults(func=leaderboard_command)
    freeze = commands.add_parser(
        "freeze-reports",
        help="play one explorer session per task-set game; keep its reports and the bugs they matched",
    )
    freeze.add_argument("--games", default="", help="comma-separated games (default: the whole task set)")
    freeze.add_argument("--seed", type=int, default=0, help="the session's seed")
    freeze.add_argument("--steps", type=int, default=600, help="the session's step budget")
    freeze.add_argument("--backend", default="process", choices=provider_names(), help="sandbox backend")
    freeze.add_argument("--out", type=Path, default=None, help="folder of the frozen sessions (default: the "
                        "one the task set reads)")  # fmt: skip
    freeze.set_defaults(func=freeze_command)


def split_names(value: str) -> list[str]:
    return [name.strip() for name in value.split(",") if name.strip()]


def parse_agent_options(values: list[str]) -> dict[str, dict[str, str]]:
    options: dict[str, dict[str, str]] = {}
    for value in values:
        agent, _, setting = value.partition(":")
        key, equals, option = setting.partition("=")
        if not agent or not key or not equals:
            raise ValueError(f"--agent-option {value!r}: expected AGENT:KEY=VALUE")
        options.setdefault(agent, {})[key] = option
    return options


def catalogue_command(args: argparse.Namespace) -> int:
    from flows.assembly import open_comparison, task_agent_factory
    from loop.repair.agents import AgentContext, UnknownAgent, agent_class, create_agent
    from loop.run.catalogue_comparison import (
        AttemptSettings,
        NotComparable,
        UnusableFolder,
        in_threads,
        run_comparison,
    )
    from loop.run.catalogue_tasks import FLAVOURS, UnreadableFile
    from loop.run.task_attempt import TaskResult
    from loop.sandbox import get_provider
    from reports.leaderboard import render_leaderboard_markdown, write_leaderboard

    agents = [name.strip() for name in args.agents.split(",") if name.strip()]
    flavours = tuple(name.strip() for name in args.flavours.split(",") if name.strip())
    try:
        options = parse_agent_options(args.agent_option)
        for name in agents:
            if not agent_class(name).needs_ground_truth:  # made now, so a missing option stops it here
                create_agent(name, AgentContext(options.get(name, {})))
    except (ValueError, UnknownAgent) as exc:
        print(f"closed-loop: error: {exc}", file=sys.stderr)
        return 2
    for problem in [
        "--agents names no agent" if not agents else "",
        f"--flavours: choose from {', '.join(FLAVOURS)}"
        if not flavours or set(flavours) - set(FLAVOURS)
        else "",
        "--repeats must be at least 1" if args.repeats < 1 else "",
        "--workers must be at least 1" if args.workers < 1 else "",
        "--wall-seconds must be more than 0" if args.wall_seconds <= 0 else "",
    ]:
        if problem:
            print(f"closed-loop: error: {problem}", file=sys.stderr)
            return 2
    try:
        comparison = open_comparison(split_names(args.games), args.out, flavours)
    except ValueError as exc:  # a frozen QA session that is not what freeze-reports wrote
        print(f"closed-loop: error: {exc}", file=sys.stderr)
        return 2
    task_set = comparison.task_set
    print(
        f"task set {task_set.content_hash[:12]}: {len(task_set.tasks)} task(s) in "
        f"{len(comparison.games)} game(s)"
    )
    print(f"comparison folder: {comparison.out_dir}")

    def kept(count: int) -> None:
        print(f"resuming: {count} finished attempt(s) in the folder kept, not run again", flush=True)

    def show(result: TaskResult) -> None:
        verdict = "resolved" if result.resolved else "not resolved"
        print(f"{result.agent} {result.task_id} r{result.repeat}: {result.outcome}, {verdict}", flush=True)

    try:
        settings = AttemptSettings(task_agent_factory, get_provider(args.backend), args.wall_seconds, options)
        run_batch = in_threads(comparison, settings, args.workers, on_result=show)
        run_comparison(
            comparison, agents, repeats=args.repeats, run_batch=run_batch, agent_options=options, on_kept=kept
        )
    except (NotComparable, UnusableFolder, UnreadableFile) as exc:
        print(f"closed-loop: error: {exc}", file=sys.stderr)
        return 2
    print()
    print(render_leaderboard_markdown(write_leaderboard(comparison.out_dir)), end="")
    return 0


def leaderboard_command(args: argparse.Namespace) -> int:
    from loop.run.catalogue_comparison import TASKSET_FILE
    from loop.run.catalogue_tasks import UnreadableFile
    from reports.leaderboard import render_leaderboard_markdown, write_leaderboard

    if not (args.folder / TASKSET_FILE).is_file():
        message = f"{args.folder} is not a comparison folder (no {TASKSET_FILE})"
        print(f"closed-loop: error: {message}", file=sys.stderr)
        return 2
    try:
        board = write_leaderboard(args.folder)
    except UnreadableFile as exc:
        print(f"closed-loop: error: {exc}", file=sys.stderr)
        return 2
    print(render_leaderboard_markdown(board), end="")
    return 0


def freeze_command(args: argparse.Namespace) -> int:
    from flows.assembly import FROZEN_REPORTS_DIR, task_games
    from loop.contract.game import GameDefinitionError
    from loop.run.catalogue_tasks import tree_id
    from loop.run.frozen_reports import freeze_session, frozen_path
    from loop.sandbox import get_provider

    if args.steps < 1:
        print("closed-loop: error: --steps must be at least 1", file=sys.stderr)
        return 2
    try:
        games = task_games(split_names(args.games))
    except GameDefinitionError as exc:
        print(f"closed-loop: error: {exc}", file=sys.stderr)
        return 2
    folder: Path = args.out or FROZEN_REPORTS_DIR
    provider = get_provider(args.backend)
    for game in games.values():
        if game.benchmark_dir is None:
            continue
        session = freeze_session(
            game, tree_id(game), provider=provider, seed=args.seed, steps=args.steps, commit=source_commit()
        )
        session.save(frozen_path(folder, game.name))
        found = ", ".join(sorted(session.by_bug())) or "no ground-truth bug"
        print(f"{game.name}: {len(session.reports)} report(s), matched {found} -> "
              f"{frozen_path(folder, game.name)}", flush=True)  # fmt: skip
    return 0


def source_commit() -> str:
    """The closed-loop commit this code is at, when it runs from a git checkout."""
    import subprocess

    try:
        done = subprocess.run(
            ["git", "rev-parse", "--short=12", "HEAD"],
            cwd=Path(__file__).resolve().parent,
            capture_output=True,
            text=True,
            timeout=10,
        )
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""

"""`closed-loop games ...`: the catalogue, and proof that a game's benchmark holds."""

from __future__ import annotations

import argparse
import logging
from pathlib import Path
from typing import TYPE_CHECKING

from games.catalogue import list_games, load_game
from loop.contract.game import Game, GameDefinitionError
from loop.sandbox import SandboxError, SandboxProvider, provider_names

if TYPE_CHECKING:
    from loop.game_checks.benchmark_validation import ValidationReport, VariantRun


def register(subparsers: argparse._SubParsersAction) -> None:
    games = subparsers.add_parser("games", help="the game catalogue")
    games_sub = games.add_subparsers(dest="games_command", required=True, metavar="ACTION")
    listing = games_sub.add_parser("list", help="list the catalogue's games")
    listing.set_defaults(func=list_command)
    validate = games_sub.add_parser(
        "validate",
        help="check any game keeps the API contract; prove a benchmark game's bugs both ways",
        description="Every game: it builds and starts, health answers, new/command/state have the API's "
        "shapes, stripped fields never reach the client, bad requests get a JSON answer, the walkthrough "
        "wins, the "
        "game's own tests pass in its sandbox. With ground truth, also build each gold patch and all "
        "together; check every probe fires on the shipped build and is quiet once patched. Exit 0 when all "
        "hold, 1 when a check fails, 2 for a broken game or benchmark.",
    )
    validate.add_argument(
        "name", nargs="?", help="a catalogue name (e.g. castle) or a folder with a game.toml"
    )
    validate.add_argument(
        "--all",
        action="store_true",
        help="validate every catalogue game in turn and end with a summary; exit 1 if any is not valid",
    )
    validate.add_argument("--manifest", type=Path, default=None, help="the game's game.toml, kept anywhere")
    validate.add_argument("--backend", default="auto", choices=provider_names(), help="sandbox backend")
    validate.add_argument("--json", action="store_true", help="print the report as JSON after the table")
    validate.set_defaults(func=validate_command)


def list_command(args: argparse.Namespace) -> int:
    from loop.contract.benchmark import Benchmark

    print(f"{'game':<12} {'genre':<12} {'bugs':>4}  title")
    for game in list_games():
        bugs = len(Benchmark(game).bugs) if game.benchmark_dir else 0
        print(f"{game.name:<12} {game.manifest.genre:<12} {bugs:>4}  {game.manifest.title}")
    return 0


def _mark(ok: bool) -> str:
    return "ok" if ok else "FAIL"


def _probe_cell(present: bool | None, expected: bool) -> str:
    if present is None:
        return "error"
    word = "present" if present else "absent"
    return word if present == expected else word.upper()


def _tests_cell(variant: VariantRun) -> str:
    if variant.start_error:
        return "start failed"
    return {True: "pass", False: "FAIL", None: "n/a"}[variant.tests_passed]


def validate_command(args: argparse.Namespace) -> int:
    from loop.sandbox import get_provider

    if args.all == bool(args.name):
        raise GameDefinitionError("give either a game or --all")
    if not args.verbose:
        logging.getLogger("httpx").setLevel(logging.WARNING)  # one line per request drowns the progress lines
    if args.all:
        games = list_games()
        provider = get_provider(args.backend)
        outcomes = [_validate_in_turn(game, provider, args.json) for game in games]
        _print_summary(games, outcomes)
        return 0 if all(outcome == "valid" for outcome in outcomes) else 1
    report = _validate(load_game(args.name, args.manifest), get_provider(args.backend), args.json)
    return 0 if report.ok else 1


def _validate(game: Game, provider: SandboxProvider, as_json: bool) -> ValidationReport:
    from loop.game_checks.benchmark_validation import validate_game

    report = validate_game(game, provider, progress=lambda line: print(line, flush=True))
    _print_report(report)
    if as_json:
        print(report.model_dump_json(indent=2))
    return report


def _validate_in_turn(game: Game, provider: SandboxProvider, as_json: bool) -> str:
    """One game of `--all`: "valid", "NOT valid" or "broken: <why>" (a broken game does not stop the rest)."""
    print(f"== {game.name} ==", flush=True)
    try:
        report = _validate(game, provider, as_json)
    except (GameDefinitionError, SandboxError) as exc:
        print(f"{game.name}: broken: {exc}", flush=True)
        return f"broken: {exc}"
    print(flush=True)
    return "valid" if report.ok else "NOT valid"


def _print_summary(games: list[Game], outcomes: list[str]) -> None:
    from loop.contract.benchmark import Benchmark

    print(f"{'game':<12} {'genre':<14} {'bugs':>4}  verdict")
    for game, outcome in zip(games, outcomes, strict=True):
        bugs = len(Benchmark(game).bugs) if game.benchmark_dir else 0
        print(f"{game.name:<12} {game.manifest.genre:<14} {bugs:>4}  {outcome[:200]}")
    valid = sum(outcome == "valid" for outcome in outcomes)
    print(f"{valid} of {len(outcomes)} games valid")


def _print_user_game(report: ValidationReport, shipped: VariantRun) -> None:
    """A game without ground truth: which checks ran and how they ended."""
    won = {True: "wins", False: "does not win", None: "none (the gate is the game's tests alone)"}
    print(f"walkthrough: {won[shipped.walkthrough_won]}  {_mark(report.walkthrough_ok)}")
    print(f"own tests: {_tests_cell(shipped)}  {_mark(report.tests_ok)}")
    if shipped.start_error:
        print(f"  did not start: {shipped.start_error}")
    elif shipped.tests_passed is False or shipped.walkthrough_won is False:
        print(f"  walkthrough:\n{shipped.walkthrough_detail[-2000:]}\n  test output:\n{shipped.tests_output}")
    print("no ground truth: probe and gold-patch checks not run")
    print(f"{report.game}: {'valid' if report.ok else 'NOT valid'} (backend {report.backend})")


def _print_report(report: ValidationReport) -> None:
    from loop.game_checks.benchmark_validation import ALL_GOLD, SHIPPED

    print()
    print(f"contract ({len(report.contract)} checks):")
    for check in report.contract:
        print(f"  {check.verdict:<4} {check.name}: {check.detail[:300]}")
    if not report.ground_truth:
        _print_user_game(report, report.variant(SHIPPED))
        return
    width = max([20, *(len(bug.bug_type) for bug in report.bugs)])
    print()
    print(f"{'bug':<8} {'type':<{width}} {'difficulty':<10} {'shipped':<8} {'gold':<8} {'all gold':<8} ok")
    for bug in report.bugs:
        print(
            f"{bug.id:<8} {bug.bug_type:<{width}} {bug.difficulty:<10} "
            f"{_probe_cell(bug.shipped.present, True):<8} {_probe_cell(bug.gold.present, False):<8} "
            f"{_probe_cell(bug.together.present, False):<8} {_mark(bug.ok)}"
        )
        for run in (bug.shipped, bug.gold, bug.together):
            if run.error:
                print(f"    {run.variant}: {run.error}")
    shipped, patched = report.variant(SHIPPED), report.variant(ALL_GOLD)
    print(
        f"walkthrough: shipped {'wins' if shipped.walkthrough_won else 'does not win'}, "
        f"all gold {'wins' if patched.walkthrough_won else 'does not win'}  {_mark(report.walkthrough_ok)}"
    )
    tests = ", ".join(f"{v.name} {_tests_cell(v)}" for v in report.variants)
    print(f"own tests: {tests}  {_mark(report.tests_ok)}")
    for variant in report.variants:
        if variant.start_error:
            print(f"  {variant.name} did not start: {variant.start_error}")
        elif variant.tests_passed is False:
            print(f"  {variant.name} test output:\n{variant.tests_output}")
    print(f"{report.game}: {'valid' if report.ok else 'NOT valid'} (backend {report.backend})")

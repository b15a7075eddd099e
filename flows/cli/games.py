"""`closed-loop games ...`: the catalogue."""

from __future__ import annotations

import argparse

from games.catalogue import list_games


def register(subparsers: argparse._SubParsersAction) -> None:
    games = subparsers.add_parser("games", help="the game catalogue")
    games_sub = games.add_subparsers(dest="games_command", required=True, metavar="ACTION")
    listing = games_sub.add_parser("list", help="list the catalogue's games")
    listing.set_defaults(func=list_command)


def list_command(args: argparse.Namespace) -> int:
    from games.benchmark import Benchmark

    print(f"{'game':<12} {'genre':<12} {'bugs':>4}  title")
    for game in list_games():
        bugs = len(Benchmark(game).bugs) if game.benchmark_dir else 0
        print(f"{game.name:<12} {game.manifest.genre:<12} {bugs:>4}  {game.manifest.title}")
    return 0

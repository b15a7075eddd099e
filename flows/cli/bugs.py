"""`closed-loop bugs GAME`: a game's bugs from the ledger, with status and history."""

from __future__ import annotations

import argparse

from loop.ledger import Ledger, default_url


def register(subparsers: argparse._SubParsersAction) -> None:
    bugs = subparsers.add_parser("bugs", help="list a game's bugs from the ledger, with status and history")
    bugs.add_argument("game", help="game name, as recorded by the loop")
    bugs.add_argument(
        "--ledger", metavar="URL", default=None, help=f"ledger database URL (default {default_url()})"
    )
    bugs.set_defaults(func=bugs_command)


def bugs_command(args: argparse.Namespace) -> int:
    with Ledger(args.ledger) as ledger:
        histories = ledger.bugs(args.game)
    if not histories:
        print(f"no bugs recorded for {args.game} in {ledger.url}")
        return 0
    print(f"{'bug':<14} {'status':<15} {'reports':>7}  title")
    for bug in histories:
        print(f"{bug.key:<14} {bug.status:<15} {bug.reports:>7}  {bug.title}")
        for event in bug.events:
            print(
                f"{'':<14} session {event.session} @ {event.commit[:10]}: {event.to_status} - {event.reason}"
            )
    return 0

"""`closed-loop bugs GAME`: a game's bugs from the ledger, with status and history."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from sqlalchemy.exc import ArgumentError, OperationalError

from loop.ledger import Ledger, LedgerVersionError, default_url


def register(subparsers: argparse._SubParsersAction) -> None:
    bugs = subparsers.add_parser("bugs", help="list a game's bugs from the ledger, with status and history")
    bugs.add_argument("game", help="game name, as recorded by the loop")
    bugs.add_argument(
        "--ledger",
        metavar="URL",
        default=None,
        help="ledger URL (default: $CLOSED_LOOP_LEDGER_URL, else $CLOSED_LOOP_DATA/ledger.sqlite)",
    )
    bugs.set_defaults(func=bugs_command)


def _missing_sqlite_file(url: str) -> Path | None:
    if not url.startswith("sqlite:///"):
        return None
    path = Path(url.removeprefix("sqlite:///"))
    return None if path.is_file() or str(path) == ":memory:" else path


def bugs_command(args: argparse.Namespace) -> int:
    url = args.ledger or default_url()
    missing = _missing_sqlite_file(url)
    if missing is not None:
        print(
            f"closed-loop: error: no ledger at {missing} (no run has recorded anything there)",
            file=sys.stderr,
        )
        return 2
    try:
        with Ledger(url) as ledger:
            histories = ledger.bugs(args.game)
    except (LedgerVersionError, OperationalError, ArgumentError) as exc:
        print(
            f"closed-loop: error: cannot read the ledger at {url}: {str(exc).splitlines()[0]}",
            file=sys.stderr,
        )
        return 2
    if not histories:
        print(f"no bugs recorded for {args.game} in {url}")
        return 0
    print(f"{'bug':<14} {'status':<15} {'reports':>7}  title")
    for bug in histories:
        print(f"{bug.key:<14} {bug.status:<15} {bug.reports:>7}  {bug.title}")
        if bug.regression:
            print(
                f"{'':<14} regression: {bug.regression}"
                + (f" (culprit {bug.culprit})" if bug.culprit else "")
            )
        if bug.flaky:
            print(f"{'':<14} {bug.flaky}")
        for event in bug.events:
            print(
                f"{'':<14} session {event.session} @ {event.commit[:10]}: {event.to_status} - {event.reason}"
            )
    return 0

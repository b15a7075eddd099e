"""The `closed-loop` command. Each module in this package adds one group of subcommands.

A module exposes `register(subparsers)`; its commands set `func(args) -> int`. Expected failures
(unknown game, broken manifest, engine down) print one line and exit 2; they never show a traceback.
"""

from __future__ import annotations

import argparse
import errno
import importlib
import logging
import os
import pkgutil
import signal
import sys

from flows.local_server import LocalServerError
from flows.stop_signals import stop_like_ctrl_c
from loop.contract.game import GameDefinitionError
from loop.host import temp_space
from loop.host.disk_space import DiskFull, disk_full, no_space
from loop.run.run_id import RunIdError
from loop.run.run_lock import RunBusy
from loop.sandbox import SandboxError

USER_ERRORS: tuple[type[Exception], ...] = (
    GameDefinitionError,
    SandboxError,
    LocalServerError,
    FileNotFoundError,
    RunIdError,
    RunBusy,
)
# What the machine refuses (a full disk, a read-only or forbidden folder) is the user's to fix: one line.
MACHINE_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EACCES})


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="closed-loop", description=__doc__.splitlines()[0])
    parser.add_argument("-v", "--verbose", action="store_true", help="show debug logs")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module_info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if module_info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{module_info.name}")
        module.register(subparsers)
    return parser


def _print_progress_bare() -> None:
    """The loop's one line per step reads as the command's own output, without a timestamp or logger name."""
    progress = logging.getLogger("loop.progress")
    if not progress.handlers:
        handler = logging.StreamHandler(sys.stdout)
        handler.setFormatter(logging.Formatter("%(message)s"))
        progress.addHandler(handler)
    progress.setLevel(logging.INFO)
    progress.propagate = False


def main(argv: list[str] | None = None) -> int:
    previous = signal.signal(signal.SIGTERM, stop_like_ctrl_c)
    # started in the background of a script, a process inherits Ctrl-C ignored; every command here stops on it
    previous_interrupt = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        return _run(argv)
    finally:
        signal.signal(signal.SIGTERM, previous)  # main() called in-process (tests) leaves no trace
        if previous_interrupt is not None:  # None: a handler not set from Python, nothing to put back
            signal.signal(signal.SIGINT, previous_interrupt)


def _run(argv: list[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO, format="%(asctime)s %(name)s %(message)s"
    )
    logging.getLogger("httpx").setLevel(logging.DEBUG if args.verbose else logging.WARNING)
    _print_progress_bare()
    temp_space.claim()  # every temp file of this command, and of what it starts, goes where it is cleaned up
    try:
        return int(args.func(args) or 0)
    except DiskFull as exc:
        print(f"closed-loop: error: {exc}", file=sys.stderr)
        return 2
    except USER_ERRORS as exc:
        print(f"closed-loop: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (`closed-loop bugs | head`): nothing left to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except OSError as exc:
        if exc.errno not in MACHINE_ERRNOS:
            raise
        print(f"closed-loop: error: {exc.strerror}: {exc.filename or ''}".rstrip(": "), file=sys.stderr)
        return 2
    except Exception as exc:  # a full disk behind another error (git's, SQLite's)
        if not disk_full(exc):
            raise
        print(f"closed-loop: error: {no_space(exc)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as exc:
        print(f"closed-loop: interrupted{f': {exc}' if str(exc) else ''}", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())

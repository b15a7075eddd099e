"""`closed-loop settings`: every setting, its default and meaning; `--markdown` prints the README's table."""

from __future__ import annotations

import argparse

from flows.settings_table import render_markdown, render_values


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "settings",
        help="list the CLOSED_LOOP_* environment variables as this shell sets them",
        description="List every CLOSED_LOOP_* environment variable with its value here, or (--markdown) "
        "the table of every setting: CLI flag, flow parameter, environment variable, default, meaning, "
        "where it is read.",
    )
    parser.add_argument(
        "--markdown", action="store_true", help="print the table of every setting as markdown (the README's)"
    )
    parser.set_defaults(func=settings_command)


def settings_command(args: argparse.Namespace) -> int:
    print(render_markdown() if args.markdown else render_values(), end="")
    return 0

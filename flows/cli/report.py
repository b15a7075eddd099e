"""`closed-loop report RUN_ID`: regenerate a run's views from its run.json."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from pydantic import ValidationError


def register(subparsers: argparse._SubParsersAction) -> None:
    report = subparsers.add_parser(
        "report",
        help="regenerate a run's report from runs/RUN_ID/run.json",
        description="Without a flag: write report.md, report.html, summary.json, bugs/*.md; print the paths.",
    )
    report.add_argument("run_id", metavar="RUN_ID")
    view = report.add_mutually_exclusive_group()
    view.add_argument("--html", action="store_const", const="html", dest="view", help="write report.html")
    view.add_argument("--md", action="store_const", const="md", dest="view", help="print report.md to stdout")
    view.add_argument(
        "--json", action="store_const", const="json", dest="view", help="print the JSON summary"
    )
    report.add_argument("--runs-dir", type=Path, default=Path("runs"), help="where runs live (default: runs)")
    report.set_defaults(func=report_command, view=None)


def report_command(args: argparse.Namespace) -> int:
    from reports.json_view import run_summary
    from reports.writer import RUN_FILE, load_run, render_report_markdown, write_html, write_run_reports

    run_dir = args.runs_dir / args.run_id
    if (
        Path(args.run_id).name != args.run_id
        or args.run_id in {".", ".."}
        or not (run_dir / RUN_FILE).is_file()
    ):
        print(
            f"closed-loop: error: no run {args.run_id!r}: {run_dir / RUN_FILE} does not exist",
            file=sys.stderr,
        )
        return 2
    try:
        run = load_run(run_dir)
    except (ValueError, ValidationError) as exc:  # wrong schema version or a damaged file
        reason = str(exc).splitlines()[0]
        print(f"closed-loop: error: cannot read {run_dir / RUN_FILE}: {reason}", file=sys.stderr)
        return 2
    if args.view == "md":
        sys.stdout.write(render_report_markdown(run))
    elif args.view == "json":
        print(json.dumps(run_summary(run), indent=2))
    elif args.view == "html":
        print(write_html(run_dir, run))
    else:
        for path in write_run_reports(run_dir).values():
            print(path)
    return 0

"""`closed-loop report RUN_ID`: regenerate the views of a run (run.json) or a comparison (comparison.json)."""

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
    report.add_argument(
        "--runs-dir", type=Path, default=None, help="where runs live (default: $CLOSED_LOOP_RUNS, else runs)"
    )
    report.set_defaults(func=report_command, view=None)


def _error(message: str) -> int:
    print(f"closed-loop: error: {message}", file=sys.stderr)
    return 2


def report_command(args: argparse.Namespace) -> int:
    from loop.host import settings
    from loop.run.agent_comparison import COMPARISON_FILE
    from loop.run.run_id import check_run_id
    from reports.writer import RUN_FILE

    runs_dir = args.runs_dir or Path(str(settings.RUNS.value()))  # as given: printed paths stay relative
    run_dir = runs_dir / check_run_id(args.run_id)
    if (run_dir / RUN_FILE).is_file():
        show = _run_view
    elif (run_dir / COMPARISON_FILE).is_file():
        show = _comparison_view
    else:
        return _error(f"no run {args.run_id!r}: {run_dir / RUN_FILE} does not exist")
    try:
        return show(run_dir, args.view)
    except (ValueError, ValidationError) as exc:  # another schema version, or a damaged file
        return _error(f"cannot read {run_dir}: {str(exc).splitlines()[0]}")


def _run_view(run_dir: Path, view: str | None) -> int:
    from reports.json_view import run_summary
    from reports.writer import load_run, render_report_markdown, write_html, write_run_reports

    run = load_run(run_dir)
    if view == "md":
        sys.stdout.write(render_report_markdown(run))
    elif view == "json":
        print(json.dumps(run_summary(run), indent=2))
    elif view == "html":
        print(write_html(run_dir, run))
    else:
        for path in write_run_reports(run_dir).values():
            print(path)
    return 0


def _comparison_view(run_dir: Path, view: str | None) -> int:
    from loop.run.agent_comparison import COMPARISON_FILE, ComparisonRecord
    from reports.comparison_view import render_comparison_markdown, write_comparison_reports

    record = ComparisonRecord.load(run_dir / COMPARISON_FILE)
    if view == "md":
        sys.stdout.write(render_comparison_markdown(record))
    elif view == "json":
        print(record.model_dump_json(indent=2))
    else:
        paths = write_comparison_reports(run_dir)
        for name, path in paths.items():
            if view is None or name.endswith(".html"):
                print(path)
    return 0

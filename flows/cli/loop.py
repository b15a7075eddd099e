"""`closed-loop run | castle | up | down | status | serve`: the loop, locally or through Prefect."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from flows.parameters import add_loop_flags, loop_params_from_args


def register(subparsers: argparse._SubParsersAction) -> None:
    run = subparsers.add_parser("run", help="run one loop in this process (Prefect without a server)")
    add_loop_flags(run)
    run.set_defaults(func=run_command)

    castle = subparsers.add_parser(
        "castle", help="the main job: start the local Prefect server and serve, run closed-loop/castle, wait"
    )
    castle.set_defaults(func=castle_command)

    up = subparsers.add_parser(
        "up", help="start the local Prefect server and the serve process in the background"
    )
    up.set_defaults(func=up_command)
    down = subparsers.add_parser("down", help="stop the serve process, then the local Prefect server")
    down.set_defaults(func=down_command)
    status = subparsers.add_parser(
        "status", help="is the local Prefect server up, and are the deployments served"
    )
    status.set_defaults(func=status_command)
    serve = subparsers.add_parser(
        "serve", help="serve the deployments (castle, nightly, compare, catalogue) in the foreground"
    )
    serve.set_defaults(func=serve_command)


def run_command(args: argparse.Namespace) -> int:
    from pydantic import ValidationError

    from flows.assembly import prepare_config
    from flows.parameters import game_named, split_run_id
    from loop.contract.game import check_source_links
    from loop.run.loop_run import check_resumable, run_dir_of
    from loop.run.run_lock import check_free

    params = loop_params_from_args(args)
    # Check the game (and the links of the tree agents will see), the agents, the limits and the run id
    # before the run starts, so a mistake is one line, at once (a run another process holds is refused
    # again when the run takes its lock).
    try:
        config, run_id = split_run_id(params)
        if run_id is None:
            config, game, _ = prepare_config(config)
            check_source_links(game, config.ref)
        else:
            check_free(run_dir_of(run_id))
            check_resumable(run_id, game_named=game_named(args))
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        print(f"closed-loop: error: {problems}", file=sys.stderr)
        return 2
    except ValueError as exc:
        print(f"closed-loop: error: {exc}", file=sys.stderr)
        return 2
    from flows.local_server import server_healthy

    if server_healthy():
        report, record = _run_on_local_server(params, verbose=args.verbose)
    else:  # no server to show it in: the same steps, without starting Prefect at all
        from flows.driver import drive

        run, report = drive(params)
        record = run.record
    _print_summary(record, report)
    return 0


def _run_on_local_server(params: dict, *, verbose: bool) -> tuple[str, object]:
    """The flow in this process, its run recorded by the local server `closed-loop up` started."""
    import os

    from flows.local_server import prefect_env
    from loop.run.record import RunRecord

    os.environ.update(prefect_env())
    if not verbose:
        os.environ.setdefault("PREFECT_LOGGING_LEVEL", "WARNING")  # Prefect's per-task lines
    from flows.closed_loop import closed_loop

    report = closed_loop(**params)
    return report, RunRecord.load(Path(report).parent / "run.json")


def _print_summary(record, report: str) -> None:
    from loop.run.progress import summary_lines

    for line in summary_lines(record, report, record.repo_dir):
        print(line)


def up_command(args: argparse.Namespace) -> int:
    from flows.local_server import up

    up()
    return 0


def down_command(args: argparse.Namespace) -> int:
    from flows.local_server import down

    down()
    return 0


def status_command(args: argparse.Namespace) -> int:
    from flows.local_server import status

    state = status()
    print(json.dumps(state, indent=2))
    return 0 if state["server_healthy"] and state["castle_deployment_ready"] else 1


def serve_command(args: argparse.Namespace) -> int:
    from flows.deployments import serve_forever

    serve_forever()
    return 0


def castle_command(args: argparse.Namespace) -> int:
    import time

    from flows.local_server import prefect_env, up
    from loop.run.loop_run import runs_root

    up()
    started = time.time()
    prefect = str(Path(sys.executable).with_name("prefect"))
    print("$ prefect deployment run closed-loop/castle --watch", flush=True)
    result = subprocess.run(
        [prefect, "deployment", "run", "closed-loop/castle", "--watch"], env=prefect_env(), timeout=3 * 3600
    )
    fresh = [p for p in runs_root().glob("*/report.md") if p.stat().st_mtime >= started]
    if fresh:
        print(f"report: {max(fresh, key=lambda p: p.stat().st_mtime)}")
    elif result.returncode == 0:
        print(f"closed-loop: the run finished but wrote no report under {runs_root()}", file=sys.stderr)
        return 1
    return result.returncode

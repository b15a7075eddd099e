"""Explorer speed on every catalogue game through the process backend: steps per second and ms per step.

Baselines, measured in the same run on the same build of each game: a bare loop sending `help` through the
same GameClient (raw command throughput over the sandbox) and the same loop through the game's Flask app
in this process (its test client: the game's own web layer, no network). The ratios are the share of each
the explorer keeps (oracles, shrinking, replays and tracing included). The bare loop also gives the median
command (target: under 1 ms) and the CPU each process spends on one command: the client (this process), the
sandbox relay and the game, read from /proc, which a loaded machine stretches far less than wall time; the
1-minute load average is printed with each game. For the explorer's session: requests per step (new games,
replays, shrinking and confirming findings all send some) and this process's CPU per step (explorer, client).

    .venv/bin/python -m bench.explorer_speed [--steps 600] [--seed 0] [--games castle,logic] [--smoke]
"""

from __future__ import annotations

import importlib
import os
import sys
import tempfile
import time
from pathlib import Path

from bench.castle_builds import provider
from bench.process_cpu import cpu_by_role, process_tree
from bench.result import BenchResult, emit, median_ms, metric, parser
from games.catalogue import list_games
from loop.contract.game import Game, materialize
from loop.contract.game_client import GameClient
from loop.qa import get_qa_agent
from loop.sandbox import BuildSpec, RunningBuild
from loop.trace import read_trace
from sandboxes.game.process import ProcessBuild

TARGET_STEPS_PER_SECOND = 500
TARGET_STEP_MS = 1.0
BARE_MIN_COMMANDS = 1000  # enough commands for a steady median and a CPU total well above the clock tick
BARE_COMMAND = "help"


def game_pid(build: RunningBuild) -> int | None:
    """The process backend's child (bubblewrap, or the game itself without it)."""
    return build.process.pid if isinstance(build, ProcessBuild) and build.process else None


def bare_loop(client: GameClient, commands: int, build_pid: int | None) -> dict:
    """The bare client's rate, its median command (the step's floor), and the CPU each process spent per
    command: this process (client), the sandbox relay and the game (from /proc; load stretches these less)."""
    game_id = client.new_game().game_id
    pids = process_tree(build_pid) if build_pid else []
    cpu_before, client_before = cpu_by_role(pids), time.process_time()
    samples = []
    started = time.perf_counter()
    for _ in range(commands):
        sent = time.perf_counter()
        client.command(game_id, BARE_COMMAND)
        samples.append(time.perf_counter() - sent)
    wall = time.perf_counter() - started
    cpu_ms = {"client": (time.process_time() - client_before) * 1000 / commands}
    for name, seconds in cpu_by_role(pids).items():
        if name != "sandbox":
            cpu_ms[name] = (seconds - cpu_before.get(name, 0.0)) * 1000 / commands
    return {
        "per_second": commands / wall,
        "median_ms": median_ms(samples),
        "cpu_ms_per_command": {k: round(v, 3) for k, v in cpu_ms.items()},
    }


def in_process_commands_per_second(game: Game, repo_dir: Path, commands: int) -> float:
    """The same loop through the game's Flask test client, imported from the materialized repository."""
    sys.path.insert(0, str(repo_dir))
    try:
        app = importlib.import_module(f"{game.name}.server").create_app()
    finally:
        sys.path.remove(str(repo_dir))
    client = app.test_client()
    game_id = client.post("/api/agent/new").get_json()["game_id"]
    body = {"game_id": game_id, "command": BARE_COMMAND}
    started = time.perf_counter()
    for _ in range(commands):
        client.post("/api/agent/command", json=body)
    return commands / (time.perf_counter() - started)


class CountingClient(GameClient):
    """A GameClient that counts its requests: a step costs more than one (new games, replays, shrinking)."""

    requests = 0

    def _send(
        self, method: str, path: str, body: bytes | None = None, timeout: float | None = None
    ) -> tuple[int, bytes]:
        self.requests += 1
        return super()._send(method, path, body, timeout)


def game_speed(game: Game, steps: int, seed: int, commands: int) -> dict:
    work = Path(tempfile.mkdtemp(prefix=f"bench-speed-{game.name}-"))
    repo_dir, commit = materialize(game, work)
    backend = provider("process")
    assert backend is not None  # the process backend needs no engine
    spec = BuildSpec(repo_dir, game.manifest, commit, run_id="bench")
    with (
        backend.start(spec) as build,
        CountingClient(build.url, strip_fields=game.manifest.strip_fields) as client,
    ):
        bare_run = bare_loop(client, commands, game_pid(build))
        load = os.getloadavg()[0]
        before = client.requests
        session_cpu = time.process_time()
        session = get_qa_agent("explorer").run_session(
            client, build_commit=commit, steps=steps, seed=seed, out_dir=work / "out"
        )
        session_cpu = time.process_time() - session_cpu
        requests = client.requests - before
    bare = bare_run["per_second"]
    in_process = in_process_commands_per_second(game, repo_dir, commands)
    events = read_trace(Path(session.trace_path))
    first = events[0].timestamp
    report_times = [round(e.timestamp - first, 3) for e in events if e.kind == "report"]
    rate = session.steps / session.wall_seconds if session.wall_seconds else None
    return {
        "game": game.name,
        "steps": session.steps,
        "steps_per_second": round(rate, 1) if rate else None,
        "ms_per_step": round(1000 / rate, 3) if rate else None,
        "requests_per_step": round(requests / session.steps, 2) if session.steps else None,
        "explorer_cpu_ms_per_step": round(session_cpu * 1000 / session.steps, 3) if session.steps else None,
        "bare_client_per_second": round(bare, 1),
        "bare_step_median_ms": round(bare_run["median_ms"], 3),
        "cpu_ms_per_command": bare_run["cpu_ms_per_command"],
        "load_average_1min": round(load, 2),
        "in_process_app_per_second": round(in_process, 1),
        "ratio_to_bare_client": round(rate / bare, 3) if rate else None,
        "ratio_to_in_process_app": round(rate / in_process, 3) if rate else None,
        "reports": len(session.reports),
        "report_times_seconds": report_times,
        "stopped_because": session.stopped_because,
    }


def main(argv: list[str] | None = None) -> int:
    started = time.perf_counter()
    args_parser = parser(__doc__.splitlines()[0])
    args_parser.add_argument("--steps", type=int, default=600)
    args_parser.add_argument("--seed", type=int, default=0)
    args_parser.add_argument("--games", default="", help="comma-separated names (default: every game)")
    args = args_parser.parse_args(argv)
    steps = 30 if args.smoke else args.steps
    wanted = {name for name in args.games.split(",") if name}
    games = [g for g in list_games() if not wanted or g.name in wanted]
    if args.smoke:
        games = games[:1]
    commands = steps if args.smoke else max(steps, BARE_MIN_COMMANDS)
    rows = [game_speed(game, steps, args.seed, commands) for game in games]
    result = BenchResult(bench="explorer_speed", smoke=args.smoke, params={"steps": steps, "seed": args.seed})
    for row in rows:
        target = row["game"] == "castle"
        result.metrics.append(
            metric(
                f"explorer steps per second on {row['game']} (process backend)",
                row["steps_per_second"],
                "steps/s",
                row["bare_client_per_second"],
                f"bare GameClient `{BARE_COMMAND}` loop (commands/s)",
                target=f">= {TARGET_STEPS_PER_SECOND} steps/s" if target else "",
                met=(row["steps_per_second"] or 0) >= TARGET_STEPS_PER_SECOND if target else None,
                note=f"{row['ms_per_step']} ms/step; in-process app {row['in_process_app_per_second']}/s "
                f"(ratio {row['ratio_to_in_process_app']}); load average {row['load_average_1min']}",
            )
        )
        if target:
            in_process_ms = 1000 / row["in_process_app_per_second"]
            result.metrics.append(
                metric(
                    f"one command through the process backend on {row['game']} (bare client, median)",
                    row["bare_step_median_ms"],
                    "ms",
                    in_process_ms,
                    "the game's Flask app in-process, test client (ms per command)",
                    target=f"< {TARGET_STEP_MS:g} ms",
                    met=row["bare_step_median_ms"] < TARGET_STEP_MS,
                    note=f"CPU ms per command: {row['cpu_ms_per_command']}",
                )
            )
    result.details = {"games": rows}
    emit(result, started)
    return 0


if __name__ == "__main__":
    sys.exit(main())

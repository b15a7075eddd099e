"""A command's median latency through the docker backend (a container with no network, reached through its
unix socket and the relay inside) against the process backend (bubblewrap where it works, a loopback port
and the relay inside), on CASTLE and on a game that writes each reply in two segments (Python's http.server
kept alive, headers and body in two writes, no TCP_NODELAY: bench.two_segment_game). Both builds run
at once and the commands alternate between them, so the load of a shared machine falls on both alike.

    .venv/bin/python -m bench.backend_latency [--commands 400] [--backends process,docker] [--smoke]

Every backend listed is compared with `process` (process-plain: no bubblewrap, a plain child process).
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from bench import two_segment_game
from bench.castle_builds import castle_repo, provider
from bench.result import BenchResult, emit, median_ms, metric, p95_ms, parser
from bench.run_all import commit, machine
from games.catalogue import load_game
from loop.contract.game import Game, materialize
from loop.contract.game_client import GameClient
from loop.sandbox import BuildSpec, RunningBuild

TARGET_RATIO = 2.0
WARM_UP = 10
MANIFEST = {
    "name": "twosegments",
    "title": "Two Segments",
    "genre": "probe",
    "start_command": ["python", "game.py"],
    "requirements": "requirements.txt",
}


def two_segment_repo(root: Path) -> tuple[Game, Path, str]:
    folder = root / "twosegments"
    (folder / "src").mkdir(parents=True)
    (folder / "game.toml").write_text("".join(f"{k} = {json.dumps(v)}\n" for k, v in MANIFEST.items()))
    shutil.copyfile(two_segment_game.__file__, folder / "src" / "game.py")
    (folder / "src" / "requirements.txt").write_text("")
    game = load_game(folder)
    repo_dir, revision = materialize(game, root / "repo")
    return game, repo_dir, revision


def alternating_samples(
    builds: dict[str, RunningBuild], game: Game, commands: list[str], count: int
) -> dict[str, list[float]]:
    """Seconds per `GameClient.command` through each build, one command to each in turn."""
    clients = {
        name: GameClient(build.url, strip_fields=game.manifest.strip_fields) for name, build in builds.items()
    }
    samples: dict[str, list[float]] = {name: [] for name in builds}
    try:
        games = {name: client.new_game().game_id for name, client in clients.items()}
        for index in range(WARM_UP + count):
            command = commands[index % len(commands)]
            for name, client in clients.items():
                started = time.perf_counter()
                client.command(games[name], command)
                if index >= WARM_UP:
                    samples[name].append(time.perf_counter() - started)
            if index % len(commands) == len(commands) - 1:  # a won game ends: start the next one
                games = {name: client.new_game().game_id for name, client in clients.items()}
    finally:
        for client in clients.values():
            client.close()
    return samples


def main(argv: list[str] | None = None) -> int:
    started = time.perf_counter()
    args_parser = parser(__doc__.splitlines()[0])
    args_parser.add_argument("--commands", type=int, default=400)
    args_parser.add_argument("--backends", default="process,docker")
    args = args_parser.parse_args(argv)
    count = 20 if args.smoke else args.commands
    result = BenchResult(bench="backend_latency", smoke=args.smoke, params={"commands": count})
    result.details["measured"] = {
        "date": f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC",
        "commit": commit(),
        "machine": machine(),
    }
    castle, castle_dir, castle_commit = castle_repo("bench-latency-")
    two, two_dir, two_commit = two_segment_repo(Path(tempfile.mkdtemp(prefix="bench-latency-")))
    cases = [
        ("CASTLE", castle, castle_dir, castle_commit, castle.walkthrough_commands(castle_dir)),
        ("two-segment replies", two, two_dir, two_commit, ["look"]),
    ]
    providers = {name: provider(name) for name in args.backends.split(",")}
    available = {name: backend for name, backend in providers.items() if backend is not None}
    for name in set(providers) - set(available):
        result.details[name] = {"skipped": "no container engine answers"}
    for label, game, repo_dir, revision, commands in cases:
        builds: dict[str, RunningBuild] = {}
        try:
            for name, backend in available.items():
                builds[name] = backend.start(BuildSpec(repo_dir, game.manifest, revision, run_id="bench"))
            samples = alternating_samples(builds, game, commands, count)
        finally:
            for build in builds.values():
                build.stop()
        result.details[label] = {
            name: {"median_ms": round(median_ms(s), 3), "p95_ms": round(p95_ms(s), 3), "n": len(s)}
            for name, s in samples.items()
        }
        others = [name for name in samples if name != "process"] if "process" in samples else []
        for name in others:
            value, baseline = median_ms(samples[name]), median_ms(samples["process"])
            targeted = name == "docker"
            result.metrics.append(
                metric(
                    f"{label}: one command through the {name} backend, median",
                    value,
                    "ms",
                    baseline,
                    "the same through the process backend (ms)",
                    target=f"docker <= {TARGET_RATIO:g}x process" if targeted else "",
                    met=value <= TARGET_RATIO * baseline if targeted else None,
                )
            )
    emit(result, started)
    return 0


if __name__ == "__main__":
    sys.exit(main())

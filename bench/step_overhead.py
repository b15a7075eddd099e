"""Orchestrator overhead per QA step, by sandbox backend, against the game's own time in-process.

A QA step as the loop does it: `GameClient.command` (HTTP to the sandbox, only allowed fields kept, pydantic
validation) plus one `SessionTrace.append`. Baselines measured in the same run on the same command stream
(CASTLE's walkthrough, a new game at each end): `castle.engine.Castle().command(...)` in this process (the
game's own time) and the game's Flask test client (the game's web layer, no network). The "added" number is
step median minus engine median: what the loop and the sandbox cost on top of the game.

    .venv/bin/python -m bench.step_overhead [--steps 300] [--backends process,process-plain,docker] [--smoke]
"""

from __future__ import annotations

import http.client
import json
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

import httpx

from bench.castle_builds import castle_app, castle_engine, castle_repo, provider, start
from bench.result import BenchResult, emit, median_ms, metric, p95_ms, parser
from loop.game_client import GameClient
from loop.trace import SessionTrace

TARGET_ADDED_MS = 2.0


def engine_samples(engine_class: type, commands: list[str], count: int) -> list[float]:
    samples, game = [], engine_class()
    for index in range(count):
        command = commands[index % len(commands)]
        started = time.perf_counter()
        game.command(command)
        samples.append(time.perf_counter() - started)
        if index % len(commands) == len(commands) - 1:
            game = engine_class()
    return samples


def flask_samples(app, commands: list[str], count: int) -> list[float]:
    client = app.test_client()
    samples, game_id = [], client.post("/api/agent/new").get_json()["game_id"]
    for index in range(count):
        body = {"game_id": game_id, "command": commands[index % len(commands)]}
        started = time.perf_counter()
        client.post("/api/agent/command", json=body)
        samples.append(time.perf_counter() - started)
        if index % len(commands) == len(commands) - 1:
            game_id = client.post("/api/agent/new").get_json()["game_id"]
    return samples


def command_stream(game_id: str, commands: list[str], count: int, new_game) -> list[tuple[str, str]]:
    """(game_id, command) pairs, a new game after each pass of the walkthrough."""
    pairs = []
    for index in range(count):
        pairs.append((game_id, commands[index % len(commands)]))
        if index % len(commands) == len(commands) - 1:
            game_id = new_game()
    return pairs


def raw_http_samples(url: str, commands: list[str], count: int) -> list[float]:
    """The floor: the standard library's http.client, one connection per request (the game's server closes
    every connection), JSON body sent, reply read, not parsed."""
    parts = urlsplit(url)
    client = httpx.Client(base_url=url, timeout=10)
    pairs = command_stream(
        client.post("/api/agent/new").json()["game_id"],
        commands,
        count,
        lambda: client.post("/api/agent/new").json()["game_id"],
    )
    client.close()
    samples = []
    for game_id, command in pairs:
        body = json.dumps({"game_id": game_id, "command": command})
        started = time.perf_counter()
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
        connection.request("POST", "/api/agent/command", body, {"Content-Type": "application/json"})
        connection.getresponse().read()
        connection.close()
        samples.append(time.perf_counter() - started)
    return samples


def httpx_samples(url: str, commands: list[str], count: int) -> list[float]:
    """The HTTP library GameClient uses, alone: POST and JSON decode, nothing kept or validated."""
    samples = []
    with httpx.Client(base_url=url, timeout=10) as client:
        game_id = client.post("/api/agent/new").json()["game_id"]
        pairs = command_stream(
            game_id, commands, count, lambda: client.post("/api/agent/new").json()["game_id"]
        )
        for game_id, command in pairs:
            started = time.perf_counter()
            client.post("/api/agent/command", json={"game_id": game_id, "command": command}).json()
            samples.append(time.perf_counter() - started)
    return samples


def loop_step_samples(
    url: str, strip: list[str], commands: list[str], count: int, trace: Path
) -> list[float]:
    samples: list[float] = []
    with GameClient(url, strip_fields=strip) as client, SessionTrace(trace) as tracer:
        game_id = client.new_game().game_id
        for _ in range(5):  # warm the connection and the server's code paths
            client.command(game_id, "look")
        for index in range(count):
            command = commands[index % len(commands)]
            started = time.perf_counter()
            observation = client.command(game_id, command)
            latency = (time.perf_counter() - started) * 1000
            tracer.append(
                step=index,
                game_id=game_id,
                command=command,
                latency_ms=latency,
                observation=observation.model_dump(),
            )
            samples.append(time.perf_counter() - started)
            if index % len(commands) == len(commands) - 1:
                game_id = client.new_game().game_id
    return samples


def main(argv: list[str] | None = None) -> int:
    started = time.perf_counter()
    args_parser = parser(__doc__.splitlines()[0])
    args_parser.add_argument("--steps", type=int, default=300)
    args_parser.add_argument("--backends", default="process,process-plain,docker")
    args = args_parser.parse_args(argv)
    steps = 20 if args.smoke else args.steps
    game, repo_dir, commit = castle_repo("bench-step-")
    commands = game.walkthrough_commands(repo_dir)
    engine = engine_samples(castle_engine(repo_dir), commands, steps * 3)  # cheap: more samples, steadier
    flask = flask_samples(castle_app(repo_dir), commands, steps)
    engine_ms = median_ms(engine)
    result = BenchResult(
        bench="step_overhead", smoke=args.smoke, params={"steps": steps, "commands": "walkthrough"}
    )
    result.details["engine"] = {"median_ms": round(engine_ms, 4), "p95_ms": round(p95_ms(engine), 4)}
    result.details["flask_test_client"] = {
        "median_ms": round(median_ms(flask), 4),
        "p95_ms": round(p95_ms(flask), 4),
    }
    result.metrics.append(
        metric(
            "Flask test client per command (the game's app, no network)",
            median_ms(flask),
            "ms",
            engine_ms,
            "engine in-process",
        )
    )
    trace_dir = Path(tempfile.mkdtemp(prefix="bench-step-trace-"))
    for name in args.backends.split(","):
        backend = provider(name)
        if backend is None:
            result.details[name] = {"skipped": "no container engine answers"}
            continue
        with start(backend, game, repo_dir, commit) as build:
            raw = raw_http_samples(build.url, commands, steps)
            library = httpx_samples(build.url, commands, steps)
            samples = loop_step_samples(
                build.url, game.manifest.strip_fields, commands, steps, trace_dir / f"{name}.jsonl"
            )
        step_ms = median_ms(samples)
        added = step_ms - engine_ms
        result.details[name] = {
            "loop_step": {"median_ms": round(step_ms, 3), "p95_ms": round(p95_ms(samples), 3), "n": steps},
            "httpx_post": {"median_ms": round(median_ms(library), 3), "p95_ms": round(p95_ms(library), 3)},
            "http_client_new_connection": {
                "median_ms": round(median_ms(raw), 3),
                "p95_ms": round(p95_ms(raw), 3),
            },
        }
        result.metrics.append(
            metric(
                f"{name}: loop step vs a bare http.client request (the loop's own client code)",
                step_ms,
                "ms",
                median_ms(raw),
                "http.client, new connection (median ms)",
            )
        )
        result.metrics.append(
            metric(
                f"loop step through {name} backend, added to the game's own time (median)",
                added,
                "ms",
                engine_ms,
                "engine in-process (median ms)",
                target=f"< {TARGET_ADDED_MS:g} ms added",
                met=added < TARGET_ADDED_MS,
                note=f"step {step_ms:.2f} ms: httpx alone {median_ms(library):.2f}, bare http.client "
                f"{median_ms(raw):.2f}, Flask test client {median_ms(flask):.2f}",
            )
        )
    emit(result, started)
    return 0


if __name__ == "__main__":
    sys.exit(main())

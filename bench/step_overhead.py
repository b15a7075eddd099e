"""Orchestrator overhead per QA step, by sandbox backend, against the game's own time in-process.

A QA step as the loop does it: `GameClient.command` (HTTP to the sandbox, only allowed fields kept, pydantic
validation) plus one `SessionTrace.append`. Baselines measured in the same run on the same command stream
(CASTLE's walkthrough, a new game at each end): `castle.engine.Castle().command(...)` in this process (the
game's own time) and the game's Flask test client (the game's web layer, no network). The "added" number is
step median minus engine median: what the loop and the sandbox cost on top of the game. Over HTTP, a bare
http.client request and httpx alone are timed next to each loop step (the three in turn for every command),
so the load of a shared machine falls on all three alike.

    .venv/bin/python -m bench.step_overhead [--steps 300] [--backends process,process-plain,docker] [--smoke]
"""

from __future__ import annotations

import http.client
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import cast
from urllib.parse import urlsplit

from bench.castle_builds import castle_app, castle_engine, castle_repo, provider, start
from bench.result import BenchResult, emit, median_ms, metric, p95_ms, parser
from loop.contract.endpoint import UNIX_HOST, httpx_client, unix_socket_path
from loop.contract.game_client import GameClient
from loop.trace import SessionTrace
from sandboxes.relay import connect_unix

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


class UnixHTTPConnection(http.client.HTTPConnection):
    """http.client to a game on a unix socket (a docker build)."""

    def __init__(self, socket_path: str, timeout: float):
        super().__init__(UNIX_HOST, timeout=timeout)
        self.socket_path = socket_path

    def connect(self) -> None:
        self.sock = connect_unix(self.socket_path)


class Layers:
    """Three ways to send one command to the same build, each on its own game, timed one after the other for
    every command so that the load of a shared machine falls on all three alike."""

    def __init__(self, url: str, strip: list[str], trace: Path):
        parts = urlsplit(url)
        self.host, self.port = cast(str, parts.hostname), parts.port  # a build's URL names its host
        self.socket_path = unix_socket_path(url)
        self.http = httpx_client(url, 10)
        self.client = GameClient(url, strip_fields=strip)
        self.trace = SessionTrace(trace)
        self.step = 0

    def new_games(self) -> tuple[str, str, str]:
        raw = self.http.post("/api/agent/new").json()["game_id"]
        library = self.http.post("/api/agent/new").json()["game_id"]
        return raw, library, self.client.new_game().game_id

    def raw(self, game_id: str, command: str) -> float:
        """http.client, a new connection per request (what a client that keeps nothing alive pays), the
        reply read but not parsed."""
        started = time.perf_counter()
        if self.socket_path is not None:
            connection: http.client.HTTPConnection = UnixHTTPConnection(self.socket_path, 10)
        else:
            connection = http.client.HTTPConnection(self.host, self.port, timeout=10)
        body = json.dumps({"game_id": game_id, "command": command})
        connection.request("POST", "/api/agent/command", body, {"Content-Type": "application/json"})
        connection.getresponse().read()
        connection.close()
        return time.perf_counter() - started

    def library(self, game_id: str, command: str) -> float:
        """httpx alone, the library GameClient uses: POST and JSON decode, nothing kept or validated."""
        started = time.perf_counter()
        self.http.post("/api/agent/command", json={"game_id": game_id, "command": command}).json()
        return time.perf_counter() - started

    def loop_step(self, game_id: str, command: str) -> float:
        """What the loop does per QA step: GameClient.command, then one trace line."""
        started = time.perf_counter()
        observation = self.client.command(game_id, command)
        latency = (time.perf_counter() - started) * 1000
        self.trace.append(
            step=self.step,
            game_id=game_id,
            command=command,
            latency_ms=latency,
            observation=observation.model_dump(),
        )
        self.step += 1
        return time.perf_counter() - started

    def close(self) -> None:
        self.trace.close()
        self.client.close()
        self.http.close()


def http_samples(url: str, strip: list[str], commands: list[str], count: int, trace: Path) -> dict[str, list]:
    layers = Layers(url, strip, trace)
    samples: dict[str, list[float]] = {"raw": [], "library": [], "loop_step": []}
    try:
        raw_id, library_id, loop_id = layers.new_games()
        for _ in range(5):  # warm the server's code paths and the clients
            layers.raw(raw_id, "look")
            layers.library(library_id, "look")
            layers.loop_step(loop_id, "look")
        for index in range(count):
            command = commands[index % len(commands)]
            samples["raw"].append(layers.raw(raw_id, command))
            samples["library"].append(layers.library(library_id, command))
            samples["loop_step"].append(layers.loop_step(loop_id, command))
            if index % len(commands) == len(commands) - 1:
                raw_id, library_id, loop_id = layers.new_games()
    finally:
        layers.close()
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
            layers = http_samples(
                build.url, game.manifest.strip_fields, commands, steps, trace_dir / f"{name}.jsonl"
            )
        raw, library, samples = layers["raw"], layers["library"], layers["loop_step"]
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
                f"{name}: loop step vs httpx alone (the loop's own code: GameClient + trace line)",
                step_ms,
                "ms",
                median_ms(library),
                "httpx POST + JSON decode (median ms)",
            )
        )
        result.metrics.append(
            metric(
                f"{name}: loop step vs a bare http.client request (transport and server floor)",
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

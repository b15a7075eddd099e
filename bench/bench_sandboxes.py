"""What a sandbox costs, printed as JSON: cold build, warm start, rebuild after a one-line change, and the
per-command latency through each backend against calling the game in-process (Flask test client) or, for a
game that is not a Flask app, as a plain local process.

    .venv/bin/python bench/bench_sandboxes.py [--game castle] [--commands 200]
"""

from __future__ import annotations

import argparse
import importlib
import json
import logging
import os
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import git

from games.catalogue import CatalogueError, Game, load_game, materialize
from loop.game_client import GameClient
from sandboxes.base import BuildSpec, EngineUnavailable
from sandboxes.process import ProcessProvider
from sandboxes.registry import get_provider
from sandboxes.source_tree import export_tree

LANTERN = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "games" / "lantern"


def default_game() -> Game:
    try:
        return load_game("castle")
    except CatalogueError:
        return load_game(LANTERN)


def timed(action: Callable[[], object]) -> tuple[float, object]:
    started = time.perf_counter()
    result = action()
    return time.perf_counter() - started, result


def commit_change(repo_dir: Path, game: Game, what: str) -> str:
    """Append one comment line to the game's first Python file and commit it: the smallest real change."""
    repo = git.Repo(repo_dir)
    target = sorted(p for p in repo_dir.rglob("*.py") if ".git" not in p.parts)[0]
    target.write_text(target.read_text() + f"\n# {what} {uuid.uuid4().hex}\n")
    repo.git.add(A=True)
    repo.index.commit(what)
    return repo.head.commit.hexsha


def command_stream(game: Game, repo_dir: Path) -> list[str]:
    return game.walkthrough_commands(repo_dir) or ["look", "inventory"]


def http_latencies(url: str, commands: list[str], count: int, strip: list[str]) -> list[float]:
    samples: list[float] = []
    with GameClient(url, strip_fields=strip) as client:
        game_id = client.new_game().game_id
        for index in range(count):
            command = commands[index % len(commands)]
            seconds, observation = timed(lambda g=game_id, c=command: client.command(g, c))
            samples.append(seconds)
            if observation.game_over or index % len(commands) == len(commands) - 1:
                game_id = client.new_game().game_id
    return samples


def flask_latencies(tree: Path, game: Game, commands: list[str], count: int) -> list[float] | None:
    """Per-command latency calling the game's Flask app in this process, when its start command names one."""
    argv = game.manifest.start_command
    if len(argv) < 3 or argv[:2] != ["python", "-m"]:
        return None
    sys.path.insert(0, str(tree))
    try:
        module = importlib.import_module(argv[2])
    except ImportError:
        return None
    app = getattr(module, "app", None) or (module.create_app() if hasattr(module, "create_app") else None)
    if app is None or not hasattr(app, "test_client"):
        return None
    client = app.test_client()
    game_id = client.post("/api/agent/new").get_json()["game_id"]
    samples: list[float] = []
    for index in range(count):
        body = {"game_id": game_id, "command": commands[index % len(commands)]}
        seconds, response = timed(lambda body=body: client.post("/api/agent/command", json=body))
        samples.append(seconds)
        if response.get_json().get("game_over") or index % len(commands) == len(commands) - 1:
            game_id = client.post("/api/agent/new").get_json()["game_id"]
    return samples


def summary(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "median_ms": round(statistics.median(ordered) * 1000, 3),
        "p95_ms": round(ordered[int(len(ordered) * 0.95) - 1] * 1000, 3),
        "n": len(ordered),
    }


def bench_docker(spec: BuildSpec, game: Game, commands: list[str], count: int) -> dict:
    from sandboxes.images import ensure_game_image

    provider = get_provider("docker")
    result: dict = {}
    base_seconds, base = timed(provider.base_image)
    ensure_s = round(base_seconds, 3)
    result["base_image"] = {"tag": base.tag, "python": base.python_version, "ensure_s": ensure_s}
    made: list[str] = []

    cold_commit = commit_change(spec.repo_dir, game, "bench cold build")
    cold = BuildSpec(spec.repo_dir, game.manifest, cold_commit, run_id="bench")
    cold_tree = export_tree(cold)
    seconds, image = timed(
        lambda: ensure_game_image(provider.client, game.manifest, cold_tree, base, no_cache=True)
    )
    made.append(image.tag)
    result["cold_build_s"] = round(seconds, 3)  # no layer cache; base image and wheelhouse present

    seconds, build = timed(lambda: provider.start(cold))
    result["warm_start_s"] = round(seconds, 3)  # the image exists: create, start, wait for health
    result["latency"] = summary(http_latencies(build.url, commands, count, game.manifest.strip_fields))
    seconds, _ = timed(build.stop)
    result["stop_s"] = round(seconds, 3)

    changed = BuildSpec(spec.repo_dir, game.manifest, commit_change(spec.repo_dir, game, "bench one line"))
    changed_tree = export_tree(changed)
    seconds, image = timed(lambda: ensure_game_image(provider.client, game.manifest, changed_tree, base))
    made.append(image.tag)
    result["rebuild_one_line_s"] = round(seconds, 3)
    for tag in made:
        provider.client.images.remove(tag)
    return result


def bench_process(spec: BuildSpec, game: Game, commands: list[str], count: int, isolation: str) -> dict:
    provider = ProcessProvider(isolation)
    seconds, build = timed(lambda: provider.start(spec))
    with build:
        return {
            "start_s": round(seconds, 3),
            "latency": summary(http_latencies(build.url, commands, count, game.manifest.strip_fields)),
        }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=None, help="name or folder (default: castle, else lantern)")
    parser.add_argument("--commands", type=int, default=200)
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    game = load_game(args.game) if args.game else default_game()
    repo_dir, commit = materialize(game, Path(tempfile.mkdtemp(prefix="bench-sandboxes-")))
    spec = BuildSpec(repo_dir, game.manifest, commit, run_id="bench")
    commands = command_stream(game, repo_dir)
    out: dict = {"game": game.name, "commands": args.commands}

    import sandboxes.container  # noqa: F401  (import cost is not detection cost)

    real_host = os.environ.get("DOCKER_HOST")
    os.environ["DOCKER_HOST"] = "unix:///nonexistent/docker.sock"
    started = time.perf_counter()
    try:
        get_provider("docker")
    except EngineUnavailable:
        out["missing_engine_detected_ms"] = round((time.perf_counter() - started) * 1000, 3)
    if real_host is None:
        del os.environ["DOCKER_HOST"]
    else:
        os.environ["DOCKER_HOST"] = real_host

    tree = export_tree(spec).path
    in_process = flask_latencies(tree, game, commands, args.commands)
    out["process_bwrap"] = bench_process(spec, game, commands, args.commands, "auto")
    out["process_plain"] = bench_process(spec, game, commands, args.commands, "none")
    try:
        out["docker"] = bench_docker(spec, game, commands, args.commands)
    except EngineUnavailable as exc:
        out["docker"] = {"error": str(exc)}

    if in_process is not None:
        out["baseline"] = {"kind": "in-process Flask test client", "latency": summary(in_process)}
    else:
        plain = out["process_plain"]["latency"]
        out["baseline"] = {"kind": "plain local process over HTTP", "latency": plain}
    base_ms = out["baseline"]["latency"]["median_ms"]
    out["latency_ratio_vs_baseline"] = {
        name: round(out[name]["latency"]["median_ms"] / base_ms, 2)
        for name in ("process_bwrap", "process_plain", "docker")
        if "latency" in out[name]
    }
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

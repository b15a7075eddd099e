"""What a sandbox costs on CASTLE: process start (bubblewrap and plain), the docker image's cold build, its
reuse, a rebuild after a one-line change, a warm container start and stop, and how fast a missing engine is
detected. Per-command latency through each backend is bench.step_overhead's job.

    .venv/bin/python -m bench.sandbox_costs [--smoke]
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
import uuid
from pathlib import Path

import git

from bench.castle_builds import castle_repo, provider
from bench.result import BenchResult, emit, metric, parser, timed
from loop.contract.game import Game
from loop.sandbox import BuildSpec, EngineUnavailable, get_provider
from sandboxes.game.source_tree import export_tree


def commit_change(repo_dir: Path, what: str) -> str:
    """Append one comment line to the game's first Python file and commit it: the smallest real change."""
    repo = git.Repo(repo_dir)
    target = sorted(p for p in repo_dir.rglob("*.py") if ".git" not in p.parts)[0]
    target.write_text(target.read_text() + f"\n# {what} {uuid.uuid4().hex}\n")
    repo.git.add(A=True)
    repo.index.commit(what)
    return repo.head.commit.hexsha


def missing_engine_ms() -> float:
    real_host = os.environ.get("DOCKER_HOST")
    os.environ["DOCKER_HOST"] = "unix:///nonexistent/docker.sock"
    started = time.perf_counter()
    with contextlib.suppress(EngineUnavailable):
        get_provider("docker")
    seconds = time.perf_counter() - started
    if real_host is None:
        del os.environ["DOCKER_HOST"]
    else:
        os.environ["DOCKER_HOST"] = real_host
    return seconds * 1000


def process_start_s(name: str, spec: BuildSpec) -> float:
    backend = provider(name)
    assert backend is not None
    seconds, build = timed(lambda: backend.start(spec))
    build.stop()
    return seconds


def docker_costs(game: Game, repo_dir: Path) -> dict:
    from sandboxes.game.images import ensure_game_image

    docker_seconds, docker = timed(lambda: get_provider("docker"))
    base = docker.base_image()
    cold = BuildSpec(repo_dir, game.manifest, commit_change(repo_dir, "bench cold build"), run_id="bench")
    made = []
    try:
        seconds, image = timed(
            lambda: ensure_game_image(docker.client, game.manifest, export_tree(cold), base, no_cache=True)
        )
        made.append(image.tag)
        costs = {"engine_detected_ms": docker_seconds * 1000, "cold_build_s": seconds}
        costs["reuse_s"], _ = timed(
            lambda: ensure_game_image(docker.client, game.manifest, export_tree(cold), base)
        )
        costs["warm_start_s"], build = timed(lambda: docker.start(cold))
        costs["stop_s"], _ = timed(build.stop)
        changed = BuildSpec(
            repo_dir, game.manifest, commit_change(repo_dir, "bench one line"), run_id="bench"
        )
        costs["rebuild_one_line_s"], image = timed(
            lambda: ensure_game_image(docker.client, game.manifest, export_tree(changed), base)
        )
        made.append(image.tag)
    finally:
        for tag in made:
            docker.client.images.remove(tag, force=True)
    return costs


def main(argv: list[str] | None = None) -> int:
    started = time.perf_counter()
    args_parser = parser(__doc__.splitlines()[0])
    args_parser.add_argument("--no-docker", action="store_true")
    args = args_parser.parse_args(argv)
    import sandboxes.game.docker  # noqa: F401  (import cost is not detection cost)

    game, repo_dir, commit = castle_repo("bench-sandboxes-")
    spec = BuildSpec(repo_dir, game.manifest, commit, run_id="bench")
    result = BenchResult(bench="sandbox_costs", smoke=args.smoke)
    bwrap, plain = process_start_s("process", spec), process_start_s("process-plain", spec)
    result.metrics.append(
        metric("process backend start, bubblewrap", bwrap, "s", plain, "process start, plain (s)")
    )
    missing = missing_engine_ms()
    result.details = {
        "process_start_bwrap_s": bwrap,
        "process_start_plain_s": plain,
        "missing_engine_ms": missing,
    }
    if args.no_docker or provider("docker") is None:
        result.details["docker"] = {
            "skipped": "no container engine answers" if not args.no_docker else "--no-docker"
        }
        emit(result, started)
        return 0
    costs = docker_costs(game, repo_dir)
    result.details["docker"] = {name: round(value, 3) for name, value in costs.items()}
    result.metrics += [
        metric(
            "docker image cold build (no layer cache)",
            costs["cold_build_s"],
            "s",
            costs["reuse_s"],
            "reusing the built image (s)",
        ),
        metric(
            "docker image rebuild after a one-line patch",
            costs["rebuild_one_line_s"],
            "s",
            costs["cold_build_s"],
            "cold build (s)",
            target="< cold build",
            met=costs["rebuild_one_line_s"] < costs["cold_build_s"],
        ),
        metric(
            "docker warm start (image built: create, start, health)",
            costs["warm_start_s"],
            "s",
            plain,
            "process start, plain (s)",
        ),
        metric(
            "missing engine detected",
            missing,
            "ms",
            costs["engine_detected_ms"],
            "detecting a running engine (ms)",
        ),
    ]
    emit(result, started)
    return 0


if __name__ == "__main__":
    sys.exit(main())

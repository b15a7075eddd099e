"""Real CASTLE builds on loopback (process backend): shipped, each gold patch, and all gold patches."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import git
import pytest

from loop.contract.benchmark import Benchmark
from loop.contract.game import Game, materialize
from loop.contract.game_client import GameClient
from loop.game_checks.benchmark_validation import checkout_variant
from loop.sandbox import BuildSpec, RunningBuild
from sandboxes.game.process import ProcessProvider


@pytest.fixture(scope="session")
def castle_benchmark(castle: Game) -> Benchmark:
    return Benchmark(castle)


@pytest.fixture(scope="session")
def castle_repo(castle: Game, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    return materialize(castle, tmp_path_factory.mktemp("castle"))


def _start(castle: Game, repo_dir: Path, commit: str) -> RunningBuild:
    return ProcessProvider().start(BuildSpec(repo_dir=repo_dir, manifest=castle.manifest, commit=commit))


@pytest.fixture(scope="session")
def shipped_build(castle: Game, castle_repo: tuple[Path, str]) -> Iterator[RunningBuild]:
    build = _start(castle, *castle_repo)
    yield build
    build.stop()


@pytest.fixture(scope="session")
def gold_builds(
    castle: Game,
    castle_benchmark: Benchmark,
    castle_repo: tuple[Path, str],
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[dict[str, RunningBuild]]:
    """One build per gold patch, keyed by bug id, plus "all" with every gold patch applied."""
    repo_dir, commit = castle_repo
    repo = git.Repo(repo_dir)
    root = tmp_path_factory.mktemp("castle-gold")
    variants = {bug.id: [(bug.gold_patch, castle_benchmark.gold_patch(bug))] for bug in castle_benchmark.bugs}
    variants["all"] = [patch for patches in list(variants.values()) for patch in patches]
    builds: dict[str, RunningBuild] = {}
    try:
        for name, patches in variants.items():
            directory = root / name
            variant_commit = checkout_variant(repo, commit, f"test-{name}", directory, patches)
            builds[name] = _start(castle, directory, variant_commit)
        yield builds
    finally:
        for build in builds.values():
            build.stop()


def client_for(build: RunningBuild, castle: Game) -> GameClient:
    return GameClient(build.url, strip_fields=castle.manifest.strip_fields)


@pytest.fixture
def gold_client(gold_builds: dict[str, RunningBuild], castle: Game) -> Iterator[Callable[[str], GameClient]]:
    """Opens a client on the build with one gold patch (by bug id) or with all of them ("all")."""
    clients: list[GameClient] = []

    def open_client(name: str) -> GameClient:
        clients.append(client_for(gold_builds[name], castle))
        return clients[-1]

    yield open_client
    for client in clients:
        client.close()


@pytest.fixture
def shipped(shipped_build: RunningBuild, castle: Game) -> Iterator[GameClient]:
    with client_for(shipped_build, castle) as client:
        yield client


@pytest.fixture
def patched(gold_builds: dict[str, RunningBuild], castle: Game) -> Iterator[GameClient]:
    with client_for(gold_builds["all"], castle) as client:
        yield client

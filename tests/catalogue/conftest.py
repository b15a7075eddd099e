"""Real builds of catalogue games on loopback (process backend): shipped, and with every gold patch."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import git
import pytest

from games.catalogue import load_game
from loop.contract.benchmark import Benchmark
from loop.contract.game import materialize
from loop.contract.game_client import GameClient
from loop.game_checks.benchmark_validation import checkout_variant
from loop.sandbox import BuildSpec, RunningBuild
from sandboxes.game.process import ProcessProvider

OpenClient = Callable[[str, str], GameClient]


@pytest.fixture(scope="session")
def catalogue_build(tmp_path_factory: pytest.TempPathFactory) -> Iterator[OpenClient]:
    """Opens a client on `(game, variant)`, variant "shipped" or "patched" (every gold patch applied).

    Builds start on first use and stop at the end of the session.
    """
    builds: dict[tuple[str, str], RunningBuild] = {}
    clients: list[GameClient] = []

    def start(name: str, variant: str) -> RunningBuild:
        game = load_game(name)
        root: Path = tmp_path_factory.mktemp(f"{name}-{variant}")
        repo_dir, commit = materialize(game, root)
        if variant == "patched":
            benchmark = Benchmark(game)
            patches = [(bug.gold_patch, benchmark.gold_patch(bug)) for bug in benchmark.bugs]
            repo_dir = root / "patched"
            commit = checkout_variant(git.Repo(root / "repo"), commit, "patched", repo_dir, patches)
        run_id = f"test-{name}-{variant}"
        spec = BuildSpec(repo_dir=repo_dir, manifest=game.manifest, commit=commit, run_id=run_id)
        return ProcessProvider().start(spec)

    def open_client(name: str, variant: str) -> GameClient:
        if (name, variant) not in builds:
            builds[(name, variant)] = start(name, variant)
        client = GameClient(builds[(name, variant)].url, strip_fields=load_game(name).manifest.strip_fields)
        clients.append(client)
        return client

    try:
        yield open_client
    finally:
        for client in clients:
            client.close()
        for build in builds.values():
            build.stop()

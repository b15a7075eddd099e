"""Shared sandbox fixtures: the lantern test game as a git repository, and a Docker provider whose
containers are all gone when the session ends, whatever happened in between."""

from __future__ import annotations

import os

import pytest
from sandbox_games import FIXTURES, RUN_ID

from games.catalogue import load_game
from loop.contract.game import Game, materialize
from loop.sandbox import BuildSpec, EngineUnavailable, stop_started_builds


@pytest.fixture(scope="session")
def lantern() -> Game:
    return load_game(FIXTURES / "lantern")


@pytest.fixture(scope="session")
def lantern_spec(lantern: Game, tmp_path_factory: pytest.TempPathFactory) -> BuildSpec:
    repo_dir, commit = materialize(lantern, tmp_path_factory.mktemp("lantern"))
    return BuildSpec(repo_dir, lantern.manifest, commit, run_id=RUN_ID)


@pytest.fixture(scope="session")
def docker_provider():
    """The docker backend. Fails (never skips) when no engine answers: CI installs one (scripts/engine.sh)."""
    from sandboxes.container_owners import OWNER_PID
    from sandboxes.game.docker import DockerProvider

    try:
        provider = DockerProvider()
    except EngineUnavailable as exc:
        pytest.fail(f"the docker tests need a Docker engine; run scripts/engine.sh: {exc}")
    provider.cleanup_leftovers()
    yield provider
    stop_started_builds()
    mine = {"label": f"{OWNER_PID}={os.getpid()}"}
    for container in provider.client.containers.list(all=True, filters=mine):
        container.remove(force=True)
    left = provider.client.containers.list(all=True, filters=mine)
    assert not left, f"containers left behind: {[c.name for c in left]}"

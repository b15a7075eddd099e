"""CASTLE, as shipped, is won through its documented walkthrough in both backends."""

from __future__ import annotations

import pytest
from sandbox_games import RUN_ID

from games.catalogue import load_game
from loop.contract.game import materialize
from loop.contract.game_client import GameClient
from loop.sandbox import BuildSpec
from sandboxes.game.process import ProcessProvider


@pytest.fixture(scope="module")
def castle_spec(tmp_path_factory):
    game = load_game("castle")
    repo_dir, commit = materialize(game, tmp_path_factory.mktemp("castle"))
    return game, BuildSpec(repo_dir, game.manifest, commit, run_id=RUN_ID)


def win(url: str, game, repo_dir) -> dict:
    with GameClient(url, strip_fields=game.manifest.strip_fields) as client:
        new = client.new_game()
        for command in game.walkthrough_commands(repo_dir):
            observation = client.command(new.game_id, command)
            assert "full_state" not in observation.model_dump_json()
        assert observation.game_over
        return client.state(new.game_id)


def test_castle_walkthrough_wins_in_a_process_sandbox(castle_spec):
    game, spec = castle_spec
    with ProcessProvider().start(spec) as build:
        state = win(build.url, game, spec.repo_dir)
    assert state[game.manifest.won_field] is True


@pytest.mark.slow
@pytest.mark.docker
def test_castle_walkthrough_wins_in_a_container_as_its_own_user(castle_spec, docker_provider):
    game, spec = castle_spec
    with docker_provider.start(spec) as build:
        state = win(build.url, game, spec.repo_dir)
        build.container.reload()
        config = build.container.attrs["Config"]
        host = build.container.attrs["HostConfig"]
    assert state[game.manifest.won_field] is True
    assert config["User"] == "10001:10001"  # the Dockerfile's USER is kept when it is not root
    assert host["ReadonlyRootfs"] is True and host["CapDrop"] == ["ALL"]
    with docker_provider.start(spec) as again:  # same commit: the image is reused, not rebuilt
        assert again.image == build.image and again.image_built is False

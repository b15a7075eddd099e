"""Real games for the explorer's tests: the toy game, clean or with planted bugs, run as real processes."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from games.catalogue import load_game
from loop.contract.game import materialize
from loop.contract.game_client import GameClient
from loop.sandbox import BuildSpec, get_provider

TOYBOX = Path(__file__).resolve().parents[1] / "fixtures" / "games" / "toybox"


@contextmanager
def running_toybox(workspace: Path, bugs: str = "") -> Iterator[tuple[GameClient, str]]:
    game = load_game(TOYBOX)
    repo_dir, commit = materialize(game, workspace)
    spec = BuildSpec(repo_dir=repo_dir, manifest=game.manifest, commit=commit, env={"TOYBOX_BUGS": bugs})
    with get_provider("process").start(spec, ready_timeout=30) as build, GameClient(build.url) as client:
        yield client, commit


@pytest.fixture
def clean_toybox(tmp_path: Path) -> Iterator[tuple[GameClient, str]]:
    with running_toybox(tmp_path / "clean") as running:
        yield running


@pytest.fixture
def buggy_toybox(tmp_path: Path) -> Iterator[tuple[GameClient, str]]:
    with running_toybox(tmp_path / "buggy", "crash,dupe,oneway,ghost") as running:
        yield running

"""Real games for the explorer's tests, run as real processes: the toy game (clean or with planted bugs) and
catalogue games (shipped or all-gold)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

import git
import pytest

from games.catalogue import load_game
from loop.contract.game import Game, materialize
from loop.contract.game_client import GameClient
from loop.qa import QASessionResult, get_qa_agent
from loop.sandbox import BuildSpec, get_provider

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "games"
TOYBOX = FIXTURES / "toybox"


@contextmanager
def running_fixture(name: str, workspace: Path, env: dict[str, str]) -> Iterator[tuple[GameClient, str]]:
    """A fixture game (tests/fixtures/games/<name>) in the process sandbox: a client and its commit."""
    game = load_game(FIXTURES / name)
    repo_dir, commit = materialize(game, workspace)
    spec = BuildSpec(repo_dir=repo_dir, manifest=game.manifest, commit=commit, env=env)
    with get_provider("process").start(spec, ready_timeout=30) as build, GameClient(build.url) as client:
        yield client, commit


def running_toybox(workspace: Path, bugs: str = "") -> AbstractContextManager[tuple[GameClient, str]]:
    return running_fixture("toybox", workspace, {"TOYBOX_BUGS": bugs})


@contextmanager
def running_catalogue(
    name: str, workspace: Path, *, gold: bool
) -> Iterator[tuple[Game, Path, GameClient, str]]:
    """A catalogue game in the process sandbox, as shipped or with every gold patch applied (only the tests
    read the benchmark, to apply them): the game, its repository, a client and the build's commit."""
    game = load_game(name)
    repo_dir, commit = materialize(game, workspace)
    if gold:
        repo = git.Repo(repo_dir)
        for patch in sorted((game.root / "benchmark" / "gold").glob("*.diff")):
            repo.git.apply(str(patch))
        repo.git.add(A=True)
        commit = repo.index.commit("Apply every gold patch").hexsha
    spec = BuildSpec(repo_dir=repo_dir, manifest=game.manifest, commit=commit)
    build = get_provider("process").start(spec, ready_timeout=60)
    with build, GameClient(build.url, strip_fields=game.manifest.strip_fields) as client:
        yield game, repo_dir, client, commit


def explore(game: Game, workspace: Path, steps: int) -> QASessionResult:
    """One explorer session of `steps` on a game (any folder, any manifest) in the process sandbox."""
    repo_dir, commit = materialize(game, workspace / "workspace")
    spec = BuildSpec(repo_dir, game.manifest, commit, run_id=f"explorer-{game.name}")
    with (
        get_provider("process").start(spec) as build,
        GameClient(build.url, strip_fields=game.manifest.strip_fields) as client,
    ):
        return get_qa_agent("explorer").run_session(
            client, build_commit=commit, steps=steps, seed=0, out_dir=workspace / "qa"
        )


@pytest.fixture
def clean_toybox(tmp_path: Path) -> Iterator[tuple[GameClient, str]]:
    with running_toybox(tmp_path / "clean") as running:
        yield running


@pytest.fixture
def buggy_toybox(tmp_path: Path) -> Iterator[tuple[GameClient, str]]:
    with running_toybox(tmp_path / "buggy", "crash,dupe,oneway,ghost") as running:
        yield running

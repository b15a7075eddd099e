"""CASTLE for benchmarks: a fresh repository, its walkthrough, its engine in-process, a running build."""

from __future__ import annotations

import importlib
import sys
import tempfile
from pathlib import Path

from games.catalogue import load_game
from loop.contract.game import Game, materialize
from loop.sandbox import BuildSpec, EngineUnavailable, RunningBuild, SandboxProvider, get_provider
from sandboxes.game.process import ProcessProvider


def castle_repo(prefix: str) -> tuple[Game, Path, str]:
    """CASTLE's src/ as a fresh git repository in a temporary folder: (game, repo_dir, commit)."""
    game = load_game("castle")
    repo_dir, commit = materialize(game, Path(tempfile.mkdtemp(prefix=prefix)))
    return game, repo_dir, commit


def castle_engine(repo_dir: Path) -> type:
    """The `Castle` class of the game at `repo_dir`, imported into this process (the game's own code)."""
    sys.path.insert(0, str(repo_dir))
    return importlib.import_module("castle.engine").Castle


def castle_app(repo_dir: Path):
    """The game's Flask app in this process (its test client is the game without any network)."""
    sys.path.insert(0, str(repo_dir))
    return importlib.import_module("castle.server").create_app()


def provider(backend: str) -> SandboxProvider | None:
    """`process` (bubblewrap where it works), `process-plain` (none) or `docker`; None without an engine."""
    if backend == "process-plain":
        return ProcessProvider("none")
    try:
        return get_provider(backend)
    except EngineUnavailable:
        return None


def start(backend: SandboxProvider, game: Game, repo_dir: Path, commit: str) -> RunningBuild:
    return backend.start(BuildSpec(repo_dir, game.manifest, commit, run_id="bench"))

from __future__ import annotations

from pathlib import Path

import pytest
from repair_fixtures import VAULT_DIR

from games.catalogue import load_game
from loop.contract.game import Game, materialize
from loop.repair.pipeline import RepairRound
from loop.sandbox import get_provider

collect_ignore = ["fixtures"]  # the fixture game's own tests run inside the gate, not here


@pytest.fixture
def vault() -> Game:
    return load_game(VAULT_DIR)


@pytest.fixture
def vault_repo(vault: Game, tmp_path: Path) -> tuple[Path, str]:
    return materialize(vault, tmp_path / "workspace")


@pytest.fixture
def repair_round(vault: Game, vault_repo: tuple[Path, str], tmp_path: Path):
    repo_dir, _ = vault_repo
    with RepairRound(
        vault, repo_dir, tmp_path / "run", "test-run", 1, ready_timeout=20.0, provider=get_provider("process")
    ) as round_:
        yield round_

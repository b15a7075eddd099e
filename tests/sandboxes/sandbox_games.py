"""Helpers shared by the sandbox tests: the fixture games' folder, making a throwaway game, winning one."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

from games.catalogue import Game, load_game, materialize
from loop.game_client import GameClient
from sandboxes.base import BuildSpec

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "games"
RUN_ID = f"pytest-{os.getpid()}"


def play_walkthrough(url: str, game: Game, repo_dir: Path) -> dict:
    with GameClient(url, strip_fields=game.manifest.strip_fields) as client:
        new = client.new_game()
        assert "debug" not in new.observation.state
        for command in game.walkthrough_commands(repo_dir):
            observation = client.command(new.game_id, command)
        assert observation.game_over
        return client.state(new.game_id)


def make_game(root: Path, manifest: str, files: dict[str, str]) -> tuple[Game, BuildSpec]:
    folder = root / "game"
    (folder / "src").mkdir(parents=True)
    (folder / "game.toml").write_text(textwrap.dedent(manifest))
    for name, text in files.items():
        (folder / "src" / name).write_text(text)
    game = load_game(folder)
    repo_dir, commit = materialize(game, root / "workspace")
    return game, BuildSpec(repo_dir, game.manifest, commit)

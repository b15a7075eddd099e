"""Helpers shared by the sandbox tests: the fixture games' folder, making a throwaway game, winning one."""

from __future__ import annotations

import json
import os
from pathlib import Path

from games.catalogue import load_game
from loop.contract.game import Game, materialize
from loop.contract.game_client import GameClient
from loop.sandbox import BuildSpec

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


def make_game(
    root: Path, name: str, start_command: list[str], files: dict[str, str], **manifest: object
) -> tuple[Game, BuildSpec]:
    """A throwaway game folder (game.toml + src/ files), materialized as a git repository."""
    folder = root / "game"
    (folder / "src").mkdir(parents=True)
    fields = {"name": name, "title": name.title(), "genre": "probe", "start_command": start_command}
    fields.setdefault("requirements", "")
    fields.update(manifest)
    (folder / "game.toml").write_text(
        "".join(f"{key} = {json.dumps(value)}\n" for key, value in fields.items())
    )
    for file_name, text in files.items():
        (folder / "src" / file_name).write_text(text)
    game = load_game(folder)
    repo_dir, commit = materialize(game, root / "workspace")
    return game, BuildSpec(repo_dir, game.manifest, commit)


def broken_game(root: Path) -> tuple[Game, BuildSpec]:
    """A game that dies at start, saying why."""
    start = ["python", "-c", "raise SystemExit('no such level: attic')"]
    return make_game(root, "broken", start, {"README": "nothing\n"})

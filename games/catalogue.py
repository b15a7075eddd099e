"""The catalogue: the games shipped in this folder (manifest + source tree + hidden benchmark assets).

`load_game` resolves what a user names: a catalogue name (`castle`), a local folder with a game.toml, or a git
URL with a manifest. What a game is lives in the contract, `loop.contract.game`.
"""

from __future__ import annotations

from pathlib import Path

from loop.contract.game import (
    MANIFEST_NAME,
    Game,
    GameDefinitionError,
    is_git_url,
    load_game_folder,
    load_game_from_git,
)

CATALOGUE_DIR = Path(__file__).resolve().parent


def list_games(folder: Path | None = None) -> list[Game]:
    """Every game in the catalogue (or in another folder laid out like it, e.g. a hold-out set), by name."""
    folder = CATALOGUE_DIR if folder is None else folder  # read when called: a test points it elsewhere
    folders = sorted(p for p in folder.iterdir() if (p / MANIFEST_NAME).is_file())
    return [load_game_folder(p) for p in folders]


def load_game(ref: str | Path, manifest: str | Path | None = None) -> Game:
    """A catalogue name (`castle`), a local folder with a game.toml, or a git URL plus a manifest path."""
    ref_text = str(ref)
    manifest = Path(manifest).expanduser() if manifest else None
    if manifest is not None and not manifest.is_file():
        raise GameDefinitionError(f"no manifest at {manifest}")
    if (CATALOGUE_DIR / ref_text / MANIFEST_NAME).is_file():
        return load_game_folder(CATALOGUE_DIR / ref_text, manifest)
    if is_git_url(ref_text):
        return load_game_from_git(ref_text, manifest)
    folder = Path(ref_text).expanduser()
    if folder.is_dir() and (manifest or (folder / MANIFEST_NAME).is_file()):
        return load_game_folder(folder.resolve(), manifest)
    known = ", ".join(g.name for g in list_games()) or "none"
    raise GameDefinitionError(
        f"unknown game {ref_text!r} (catalogue: {known}; "
        "or give a folder with a game.toml, or --manifest FILE)"
    )

"""A game's own writable copy of its tree, one per sandbox, as a real deployment would have it.

Games write logs, caches and saves into their own folder. The exported tree stays shared and untouched;
each process-backend sandbox runs in `data/sandboxes/<owner pid>-<game>-<random>/`, a copy discarded when the
sandbox stops (or, after a crash, when the next closed-loop process finds its owner dead). A manifest's
`persistent_dir` is the exception: it lives in `data/game-data/<game>/` and outlives every sandbox.

The manifest's paths were checked when it was loaded; they are checked again here, before anything is
chmodded or removed, because a path that resolved outside would make that the user's own folder.
"""

from __future__ import annotations

import os
import shutil
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from loop.contract.game import Manifest
from loop.contract.paths import data_dir
from loop.contract.tree import OutsideTree, copy_tree, resolve_inside
from loop.sandbox import SandboxError
from sandboxes.owners import pid_alive

SKIPPED = shutil.ignore_patterns(".closed-loop-complete", ".git")


def sandboxes_dir() -> Path:
    path = data_dir() / "sandboxes"
    path.mkdir(exist_ok=True)
    return path


def _below(root: Path, relative: str) -> Path:
    """`root / relative`, a folder strictly below `root` once links are followed, or SandboxError."""
    try:
        path = resolve_inside(root, relative, "persistent_dir")
    except OutsideTree as exc:
        raise SandboxError(str(exc)) from None
    if path == root.resolve():
        raise SandboxError(f"persistent_dir {relative!r} is the whole tree: name a folder inside it")
    return path


def persistent_folder(manifest: Manifest, seed: Path | None = None) -> Path | None:
    """The game's persistent data folder on the host (created on first use from `seed`), or None."""
    if not manifest.persistent_dir:
        return None
    games = data_dir() / "game-data"
    folder = _below(_below(games, manifest.name), manifest.persistent_dir)
    if not folder.is_dir():
        if seed is not None and seed.is_dir():
            try:
                copy_tree(seed, folder)
            except OutsideTree as exc:
                raise SandboxError(f"{manifest.name}: {exc}") from None
        else:
            folder.mkdir(parents=True)
    # A container's non-root user writes here too (a user-namespaced uid would not own the host's files).
    folder.chmod(0o777)
    for parent, dirs, files in os.walk(folder, followlinks=False):  # a link the game made is never followed
        for name in dirs + files:
            path = Path(parent) / name
            if not path.is_symlink():
                path.chmod(0o777 if name in dirs else 0o666)
    return folder


@dataclass(frozen=True)
class GameWorkdir:
    path: Path
    persistent: Path | None = None

    @classmethod
    def copy_of(cls, tree: Path, manifest: Manifest) -> GameWorkdir:
        target = sandboxes_dir() / f"{os.getpid()}-{manifest.name}-{uuid.uuid4().hex[:8]}"
        try:
            copy_tree(tree, target, ignore=SKIPPED)
        except OutsideTree as exc:
            raise SandboxError(f"{manifest.name}: {exc}") from None
        persistent = None
        if manifest.persistent_dir:
            try:
                inside = _below(target, manifest.persistent_dir)
                persistent = persistent_folder(manifest, seed=inside)
            except SandboxError:
                shutil.rmtree(target, ignore_errors=True)
                raise
            shutil.rmtree(inside, ignore_errors=True)
            inside.parent.mkdir(parents=True, exist_ok=True)
            inside.symlink_to(
                cast(Path, persistent), target_is_directory=True
            )  # a Path: persistent_dir is set
        return cls(target, persistent)

    def writable(self) -> list[Path]:
        return [self.path] + ([self.persistent] if self.persistent else [])

    def remove(self) -> None:
        shutil.rmtree(self.path, ignore_errors=True)


def remove_orphan_workdirs() -> int:
    """Remove the copies whose owner process is gone; return how many."""
    removed = 0
    for path in sandboxes_dir().iterdir():
        owner = path.name.split("-", 1)[0]
        if owner.isdigit() and not pid_alive(int(owner)):
            shutil.rmtree(path, ignore_errors=True)
            removed += 1
    return removed

"""A game's tree as data: the paths a manifest names stay inside it, and a copy never follows a link out.

A manifest and a game's files come from whoever wrote the game. A path field (`persistent_dir`, `walkthrough`,
`qa_docs`...) names something inside the game's tree: never an absolute path, never `..`, never a link whose
target lies outside. A copy of a tree keeps a link as a link when its target lies inside the tree, and refuses
the tree otherwise: following it would copy whatever it points to (a credentials file, the whole disk).
"""

from __future__ import annotations

import os
import shutil
import stat
from collections.abc import Callable, Iterable
from pathlib import Path, PurePosixPath

Ignore = Callable[[str, list[str]], Iterable[str]]
WILDCARDS = frozenset("*?[")


class OutsideTree(ValueError):
    """A path or a link that leaves a game's tree. The message is one line meant for the user."""


def relative_path(value: str, field: str) -> str:
    """`value` when it is a relative path without `..` (checked as written, before any file exists)."""
    if "\0" in value:
        raise OutsideTree(f"{field} {value!r} contains a NUL byte")
    if value.startswith("/"):
        raise OutsideTree(f"{field} {value!r} is not a path inside the game's tree (write it relative)")
    if ".." in PurePosixPath(value).parts:
        raise OutsideTree(f"{field} {value!r} leaves the game's tree (`..`)")
    return value


def fixed_prefix(pattern: str) -> str:
    """The folders of a glob before its first wildcard (`docs/api/*.md` -> `docs/api`)."""
    parts: list[str] = []
    for part in PurePosixPath(pattern).parts:
        if WILDCARDS & set(part):
            break
        parts.append(part)
    return "/".join(parts)


def resolve_inside(root: Path, relative: str, field: str) -> Path:
    """`root / relative` with every link followed; refused when that leaves `root`."""
    relative_path(relative, field)
    base = root.resolve()
    path = (base / relative).resolve()
    if not path.is_relative_to(base):
        raise OutsideTree(f"{field} {relative!r} leaves the game's tree: it resolves to {path}")
    return path


def _check_entries(folder: Path, names: Iterable[str], root: Path) -> None:
    """Refuse a link among `names` whose target leaves `root`, and anything that is not a file, a folder or a
    link (a FIFO would block the copy, a device would copy the device)."""
    for name in names:
        path = folder / name
        mode = path.lstat().st_mode
        shown = path.relative_to(root)
        if stat.S_ISLNK(mode):
            target = os.readlink(path)
            if os.path.isabs(target):
                raise OutsideTree(f"{shown} is an absolute link to {target}: only relative links are kept")
            if not (folder / target).resolve().is_relative_to(root):
                raise OutsideTree(f"{shown} is a link to {target}, outside the game's tree")
        elif not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
            raise OutsideTree(f"{shown} is neither a file, a folder nor a link")


def _checked(root: Path, ignore: Ignore | None) -> Callable[[str, list[str]], set[str]]:
    def check(folder: str, names: list[str]) -> set[str]:
        ignored = set(ignore(folder, names)) if ignore else set()
        _check_entries(Path(folder).resolve(), [n for n in names if n not in ignored], root)
        return ignored

    return check


def check_tree(src: Path, ignore: Ignore | None = None) -> None:
    """Raise OutsideTree for the first link of `src` (outside what `ignore` drops) that leaves it."""
    root = src.resolve()
    check = _checked(root, ignore)
    for folder, dirs, files in os.walk(root, followlinks=False):
        kept = set(dirs) | set(files)
        kept -= check(folder, sorted(kept))
        dirs[:] = [d for d in dirs if d in kept]


def copy_tree(src: Path, dst: Path, ignore: Ignore | None = None) -> None:
    """Copy `src` to a new `dst`, links kept as links; raise OutsideTree (and leave no `dst`) when a link
    leaves `src`. `src` itself may be a link (a tree's folder linked elsewhere): its target is copied."""
    root = src.resolve()
    try:
        shutil.copytree(root, dst, symlinks=True, ignore=_checked(root, ignore))
    except OutsideTree:
        shutil.rmtree(dst, ignore_errors=True)
        raise

"""Where a game's real history lives: the team's own repository and the commit a run starts from.

Agents work on a view of that commit (loop.contract.game.materialize: one commit, without the manifest's
hidden paths and without history); verified patches go back onto the real history (loop.run.fixes_branch),
so the fixes branch descends from the commit the run started at and merges into the team's branch.
"""

from __future__ import annotations

import logging
import subprocess
import tarfile
from pathlib import Path

from pydantic import BaseModel, Field

log = logging.getLogger(__name__)
GIT_TIMEOUT = 120


class OriginError(ValueError):
    """The game's repository or ref cannot be used. The message is meant for the user."""


class GameOrigin(BaseModel):
    repo: str = Field(description="the git work tree (or clone) that holds the game's history")
    commit: str = Field(description="the full commit a run starts from")
    prefix: str = Field(default="", description="the game's folder inside that repository ('' at its top)")
    clone: str = Field(default="", description="the run's clone of that history, where fixes go")


def _git(repo: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["git", "-C", str(repo), *args], capture_output=True, text=True, timeout=GIT_TIMEOUT, check=False
    )


def find_origin(src_dir: Path, ref: str | None = None, *, quiet: bool = False) -> GameOrigin | None:
    """The repository and commit of a game's tree, or None when the tree is not in git (or, without a ref,
    has uncommitted changes: then the run works on the files as they are, with no shared history, and says
    so unless `quiet`)."""
    top = _git(src_dir, "rev-parse", "--show-toplevel")
    if top.returncode != 0:
        if ref:
            raise OriginError(f"--ref {ref} needs the game in a git repository; {src_dir} is not in one")
        return None
    repo = Path(top.stdout.strip()).resolve()
    prefix = src_dir.resolve().relative_to(repo).as_posix()
    prefix = "" if prefix == "." else prefix
    resolved = _git(repo, "rev-parse", "--verify", "--quiet", f"{ref or 'HEAD'}^{{commit}}")
    if resolved.returncode != 0:
        if ref:
            raise OriginError(f"no commit {ref!r} in {repo}")
        return None  # a repository with no commit yet
    if ref is None and _git(repo, "status", "--porcelain", "--", prefix or ".").stdout.strip():
        if quiet:
            return None
        log.warning(
            "%s has uncommitted changes: the run works on the files as they are, and its fixes branch will "
            "not share history with %s (commit first, or pass --ref)", src_dir, repo,
        )  # fmt: skip
        return None
    return GameOrigin(repo=str(repo), commit=resolved.stdout.strip(), prefix=prefix)


def clone_history(origin: GameOrigin, dest: Path) -> GameOrigin:
    """A clone of the origin's repository at `dest` (no checkout), so a run commits nothing into the team's
    own work tree: the fixes branch is made there and pushed from there. It borrows the origin's objects
    (`--shared`): a run on a large repository copies nothing but its own commits."""
    done = subprocess.run(
        ["git", "clone", "--quiet", "--no-checkout", "--shared", origin.repo, str(dest)],
        capture_output=True, text=True, timeout=GIT_TIMEOUT * 5, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        raise OriginError(f"cannot clone {origin.repo}: {done.stderr.strip()[-300:]}")
    for key, value in (("user.name", "closed-loop"), ("user.email", "closed-loop@localhost"),
                       ("commit.gpgsign", "false")):  # fmt: skip
        _git(dest, "config", key, value)
    return origin.model_copy(update={"clone": str(dest)})


def export_tree(origin: GameOrigin, scratch: Path) -> Path:
    """The game's folder at the origin commit, unpacked under `scratch` (links kept as links, none leading
    out); returns the folder. Only committed files: nothing ignored or untracked leaves the repository."""
    archive = scratch / "tree.tar"
    done = _git(Path(origin.repo), "archive", "--format=tar", "-o", str(archive), origin.commit,
                "--", origin.prefix or ".")  # fmt: skip
    if done.returncode != 0:
        raise OriginError(f"cannot read {origin.commit[:12]} of {origin.repo}: {done.stderr.strip()}")
    unpacked = scratch / "tree"
    with tarfile.open(archive) as tar:
        tar.extractall(unpacked, filter="data")  # refuses absolute paths and links out of the tree
    archive.unlink()
    return unpacked / origin.prefix if origin.prefix else unpacked

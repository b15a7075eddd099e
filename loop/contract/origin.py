"""Where a game's real history lives: the team's own repository and the commit a run starts from.

Agents work on a view of that commit (loop.contract.game.materialize: one commit, without the manifest's
hidden paths and without history); verified patches go back onto the real history (loop.run.fixes_branch),
so the fixes branch descends from the commit the run started at and merges into the team's branch.
"""

from __future__ import annotations

import logging
import subprocess
import tarfile
import tempfile
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


class TreeExportError(RuntimeError):
    """git could not write out a commit's files (no such commit or path, a broken repository)."""


def unpack_commit(repo: Path, rev: str, dest: Path, subfolder: str = "") -> Path:
    """The files of `rev` (a commit or tree; only `subfolder` of it when given) written into `dest` as git
    has them, committed files only; returns the folder they are in. Links are kept as links: one that would
    land outside `dest`, like an absolute path, raises tarfile.FilterError."""
    dest.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=dest.parent, prefix=f".{dest.name}-", suffix=".tar") as archive:
        done = _git(repo, "archive", "--format=tar", "-o", archive.name, rev, "--", subfolder or ".")
        if done.returncode != 0:
            raise TreeExportError(done.stderr.strip()[-500:])
        with tarfile.open(archive.name) as tar:
            tar.extractall(dest, filter="data")
    return dest / subfolder if subfolder else dest


def origin_files(origin: GameOrigin, scratch: Path) -> Path:
    """The game's folder at the origin commit, unpacked under `scratch`; returns the folder. Only committed
    files: nothing ignored or untracked leaves the repository."""
    try:
        return unpack_commit(Path(origin.repo), origin.commit, scratch / "tree", origin.prefix)
    except TreeExportError as exc:
        raise OriginError(f"cannot read {origin.commit[:12]} of {origin.repo}: {exc}") from None

"""A game's source tree at one commit, exported once and shared by every backend.

The export is content-addressed (git's tree hash), so two commits with the same files share it, and a build
never sees uncommitted edits of the work tree.
"""

from __future__ import annotations

import shutil
import subprocess
import tarfile
from dataclasses import dataclass
from pathlib import Path

from loop.contract.origin import TreeExportError, unpack_commit
from loop.contract.paths import data_dir, file_lock, short_hash
from loop.sandbox import BuildSpec, SandboxError

GIT_TIMEOUT = 60
COMPLETE = ".closed-loop-complete"


@dataclass(frozen=True)
class SourceTree:
    path: Path
    tree_id: str  # git tree hash, or a content hash for a folder that is not a repository


def _git(repo: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, timeout=GIT_TIMEOUT)


def _is_git_repo(repo: Path) -> bool:
    result = _git(repo, "rev-parse", "--show-toplevel")
    return result.returncode == 0 and Path(result.stdout.decode().strip()).resolve() == repo.resolve()


def _folder_hash(folder: Path) -> str:
    parts: list[str | bytes] = []
    for path in sorted(folder.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and ".git" not in path.parts:
            parts += [str(path.relative_to(folder)), path.read_bytes()]
    return short_hash(*parts, length=40)


def export_tree(spec: BuildSpec) -> SourceTree:
    """The files of `spec.repo_dir` at `spec.commit` (the folder itself when not a git repository)."""
    repo = spec.repo_dir.resolve()
    if not repo.is_dir():
        raise SandboxError(f"{repo} is not a folder")
    if not _is_git_repo(repo):
        return SourceTree(repo, _folder_hash(repo))
    rev = spec.commit or "HEAD"
    resolved = _git(repo, "rev-parse", "--verify", "--quiet", f"{rev}^{{tree}}")
    if resolved.returncode != 0:
        raise SandboxError(f"{repo} has no commit {rev!r}")
    tree_id = resolved.stdout.decode().strip()
    target = data_dir() / "trees" / f"{spec.manifest.name}-{tree_id[:16]}"
    if (target / COMPLETE).is_file():
        return SourceTree(target, tree_id)
    with file_lock(f"tree-{tree_id[:16]}"):
        if not (target / COMPLETE).is_file():
            shutil.rmtree(target, ignore_errors=True)
            target.mkdir(parents=True)
            try:
                unpack_commit(repo, tree_id, target)
            except TreeExportError as exc:
                raise SandboxError(f"git archive {rev} failed: {exc}") from None
            except tarfile.FilterError as exc:  # a link committed to point outside the tree
                raise SandboxError(f"{repo} at {rev}: {exc}") from None
            (target / COMPLETE).touch()
    return SourceTree(target, tree_id)

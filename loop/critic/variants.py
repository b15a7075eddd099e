"""Builds of a base commit with one gold patch applied, for the differential critic.

Variants live in a private clone in a folder of their own outside the run
(`<temp>/closed-loop-critic-<pid>-*`, mode 0700; no repair sandbox mounts the host's temp dir), never in the
repository or the run folder agents could reach: a gold-patched copy there would hand the fix (and the ground
truth) to a repair agent. The folder goes when the critic does (or its process ends); a killed run's folder
is removed by the next critic to start. Each variant is a git worktree of that clone, cached by (base commit,
bug), so every report of a session, and every later session on the same commit, reuses it."""

from __future__ import annotations

import os
import shutil
import subprocess
import weakref
from pathlib import Path

from loop.contract.models import GroundTruthBug
from loop.host.private_dirs import private_dir

GIT_TIMEOUT_SECONDS = 60.0
# fixed identity and dates: the same base and patch always give the same variant commit
_GIT_ENV = {
    "GIT_AUTHOR_NAME": "closed-loop critic",
    "GIT_AUTHOR_EMAIL": "critic@localhost",
    "GIT_COMMITTER_NAME": "closed-loop critic",
    "GIT_COMMITTER_EMAIL": "critic@localhost",
    "GIT_AUTHOR_DATE": "2000-01-01T00:00:00Z",
    "GIT_COMMITTER_DATE": "2000-01-01T00:00:00Z",
}


PRIVATE_PREFIX = "closed-loop-critic-"


class VariantError(Exception):
    """A gold patch that does not apply to the base commit (or git failing)."""


def _git(*args: str, cwd: Path) -> str:
    done = subprocess.run(
        ["git", "-c", "commit.gpgsign=false", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=GIT_TIMEOUT_SECONDS,
        env={**os.environ, **_GIT_ENV},
    )
    if done.returncode != 0:
        raise VariantError(f"git {' '.join(args[:3])} failed in {cwd}: {done.stderr.strip()[:500]}")
    return done.stdout.strip()


class GoldVariants:
    """Checkouts of `repo_dir` commits, plain or with one gold patch, under `workdir`."""

    def __init__(self, repo_dir: Path, workdir: Path | None = None):
        """`workdir` is ignored: the variants always live in a private folder (see the module doc)."""
        self.repo_dir = Path(repo_dir).resolve()
        self.workdir = private_dir(PRIVATE_PREFIX)
        self.mirror = self.workdir / "mirror"
        self._cleanup = weakref.finalize(self, shutil.rmtree, self.workdir, True)

    def close(self) -> None:
        """Remove every variant now (also done when the critic is collected or its process ends)."""
        self._cleanup()

    def _ensure_commit(self, commit: str) -> None:
        if not self.mirror.exists():
            self.workdir.mkdir(parents=True, exist_ok=True)
            _git("clone", "--quiet", "--no-checkout", str(self.repo_dir), str(self.mirror), cwd=self.workdir)
        try:
            _git("cat-file", "-e", f"{commit}^{{commit}}", cwd=self.mirror)
        except VariantError:
            _git("fetch", "--quiet", str(self.repo_dir), commit, cwd=self.mirror)

    def checkout(self, commit: str) -> Path:
        """A worktree at `commit` itself (the base build, independent of the game repo's working tree)."""
        path = self.workdir / f"{commit[:12]}-base"
        if not path.exists():
            self._ensure_commit(commit)
            _git("worktree", "add", "--quiet", "--detach", str(path), commit, cwd=self.mirror)
        return path

    def variant(self, commit: str, bug: GroundTruthBug, patch: str) -> tuple[Path, str]:
        """A worktree at `commit` plus `bug`'s gold patch, committed; returns its path and commit.

        Built under a `.partial` name and moved into place once committed, so a crash halfway never leaves
        something that looks like a finished variant."""
        path = self.workdir / f"{commit[:12]}-{bug.id}"
        if path.exists():
            return path, _git("rev-parse", "HEAD", cwd=path)
        self._ensure_commit(commit)
        partial = path.with_name(path.name + ".partial")
        if partial.exists():
            _git("worktree", "remove", "--force", str(partial), cwd=self.mirror)
        _git("worktree", "add", "--quiet", "--detach", str(partial), commit, cwd=self.mirror)
        patch_file = self.workdir / f"{path.name}.diff"
        patch_file.write_text(patch)
        try:
            _git("apply", "--index", str(patch_file), cwd=partial)
            _git("commit", "--quiet", "-m", f"{bug.id} gold patch on {commit[:12]}", cwd=partial)
        finally:
            patch_file.unlink()
        _git("worktree", "move", str(partial), str(path), cwd=self.mirror)
        return path, _git("rev-parse", "HEAD", cwd=path)

"""The round branch `loop/<run>/round-<k>` of a game repository and the work tree agents edit.

The work tree is a `git worktree` outside the repository's own folder, so the main checkout is never touched
and the branch can be reset to an attempt's base without disturbing anything else.
"""

from __future__ import annotations

import contextlib
import re
import shutil
from pathlib import Path

import git

from loop.contract.models import BugReport
from loop.repair.diffs import PLAIN_DIFF


class RepairGitError(Exception):
    """A git operation of the pipeline failed: an infrastructure failure, never the agent's fault."""


def branch_name(run_id: str, round_number: int) -> str:
    safe_run = re.sub(r"[^A-Za-z0-9._-]+", "-", run_id).strip("-.") or "run"
    return f"loop/{safe_run}/round-{round_number}"


class RoundBranch:
    """One round's branch and its work tree. Attempts stack up on it; a failed attempt is reset away."""

    def __init__(self, repo_dir: Path, worktree_dir: Path, branch: str):
        self.repo_dir = repo_dir
        self.worktree_dir = worktree_dir
        self.branch = branch

    @classmethod
    def create(
        cls,
        repo_dir: Path,
        worktree_dir: Path,
        run_id: str,
        round_number: int,
        base: str = "HEAD",
        *,
        restart: bool = False,
    ) -> RoundBranch:
        """Make the branch at `base` (or continue it when a resumed run made it already; with `restart`, reset
        it to `base`) and check it out in `worktree_dir`. A work tree left by a killed run is removed first,
        even one killed while git was creating it, which leaves it locked."""
        name = branch_name(run_id, round_number)
        try:
            repo = git.Repo(repo_dir)
            if worktree_dir.exists():
                # A crashed run's work tree: registered (remove it) or a bare leftover folder (delete it).
                with contextlib.suppress(git.GitCommandError):
                    repo.git.worktree("remove", "--force", "--force", str(worktree_dir))  # even when locked
                shutil.rmtree(worktree_dir, ignore_errors=True)
            repo.git.worktree("prune")
            if restart or name not in repo.heads:
                repo.git.branch("--force", name, repo.commit(base).hexsha)
            worktree_dir.parent.mkdir(parents=True, exist_ok=True)
            repo.git.worktree("add", str(worktree_dir), name)
        except (git.GitCommandError, ValueError) as exc:
            raise RepairGitError(f"cannot make work tree {worktree_dir} on {name}: {exc}") from exc
        return cls(repo_dir, worktree_dir, name)

    @property
    def _repo(self) -> git.Repo:
        try:
            return git.Repo(self.worktree_dir)
        except (git.NoSuchPathError, git.InvalidGitRepositoryError) as exc:
            raise RepairGitError(
                f"work tree {self.worktree_dir} is gone or no longer a git work tree"
            ) from exc

    def head(self) -> str:
        """The branch head, read from the repository (so it is known even when an agent wrecked the tree)."""
        try:
            return git.Repo(self.repo_dir).commit(f"refs/heads/{self.branch}").hexsha
        except (git.GitCommandError, ValueError, git.BadName) as exc:
            raise RepairGitError(f"cannot read the head of {self.branch}: {exc}") from exc

    def _git(self, *args: str) -> str:
        try:
            return self._repo.git.execute(["git", *args])
        except git.GitCommandError as exc:
            raise RepairGitError(f"git {' '.join(args)} failed in {self.worktree_dir}: {exc}") from exc

    def intact(self) -> bool:
        """False when the work tree is gone or git no longer knows it as this branch's work tree."""
        try:
            top = self._repo.git.execute(["git", "rev-parse", "--show-toplevel"])
        except (RepairGitError, git.GitCommandError):
            return False
        return Path(top).resolve() == self.worktree_dir.resolve()

    def _recreate(self) -> None:
        """Check the branch out again in a work tree an agent deleted or broke (its `.git` link gone)."""
        try:
            repo = git.Repo(self.repo_dir)
            with contextlib.suppress(git.GitCommandError):
                repo.git.worktree("remove", "--force", "--force", str(self.worktree_dir))
            shutil.rmtree(self.worktree_dir, ignore_errors=True)
            repo.git.worktree("prune")
            repo.git.worktree("add", str(self.worktree_dir), self.branch)
        except git.GitCommandError as exc:
            raise RepairGitError(f"cannot recreate work tree {self.worktree_dir}: {exc}") from exc

    def stage_all(self) -> None:
        self._git("add", "-A")

    def staged_diff(self, base: str) -> str:
        """The unified diff from `base` to the index (what the attempt would commit), text files as text."""
        return self._git("diff", "--cached", *PLAIN_DIFF, base)

    def staged_paths(self, base: str) -> list[str]:
        """Every path the index changes from `base`: added, modified, removed, both sides of a rename."""
        listed = self._git("diff", "--cached", "--name-only", "--no-renames", "-z", base)
        return [path for path in listed.split("\0") if path]

    def paths_at(self, commit: str) -> frozenset[str]:
        """Every file of `commit`'s tree."""
        listed = self._git("ls-tree", "-r", "--name-only", "-z", commit)
        return frozenset(path for path in listed.split("\0") if path)

    def working_diff(self, base: str) -> str:
        """The diff from `base` to the work tree with new files (evidence of an abandoned attempt)."""
        self.stage_all()
        return self.staged_diff(base)

    def commit(self, message: str) -> str:
        # A repository cloned from a URL may have no identity; the loop commits under its own.
        identity = ("-c", "user.name=closed-loop", "-c", "user.email=closed-loop@localhost")
        self._git(*identity, "-c", "commit.gpgsign=false", "commit", "--no-verify", "-m", message)
        return self.head()

    def reset_to(self, commit: str) -> None:
        """Put branch, index and work tree back to `commit`, dropping untracked files the attempt made.

        A work tree the agent deleted is checked out anew first."""
        if not self.intact():
            self._recreate()
        self._git("reset", "--hard", commit)
        self._git("clean", "-ffdx")

    def checkout_changes(self) -> list[str]:
        """What differs from HEAD in the repository's own checkout (which no agent may touch), as paths."""
        try:
            status = git.Repo(self.repo_dir).git.status("--porcelain", "--untracked-files=all")
        except git.GitCommandError as exc:
            raise RepairGitError(f"cannot read the status of {self.repo_dir}: {exc}") from exc
        return [line[3:] for line in status.splitlines() if line.strip()]

    def restore_checkout(self) -> None:
        """Undo what an agent wrote into the repository's own checkout (its commits and branches stay)."""
        try:
            repo = git.Repo(self.repo_dir)
            repo.git.reset("--hard")
            repo.git.clean("-ffd")
        except git.GitCommandError as exc:
            raise RepairGitError(f"cannot restore the checkout of {self.repo_dir}: {exc}") from exc

    def land(self) -> str:
        """Fast-forward the repository's checked-out branch to this branch's head; return that commit.

        The next session builds from the repository's own checkout, so this is how a kept patch reaches it.
        """
        try:
            repo = git.Repo(self.repo_dir)
            repo.git.merge("--ff-only", self.branch)
            return repo.head.commit.hexsha
        except git.GitCommandError as exc:
            raise RepairGitError(f"cannot fast-forward {self.repo_dir} to {self.branch}: {exc}") from exc

    def remove(self) -> None:
        """Remove the work tree; the branch and its commits stay in the repository."""
        try:
            repo = git.Repo(self.repo_dir)
            if not self.worktree_dir.exists():  # an agent deleted it: forget its registration
                repo.git.worktree("prune")
                return
            repo.git.worktree("remove", "--force", str(self.worktree_dir))
        except git.GitCommandError as exc:
            raise RepairGitError(f"cannot remove work tree {self.worktree_dir}: {exc}") from exc


def commit_message(agent: str, reports: list[BugReport], run_id: str, round_number: int) -> str:
    titles = "; ".join(r.title for r in reports) or "no reports"
    subject = f"repair({agent}): {titles}"
    if len(subject) > 100:
        subject = subject[:97] + "..."
    body = "\n".join(f"- {r.fingerprint} {r.title}" for r in reports)
    return f"{subject}\n\nRun {run_id}, round {round_number}. Reports:\n{body}\n"

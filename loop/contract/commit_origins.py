"""Where the commits of the agents' view sit in the game's real history.

The view (loop.contract.game.materialize) is a repository of its own, with commits of its own: its first
commit stands for the commit the run started from (loop.contract.origin), and a verified fix, once applied to
the real history (loop.run.fixes_branch), for the commit made there. What outlives a run (the ledger, a QA
agent's memory) names the real commits, so git ancestry between two runs means what it says: a team's commit
contains a fix only once the fix was merged into it. A view commit without a real one (a patch not verified,
or not applied yet) keeps its own id, which no later run's history contains.
"""

from __future__ import annotations

import subprocess
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

GIT_TIMEOUT = 30


def is_ancestor(repo: Path, ancestor: str, commit: str) -> bool:
    """Does `commit` contain `ancestor` in `repo` (git ancestry)? False for a commit `repo` never had."""
    command = ["git", "merge-base", "--is-ancestor", ancestor, commit]
    try:
        return subprocess.run(command, cwd=repo, capture_output=True, timeout=GIT_TIMEOUT).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def _view_history(view: Path, commit: str) -> list[str]:
    """`commit` and its ancestors in the view, newest first; empty when the view does not have it."""
    command = ["git", "rev-list", commit, "--"]
    try:
        done = subprocess.run(command, cwd=view, capture_output=True, text=True, timeout=GIT_TIMEOUT)
    except (OSError, subprocess.TimeoutExpired):
        return []
    return done.stdout.split() if done.returncode == 0 else []


@dataclass(frozen=True)
class CommitOrigins:
    """The view's commits and their real commits, and git ancestry over both.

    Without `real` the view is the game's repository (a game folder outside git): every commit is named by
    its own id and ancestry is the view's."""

    view: Path | None
    real: Path | None = None
    mapping: Mapping[str, str] = field(default_factory=dict)
    """this view's commit -> the real commit it stands for"""
    earlier: Mapping[str, str] = field(default_factory=dict)
    """earlier runs' view commits -> their real commits: a name kept before the real commit was known (a fix
    is applied to the real history when its run ends) resolves to it"""

    def named(self, commit: str) -> str:
        """The id `commit` is kept under across runs: its real commit when it has one, else its own."""
        return self.mapping.get(commit) or self.earlier.get(commit) or commit

    def descends(self, commit: str, ancestor: str | None) -> bool:
        """Does `commit` contain `ancestor`? Each may be a view commit or a real one. A view commit without a
        real one contains what the nearest view commit before it that has one contains, plus the view's own
        commits up to it; a real commit no repository here has (another run's patch never applied) is
        contained by nothing but itself."""
        if not ancestor:
            return False
        ancestor = self.named(ancestor)
        if self.named(commit) == ancestor:
            return True
        if self.view is None:
            return False
        if self.real is None:
            return is_ancestor(self.view, ancestor, commit)
        own = next((view for view, real in self.mapping.items() if real == commit), commit)
        if is_ancestor(self.view, ancestor, own):
            return True
        real = self._real_of(commit)
        return real is not None and is_ancestor(self.real, ancestor, real)

    def _real_of(self, commit: str) -> str | None:
        if commit in self.mapping or commit in self.earlier:
            return self.named(commit)
        if self.view is None or commit in self.mapping.values():
            return commit
        history = _view_history(self.view, commit)
        if not history:
            return commit  # not the view's: a real commit, or one no repository here has
        return next((self.mapping[c] for c in history if c in self.mapping), None)

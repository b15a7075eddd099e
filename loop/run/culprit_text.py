"""The commit that brought a bug in, as the repair agent is shown it: its message and its diff, bounded, with
every file the manifest hides (`hidden_paths`) left out, as it is left out of the agents' tree."""

from __future__ import annotations

import subprocess
from pathlib import Path

from loop.contract.game import is_hidden
from loop.repair.diffs import PLAIN_DIFF

GIT_TIMEOUT = 30
MAX_CHARS = 6000


def _git(repo: Path, *args: str) -> str | None:
    try:
        done = subprocess.run(
            ["git", "-C", str(repo), *args], capture_output=True, text=True, timeout=GIT_TIMEOUT
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout if done.returncode == 0 else None


def culprit_text(repo: Path, commit: str, hidden_paths: list[str], limit: int = MAX_CHARS) -> str:
    """`commit`'s message and diff against its first parent, at most `limit` characters ('' when git cannot
    show it)."""
    message = _git(repo, "show", "--no-patch", "--no-color", "--format=commit %H%n%n%B", commit)
    # against the first parent, as the diff is: what a merge brought to the team's line; both names of a
    # renamed file, so the diff shows the rename; names as they are (-z), not quoted
    changed = _git(repo, "show", "--format=", "--name-only", "--no-renames", "-z", "--first-parent", commit)
    if message is None or changed is None:
        return ""
    shown = [path for path in changed.split("\0") if path.strip() and not is_hidden(path, hidden_paths)]
    # as `git apply` reads it, whatever the team's git configuration says about colours and prefixes
    diff: str | None = ""
    if shown:
        diff = _git(repo, "show", "--format=", "--first-parent", *PLAIN_DIFF, commit, "--", *shown)
    text = message.rstrip() + "\n\n" + (diff or "")  # as git shows it: its last context line may be blank
    if len(text) > limit:
        text = text[:limit] + f"\n[... cut at {limit} characters]"
    return text

"""A patch's statistics (unidiff) and the protected-path rule."""

from __future__ import annotations

from fnmatch import fnmatchcase

from unidiff.errors import UnidiffParseError
from unidiff.patch import PatchedFile, PatchSet

from loop.repair.protocol import DiffStats, FileChange

# `git diff`/`git show` flags that make its output the same whatever the user's or the team's git config says
# (colour forced on a pipe, no or mnemonic a/ b/ prefixes, an external diff tool): it is parsed and applied.
PLAIN_DIFF = ("--no-color", "--no-ext-diff", "--src-prefix=a/", "--dst-prefix=b/")


def _strip_prefix(path: str | None) -> str:
    if not path or path == "/dev/null":
        return ""
    return path[2:] if path.startswith(("a/", "b/")) else path


def _status(patched: PatchedFile) -> str:
    if patched.is_added_file:
        return "added"
    if patched.is_removed_file:
        return "removed"
    if getattr(patched, "is_rename", False):
        return "renamed"
    return "modified"


def diff_stats(diff: str) -> DiffStats:
    """Files, hunks and added/removed lines of a unified diff (binary files count as one changed file)."""
    if not diff.strip():
        return DiffStats()
    try:
        patch = PatchSet(diff)
    except UnidiffParseError as exc:
        raise ValueError(f"not a unified diff: {exc}") from exc
    files = [
        FileChange(
            path=patched.path,
            status=_status(patched),
            hunks=len(patched),
            added=patched.added,
            removed=patched.removed,
        )
        for patched in patch
    ]
    return DiffStats(files=files)


def touched_paths(diff: str) -> list[str]:
    """Every path a diff writes, reads away or renames from (both sides of a rename count)."""
    if not diff.strip():
        return []
    paths: list[str] = []
    for patched in PatchSet(diff):
        for side in (patched.source_file, patched.target_file, patched.path):
            path = _strip_prefix(side)
            if path and path not in paths:
                paths.append(path)
    return paths


def is_protected(path: str, globs: list[str] | tuple[str, ...]) -> bool:
    """`tests/**` covers everything below tests/; a plain path covers that file; `*` may cross folders."""
    for pattern in globs:
        if fnmatchcase(path, pattern):
            return True
        if pattern.endswith("/**") and (path == pattern[:-3] or path.startswith(pattern[:-2])):
            return True
    return False


def protected_touched(diff: str, globs: list[str] | tuple[str, ...]) -> list[str]:
    return [path for path in touched_paths(diff) if is_protected(path, globs)]

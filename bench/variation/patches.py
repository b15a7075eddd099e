"""Gold patches: git-style unified diffs between two source trees, and a strict check that they apply.

The check applies hunks by their exact old lines, in order, without fuzz or line-number hints: a patch it
accepts, `git apply` accepts too.
"""

from __future__ import annotations

import difflib
import re

HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@")


class PatchError(ValueError):
    """A patch that does not apply to the tree it was made for."""


def tree_diff(before: dict[str, str], after: dict[str, str]) -> str:
    """The diff from `before` to `after` (same paths; only changed files appear)."""
    parts = []
    for path in sorted(before):
        if before[path] == after[path]:
            continue
        lines = difflib.unified_diff(
            before[path].splitlines(keepends=True),
            after[path].splitlines(keepends=True),
            fromfile=f"a/{path}",
            tofile=f"b/{path}",
            n=3,
        )
        parts.append(f"diff --git a/{path} b/{path}\n" + "".join(lines))
    return "".join(parts)


def _file_patches(diff: str) -> list[tuple[str, list[list[str]]]]:
    """(path, hunks) per file; a hunk is its body lines, each starting with ' ', '-' or '+'."""
    files: list[tuple[str, list[list[str]]]] = []
    for line in diff.splitlines():
        if line.startswith("diff --git "):
            continue
        if line.startswith("--- "):
            continue
        if line.startswith("+++ "):
            files.append((line[len("+++ b/") :], []))
        elif HUNK.match(line):
            files[-1][1].append([])
        elif line[:1] in (" ", "-", "+"):
            files[-1][1][-1].append(line)
        else:
            raise PatchError(f"unexpected line in a patch: {line!r}")
    return files


def apply_patch(tree: dict[str, str], diff: str) -> dict[str, str]:
    """`tree` with `diff` applied; PatchError when a hunk's old lines are not found in order."""
    patched = dict(tree)
    for path, hunks in _file_patches(diff):
        if path not in patched:
            raise PatchError(f"the patch changes {path}, which the tree does not have")
        lines = patched[path].splitlines()
        start = 0
        for hunk in hunks:
            old = [line[1:] for line in hunk if line[0] in " -"]
            new = [line[1:] for line in hunk if line[0] in " +"]
            at = next(
                (i for i in range(start, len(lines) - len(old) + 1) if lines[i : i + len(old)] == old), None
            )
            if at is None:
                raise PatchError(f"a hunk of the patch to {path} does not apply")
            lines[at : at + len(old)] = new
            start = at + len(new)
        patched[path] = "\n".join(lines) + "\n"
    return patched

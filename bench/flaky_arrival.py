"""A bug brought in so that it shows on one try in `every`: its gold patch's added lines, instead of being
removed, run only when a counter kept in the game's process is not a multiple of `every`.

The counter lives in the module, so a fresh process misbehaves on its `every`-th, 2×`every`-th... pass through
those lines, the same way on every build: nondeterministic to a single replay, repeatable for a test.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

COUNTER = "_PASSES"


class FlakyArrivalError(ValueError):
    """The gold patch cannot be turned into a bug that shows on some tries only."""


@dataclass
class AddedBlock:
    path: str
    lines: list[str] = field(default_factory=list)


def added_blocks(patch: str) -> list[AddedBlock]:
    """The runs of lines the gold patch adds, by file; a patch that removes or changes a line is refused."""
    blocks: list[AddedBlock] = []
    path = ""
    current: AddedBlock | None = None
    for line in patch.splitlines():
        if line.startswith("+++ "):
            path = re.sub(r"^b/", "", line[4:].strip())
            current = None
        elif line.startswith("--- ") or line.startswith("@@"):
            current = None
        elif line.startswith("-"):
            raise FlakyArrivalError("only a gold patch that adds lines can arrive as a flaky bug")
        elif line.startswith("+"):
            if current is None:
                current = AddedBlock(path)
                blocks.append(current)
            current.lines.append(line[1:])
        else:
            current = None
    if not blocks or any(not b.path.endswith(".py") for b in blocks):
        raise FlakyArrivalError("only a gold patch that adds Python lines can arrive as a flaky bug")
    return blocks


def guarded(lines: list[str], every: int) -> list[str]:
    indent = re.match(r"\s*", lines[0]).group(0)  # type: ignore[union-attr]
    return [
        f"{indent}{COUNTER}[0] += 1",
        f"{indent}if {COUNTER}[0] % {every}:",
        *[f"    {line}" if line.strip() else line for line in lines],
    ]


def flaky_patch(gold_patch: str, every: int = 3) -> str:
    """The gold patch rewritten so the lines it adds run on all but one pass in `every` (apply it with
    `git apply --recount` on the tree without the gold patch); `add_counter` then defines the counter."""
    added_blocks(gold_patch)  # refuses what cannot be guarded
    out: list[str] = []
    block: list[str] = []
    for line in [*gold_patch.splitlines(), ""]:
        if line.startswith("+") and not line.startswith("+++ "):
            block.append(line[1:])
            continue
        if block:
            out.extend(f"+{added}" for added in guarded(block, every))
            block = []
        out.append(line)
    return "\n".join(out)


def add_counter(folder: Path, gold_patch: str) -> None:
    """Define the pass counter at the end of every module the flaky patch guards lines in."""
    for path in sorted({block.path for block in added_blocks(gold_patch)}):
        source = folder / path
        source.write_text(source.read_text() + f"\n{COUNTER} = [0]\n")


def still_flaky(folder: Path, gold_patch: str) -> bool:
    """Whether the tree in `folder` still skips the gold patch's lines on some passes (the scorer's check)."""
    return any(f"if {COUNTER}[0] %" in (folder / b.path).read_text() for b in added_blocks(gold_patch))

"""Which commit of the team's history brought a bug in: a bisection of the first-parent range from a commit
where the bug is expected absent (`base`) to the one it was found on (`head`).

The base is tested first: a bug already present there is not a regression of the range. Then, as `git bisect`
does, the untested commit nearest the middle of the range still open is built and judged; a commit that does
not build, or on which the repro cannot be judged, is skipped, so the answer may be a range rather than one
commit. Every commit's outcome is saved on the bug before the next is tried (resumable), and the search stops
at its bounds: builds and wall time (the replays are the builds times the replays per decision).
"""

from __future__ import annotations

import logging
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from loop.run.record import Bisection

log = logging.getLogger(__name__)
GIT_TIMEOUT = 30
PRESENT, ABSENT, SKIPPED = "present", "absent", "skipped"

Probe = Callable[[str], tuple[str, int]]
"""commit -> (present, absent or `skipped: why`; the replays it cost)"""


@dataclass(frozen=True)
class Bounds:
    builds: int
    wall_seconds: float


def first_parent_range(repo: Path, base: str, head: str) -> list[str]:
    """base's first-parent descendants up to head, oldest first; empty when head does not descend from base
    (or git cannot say)."""
    ancestry = ["git", "-C", str(repo), "merge-base", "--is-ancestor", base, head]
    listing = ["git", "-C", str(repo), "rev-list", "--first-parent", "--reverse", f"{base}..{head}"]
    try:
        if subprocess.run(ancestry, capture_output=True, timeout=GIT_TIMEOUT).returncode != 0:
            return []
        done = subprocess.run(listing, capture_output=True, text=True, timeout=GIT_TIMEOUT)
    except (OSError, subprocess.TimeoutExpired):
        return []
    commits = done.stdout.split() if done.returncode == 0 else []
    return commits if commits and commits[-1] == head else []


def _ends(bisection: Bisection) -> tuple[int, int]:
    """The indexes of the newest commit tested absent (-1: the base) and the oldest commit after it tested
    present (the head, found there, when none is)."""
    outcome = bisection.tested.get
    commits = bisection.commits
    absent = max((i for i, c in enumerate(commits) if outcome(c) == ABSENT), default=-1)
    present = next(
        (i for i in range(absent + 1, len(commits)) if outcome(commits[i]) == PRESENT), len(commits) - 1
    )
    return absent, present


def next_commit(bisection: Bisection) -> str | None:
    """The commit to test next, or None when the range is as narrow as the builds that work allow."""
    absent, present = _ends(bisection)
    open_ = [i for i in range(absent + 1, present) if bisection.commits[i] not in bisection.tested]
    if not open_:
        return None
    middle = (absent + present) / 2
    return bisection.commits[min(open_, key=lambda i: (abs(i - middle), i))]


def run_bisection(bisection: Bisection, probe: Probe, bounds: Bounds, save: Callable[[], None]) -> None:
    """Bisect until a culprit (or the narrowest range) is known or a bound is reached; `save` after each
    commit tested."""
    started, spent_before = time.monotonic(), bisection.wall_seconds

    def test(commit: str) -> str:
        outcome, replays = probe(commit)
        bisection.tested[commit] = outcome
        bisection.builds += 1
        bisection.replays += replays
        bisection.wall_seconds = round(spent_before + time.monotonic() - started, 3)
        log.info("bisection %s..%s: %s is %s", bisection.base[:10], bisection.head[:10], commit[:10], outcome)
        save()
        return outcome

    if bisection.base not in bisection.tested:
        test(bisection.base)
    base = bisection.tested[bisection.base]
    if base == PRESENT:
        bisection.status = "present_on_base"
        return _settle(bisection, save)
    if base != ABSENT:
        bisection.status, bisection.detail = "stopped", f"the base could not be tested ({base})"
        return _settle(bisection, save)
    while (commit := next_commit(bisection)) is not None:
        if bisection.builds >= bounds.builds:
            bisection.status, bisection.detail = "stopped", f"stopped after {bounds.builds} builds"
            return _settle(bisection, save)
        if bisection.wall_seconds >= bounds.wall_seconds:
            bisection.status, bisection.detail = "stopped", f"stopped after {bounds.wall_seconds:.0f}s"
            return _settle(bisection, save)
        test(commit)
    absent, present = _ends(bisection)
    if present == absent + 1:
        bisection.status = "culprit"
    else:
        bisection.status, bisection.detail = (
            "range",
            "the commits between did not build or could not be judged",
        )
    _settle(bisection, save)


def _settle(bisection: Bisection, save: Callable[[], None]) -> None:
    absent, present = _ends(bisection)
    bisection.last_absent = bisection.commits[absent] if absent >= 0 else bisection.base
    bisection.first_present = bisection.commits[present]
    save()

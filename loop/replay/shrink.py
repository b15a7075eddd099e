"""Delta debugging (Zeller's ddmin): the smallest command list that still shows the anomaly."""

from __future__ import annotations

from collections.abc import Callable, Sequence


def ddmin(
    commands: Sequence[str], still_fails: Callable[[list[str]], bool], max_tests: int = 200
) -> list[str]:
    """A 1-minimal sublist of `commands` for which `still_fails` holds, within `max_tests` replays.

    `commands` itself is assumed to fail. Subsets are tried before complements, and every test result is
    cached, so no replay is paid twice. With the test budget spent, the smallest failing list so far wins.
    """
    current = list(commands)
    cache: dict[tuple[str, ...], bool] = {tuple(current): True}
    tests = 0

    def fails(candidate: list[str]) -> bool:
        nonlocal tests
        key = tuple(candidate)
        if key not in cache:
            if tests >= max_tests:
                return False
            tests += 1
            cache[key] = still_fails(candidate)
        return cache[key]

    if fails([]):
        return []
    granularity = 2
    while len(current) >= 2:
        size = len(current) / granularity
        chunks = [current[int(i * size) : int((i + 1) * size)] for i in range(granularity)]
        reduced = False
        for index, chunk in enumerate(chunks):
            complement = [c for j, other in enumerate(chunks) if j != index for c in other]
            if fails(chunk):
                current, granularity, reduced = chunk, 2, True
                break
            if granularity > 2 and fails(complement):
                current, granularity, reduced = complement, max(granularity - 1, 2), True
                break
        if not reduced:
            if granularity >= len(current):
                break
            granularity = min(granularity * 2, len(current))
    return current

"""Resident memory of process trees, read from /proc (Linux): a tree is a process and all its descendants,
which for a loop on the process backend includes its game servers, bubblewrap, relays and repair workers."""

from __future__ import annotations

import threading
from pathlib import Path

PROC = Path("/proc")


def _children() -> dict[int, list[int]]:
    children: dict[int, list[int]] = {}
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:  # the process ended while we looked
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(entry.name))
    return children


def _rss_kib(pid: int) -> int:
    try:
        for line in (PROC / str(pid) / "status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def tree_rss_kib(root: int, children: dict[int, list[int]] | None = None) -> int:
    children = children if children is not None else _children()
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        total += _rss_kib(pid)
        todo.extend(children.get(pid, []))
    return total


class PeakMemory:
    """Samples the summed RSS of some process trees every `interval` seconds in a thread, keeping the peak."""

    def __init__(self, roots: list[int], interval: float = 0.25):
        self.roots, self.interval = roots, interval
        self.peak_kib = 0
        self.peak_per_tree_kib = 0
        self.samples = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            children = _children()
            sizes = [tree_rss_kib(root, children) for root in self.roots]
            self.peak_kib = max(self.peak_kib, sum(sizes))
            self.peak_per_tree_kib = max([self.peak_per_tree_kib, *sizes])
            self.samples += 1
            self._stop.wait(self.interval)

    def __enter__(self) -> PeakMemory:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

"""CPU time a process tree spent, read from /proc: what a game and its sandbox relay cost per command, which
the load of a shared machine stretches far less than wall time."""

from __future__ import annotations

import os
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")


def process_tree(pid: int) -> list[int]:
    """`pid` and its descendants (bubblewrap, the relay, the game); [] once it is gone."""
    found = [pid]
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except FileNotFoundError:
        return []
    for task in tasks:
        try:
            children = (task / "children").read_text().split()
        except FileNotFoundError:
            continue
        for child in children:
            found += process_tree(int(child))
    return found


def cpu_seconds(pid: int) -> float:
    """User plus system CPU seconds of one process (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICKS


def role(pid: int) -> str:
    """`relay` for the sandbox's relay, `sandbox` for bubblewrap itself, else `game`."""
    try:
        argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except FileNotFoundError:
        return "gone"
    if argv and argv[0].endswith(b"bwrap"):
        return "sandbox"
    return "relay" if any(arg.endswith(b"relay.py") for arg in argv) else "game"


def cpu_by_role(pids: list[int]) -> dict[str, float]:
    totals: dict[str, float] = {}
    for pid in pids:
        name = role(pid)
        totals[name] = totals.get(name, 0.0) + cpu_seconds(pid)
    return totals

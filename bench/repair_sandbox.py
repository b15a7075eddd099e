"""What the repair sandbox costs: open+close and one `run`, docker vs bubblewrap vs a plain subprocess.

The baseline is the same command as a plain host subprocess, measured in the same run. Prints JSON.
Usage: .venv/bin/python bench/repair_sandbox.py [repeats]
"""

from __future__ import annotations

import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from games.catalogue import load_game
from sandboxes.repair_sandbox import open_repair_sandbox

COMMAND = "grep -rn drawer castle | head -n 5"


def median(values: list[float]) -> float:
    return round(statistics.median(values), 4)


def measure(backend: str, tree: Path, repeats: int) -> dict[str, float]:
    opened, ran, closed = [], [], []
    for _ in range(repeats):
        started = time.perf_counter()
        sandbox = open_repair_sandbox(tree, backend, lifetime_s=120, game="castle")
        opened.append(time.perf_counter() - started)
        started = time.perf_counter()
        assert sandbox.run(COMMAND, 30).exit_code == 0
        ran.append(time.perf_counter() - started)
        started = time.perf_counter()
        sandbox.close()
        closed.append(time.perf_counter() - started)
    return {"open_s": median(opened), "run_s": median(ran), "close_s": median(closed)}


def main() -> None:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "tree"
        shutil.copytree(load_game("castle").src_dir, tree)
        plain = []
        for _ in range(repeats):
            started = time.perf_counter()
            subprocess.run(["sh", "-c", COMMAND], cwd=tree, capture_output=True, check=True, timeout=30)
            plain.append(time.perf_counter() - started)
        baseline = median(plain)
        results: dict[str, object] = {"repeats": repeats, "baseline_plain_run_s": baseline}
        for backend in ("bubblewrap", "docker"):
            numbers = measure(backend, tree, repeats)
            results[backend] = {**numbers, "run_ratio_to_plain": round(numbers["run_s"] / baseline, 1)}
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()

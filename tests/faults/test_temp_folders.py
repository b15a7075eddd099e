"""Nothing left in the temp folder, killed or not: a command's temp folder (and multiprocessing's inside it)
goes at exit; one whose owner was SIGKILLed goes with the next closed-loop command."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# claims its temp folder, starts a forkserver worker (a pymp-* folder with a unix socket), prints the folder
CHILD = """
import multiprocessing, sys, tempfile
from loop.host import temp_space
folder = temp_space.claim()
worker = multiprocessing.get_context("forkserver").Process(target=print, args=("worker ran",))
worker.start(); worker.join()
open(tempfile.mktemp(), "w").write("scratch")
print(folder, flush=True)
if sys.argv[1] == "hang":
    import subprocess, time
    print(subprocess.Popen(["sleep", "600"]).pid, flush=True)  # outlives its owner: an orphan to stop
    time.sleep(600)
"""


def start(tmp: Path, mode: str) -> subprocess.Popen[str]:
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("CLOSED_LOOP_")}, "TMPDIR": str(tmp)}
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, mode], env=env, cwd=ROOT, stdout=subprocess.PIPE, text=True
    )


@pytest.fixture
def tmp() -> Iterator[Path]:
    """A short TMPDIR of the test's own: multiprocessing's socket path inside it must stay under 108 bytes."""
    path = Path(tempfile.mkdtemp(prefix="cl-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


def test_a_finished_command_leaves_nothing_and_a_killed_ones_folder_goes_with_the_next(tmp: Path):
    finished = start(tmp, "exit")
    out, _ = finished.communicate(timeout=120)
    assert finished.returncode == 0 and "worker ran" in out
    assert list(tmp.iterdir()) == []

    killed = start(tmp, "hang")
    assert killed.stdout is not None
    line = killed.stdout.readline()
    while "closed-loop-tmp-" not in line:
        line = killed.stdout.readline()
    left = Path(line.strip())
    orphan = int(killed.stdout.readline())
    killed.kill()
    killed.wait(timeout=30)
    assert left.is_dir() and any(left.iterdir()), "a SIGKILLed owner cannot clean up"
    assert running(orphan)

    nxt = start(tmp, "exit")
    nxt.communicate(timeout=120)
    assert list(tmp.iterdir()) == []
    time.sleep(0.5)
    assert not running(orphan), "what the killed command started outlived the cleanup"


def running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


def test_a_long_temp_folder_still_lets_a_worker_start_and_leaves_nothing(tmp: Path):
    # a TMPDIR like macOS's /var/folders/... or a test's nested one: a socket inside it would be too long
    long_tmp = tmp / ("deep-" * 12)
    long_tmp.mkdir()
    finished = start(long_tmp, "exit")
    out, _ = finished.communicate(timeout=120)
    assert finished.returncode == 0 and "worker ran" in out
    assert list(long_tmp.iterdir()) == []
    assert not Path(out.strip().splitlines()[-1]).exists()

"""A loop on a game that turns hostile in the middle of its QA session, on the process backend: it fills its
process limit and holds the request (a fork bomb), or tries to take 10 GiB of memory at every candlestick.
The host and the loop survive, the loop notes the game's failure (a crash, then a restart; a crash-like
report) and plays on, and the run finishes: it never hangs."""

from __future__ import annotations

from pathlib import Path

import pytest
from hooked_castle import STEPS, castle_with_hook
from hooked_castle import loop_on as hooked_loop

from loop.run.record import RunRecord
from sandboxes.unprivileged import drops_privileges

pytestmark = pytest.mark.slow

# Once (a mark in the game's folder outlives its restart), at the 40th command: start processes that sleep
# until the limit refuses one, then keep asking. 4096 at most, so that a host without the limit survives.
FORK_BOMB = """
if answered[0] == 40 and not os.path.exists(".bombed"):
    open(".bombed", "w").close()
    started = 0
    while started < 4096:
        try:
            if os.fork() == 0:
                time.sleep(3600)
                os._exit(0)
            started += 1
        except OSError:
            time.sleep(0.1)
"""
# At every candlestick: 10 GiB, touched, 64 MiB at a time.
HOG = """
if b"candlestick" in request.get_data():
    held = [bytearray(64 * 1024 * 1024) for _ in range(160)]
    del held
"""


def loop_on(tmp_path: Path, body: str) -> RunRecord:
    return hooked_loop(tmp_path, castle_with_hook(tmp_path, "/api/agent/command", body))[0]


@pytest.mark.skipif(not drops_privileges(), reason="processes are counted per user: the game's own, as root")
def test_a_game_that_fork_bombs_is_a_crash_and_is_restarted(tmp_path: Path):
    record = loop_on(tmp_path, FORK_BOMB)
    assert record.status == "finished", record.stop_reason
    session = record.sessions[0]
    assert len(session.crashes) == 1, session.crashes
    assert session.crashes[0].recovery == "restarted in place", session.crashes[0]
    assert session.qa_steps == STEPS, "QA did not play on after the restart"


def test_a_game_that_takes_10_gib_at_a_candlestick_is_reported_as_a_crash(tmp_path: Path):
    record = loop_on(tmp_path, HOG)
    assert record.status == "finished", record.stop_reason
    reports = [bug.report for bug in record.bugs.values()]
    crashes = [r for r in reports if r.bug_type == "crash" and "candlestick" in " ".join(r.repro)]
    assert crashes, [(r.title, r.observed) for r in reports]

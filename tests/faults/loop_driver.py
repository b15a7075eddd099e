"""The offline CASTLE loop config, the loop driver (flows.closed_loop without Prefect) and a trace watcher."""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from collections.abc import Callable
from pathlib import Path

from flows.assembly import open_run
from loop.run.loop_run import LoopRun

# The offline CASTLE config and the flow's steps without Prefect, as the flows tests drive them.
from tests.flows.test_closed_loop_castle import drive, offline_config

__all__ = ["drive", "offline_config"]


def trace_events(path: Path) -> list[dict]:
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


class KillWhen(threading.Thread):
    """Calls `kill` once the session's trace shows `condition` true (checked every 50 ms, up to `timeout`)."""

    def __init__(
        self, trace: Path, condition: Callable[[list[dict]], bool], kill: Callable[[], None], timeout=120.0
    ):
        super().__init__(daemon=True)
        self.trace, self.condition, self.kill, self.timeout = trace, condition, kill, timeout
        self.fired_after: list[dict] | None = None

    def run(self) -> None:
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            try:
                events = trace_events(self.trace)
            except json.JSONDecodeError:  # a line half written: read again
                events = []
            if events and self.condition(events):
                self.fired_after = events
                self.kill()
                return
            time.sleep(0.05)


LEDGER_TABLES = ("runs", "sessions", "bugs", "bug_events", "reports", "attempts", "verifications")


def ledger_rows(run_id: str) -> dict[str, list[tuple]]:
    """The ledger's rows of one run (and of the bugs it touched), table by table, without their ids."""
    from sqlalchemy import text

    from loop.ledger import Ledger

    queries = {
        "runs": "SELECT run_id, mode FROM runs WHERE run_id = :r",
        "sessions": "SELECT s.number, s.steps FROM sessions s JOIN runs r ON s.run_pk = r.id "
        "WHERE r.run_id = :r ORDER BY s.number",
        "bugs": "SELECT key, status FROM bugs ORDER BY key",
        "bug_events": "SELECT b.key, e.session_number, e.to_status FROM bug_events e JOIN bugs b "
        "ON e.bug_id = b.id ORDER BY b.key, e.seq",
        "reports": "SELECT s.number, p.fingerprint, p.matched_gt_id FROM reports p JOIN sessions s "
        "ON p.session_id = s.id ORDER BY s.number, p.fingerprint",
        "attempts": "SELECT session_number, agent, outcome FROM attempts ORDER BY session_number, id",
        "verifications": "SELECT b.key, v.session_number FROM verifications v JOIN bugs b ON v.bug_id = b.id "
        "ORDER BY b.key, v.session_number",
    }
    with Ledger() as ledger, ledger.engine.connect() as connection:
        return {
            table: [tuple(row) for row in connection.execute(text(sql), {"r": run_id})]
            for table, sql in queries.items()
        }


def die() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def run_and_die_at(run_id: str, point: str) -> None:
    """Drive a new offline CASTLE run and SIGKILL this process at `point` (run in a child process):

    - `ledger-lags-critic-1`: session 1's critic is in run.json, the ledger has not been told yet;
    - `mid-repair-1`: the gold attempt has written its result.json, run.json does not know it yet;
    - `after-verify-2`: session 2 verified the fixes, its QA session has not started.
    """
    from loop.repair.pipeline import RepairRound

    mirror, mark, finish = LoopRun.mirror, LoopRun.mark, RepairRound._finish

    def mirror_or_die(self: LoopRun) -> None:
        if point == "ledger-lags-critic-1" and "critic" in self.session(1).finished_steps:
            die()
        mirror(self)

    def mark_or_die(self: LoopRun, number: int, step: str) -> None:
        mark(self, number, step)
        if point == "after-verify-2" and (number, step) == (2, "verify"):
            die()

    def finish_or_die(self: RepairRound, attempt, git_error=None):
        result = finish(self, attempt, git_error)
        if point == "mid-repair-1":
            die()
        return result

    LoopRun.mirror, LoopRun.mark, RepairRound._finish = mirror_or_die, mark_or_die, finish_or_die
    drive(open_run(offline_config(), run_id=run_id))
    raise SystemExit(f"the run ended without reaching {point}")

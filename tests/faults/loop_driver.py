"""The offline CASTLE loop config, the loop driver (flows.closed_loop without Prefect) and a trace watcher."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from pathlib import Path

from loop import loop_steps
from loop.closed_loop import LoopRun
from loop.run_record import LoopConfig


def offline_config(**overrides) -> LoopConfig:
    params = dict(
        game="castle", qa_agent="explorer", repair_agent="gold", backend="process", max_rounds=3, steps=400
    )
    return LoopConfig(**{**params, **overrides})


def drive(run: LoopRun) -> None:
    """What flows.closed_loop does, without Prefect."""
    while (session := run.next_session()) is not None:
        loop_steps.verify(run, session)
        if not run.done(session, "qa"):
            build = run.start_build(session)
            try:
                loop_steps.qa_session(run, session, build)
            finally:
                build.stop()
        loop_steps.criticize(run, session)
        if loop_steps.decide_stop(run, session):
            break
        loop_steps.repair(run, session)


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

"""Run an agent in a worker process with a deadline, so a hung agent can be stopped and a crash is contained.

The worker is forked from a clean fork server and runs in its own process group: at the deadline the whole
group is killed, which also stops any CLI (Claude Code, Codex) the agent started. Its stdout and stderr go to
the agent log; an exception's traceback goes there too.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import pickle
import signal
import sys
import traceback
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import cast

from loop.contract.models import BugReport
from loop.repair.protocol import Attempt, RepairAgent, RepairBudget, RepairWorkspace

PRELOAD = ["loop.repair.protocol", "loop.repair.worker", "loop.repair.agents"]
STARTUP_TIMEOUT_SECONDS = 60.0  # starting the worker and unpickling the agent is not the agent's time


# Process groups of CLIs an agent started in their own session (see repair_agents.cli_runner): the worker's
# group kill does not reach them, so the worker stops them itself when it is told to stop.
child_groups: set[int] = set()


def _stop_children_and_exit(signum: int, frame: object) -> None:
    for group in list(child_groups):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(group, signal.SIGKILL)
    os._exit(128 + signum)


@dataclass
class WorkerResult:
    attempt: Attempt | None
    timed_out: bool = False
    traceback: str = ""
    exitcode: int | None = None


def _work(
    agent: RepairAgent,
    workspace: RepairWorkspace,
    reports: list[BugReport],
    budget: RepairBudget,
    conn: Connection,
    log_path: str,
    environ: dict[str, str],
) -> None:
    # The fork server was started once, with the environment of that moment: the attempt gets today's.
    os.environ.clear()
    os.environ.update(environ)
    os.setpgrp()
    signal.signal(signal.SIGTERM, _stop_children_and_exit)
    log_fd = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    os.dup2(log_fd, 1)
    os.dup2(log_fd, 2)
    conn.send(("started", None))
    try:
        attempt = agent.repair(workspace, reports, budget)
        if not isinstance(attempt, Attempt):
            raise TypeError(f"{type(agent).__name__}.repair returned {type(attempt).__name__}, not Attempt")
        conn.send(("ok", attempt.model_dump(mode="json")))
    except BaseException:  # noqa: BLE001 -- everything an agent raises is its crash, reported with the traceback
        text = traceback.format_exc()
        print(text, file=sys.stderr, flush=True)
        conn.send(("error", text))
    finally:
        conn.close()


def _kill_group(process: multiprocessing.process.BaseProcess) -> None:
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(cast(int, process.pid), sig)  # started, so it has a pid
        except (ProcessLookupError, PermissionError):
            if process.is_alive():
                process.kill()
        process.join(timeout=2.0)
        if not process.is_alive():
            break


def _reap_group(pid: int) -> None:
    """Stop what the agent left running (a CLI it started and did not wait for)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)


def run_agent(
    agent: RepairAgent,
    workspace: RepairWorkspace,
    reports: list[BugReport],
    budget: RepairBudget,
    log_path: Path,
    start_method: str = "forkserver",
) -> WorkerResult:
    """Run `agent.repair` in a worker; stop it `budget.wall_seconds` after the worker has started."""
    context = multiprocessing.get_context(start_method)
    if start_method == "forkserver":
        # Workers fork from a single-threaded server that has the protocol imported already: a fresh
        # interpreter per attempt (spawn) costs far more (bench/repair_worker_start.py).
        context.set_forkserver_preload(PRELOAD)
    receiver, sender = context.Pipe(duplex=False)
    # every start method's context has Process; typeshed declares get_context() as the base without it
    process = context.Process(  # type: ignore[attr-defined]
        target=_work,
        args=(agent, workspace, reports, budget, sender, str(log_path), dict(os.environ)),
        name=f"repair-{getattr(agent, 'name', 'agent')}",
        daemon=True,
    )
    try:
        process.start()
    except (pickle.PicklingError, TypeError, AttributeError) as exc:
        sender.close()
        receiver.close()
        return WorkerResult(None, traceback=f"the agent cannot reach its worker (not picklable): {exc!r}")
    sender.close()
    try:
        try:
            if not receiver.poll(STARTUP_TIMEOUT_SECONDS):
                _kill_group(process)
                waited = f"{STARTUP_TIMEOUT_SECONDS:g}s"
                return WorkerResult(None, traceback=f"the worker did not start in {waited}")
            receiver.recv()
            if not receiver.poll(budget.wall_seconds):
                _kill_group(process)
                return WorkerResult(None, timed_out=True, exitcode=process.exitcode)
            kind, payload = receiver.recv()
        except EOFError:
            process.join(timeout=5.0)
            return WorkerResult(None, traceback=f"the agent's worker died (exit code {process.exitcode})")
        process.join(timeout=5.0)
        if process.is_alive():
            _kill_group(process)
        else:
            _reap_group(process.pid)
        if kind == "ok":
            return WorkerResult(Attempt.model_validate(payload), exitcode=process.exitcode)
        return WorkerResult(None, traceback=payload, exitcode=process.exitcode)
    finally:
        receiver.close()

"""One loop from its parameters to its report, the same whether its steps are plain calls or Prefect tasks.

`closed-loop run` drives it with the plain steps when no local Prefect server is up (nothing of Prefect is
started); the `closed-loop` flow drives it with the steps wrapped as tasks.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from flows.assembly import open_run
from flows.parameters import split_run_id
from loop.host.disk_space import DiskFull, disk_full
from loop.run.loop_run import LoopRun, fail_recorded
from loop.run.rounds import PLAIN_STEPS, RoundSteps, run_rounds
from reports.writer import write_run_reports

log = logging.getLogger(__name__)


def write_reports_plain(run: LoopRun) -> str:
    return str(write_run_reports(run.run_dir)["report.md"])


def drive(
    params: dict[str, Any],
    round_steps: RoundSteps = PLAIN_STEPS,
    write_reports: Callable[[LoopRun], str] = write_reports_plain,
) -> tuple[LoopRun, str]:
    """Open (or resume) the run the parameters name, play it to its stop rule, write its reports."""
    config, run_id = split_run_id(params)
    try:
        run = open_run(config, run_id=run_id)
    except (ValueError, LookupError) as exc:  # a choice refused: a run resumed with it can never go on
        fail_recorded(run_id, f"failed: {type(exc).__name__}: {exc}")
        raise
    try:  # the run holds its lock from open_run until here: one process works on it at a time
        return run, _play(run, round_steps, write_reports)
    finally:
        run.close()


def _play(run: LoopRun, round_steps: RoundSteps, write_reports: Callable[[LoopRun], str]) -> str:
    log.info(
        "run %s: %s, qa=%s, repair=%s, up to %d rounds, backend %s",
        run.run_id, run.game.name, run.config.qa_agent, run.config.repair_agent, run.config.max_rounds,
        run.provider.name,
    )  # fmt: skip
    try:
        run_rounds(run, round_steps)
        return write_reports(run)
    except Exception as exc:
        if disk_full(exc):  # a stop, not a failure: the run resumes once there is room
            raise DiskFull.stopping(run.run_id, exc) from exc
        # a failure, not a stop: run.json says so (a stopped or killed run stays `running` and resumes with
        # its run_id; a stop arrives as a BaseException: KeyboardInterrupt, Prefect's TerminationSignal)
        run.finish(f"failed: {type(exc).__name__}: {exc}", status="failed")
        raise
    except KeyboardInterrupt as exc:
        raise RunInterrupted(run.run_id) from exc


class RunInterrupted(KeyboardInterrupt):
    """Ctrl-C or SIGTERM during a run: it stopped between or inside a step and resumes from its last one."""

    def __init__(self, run_id: str) -> None:
        super().__init__(f"run {run_id} stopped and stays resumable: `closed-loop run --run-id {run_id}`")

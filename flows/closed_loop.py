"""The `closed-loop` flow: `loop.run.rounds.run_rounds` with every step a Prefect task (visible in the UI;
builds are retried), and the reports published as artifacts. Its parameters are LoopConfig's fields plus
`run_id`."""

from __future__ import annotations

import logging

from prefect import flow, get_run_logger, task
from prefect.artifacts import create_markdown_artifact, create_table_artifact
from prefect.cache_policies import NO_CACHE

from flows.driver import drive
from flows.parameters import with_loop_parameters
from loop.host import temp_space
from loop.host.disk_space import disk_full
from loop.run import regression_range, steps
from loop.run.loop_run import LoopRun
from loop.run.rounds import RoundSteps
from reports.writer import table7_rows, write_run_reports

TASK_STEPS = RoundSteps(
    verify=task(name="verify pending fixes", cache_policy=NO_CACHE)(steps.verify),
    start_build=task(name="build and start sandbox", retries=2, retry_delay_seconds=5, cache_policy=NO_CACHE)(
        LoopRun.start_build
    ),
    qa_session=task(name="QA session", cache_policy=NO_CACHE)(steps.qa_session),
    criticize=task(name="critic", cache_policy=NO_CACHE)(steps.criticize),
    bisect=task(name="bisect regressions", cache_policy=NO_CACHE)(regression_range.bisect),
    decide_stop=task(name="stop rule", cache_policy=NO_CACHE)(steps.decide_stop),
    repair=task(name="repair and rebuild", cache_policy=NO_CACHE)(steps.repair),
    publish=task(name="publish verified fixes", cache_policy=NO_CACHE)(steps.publish),
)


class FullDiskWithoutTraceback(logging.Filter):
    """Prefect logs a failed task or flow with its traceback; a full disk is the machine's, not a bug, and
    the command says it in one line."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.exc_info[1] is not None and disk_full(record.exc_info[1]):
            record.exc_info, record.exc_text = None, None
        return True


for _name in ("prefect.flow_runs", "prefect.task_runs"):
    logging.getLogger(_name).addFilter(FullDiskWithoutTraceback())


@task(name="write reports", cache_policy=NO_CACHE)
def write_reports(run: LoopRun) -> str:
    paths = write_run_reports(run.run_dir)
    create_markdown_artifact(
        key="closed-loop-report", markdown=paths["report.md"].read_text(), description=f"run {run.run_id}"
    )
    create_table_artifact(key="closed-loop-sessions", table=table7_rows(run.record), description=run.run_id)
    return str(paths["report.md"])


@flow(name="closed-loop", log_prints=True)
@with_loop_parameters
def closed_loop(**params) -> str:
    """One discover-and-repair loop on one game. Give the `run_id` of a killed run to resume it. The run is
    held (runs/<run id>/run.lock) until the flow ends: a second flow run on it fails with RunBusy."""
    temp_space.claim()  # a flow run started by serve or a worker is a process of its own
    run, report = drive(params, TASK_STEPS, write_reports)
    get_run_logger().info("run %s finished: %s. Report: %s", run.run_id, run.record.stop_reason, report)
    return report

"""The `closed-loop` flow: `loop.run.rounds.run_rounds` with every step a Prefect task (visible in the UI;
builds are retried), and the reports published as artifacts. Its parameters are LoopConfig's fields plus
`run_id`."""

from __future__ import annotations

from prefect import flow, get_run_logger, task
from prefect.artifacts import create_markdown_artifact, create_table_artifact
from prefect.cache_policies import NO_CACHE

from flows.assembly import open_run
from flows.parameters import split_run_id, with_loop_parameters
from loop.host import temp_space
from loop.run import steps
from loop.run.loop_run import LoopRun, fail_recorded
from loop.run.rounds import RoundSteps, run_rounds
from reports.writer import table7_rows, write_run_reports

TASK_STEPS = RoundSteps(
    verify=task(name="verify pending fixes", cache_policy=NO_CACHE)(steps.verify),
    start_build=task(name="build and start sandbox", retries=2, retry_delay_seconds=5, cache_policy=NO_CACHE)(
        LoopRun.start_build
    ),
    qa_session=task(name="QA session", cache_policy=NO_CACHE)(steps.qa_session),
    criticize=task(name="critic", cache_policy=NO_CACHE)(steps.criticize),
    decide_stop=task(name="stop rule", cache_policy=NO_CACHE)(steps.decide_stop),
    repair=task(name="repair and rebuild", cache_policy=NO_CACHE)(steps.repair),
    publish=task(name="publish verified fixes", cache_policy=NO_CACHE)(steps.publish),
)


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
    """One discover-and-repair loop on one game. Give the `run_id` of a killed run to resume it."""
    logger = get_run_logger()
    temp_space.claim()  # a flow run started by serve or a worker is a process of its own
    config, run_id = split_run_id(params)
    try:
        run = open_run(config, run_id=run_id)
    except (ValueError, LookupError) as exc:  # a choice refused: a run resumed with it can never go on
        fail_recorded(run_id, f"failed: {type(exc).__name__}: {exc}")
        raise
    logger.info(
        "run %s: %s, qa=%s, repair=%s, up to %d rounds, backend %s",
        run.run_id,
        run.game.name,
        run.config.qa_agent,
        run.config.repair_agent,
        run.config.max_rounds,
        run.provider.name,
    )
    try:
        run_rounds(run, TASK_STEPS)
    except Exception as exc:
        # a failure, not a stop: run.json says so (a stopped or killed run stays `running` and resumes with
        # its run_id; a stop arrives as a BaseException: KeyboardInterrupt, Prefect's TerminationSignal)
        run.finish(f"failed: {type(exc).__name__}: {exc}", status="failed")
        raise
    report = write_reports(run)
    logger.info("run %s finished: %s. Report: %s", run.run_id, run.record.stop_reason, report)
    return report

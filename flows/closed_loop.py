"""The `closed-loop` flow: rounds of verify -> build and QA session -> critic -> repair, until a stop rule.

Thin on purpose: every step is a function of `loop.loop_steps` on a `loop.closed_loop.LoopRun`; this
module makes
each step a Prefect task (visible in the UI; builds are retried) and publishes the reports as artifacts.
"""

from __future__ import annotations

from prefect import flow, get_run_logger, task
from prefect.artifacts import create_markdown_artifact, create_table_artifact
from prefect.cache_policies import NO_CACHE

from loop import loop_steps
from loop.agent_choice import resolve_config
from loop.closed_loop import LoopRun
from reports.writer import table7_rows, write_run_reports
from sandboxes.base import RunningBuild


@task(name="verify pending fixes", cache_policy=NO_CACHE)
def verify(run: LoopRun, session: int) -> None:
    loop_steps.verify(run, session)


@task(name="build and start sandbox", retries=2, retry_delay_seconds=5, cache_policy=NO_CACHE)
def start_build(run: LoopRun, session: int) -> RunningBuild:
    return run.start_build(session)


@task(name="QA session", cache_policy=NO_CACHE)
def qa_session(run: LoopRun, session: int, build: RunningBuild) -> None:
    loop_steps.qa_session(run, session, build)


@task(name="critic", cache_policy=NO_CACHE)
def match_reports(run: LoopRun, session: int) -> None:
    loop_steps.criticize(run, session)


@task(name="repair and rebuild", cache_policy=NO_CACHE)
def repair(run: LoopRun, session: int) -> None:
    loop_steps.repair(run, session)


@task(name="write reports", cache_policy=NO_CACHE)
def write_reports(run: LoopRun) -> str:
    paths = write_run_reports(run.run_dir)
    create_markdown_artifact(
        key="closed-loop-report", markdown=paths["report.md"].read_text(), description=f"run {run.run_id}"
    )
    create_table_artifact(key="closed-loop-sessions", table=table7_rows(run.record), description=run.run_id)
    return str(paths["report.md"])


@flow(name="closed-loop", log_prints=True)
def closed_loop(
    game: str = "castle",
    qa_agent: str = "auto",
    repair_agent: str = "auto",
    max_rounds: int = 3,
    steps: int = 300,
    mode: str = "player",
    backend: str = "auto",
    seed: int = 0,
    models: dict[str, str] | None = None,
    run_id: str | None = None,
    critic: str = "differential",
) -> str:
    """One discover-and-repair loop on one game. Give the `run_id` of a killed run to resume it."""
    logger = get_run_logger()
    config = resolve_config(
        game=game,
        qa_agent=qa_agent,
        repair_agent=repair_agent,
        max_rounds=max_rounds,
        steps=steps,
        mode=mode,
        backend=backend,
        seed=seed,
        models=models or {},
        critic=critic,
    )
    run = LoopRun.open(config, run_id=run_id)
    logger.info(
        "run %s: %s, qa=%s, repair=%s, up to %d rounds, backend %s",
        run.run_id,
        game,
        run.config.qa_agent,
        run.config.repair_agent,
        run.config.max_rounds,
        run.provider.name,
    )
    while (session := run.next_session()) is not None:
        verify(run, session)
        if not run.done(session, "qa"):
            build = start_build(run, session)
            try:
                qa_session(run, session, build)
            finally:
                build.stop()
        match_reports(run, session)
        if loop_steps.decide_stop(run, session):
            break
        repair(run, session)
    report = write_reports(run)
    logger.info("run %s finished: %s. Report: %s", run.run_id, run.record.stop_reason, report)
    return report

"""The `compare-repair-agents/catalogue` deployment: every ground-truth bug of the catalogue a task, gold
first, then agents x tasks x repeats, each attempt a Prefect task (`attempt <agent> <task> #<repeat>`), at
most `CLOSED_LOOP_SANDBOX_LIMIT` at once; resumable (a rerun on the same task set skips every finished
attempt); the leaderboard as Markdown and table artifacts."""

from __future__ import annotations

from pathlib import Path

from prefect import flow, get_run_logger, task
from prefect.artifacts import create_markdown_artifact, create_table_artifact
from prefect.cache_policies import NO_CACHE
from prefect.task_runners import ThreadPoolTaskRunner

from flows.assembly import open_comparison, task_agent_factory
from flows.compare_repair_agents import SANDBOX_LIMIT
from loop.host import temp_space
from loop.run.catalogue_comparison import (
    AttemptSettings,
    CatalogueComparison,
    Planned,
    RunBatch,
    run_attempt,
    run_comparison,
)
from loop.run.catalogue_tasks import FLAVOURS
from loop.sandbox import get_provider
from reports.leaderboard import leaderboard_rows, render_leaderboard_markdown, write_leaderboard

attempt_task = task(name="attempt", cache_policy=NO_CACHE)(run_attempt)


def as_tasks(comparison: CatalogueComparison, settings: AttemptSettings) -> RunBatch:
    """Each attempt of a batch a Prefect task of the running flow, submitted to its task runner."""
    logger = get_run_logger()

    def run_batch(planned: list[Planned]) -> None:
        futures = [
            attempt_task.with_options(task_run_name=f"attempt {agent} {item.task_id} #{repeat}").submit(
                comparison, settings, agent, item, repeat
            )
            for agent, item, repeat in planned
        ]
        for future in futures:
            result = future.result()
            logger.info("%s %s r%d: %s", result.agent, result.task_id, result.repeat, result.outcome)

    return run_batch


# prefect's flow() is typed for a TaskRunner of PrefectFuture, which its own ThreadPoolTaskRunner is not
@flow(name="compare-repair-agents", task_runner=ThreadPoolTaskRunner(max_workers=SANDBOX_LIMIT))  # type: ignore[arg-type]
def compare_catalogue(
    agents: list[str] | None = None,
    games: list[str] | None = None,
    flavours: list[str] | None = None,
    repeats: int = 1,
    backend: str = "process",
    wall_seconds: float = 900.0,
    agent_options: dict[str, dict[str, str]] | None = None,
    out: str | None = None,
) -> str:
    """Returns the path of leaderboard.md. `games`: names of catalogue or hold-out games (default: all);
    `flavours`: the tasks' report flavours, user-report and qa-report (default: both); `agent_options`:
    each agent's settings by its name, e.g. {"command": {"command": "..."}}."""
    logger = get_run_logger()
    temp_space.claim()  # a flow run started by serve or a worker is a process of its own
    comparison = open_comparison(games, Path(out) if out else None, tuple(flavours or FLAVOURS))
    task_set = comparison.task_set
    logger.info(
        "task set %s: %d task(s) in %s", task_set.content_hash[:12], len(task_set.tasks), comparison.out_dir
    )
    settings = AttemptSettings(task_agent_factory, get_provider(backend), wall_seconds, agent_options or {})
    run_batch = as_tasks(comparison, settings)
    run_comparison(
        comparison,
        agents or ["gold", "noop"],
        repeats=repeats,
        run_batch=run_batch,
        agent_options=agent_options or {},
        on_kept=lambda count: logger.info("resuming: %d finished attempt(s) kept, not run again", count),
    )
    board = write_leaderboard(comparison.out_dir)
    markdown = render_leaderboard_markdown(board)
    create_markdown_artifact(key="compare-repair-agents-catalogue", markdown=markdown)
    create_table_artifact(key="compare-repair-agents-leaderboard", table=leaderboard_rows(board))
    return str(comparison.out_dir / "leaderboard.md")

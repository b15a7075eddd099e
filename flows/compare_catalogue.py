"""The `compare-repair-agents/catalogue` deployment: every ground-truth bug of the catalogue a task, gold
first, then agents x tasks x repeats, at most `CLOSED_LOOP_SANDBOX_LIMIT` attempts at once; resumable (a
rerun on the same task set skips every finished attempt); the leaderboard as Markdown and table artifacts."""

from __future__ import annotations

from pathlib import Path

from prefect import flow, get_run_logger
from prefect.artifacts import create_markdown_artifact, create_table_artifact

from flows.assembly import open_comparison, task_agent_factory
from flows.compare_repair_agents import SANDBOX_LIMIT
from loop.host import temp_space
from loop.run.catalogue_comparison import run_comparison
from loop.sandbox import get_provider
from reports.leaderboard import leaderboard_rows, render_leaderboard_markdown, write_leaderboard


@flow(name="compare-repair-agents")
def compare_catalogue(
    agents: list[str] | None = None,
    games: list[str] | None = None,
    repeats: int = 1,
    backend: str = "process",
    wall_seconds: float = 900.0,
    agent_options: dict[str, dict[str, str]] | None = None,
    out: str | None = None,
) -> str:
    """Returns the path of leaderboard.md. `games`: names of catalogue or hold-out games (default: all);
    `agent_options`: each agent's settings by its name, e.g. {"command": {"command": "..."}}."""
    logger = get_run_logger()
    temp_space.claim()  # a flow run started by serve or a worker is a process of its own
    comparison = open_comparison(games, Path(out) if out else None)
    task_set = comparison.task_set
    logger.info(
        "task set %s: %d task(s) in %s", task_set.content_hash[:12], len(task_set.tasks), comparison.out_dir
    )
    run_comparison(
        comparison,
        agents or ["gold", "noop"],
        task_agent_factory,
        repeats=repeats,
        provider=get_provider(backend),
        wall_seconds=wall_seconds,
        agent_options=agent_options,
        workers=SANDBOX_LIMIT,
        on_result=lambda r: logger.info("%s %s r%d: %s", r.agent, r.task_id, r.repeat, r.outcome),
    )
    board = write_leaderboard(comparison.out_dir)
    markdown = render_leaderboard_markdown(board)
    create_markdown_artifact(key="compare-repair-agents-catalogue", markdown=markdown)
    create_table_artifact(key="compare-repair-agents-leaderboard", table=leaderboard_rows(board))
    return str(comparison.out_dir / "leaderboard.md")

"""The `compare-repair-agents` flow: the same frozen reports and commit given to several repair agents, each
verified the same way, results side by side. Agents run as concurrent Prefect tasks, at most
`CLOSED_LOOP_SANDBOX_LIMIT` at once (each starts sandboxes)."""

from __future__ import annotations

from pathlib import Path

from prefect import flow, get_run_logger, task
from prefect.artifacts import create_markdown_artifact, create_table_artifact
from prefect.cache_policies import NO_CACHE
from prefect.task_runners import ThreadPoolTaskRunner

from flows.assembly import benchmark_of
from games.catalogue import load_game
from loop.critic.base import critic_class
from loop.host import settings, temp_space
from loop.qa import get_qa_agent
from loop.repair.agents import AgentContext, GroundTruthKey, create_agent
from loop.run.agent_comparison import (
    COMPARISON_FILE,
    AgentResult,
    ComparisonRecord,
    FrozenReports,
    compare_agent,
    freeze,
)
from loop.run.loop_run import new_run_id, runs_root
from loop.sandbox import get_provider
from reports.comparison_view import agent_rows, write_comparison_reports

SANDBOX_LIMIT = settings.SANDBOX_LIMIT.integer()


@task(name="freeze reports", cache_policy=NO_CACHE)
def freeze_reports(
    game: str, work_dir, qa_agent: str, steps: int, seed: int, backend: str, manifest: str | None = None
) -> FrozenReports:
    loaded = load_game(game, manifest)
    benchmark = benchmark_of(loaded)
    return freeze(
        loaded,
        work_dir,
        qa_agent=get_qa_agent(qa_agent),
        provider=get_provider(backend),
        steps=steps,
        seed=seed,
        benchmark=benchmark,
        critic=critic_class("differential"),
    )


@task(name="repair and verify", cache_policy=NO_CACHE, task_run_name="{agent}")
def repair_and_verify(
    frozen: FrozenReports,
    agent: str,
    work_dir,
    backend: str,
    wall_seconds: float,
    options: dict[str, str] | None = None,
) -> AgentResult:
    benchmark = benchmark_of(frozen.game)
    ground_truth = GroundTruthKey(benchmark, frozen.matches.get) if benchmark is not None else None
    return compare_agent(
        frozen,
        agent,
        create_agent(agent, AgentContext(dict(options or {})), ground_truth),
        work_dir,
        provider=get_provider(backend),
        wall_seconds=wall_seconds,
        benchmark=benchmark,
    )


# prefect's flow() is typed for a TaskRunner of PrefectFuture, which its own ThreadPoolTaskRunner is not
@flow(name="compare-repair-agents", task_runner=ThreadPoolTaskRunner(max_workers=SANDBOX_LIMIT))  # type: ignore[arg-type]
def compare_repair_agents(
    game: str = "castle",
    agents: list[str] | None = None,
    qa_agent: str = "explorer",
    steps: int = 300,
    seed: int = 0,
    backend: str = "auto",
    wall_seconds: float = 900.0,
    manifest: str | None = None,
    agent_options: dict[str, dict[str, str]] | None = None,
) -> str:
    """Freeze one QA session's reports, then give them to every agent; returns the comparison's path.
    `agent_options`: each agent's settings by its name, e.g. {"builtin": {"max_turns": "3"}}."""
    logger = get_run_logger()
    temp_space.claim()  # a flow run started by serve or a worker is a process of its own
    agents = agents or ["gold", "noop"]
    comparison_id = new_run_id(f"compare-{Path(game).name}")  # a folder or a URL names the run by its end
    out_dir = runs_root() / comparison_id
    out_dir.mkdir(parents=True)
    frozen = freeze_reports(game, out_dir / "frozen", qa_agent, steps, seed, backend, manifest)
    logger.info(
        "%d frozen report(s) at %s; agents: %s", len(frozen.reports), frozen.commit[:10], ", ".join(agents)
    )
    futures = [
        repair_and_verify.submit(
            frozen, agent, out_dir / "agents", backend, wall_seconds, (agent_options or {}).get(agent)
        )
        for agent in agents
    ]
    results: list[AgentResult] = [future.result() for future in futures]
    record = ComparisonRecord(
        comparison_id=comparison_id,
        game=game,
        commit=frozen.commit,
        agents=agents,
        bugs=frozen.bugs(),
        attempts={result.agent: result.attempts for result in results},
        verdicts=[verdict for result in results for verdict in result.verdicts],
    )
    record.save(out_dir / COMPARISON_FILE)
    paths = write_comparison_reports(out_dir)
    create_markdown_artifact(key="compare-repair-agents", markdown=paths["comparison.md"].read_text())
    create_table_artifact(key="compare-repair-agents-totals", table=agent_rows(record))
    return str(paths["comparison.md"])

"""The deployments one `closed-loop serve` process serves: castle, nightly, compare, catalogue."""

from __future__ import annotations

import asyncio
import signal

import prefect.runner

from flows.closed_loop import closed_loop
from flows.compare_catalogue import compare_catalogue
from flows.compare_repair_agents import compare_repair_agents
from flows.nightly import nightly
from flows.stop_signals import stop_like_ctrl_c
from loop.host import settings

NIGHTLY_CRON = str(settings.NIGHTLY_CRON.value())


def deployments() -> list:
    return [
        closed_loop.to_deployment(
            name="castle",
            parameters={"game": "castle"},
            description="One discover-and-repair loop on CASTLE (offline agents without a model).",
            tags=["castle"],
        ),
        nightly.to_deployment(
            name="nightly",
            cron=NIGHTLY_CRON,
            description="Every catalogue game, one subflow run each, at most `closed-loop-sandboxes` (a "
            "global concurrency limit) at once; agents from configuration; at 02:00 local by default.",
            tags=["nightly"],
            concurrency_limit=1,
        ),
        compare_repair_agents.to_deployment(
            name="compare",
            parameters={"game": "castle", "agents": ["gold", "noop"]},
            description="The same frozen reports and commit given to several repair agents, verified alike.",
            tags=["compare"],
        ),
        compare_catalogue.to_deployment(
            name="catalogue",
            parameters={"agents": ["gold", "noop"]},
            description="Every ground-truth bug of the catalogue a task, with a player's report and, where "
            "a frozen QA session found it, the QA agent's own: gold first (a task it cannot resolve is "
            "broken), then agents x tasks x repeats, each attempt a task run, resumable; the leaderboard as "
            "artifacts.",
            tags=["compare"],
        ),
    ]


class Runner(prefect.runner.Runner):
    """Prefect's runner, stopped by SIGTERM as by Ctrl-C: Prefect's own SIGTERM handler calls an async stop
    without awaiting it (a RuntimeWarning in serve.log at every `closed-loop down`)."""

    def handle_sigterm(self, *args: object, **kwargs: object) -> None:
        stop_like_ctrl_c(signal.SIGTERM, None)


def serve_forever() -> None:
    """What `prefect.serve` does, with our Runner: pause the deployments and stop their runs on a stop."""
    runner = Runner(pause_on_shutdown=True, limit=settings.SERVE_LIMIT.integer())
    served = deployments()
    for deployment in served:
        runner.add_deployment(deployment)
    print("serving " + ", ".join(f"{d.flow_name}/{d.name}" for d in served), flush=True)
    try:
        asyncio.run(runner.start())
    except KeyboardInterrupt:
        print("serve: stopped")

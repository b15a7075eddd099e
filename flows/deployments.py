"""The deployments one `closed-loop serve` process serves: castle, nightly, compare."""

from __future__ import annotations

import os

from prefect import serve

from flows.closed_loop import closed_loop
from flows.compare_repair_agents import compare_repair_agents
from flows.nightly import nightly

NIGHTLY_CRON = os.environ.get("CLOSED_LOOP_NIGHTLY_CRON", "0 2 * * *")


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
    ]


def serve_forever() -> None:
    serve(*deployments(), limit=int(os.environ.get("CLOSED_LOOP_SERVE_LIMIT", "2")))

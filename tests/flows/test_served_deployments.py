"""`closed-loop up` waits for every deployment `closed-loop serve` registers, not only the first one: a user
who runs `prefect deployment run compare-repair-agents/catalogue` right after `up` finds it."""

from flows.deployments import deployments
from flows.local_server import SERVED_DEPLOYMENTS


def test_up_waits_for_every_deployment_serve_registers():
    assert sorted(SERVED_DEPLOYMENTS) == sorted(f"{d.flow_name}/{d.name}" for d in deployments())

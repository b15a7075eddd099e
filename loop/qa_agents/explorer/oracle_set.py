"""The explorer's oracles, registered under `closed_loop.oracles` so the judge can re-judge its reports."""

from __future__ import annotations

from loop.qa_agents.explorer.api_contract import ApiContractOracle
from loop.qa_agents.explorer.determinism import DeterminismOracle
from loop.qa_agents.explorer.metamorphic import QueryOracle
from loop.qa_agents.explorer.oracles import default_oracles
from loop.qa_agents.explorer.restart import RestartLeakOracle
from loop.qa_agents.explorer.state_oracles import state_oracles
from loop.replay.oracle import Oracle


def all_oracles() -> list[Oracle]:
    return [
        *default_oracles(),
        *state_oracles(),
        DeterminismOracle(),
        RestartLeakOracle(),
        ApiContractOracle(),
        QueryOracle(),
    ]

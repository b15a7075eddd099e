"""The `nightly` flow: the loop on every catalogue game, fanned out as subflows one after another."""

from __future__ import annotations

from prefect import flow, get_run_logger

from flows.closed_loop import closed_loop
from games.catalogue import list_games


@flow(name="closed-loop-nightly")
def nightly(
    games: list[str] | None = None,
    qa_agent: str = "auto",
    repair_agent: str = "auto",
    max_rounds: int = 3,
    steps: int = 300,
    backend: str = "auto",
) -> dict[str, str]:
    """Run the loop on each game (all catalogue games by default); one failure does not stop the others."""
    logger = get_run_logger()
    names = games or [game.name for game in list_games()]
    reports: dict[str, str] = {}
    for name in names:
        state = closed_loop(
            game=name,
            qa_agent=qa_agent,
            repair_agent=repair_agent,
            max_rounds=max_rounds,
            steps=steps,
            backend=backend,
            return_state=True,
        )
        if state.is_completed():
            reports[name] = state.result()
        else:
            logger.error("nightly: %s ended %s", name, state.type.value)
            reports[name] = f"failed: {state.message}"
    return reports

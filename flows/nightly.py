"""The `nightly` flow: the loop on every catalogue game, one `closed-loop` subflow run per game, run
concurrently under a Prefect global concurrency limit, then a summary artifact.

- **Concurrency**: each game's loop holds one slot of the global concurrency limit `closed-loop-sandboxes`
  while it runs (its sandboxes and model calls are what is scarce). The `concurrency` parameter sets the limit
  (default: the limit as it is, created at `CLOSED_LOOP_SANDBOX_LIMIT`, 2, when missing); `prefect gcl update
  closed-loop-sandboxes --limit N` changes it between nights.
- **Retried and resumable on its own**: game G's run id is `G-nightly-<night>`. A failed game is retried once,
  resuming its run where it stopped; running the nightly again for the same `night` resumes every game that
  did not finish and leaves the finished ones as they are.
- **A stuck game does not hold back the others**: the others go on in the other slots, and after
  `game_timeout_s` the nightly writes its summary without waiting for it (the game is listed as stuck).
- **Summary**: the markdown artifact `closed-loop-nightly`: per game, tonight's discovery and fixing, the
  previous nights' from the ledger, and what failed and why.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from prefect import flow, get_client, get_run_logger, task
from prefect.artifacts import create_markdown_artifact
from prefect.cache_policies import NO_CACHE
from prefect.concurrency.sync import concurrency as concurrency_slot
from prefect.exceptions import ObjectNotFound
from prefect.futures import PrefectFuture, wait
from prefect.task_runners import ThreadPoolTaskRunner

from flows.closed_loop import closed_loop
from flows.nightly_summary import GameNight, render_summary
from games.catalogue import list_games, load_game
from loop.contract.game import GameDefinitionError, is_git_url
from loop.host import settings, temp_space
from loop.ledger import Ledger
from loop.run.config import LoopConfig
from loop.run.loop_run import runs_root
from loop.run.run_id import check_run_id

SANDBOX_LIMIT = "closed-loop-sandboxes"
DEFAULT_LIMIT = settings.SANDBOX_LIMIT.integer()
MAX_GAMES_AT_ONCE = 32  # threads waiting for a slot; the concurrency limit decides how many run


@task(name="game loop", cache_policy=NO_CACHE, retries=1, retry_delay_seconds=10, task_run_name="{game}")
def game_loop(game: str, night: str, params: dict[str, Any]) -> str:
    """The game's loop as a subflow run of its own, once a slot of the sandbox limit is free."""
    with concurrency_slot(SANDBOX_LIMIT, occupy=1, strict=True):
        subflow = closed_loop.with_options(flow_run_name=f"{game} {night}")
        return subflow(**params)


def game_name(game: str, manifest: str | None = None) -> str:
    """The name a game's runs and its ledger entries go by: a game folder's manifest name (its game.toml, or
    `manifest` when kept outside it); a catalogue name, or a game that cannot be loaded (its subflow fails
    alone, saying why), as given."""
    if is_git_url(game):
        return game
    try:
        return load_game(game, manifest).name
    except GameDefinitionError:
        return game


def ensure_limit(limit: int | None) -> int:
    """The sandbox limit: set to `limit` when given, else as it is (created at the default when missing)."""
    with get_client(sync_client=True) as client:
        if limit is None:
            try:
                return client.read_global_concurrency_limit_by_name(SANDBOX_LIMIT).limit
            except ObjectNotFound:
                limit = DEFAULT_LIMIT
        client.upsert_global_concurrency_limit_by_name(SANDBOX_LIMIT, limit)
    return limit


def _outcome(game: str, run_id: str, future: PrefectFuture, finished: bool, timeout: float) -> GameNight:
    if not finished:
        detail = f"still running after {timeout:.0f}s"
        return GameNight(game=game, run_id=run_id, state="stuck", detail=detail)
    result = future.result(raise_on_failure=False)  # first: it settles the future's final state
    state = future.state
    if state.is_completed():
        return GameNight(game=game, run_id=run_id, state="Completed", report=str(result))
    error = result
    detail = f"{type(error).__name__}: {error}" if isinstance(error, BaseException) else state.message or ""
    return GameNight(game=game, run_id=run_id, state=state.name or state.type.value, detail=detail[:500])


# prefect's flow() is typed for a TaskRunner of PrefectFuture, which its own ThreadPoolTaskRunner is not
@flow(name="closed-loop-nightly", task_runner=ThreadPoolTaskRunner(max_workers=MAX_GAMES_AT_ONCE))  # type: ignore[arg-type]
def nightly(
    games: list[str] | None = None,
    qa_agent: str = "auto",
    repair_agent: str = "auto",
    max_rounds: int = 3,
    steps: int = 300,
    backend: str = "auto",
    night: str | int | None = None,  # `--param night=20261201` arrives as a number
    concurrency: int | None = None,
    game_timeout_s: float = 6 * 3600,
    overrides: dict[str, dict[str, Any]] | None = None,
) -> dict[str, str]:
    """Run the loop on each game (all catalogue games by default), concurrently within the sandbox limit.

    `games` are catalogue names or game folders (a team's own repository, from its HEAD each night); a folder
    goes by its manifest's name. `night` (default: today, UTC, YYYYMMDD) names the runs: a second nightly of
    the same night resumes them. `overrides` maps a game, as given, to loop parameters of its own (any
    `closed-loop` flow parameter)."""
    logger = get_run_logger()
    temp_space.claim()  # a flow run started by serve or a worker is a process of its own
    given = games or [game.name for game in list_games()]
    night = str(night or datetime.now(UTC).strftime("%Y%m%d"))
    common = dict(
        qa_agent=qa_agent, repair_agent=repair_agent, max_rounds=max_rounds, steps=steps, backend=backend
    )
    plans = {}
    for game in given:
        params = {**common, **(overrides or {}).get(game, {}), "game": game}
        LoopConfig(**params)  # a bad parameter fails the nightly at once, not one game at 2 a.m.
        name = game_name(game, params.get("manifest"))
        plans[name] = {**params, "run_id": check_run_id(f"{name}-nightly-{night}")}
    limit = ensure_limit(concurrency)
    logger.info("nightly %s: %d game(s), at most %d at once", night, len(plans), limit)
    futures = {name: game_loop.submit(name, night, plan) for name, plan in plans.items()}
    done, _ = wait(list(futures.values()), timeout=game_timeout_s)
    finished = {id(future) for future in done}
    outcomes = [
        _outcome(name, plans[name]["run_id"], future, id(future) in finished, game_timeout_s)
        for name, future in futures.items()
    ]
    for outcome in outcomes:
        if outcome.state != "Completed":
            logger.error("nightly: %s ended %s: %s", outcome.game, outcome.state, outcome.detail)
    with Ledger() as ledger:
        markdown = render_summary(night, outcomes, runs_root(), ledger)
    create_markdown_artifact(key="closed-loop-nightly", markdown=markdown, description=f"nightly {night}")
    return {o.game: o.report or f"{o.state}: {o.detail}" for o in outcomes}

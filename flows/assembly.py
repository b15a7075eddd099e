"""The composition root: turn the loop's parameters into a `LoopRun` with concrete parts.

Names become instances here and nowhere else: the game (catalogue name, folder or git URL), the sandbox
provider, the QA agent, the critics and the repair agent. The policy (what `auto` means, who may receive
ground truth) is the core's (`loop.run.choices`, `loop.repair.agents`); this module only applies it.
"""

from __future__ import annotations

import logging
from pathlib import Path

from games.catalogue import CATALOGUE_DIR, list_games, load_game
from loop.contract.benchmark import Benchmark
from loop.contract.game import Game, GameDefinitionError
from loop.contract.origin import find_origin
from loop.critic.base import critic_class
from loop.qa import get_qa_agent
from loop.repair.agents import AgentContext, GroundTruthKey, create_agent
from loop.repair.protocol import RepairAgent
from loop.run.catalogue_comparison import CatalogueComparison
from loop.run.catalogue_tasks import FLAVOURS, build_task_set
from loop.run.choices import critic_names, make_judge, resolve_config
from loop.run.config import LoopConfig
from loop.run.loop_run import (
    LoopParts,
    LoopRun,
    RecordedMatches,
    new_run_id,
    recorded_config,
    run_dir_of,
    runs_root,
)
from loop.run.task_attempt import AgentFactory
from loop.sandbox import get_provider

log = logging.getLogger(__name__)


def benchmark_of(game: Game, config: LoopConfig | None = None) -> Benchmark | None:
    """The game's ground truth, where it ships one and the run does not withhold it."""
    if config is not None and config.withhold_ground_truth:
        return None
    return Benchmark(game) if game.benchmark_dir else None


def prepare_config(config: LoopConfig) -> tuple[LoopConfig, Game, Benchmark | None]:
    """The config with `auto` resolved and checked against the game; fails before anything is made."""
    game = load_game(config.game, config.manifest)
    if config.ref:
        find_origin(game.src_dir, config.ref)  # a ref that names no commit is refused before a run exists
    benchmark = benchmark_of(game, config)
    return resolve_config(config, game, has_ground_truth=benchmark is not None), game, benchmark


def open_run(config: LoopConfig, run_id: str | None = None, runs_dir: Path | None = None) -> LoopRun:
    """A new run of `config`, or the run `run_id` resumed with the config it was started with. The run holds
    its lock until it is closed (`with open_run(...) as run:`); RunBusy when another process holds it."""
    recorded = recorded_config(run_id, runs_dir)
    if recorded is not None:
        config, game = recorded, load_game(recorded.game, recorded.manifest)
        benchmark = benchmark_of(game, config)
    else:
        config, game, benchmark = prepare_config(config)
    provider = get_provider(config.backend)  # a dead engine fails here, before a half-made run exists
    run_id = run_id or new_run_id(game.name)
    ground_truth = (
        GroundTruthKey(benchmark, RecordedMatches(run_dir_of(run_id, runs_dir) / "run.json"))
        if benchmark is not None
        else None
    )
    parts = LoopParts(
        provider=provider,
        qa_agent=get_qa_agent(
            config.qa_agent,
            progress=lambda message: log.info("qa: %s", message),
            repro_replays=config.repro_replays,
        ),
        judge=make_judge(),
        critics=[critic_class(name) for name in critic_names(config)],
        repair_agent=create_agent(
            config.repair_agent, AgentContext(dict(config.agent_options)), ground_truth
        ),
    )
    return LoopRun.open(config, game, parts, benchmark=benchmark, run_id=run_id, runs_dir=runs_dir)


def task_agent_factory(name: str, options: dict[str, str]) -> AgentFactory:
    """How each catalogue-comparison attempt makes its agent: the ground-truth key is offered, and
    `create_agent` hands it to a harness agent (gold) and to no other."""

    def make(benchmark: Benchmark, matches: dict[str, str]) -> RepairAgent:
        return create_agent(name, AgentContext(dict(options)), GroundTruthKey(benchmark, matches.get))

    return make


HOLDOUT_DIR = CATALOGUE_DIR.parent / "bench" / "holdout"
FROZEN_REPORTS_DIR = CATALOGUE_DIR.parent / "bench" / "frozen_reports"
"""One frozen explorer session per task-set game (`<game>.json`): the reports of the qa-report tasks."""


def task_games(names: list[str] | None = None) -> dict[str, Game]:
    """The games of the catalogue task set (the catalogue and the hold-out games), or those named."""
    found = {game.name: game for game in list_games()}
    if HOLDOUT_DIR.is_dir():
        found |= {game.name: game for game in list_games(HOLDOUT_DIR) if game.name not in found}
    if not names:
        return found
    unknown = [name for name in names if name not in found]
    if unknown:
        raise GameDefinitionError(
            f"unknown game(s) {', '.join(unknown)} (task set games: {', '.join(sorted(found))})"
        )
    return {name: found[name] for name in names}


def open_comparison(
    games: list[str] | None, out: Path | None, flavours: tuple[str, ...] = FLAVOURS
) -> CatalogueComparison:
    """The comparison of the named games' task set (default: all) with the report flavours asked for, in
    `out` or in the runs folder under a name of its task-set hash (so a rerun of the same task set
    resumes)."""
    selected = task_games(games)
    task_set = build_task_set(list(selected.values()), FROZEN_REPORTS_DIR, flavours)
    folder = out or runs_root() / f"compare-catalogue-{task_set.content_hash[:12]}"
    return CatalogueComparison(folder.resolve(), task_set, selected, FROZEN_REPORTS_DIR)

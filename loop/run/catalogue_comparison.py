"""Repair agents x tasks x repeats on a task set, gold first, resumable from the results on disk.

Layout of a comparison folder: `taskset.json` (the task set and its content hash) and
`attempts/<agent>/<task id>/r<k>/task_result.json`, one per finished attempt (task id: `<game>/<bug>` for a
user-report task, `<game>/<bug>/qa-report` for a qa-report one). `gold` runs once on every
task before any other agent: a task it does not resolve is broken, listed and never given to another agent.
A second run on the same folder skips every finished attempt; a folder made for another task set is refused.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from loop.contract.game import Game
from loop.run.catalogue_tasks import Task, TaskSet
from loop.run.task_attempt import (
    RESULT_FILE,
    AgentFactory,
    AttemptSpec,
    TaskResult,
    options_hash,
    read_results,
    run_task_attempt,
)
from loop.sandbox import SandboxProvider

TASKSET_FILE = "taskset.json"
ATTEMPTS_DIR = "attempts"
GOLD = "gold"


class NotComparable(ValueError):
    """The folder holds results of another task set: they cannot be compared with these."""


class UnusableFolder(ValueError):
    """The comparison folder cannot be made or written (a file in its place, no permission)."""


@dataclass
class CatalogueComparison:
    out_dir: Path
    task_set: TaskSet
    games: dict[str, Game]
    frozen_dir: Path | None = None

    def open(self) -> None:
        """Create the folder, or check that it belongs to this task set."""
        path = self.out_dir / TASKSET_FILE
        if path.is_file():
            kept = TaskSet.load(path)
            if kept.content_hash != self.task_set.content_hash:
                raise NotComparable(
                    f"{self.out_dir} holds results of task set {kept.content_hash[:12]}, not "
                    f"{self.task_set.content_hash[:12]}: they are not comparable (use another folder)"
                )
            return
        try:
            self.out_dir.mkdir(parents=True, exist_ok=True)
            self.task_set.save(path)
        except (FileExistsError, FileNotFoundError, NotADirectoryError, PermissionError) as exc:
            raise UnusableFolder(
                f"cannot use {self.out_dir} as the comparison folder: {exc.strerror}"
            ) from exc

    def attempt_dir(self, agent: str, task: Task, repeat: int) -> Path:
        return self.out_dir / ATTEMPTS_DIR / agent / task.task_id / f"r{repeat}"

    def finished(self, agent: str, task: Task, repeat: int) -> bool:
        return (self.attempt_dir(agent, task, repeat) / RESULT_FILE).is_file()

    def results(self) -> list[TaskResult]:
        results = read_results(self.out_dir / ATTEMPTS_DIR)
        return [r for r in results if r.task_set == self.task_set.content_hash]

    def broken(self) -> list[str]:
        """Tasks gold did not resolve (gold's first attempt)."""
        return broken_tasks(self.results())

    def check_options(self, agents: list[str], agent_options: dict[str, dict[str, str]]) -> None:
        """Refuse to add attempts of an agent whose finished ones ran with other options (another command,
        another model): kept and new attempts would be scored as one agent."""
        for agent in agents:
            wanted = options_hash(agent_options.get(agent, {}))
            if any(r.agent == agent and r.agent_options not in ("", wanted) for r in self.results()):
                raise NotComparable(
                    f"{self.out_dir} holds attempts of {agent} made with other --agent-option settings: "
                    "they are not comparable (use another folder)"
                )

    def kept(self, agents: list[str], repeats: int) -> int:
        """How many attempts of this run (gold's validation and agents x tasks x repeats) are already
        finished in the folder, and so are not run again."""
        wanted = {(GOLD, task.task_id, 1) for task in self.task_set.tasks}
        wanted |= {
            (agent, task.task_id, repeat)
            for agent in agents
            for task in self.task_set.tasks
            for repeat in range(1, repeats + 1)
        }
        return sum((r.agent, r.task_id, r.repeat) in wanted for r in self.results())

    def plan(self, agents: list[str], repeats: int) -> Iterator[tuple[str, Task, int]]:
        """The attempts still to run, after gold validation; finished ones are never planned again."""
        broken = set(self.broken())
        for agent in dict.fromkeys(agents):  # an agent named twice is still one agent
            for task in self.task_set.tasks:
                if task.task_id in broken:
                    continue
                for repeat in range(1, repeats + 1):
                    if not self.finished(agent, task, repeat):
                        yield agent, task, repeat


def broken_tasks(results: list[TaskResult]) -> list[str]:
    return sorted(r.task_id for r in results if r.agent == GOLD and r.repeat == 1 and not r.resolved)


Planned = tuple[str, Task, int]
"""One attempt to run: (agent, task, repeat)."""
RunBatch = Callable[[list[Planned]], None]
"""Runs a batch of attempts (each with `run_attempt`) and returns when all are finished."""


@dataclass(frozen=True)
class AttemptSettings:
    """What every attempt of a comparison shares. `make_agent(name, options)` comes from the composition
    root, the only holder of ground-truth keys."""

    make_agent: Callable[[str, dict[str, str]], AgentFactory]
    provider: SandboxProvider
    wall_seconds: float
    agent_options: dict[str, dict[str, str]] = field(default_factory=dict)


def run_attempt(
    comparison: CatalogueComparison, settings: AttemptSettings, agent: str, task: Task, repeat: int
) -> TaskResult:
    """One agent's attempt on one task, written to its folder in the comparison."""
    options = settings.agent_options.get(agent, {})
    spec = AttemptSpec(
        task=task,
        task_set=comparison.task_set.content_hash,
        game=comparison.games[task.game],
        agent=agent,
        repeat=repeat,
        attempt_dir=comparison.attempt_dir(agent, task, repeat),
        model=options.get("model", ""),
        options=options_hash(options),
        frozen_dir=comparison.frozen_dir,
    )
    return run_task_attempt(
        spec,
        settings.make_agent(agent, options),
        provider=settings.provider,
        wall_seconds=settings.wall_seconds,
    )


def run_comparison(
    comparison: CatalogueComparison,
    agents: list[str],
    *,
    repeats: int,
    run_batch: RunBatch,
    agent_options: dict[str, dict[str, str]] | None = None,
    on_kept: Callable[[int], None] | None = None,
) -> list[TaskResult]:
    """Gold on every task first, then every agent x task x repeat not finished yet; returns all results.
    `on_kept` hears how many attempts of this run were already finished, when some were."""
    comparison.open()
    comparison.check_options(agents, agent_options or {})
    kept = comparison.kept(agents, repeats)
    if kept and on_kept is not None:
        on_kept(kept)
    run_batch(list(comparison.plan([GOLD], 1)))
    run_batch(list(comparison.plan(agents, repeats)))
    return comparison.results()


def in_threads(
    comparison: CatalogueComparison,
    settings: AttemptSettings,
    workers: int = 1,
    on_result: Callable[[TaskResult], None] | None = None,
) -> RunBatch:
    """Run each batch with at most `workers` attempts at once, in this process."""

    def run_one(planned: Planned) -> None:
        result = run_attempt(comparison, settings, *planned)
        if on_result is not None:
            on_result(result)

    def run_batch(planned: list[Planned]) -> None:
        if workers <= 1:
            for item in planned:
                run_one(item)
            return
        with ThreadPoolExecutor(max_workers=workers) as pool:
            for future in [pool.submit(run_one, item) for item in planned]:
                future.result()

    return run_batch

"""The leaderboard of a catalogue comparison, computed from its folder alone (`taskset.json` and every
attempt's `task_result.json`): per agent the resolved rate with a 95% Wilson interval over attempts (tasks x
repeats), by difficulty and bug type, tokens, cost and time per attempt, patch size, false fixes, and a
pairwise view. Tasks gold did not resolve are broken: listed, never scored.
"""

from __future__ import annotations

import math
from collections import defaultdict
from pathlib import Path

from pydantic import BaseModel

from loop.run.catalogue_comparison import ATTEMPTS_DIR, TASKSET_FILE, broken_tasks
from loop.run.catalogue_tasks import TaskSet
from loop.run.task_attempt import TaskResult, read_results
from reports.aggregates import DIFFICULTY_ORDER, AgentTotals, agent_totals

Z_95 = 1.959964
LEADERBOARD_MD = "leaderboard.md"
LEADERBOARD_JSON = "leaderboard.json"


class Rate(BaseModel):
    resolved: int
    attempts: int

    @property
    def percent(self) -> float:
        return 100.0 * self.resolved / self.attempts if self.attempts else 0.0


class AgentRow(BaseModel):
    agent: str
    model: str = ""
    attempts: int
    resolved: int
    percent: float
    ci_low: float
    ci_high: float
    by_difficulty: dict[str, Rate]
    by_bug_type: dict[str, Rate]
    outcomes: dict[str, int]
    tokens_per_attempt: float
    cost_per_attempt: float
    seconds_per_attempt: float
    patch_lines_per_patch: float
    false_fixes: list[str]


class Pair(BaseModel):
    agent: str
    other: str
    only_agent: list[str]
    only_other: list[str]


class Leaderboard(BaseModel):
    task_set: str
    tasks: int
    broken: list[str]
    scored: int
    agents: list[AgentRow]
    pairwise: list[Pair]


def wilson(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """Wilson score interval of a proportion, in percent."""
    if trials == 0:
        return 0.0, 0.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return round(100 * max(0.0, centre - half), 1), round(100 * min(1.0, centre + half), 1)


def _rates(results: list[TaskResult], key: str) -> dict[str, Rate]:
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for result in results:
        bucket = counts[str(getattr(result, key))]
        bucket[0] += result.resolved
        bucket[1] += 1
    return {name: Rate(resolved=r, attempts=n) for name, (r, n) in sorted(counts.items())}


def _mean(values: list[float]) -> float:
    return round(sum(values) / len(values), 3) if values else 0.0


def _row(agent: str, results: list[TaskResult]) -> AgentRow:
    resolved = sum(r.resolved for r in results)
    low, high = wilson(resolved, len(results))
    attempts = [r.attempt for r in results if r.attempt is not None]
    (totals,) = agent_totals(attempts) or [AgentTotals(agent)]
    patched = [r for r in results if r.patch_lines]
    return AgentRow(
        agent=agent,
        model=next((r.agent_model for r in results if r.agent_model), ""),
        attempts=len(results),
        resolved=resolved,
        percent=round(100.0 * resolved / len(results), 1) if results else 0.0,
        ci_low=low,
        ci_high=high,
        by_difficulty=_rates(results, "difficulty"),
        by_bug_type=_rates(results, "bug_type"),
        outcomes=dict(sorted(totals.outcomes.items())),
        tokens_per_attempt=round((totals.tokens_in + totals.tokens_out) / len(results), 1),
        cost_per_attempt=round(totals.cost_usd / len(results), 4),
        seconds_per_attempt=_mean([r.wall_seconds for r in results]),
        patch_lines_per_patch=_mean([float(r.patch_lines) for r in patched]),
        false_fixes=sorted(f"{r.task_id} r{r.repeat}" for r in results if r.false_fix),
    )


def _resolved_tasks(results: list[TaskResult]) -> set[str]:
    """Tasks an agent resolved in more than half of its attempts on them."""
    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for result in results:
        tally[result.task_id][0] += result.resolved
        tally[result.task_id][1] += 1
    return {task for task, (resolved, attempts) in tally.items() if 2 * resolved > attempts}


def build_leaderboard(task_set: TaskSet, results: list[TaskResult]) -> Leaderboard:
    results = [r for r in results if r.task_set == task_set.content_hash]
    broken = broken_tasks(results)
    scored_ids = [t.task_id for t in task_set.tasks if t.task_id not in broken]
    scored = [r for r in results if r.task_id in set(scored_ids)]
    by_agent: dict[str, list[TaskResult]] = defaultdict(list)
    for result in scored:
        by_agent[result.agent].append(result)
    rows = sorted(
        (_row(agent, agent_results) for agent, agent_results in by_agent.items()),
        key=lambda row: (-row.percent, row.agent),
    )
    resolved = {agent: _resolved_tasks(agent_results) for agent, agent_results in by_agent.items()}
    attempted = {agent: {r.task_id for r in agent_results} for agent, agent_results in by_agent.items()}
    pairs = [
        Pair(
            agent=a.agent,
            other=b.agent,
            only_agent=sorted((resolved[a.agent] - resolved[b.agent]) & attempted[b.agent]),
            only_other=sorted((resolved[b.agent] - resolved[a.agent]) & attempted[a.agent]),
        )
        for i, a in enumerate(rows)
        for b in rows[i + 1 :]
    ]
    return Leaderboard(
        task_set=task_set.content_hash,
        tasks=len(task_set.tasks),
        broken=broken,
        scored=len(scored_ids),
        agents=rows,
        pairwise=pairs,
    )


def leaderboard_of(folder: Path) -> Leaderboard:
    """The leaderboard of a comparison folder, from its files alone."""
    return build_leaderboard(TaskSet.load(folder / TASKSET_FILE), read_results(folder / ATTEMPTS_DIR))


def _rate_cells(rates: dict[str, Rate], names: list[str]) -> list[str]:
    return [f"{rates[n].resolved}/{rates[n].attempts}" if n in rates else "-" for n in names]


def _order(name: str) -> tuple[int, str]:
    """Difficulties easiest first, bug types by name."""
    return (DIFFICULTY_ORDER.get(name, len(DIFFICULTY_ORDER)), name)


def render_leaderboard_markdown(board: Leaderboard) -> str:
    lines = [
        "# Repair agents on the catalogue task set",
        "",
        f"Task set `{board.task_set[:16]}`: {board.tasks} task(s), {board.scored} scored, "
        f"{len(board.broken)} broken (gold did not resolve them: {', '.join(board.broken) or 'none'}).",
        "Resolved: the task's probe is quiet on the patched build (fail-to-pass) and the game's tests, the "
        "walkthrough and the other bugs' probes still pass (pass-to-pass).",
        "Interval: 95% Wilson, over attempts (tasks x repeats).",
        "",
        "| agent | model | resolved | % | 95% CI | tokens/attempt | cost/attempt | s/attempt | lines/patch "
        "| false fixes |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for row in board.agents:
        lines.append(
            f"| {row.agent} | {row.model or '-'} | {row.resolved}/{row.attempts} | {row.percent:.1f} | "
            f"{row.ci_low:.1f}-{row.ci_high:.1f} | {row.tokens_per_attempt:.0f} | "
            f"${row.cost_per_attempt:.4f} | {row.seconds_per_attempt:.1f} | "
            f"{row.patch_lines_per_patch:.1f} | {len(row.false_fixes)} |"
        )
    for title, field in (("difficulty", "by_difficulty"), ("bug type", "by_bug_type")):
        names = sorted({name for row in board.agents for name in getattr(row, field)}, key=_order)
        lines += ["", f"## By {title}", "", "| agent | " + " | ".join(names) + " |"]
        lines.append("|---|" + "---|" * len(names))
        for row in board.agents:
            lines.append(f"| {row.agent} | " + " | ".join(_rate_cells(getattr(row, field), names)) + " |")
    lines += ["", "## Outcomes", ""]
    lines += [
        f"- {row.agent}: " + ", ".join(f"{name} {count}" for name, count in row.outcomes.items())
        for row in board.agents
    ]
    false_fixes = [(row.agent, row.false_fixes) for row in board.agents if row.false_fixes]
    if false_fixes:
        lines += ["", "## False fixes (verified by the loop, refused by the probe)", ""]
        lines += [f"- {agent}: {', '.join(tasks)}" for agent, tasks in false_fixes]
    lines += ["", "## Pairwise (tasks one resolves and the other does not)", ""]
    for pair in board.pairwise:
        lines.append(
            f"- {pair.agent} not {pair.other}: {', '.join(pair.only_agent) or 'none'}; "
            f"{pair.other} not {pair.agent}: {', '.join(pair.only_other) or 'none'}"
        )
    return "\n".join(lines) + "\n"


def leaderboard_rows(board: Leaderboard) -> list[dict[str, str]]:
    """One row per agent, for a table artifact."""
    return [
        {
            "agent": row.agent,
            "resolved": f"{row.resolved}/{row.attempts}",
            "percent": f"{row.percent:.1f}",
            "95% CI": f"{row.ci_low:.1f}-{row.ci_high:.1f}",
            "false fixes": str(len(row.false_fixes)),
        }
        for row in board.agents
    ]


def write_leaderboard(folder: Path) -> Leaderboard:
    """Write leaderboard.md and leaderboard.json into the comparison folder; return the leaderboard."""
    board = leaderboard_of(folder)
    (folder / LEADERBOARD_MD).write_text(render_leaderboard_markdown(board))
    (folder / LEADERBOARD_JSON).write_text(board.model_dump_json(indent=2))
    return board

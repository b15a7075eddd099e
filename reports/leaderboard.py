"""The leaderboard of a catalogue comparison, computed from its folder alone (`taskset.json` and every
attempt's `task_result.json`): per agent the resolved rate with a 95% Wilson interval over attempts (tasks x
repeats), by report flavour, difficulty and bug type, tokens, cost and time per attempt, patch size, false
fixes, and a pairwise view. Tasks gold did not resolve are broken: listed, never scored.
"""

from __future__ import annotations

import math
from collections import defaultdict
from html import escape
from pathlib import Path

from pydantic import BaseModel

from loop.run.catalogue_comparison import ATTEMPTS_DIR, TASKSET_FILE, broken_tasks
from loop.run.catalogue_tasks import TaskSet
from loop.run.task_attempt import TaskResult, read_results
from reports.aggregates import DIFFICULTY_ORDER, AgentTotals, agent_totals
from reports.html_page import page, table
from reports.labels import markdown_table

Z_95 = 1.959964
LEADERBOARD_MD = "leaderboard.md"
LEADERBOARD_JSON = "leaderboard.json"
LEADERBOARD_HTML = "leaderboard.html"


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
    by_flavour: dict[str, Rate] = {}
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
        by_flavour=_rates(results, "flavour"),
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


def leaderboard_rows(board: Leaderboard) -> list[dict[str, str]]:
    """One row per agent: the leaderboard's main table (also the flow's table artifact)."""
    return [
        {
            "agent": row.agent,
            "model": row.model or "-",
            "resolved": f"{row.resolved}/{row.attempts}",
            "%": f"{row.percent:.1f}",
            "95% CI": f"{row.ci_low:.1f}-{row.ci_high:.1f}",
            "tokens/attempt": f"{row.tokens_per_attempt:.0f}",
            "cost/attempt": f"${row.cost_per_attempt:.4f}",
            "s/attempt": f"{row.seconds_per_attempt:.1f}",
            "lines/patch": f"{row.patch_lines_per_patch:.1f}",
            "false fixes": str(len(row.false_fixes)),
        }
        for row in board.agents
    ]


def _order(name: str) -> tuple[int, str]:
    """Difficulties easiest first, bug types by name."""
    return (DIFFICULTY_ORDER.get(name, len(DIFFICULTY_ORDER)), name)


def _breakdown_rows(board: Leaderboard, field: str) -> list[dict[str, str]]:
    names = sorted({name for row in board.agents for name in getattr(row, field)}, key=_order)
    rows = []
    for row in board.agents:
        rates: dict[str, Rate] = getattr(row, field)
        cells = {n: f"{rates[n].resolved}/{rates[n].attempts}" if n in rates else "-" for n in names}
        rows.append({"agent": row.agent, **cells})
    return rows


def _sections(board: Leaderboard) -> list[tuple[str, str, list[dict[str, str]]]]:
    """(title, table id, rows) of every table after the main one."""
    outcomes = [
        {"agent": row.agent, "outcomes": ", ".join(f"{name} {n}" for name, n in row.outcomes.items())}
        for row in board.agents
    ]
    false_fixes = [
        {"agent": row.agent, "tasks": ", ".join(row.false_fixes) or "none"} for row in board.agents
    ]
    pairwise = [
        {
            "agent": pair.agent,
            "other": pair.other,
            "only agent": ", ".join(pair.only_agent) or "none",
            "only other": ", ".join(pair.only_other) or "none",
        }
        for pair in board.pairwise
    ]
    return [
        ("By report flavour", "flavour", _breakdown_rows(board, "by_flavour")),
        ("By difficulty", "difficulty", _breakdown_rows(board, "by_difficulty")),
        ("By bug type", "bug-type", _breakdown_rows(board, "by_bug_type")),
        ("Outcomes", "outcomes", outcomes),
        ("False fixes (verified by the loop, refused by the probe)", "false-fixes", false_fixes),
        ("Pairwise (tasks one resolves and the other does not)", "pairwise", pairwise),
    ]


def _summary(board: Leaderboard) -> list[str]:
    return [
        f"Task set {board.task_set[:16]}: {board.tasks} task(s), {board.scored} scored, {len(board.broken)} "
        f"broken (gold did not resolve them: {', '.join(board.broken) or 'none'}).",
        "Resolved: the task's probe is quiet on the patched build (fail-to-pass) and the game's tests, the "
        "walkthrough and the other bugs' probes still pass (pass-to-pass).",
        "Interval: 95% Wilson, over attempts (tasks x repeats).",
        "Report flavours: user-report (written from the ground truth's description, as a player would file "
        "it), qa-report (the QA agent's own report, from a frozen session that found the bug).",
    ]


TITLE = "Repair agents on the catalogue task set"


def render_leaderboard_markdown(board: Leaderboard) -> str:
    lines = [f"# {TITLE}", "", *_summary(board), "", markdown_table(leaderboard_rows(board))]
    for title, _, rows in _sections(board):
        lines += [f"## {title}", "", markdown_table(rows) or "Nothing recorded.\n"]
    return "\n".join(lines)


def render_leaderboard_html(board: Leaderboard) -> str:
    summary = "".join(f"<p>{escape(line)}</p>" for line in _summary(board))
    body = f"<h1>{escape(TITLE)}</h1>{summary}{table(leaderboard_rows(board), 'leaderboard', stack=False)}"
    for title, table_id, rows in _sections(board):
        body += f"<h2>{escape(title)}</h2>{table(rows, table_id)}"
    return page(TITLE, body)


def write_leaderboard(folder: Path) -> Leaderboard:
    """Write leaderboard.md, .json and .html into the comparison folder; return the leaderboard."""
    board = leaderboard_of(folder)
    (folder / LEADERBOARD_MD).write_text(render_leaderboard_markdown(board))
    (folder / LEADERBOARD_JSON).write_text(board.model_dump_json(indent=2))
    (folder / LEADERBOARD_HTML).write_text(render_leaderboard_html(board), encoding="utf-8")
    return board

"""A compact JSON summary of a run (what `closed-loop report --json` prints): the numbers, not the traces."""

from __future__ import annotations

from typing import Any

from loop.run.record import RunRecord
from reports.aggregates import agent_totals, difficulty_totals, run_attempts
from reports.bug_markdown import bug_relpath
from reports.labels import bug_label
from reports.table7 import table7_rows


def run_summary(run: RunRecord) -> dict[str, Any]:
    last = run.sessions[-1].metrics if run.sessions else None
    return {
        "schema_version": run.schema_version,
        "run_id": run.run_id,
        "game": run.config.game,
        "status": run.status,
        "stop_reason": run.stop_reason,
        "config": run.config.model_dump(),
        "base_commit": run.base_commit,
        "head_commit": run.head_commit,
        "sessions": len(run.sessions),
        "metrics": last.model_dump() if last else None,
        "table7": table7_rows(run),
        "bugs": [
            {
                "fingerprint": fp,
                "label": bug_label(run, fp),
                "title": bug.report.title,
                "ground_truth_id": bug.ground_truth_id,
                "status": bug.status,
                "found_in_session": bug.found_in_session,
                "file": bug_relpath(fp),
            }
            for fp, bug in run.bugs.items()
        ],
        "per_difficulty": [vars(d) for d in difficulty_totals(run)],
        "per_agent": [
            {
                "agent": t.agent,
                "attempts": t.attempts,
                "outcomes": dict(t.outcomes),
                "tokens_in": t.tokens_in,
                "tokens_out": t.tokens_out,
                "cost_usd": round(t.cost_usd, 6),
                "wall_seconds": round(t.wall_seconds, 3),
                "lines_added": t.lines_added,
                "lines_removed": t.lines_removed,
            }
            for t in agent_totals(run_attempts(run))
        ],
    }

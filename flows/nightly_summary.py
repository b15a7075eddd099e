"""The nightly summary: per game, tonight's discovery and fixing against the previous nights (from the ledger,
drawn as reports.trend draws it), and what failed and why. Published by flows/nightly.py as an artifact."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel

from loop.ledger import Ledger
from loop.run.record import RunRecord
from reports.labels import markdown_table
from reports.trend import TrendPoint, render_trend_markdown

NIGHTS_SHOWN = 7


class GameNight(BaseModel):
    """How one game's loop ended tonight: `state` is Prefect's (Completed, Failed, Crashed) or `stuck`."""

    game: str
    run_id: str
    state: str
    detail: str = ""
    report: str | None = None


def ledger_trend(game: str, ledger: Ledger) -> list[TrendPoint]:
    """One point per run of `game` the ledger holds, oldest first: bugs found, verified fixed, regressed."""
    points = []
    for run in ledger.runs(game):
        facts = ledger.session_facts(run.run_id)
        found = {r.bug_id if run.mode == "benchmark" else r.fingerprint for s in facts for r in s.reports}
        found.discard(None)
        fixed = set().union(*(s.verified_fixed for s in facts)) if facts else set()
        regressed = set().union(*(s.regressed for s in facts)) if facts else set()
        points.append(
            TrendPoint(
                date=run.started_at.date().isoformat(),
                game=game,
                open=len(found - fixed),
                found=len(found),
                fixed=len(fixed),
                regressed=len(regressed),
                run_id=run.run_id,
            )
        )
    return points


def _rates(run_dir: Path) -> tuple[str, str]:
    """Tonight's discovery and fixing as the run's last session measured them ("-" without a run file)."""
    try:
        record = RunRecord.load(run_dir / "run.json")
    except (OSError, ValueError):
        return "-", "-"
    if not record.sessions:
        return "-", "-"
    metrics = record.sessions[-1].metrics
    total = metrics.ground_truth_total or None
    found = f"{metrics.discovered}/{total}" if total else str(metrics.discovered)
    fixed = f"{metrics.fixed_verified}/{total}" if total else str(metrics.fixed_verified)
    return found, fixed


def _history(points: list[TrendPoint], run_id: str) -> tuple[str, str]:
    """The previous night's found/fixed, and found/fixed over the last nights, oldest first."""
    before = [p for p in points if p.run_id != run_id][-NIGHTS_SHOWN:]
    previous = f"{before[-1].found} found, {before[-1].fixed} fixed ({before[-1].date})" if before else "-"
    shown = [p for p in points if p.run_id == run_id or p in before]
    trend = " -> ".join(f"{p.found}/{p.fixed}" for p in shown) or "-"
    return previous, trend


def render_summary(night: str, games: list[GameNight], runs_root: Path, ledger: Ledger) -> str:
    trends = {game.game: ledger_trend(game.game, ledger) for game in games}
    rows = []
    for game in games:
        found, fixed = _rates(runs_root / game.run_id)
        previous, trend = _history(trends[game.game], game.run_id)
        rows.append(
            {
                "Game": game.game,
                "Tonight": game.state,
                "Discovery": found,
                "Fixing": fixed,
                "Previous night": previous,
                "Found/fixed, night by night": trend,
                "Run": game.run_id,
            }
        )
    failed = [game for game in games if game.state != "Completed"]
    parts = [f"# Nightly {night}\n", markdown_table(rows), "\n## What failed\n"]
    if failed:
        parts.append(markdown_table([{"Game": g.game, "State": g.state, "Why": g.detail} for g in failed]))
    else:
        parts.append("Nothing: every game's loop completed.\n")
    points = [point for game_points in trends.values() for point in game_points]
    parts.append("\n" + render_trend_markdown(points).replace("# Nightly trend", "## Trend (the ledger)", 1))
    return "\n".join(parts)

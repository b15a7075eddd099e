"""The trend over nightly runs, per game: how many bugs are open, found, fixed and regressed, run after run.

Input is either RunRecords or the ledger's rows (TrendPoint: date, game, open, found, fixed, regressed).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from html import escape

from pydantic import BaseModel

from loop.run.lifecycle import BugStatus
from loop.run.record import RunRecord
from reports import charts
from reports.html_page import figure, page, table
from reports.labels import markdown_table

SERIES = ("open", "found", "fixed", "regressed")


class TrendPoint(BaseModel):
    date: str
    game: str
    open: int = 0
    found: int = 0
    fixed: int = 0
    regressed: int = 0
    run_id: str | None = None


def trend_point(run: RunRecord) -> TrendPoint:
    """Where a run left its game: open counts bugs not yet verified fixed (open or patched, pending)."""
    statuses = Counter(bug.status for bug in run.bugs.values())
    return TrendPoint(
        date=(run.finished_at or run.started_at)[:10],
        game=run.config.game,
        open=statuses[BugStatus.OPEN] + statuses[BugStatus.PATCHED],
        found=len(run.bugs),
        fixed=statuses[BugStatus.VERIFIED_FIXED],
        regressed=statuses[BugStatus.REGRESSED],
        run_id=run.run_id,
    )


def _by_game(points: Iterable[TrendPoint | RunRecord]) -> dict[str, list[TrendPoint]]:
    games: dict[str, list[TrendPoint]] = {}
    for item in points:
        point = trend_point(item) if isinstance(item, RunRecord) else item
        games.setdefault(point.game, []).append(point)
    return {game: sorted(ps, key=lambda p: (p.date, p.run_id or "")) for game, ps in sorted(games.items())}


def trend_rows(points: list[TrendPoint]) -> list[dict[str, str]]:
    return [
        {
            "Date": p.date,
            "Run": p.run_id or "-",
            "Open": str(p.open),
            "Found": str(p.found),
            "Fixed": str(p.fixed),
            "Regressed": str(p.regressed),
        }
        for p in points
    ]


def render_trend_markdown(points: Iterable[TrendPoint | RunRecord]) -> str:
    games = _by_game(points)
    if not games:
        return "# Nightly trend\n\n_No run yet._\n"
    parts = ["# Nightly trend\n"]
    for game, game_points in games.items():
        parts += [f"## {game}\n", markdown_table(trend_rows(game_points))]
    return "\n".join(parts)


def render_trend_section(points: Iterable[TrendPoint | RunRecord]) -> str:
    games = _by_game(points)
    if not games:
        return "<section id='trend'><p class='muted'>No nightly run yet.</p></section>"
    parts = ["<section id='trend'>"]
    for game, ps in games.items():
        series = {name: [getattr(p, name) for p in ps] for name in SERIES}
        chart = charts.trend_chart(game, [p.date for p in ps], series)
        parts += [
            f"<h2>{escape(game)}</h2>",
            figure(chart, f"{game}: open, found, fixed and regressed bugs per nightly run"),
            table(trend_rows(ps), f"trend-{game}", stack=False),
        ]
    parts.append("</section>")
    return "".join(parts)


def render_trend_html(points: Iterable[TrendPoint | RunRecord]) -> str:
    return page("closed-loop nightly trend", "<h1>Nightly trend</h1>" + render_trend_section(points))

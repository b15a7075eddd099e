"""Charts as inline SVG drawn by matplotlib (object API, no pyplot): report.html needs no script, no CDN.

Text stays text (svg.fonttype none): the SVG is small, readable by a screen reader and searchable in the page.
"""

from __future__ import annotations

import functools
import io
import re
import warnings
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ParamSpec

import matplotlib
from matplotlib.figure import Figure
from matplotlib.patches import Patch
from matplotlib.ticker import MaxNLocator
from matplotlib.typing import RcKeyType

from reports.aggregates import AgentTotals, DifficultyTotals

# Okabe-Ito: distinguishable with the common colour-vision deficiencies.
COLOURS = {
    "discovered": "#0072B2",
    "fixed": "#009E73",
    "total": "#BBBBBB",
    "open": "#D55E00",
    "patched": "#E69F00",
    "verified_fixed": "#009E73",
    "regressed": "#CC79A7",
    "fixed_elsewhere": "#56B4E9",
    "error": "#7F7F7F",
}
P = ParamSpec("P")
# Attempt outcomes the loop is likely to record get a fixed meaning; others take the next free colour.
KNOWN_OUTCOMES = {
    "patched": "#009E73",
    "resolved": "#009E73",
    "empty_patch": "#BBBBBB",
    "declined": "#999999",
    "no_patch": "#BBBBBB",
    "reverted": "#E69F00",
    "gate_failed": "#D55E00",
    "protected_path": "#CC79A7",
    "timeout": "#56B4E9",
    "error": "#555555",
}
OUTCOME_COLOURS = ["#009E73", "#E69F00", "#D55E00", "#CC79A7", "#56B4E9", "#7F7F7F", "#F0E442", "#000000"]


# parse_math off: a bug title such as "costs $5, not $3" is text, not TeX.
STYLE: dict[RcKeyType, Any] = {
    "svg.fonttype": "none",
    "font.family": "sans-serif",
    "font.size": 11,
    "text.parse_math": False,
}


def styled(chart: Callable[P, str]) -> Callable[P, str]:
    """rcParams apply when artists are made, so the whole chart is drawn inside the style."""

    @functools.wraps(chart)
    def draw(*args: P.args, **kwargs: P.kwargs) -> str:
        with matplotlib.rc_context(STYLE):
            return chart(*args, **kwargs)

    return draw


# About as wide in points as a phone is in CSS pixels, so 11 pt text reads at 11 px there.
def _figure(width: float = 5.2, height: float = 3.2) -> Figure:
    fig = Figure(figsize=(width, height), layout="constrained")
    return fig


def svg(fig: Figure, key: str) -> str:
    """The figure as an <svg> element; `key` salts its ids so several charts share one page safely."""
    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": key}), warnings.catch_warnings():
        # a chart with long labels on a narrow figure: matplotlib lays it out anyway and says so on stderr
        warnings.filterwarnings("ignore", message=".*constrained_layout not applied.*")
        fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    text = buffer.getvalue()
    text = text[text.index("<svg") :]
    return re.sub(r"<metadata>.*?</metadata>", "", text, count=1, flags=re.S)


def _legend(fig: Figure, ax, handles: list | None = None) -> None:
    """Below the plot, so it never covers a bar; constrained layout makes room for it."""
    if handles is None:
        handles, _ = ax.get_legend_handles_labels()
    if handles:
        fig.legend(handles=handles, loc="outside lower center", ncols=min(4, len(handles)), frameon=False)


def _style(ax, ylabel: str) -> None:
    ax.spines[["top", "right"]].set_visible(False)
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_ylabel(ylabel)
    ax.grid(axis="y", alpha=0.3)


@styled
def sessions_chart(
    sessions: Sequence[int], discovered: Sequence[int], fixed: Sequence[int], total: int | None
) -> str:
    fig = _figure()
    ax = fig.add_subplot()
    x = list(range(len(sessions)))
    ax.bar([i - 0.2 for i in x], discovered, 0.4, label="discovered", color=COLOURS["discovered"])
    ax.bar([i + 0.2 for i in x], fixed, 0.4, label="fixed (verified)", color=COLOURS["fixed"])
    if total is not None:
        ax.axhline(total, color="#555555", linestyle="--", linewidth=1, label=f"ground truth ({total})")
    ax.set_xticks(x, [f"session {n}" for n in sessions])
    _style(ax, "bugs (cumulative)")
    ax.set_ylim(0, max([total or 0, *discovered, *fixed, 1]) * 1.1)
    _legend(fig, ax)
    ax.set_title("Discovery and fixing per session")
    return svg(fig, "sessions")


@styled
def difficulty_chart(totals: Sequence[DifficultyTotals]) -> str:
    fig = _figure()
    ax = fig.add_subplot()
    x = list(range(len(totals)))
    for offset, attr, label in (
        (-0.27, "total", "bugs"),
        (0, "discovered", "discovered"),
        (0.27, "fixed", "fixed"),
    ):
        ax.bar(
            [i + offset for i in x],
            [getattr(t, attr) for t in totals],
            0.27,
            label=label,
            color=COLOURS[attr],
        )
    ax.set_xticks(x, [t.difficulty for t in totals])
    _style(ax, "ground-truth bugs")
    ax.set_ylim(0, max([t.total for t in totals] + [1]) * 1.1)
    _legend(fig, ax)
    ax.set_title("Per difficulty")
    return svg(fig, "difficulty")


@styled
def agents_chart(totals: Sequence[AgentTotals], key: str = "agents") -> str:
    """Attempt outcomes per agent, stacked."""
    outcomes = sorted({o for t in totals for o in t.outcomes})
    fig = _figure(height=max(1.6, 0.55 * len(totals) + 1.2))
    ax = fig.add_subplot()
    left = [0] * len(totals)
    spare = iter(OUTCOME_COLOURS * 4)
    for outcome in outcomes:
        counts = [t.outcomes.get(outcome, 0) for t in totals]
        colour = KNOWN_OUTCOMES.get(outcome) or next(spare)
        ax.barh([t.agent for t in totals], counts, 0.6, left=left, label=outcome, color=colour)
        left = [a + b for a, b in zip(left, counts, strict=True)]
    ax.spines[["top", "right"]].set_visible(False)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("attempts")
    ax.invert_yaxis()
    _legend(fig, ax)
    ax.set_title("Repair attempt outcomes per agent")
    return svg(fig, key)


@styled
def lifecycle_chart(
    labels: Sequence[str], sessions: Sequence[int], statuses: Sequence[Sequence[str | None]]
) -> str:
    """One row per bug, one cell per session, coloured by the bug's status at the end of that session."""
    fig = _figure(height=max(1.6, 0.45 * len(labels) + 1.2))
    ax = fig.add_subplot()
    for row, row_statuses in enumerate(statuses):
        for col, status in enumerate(row_statuses):
            if status is not None:
                ax.barh(row, 0.92, left=col + 0.04, color=COLOURS.get(status, COLOURS["error"]), height=0.7)
    ax.set_yticks(range(len(labels)), labels)
    ax.set_xticks([i + 0.5 for i in range(len(sessions))], [f"session {n}" for n in sessions])
    ax.set_xlim(0, len(sessions))
    ax.invert_yaxis()
    ax.spines[["top", "right", "left"]].set_visible(False)
    ax.tick_params(axis="y", length=0)
    shown = ("open", "patched", "verified_fixed", "regressed", "fixed_elsewhere")
    present = [s for s in shown if any(s in r for r in statuses)]
    _legend(fig, ax, handles=[Patch(color=COLOURS[s], label=s.replace("_", " ")) for s in present])
    ax.set_title("Bug lifecycle (status at the end of each session)")
    return svg(fig, "lifecycle")


@styled
def trend_chart(game: str, dates: Sequence[str], series: Mapping[str, Sequence[int]]) -> str:
    """Points in run order; two runs on one date stay two points (a categorical axis would merge them)."""
    fig = _figure()
    ax = fig.add_subplot()
    colours = {"open": COLOURS["open"], "found": COLOURS["discovered"], "fixed": COLOURS["fixed"]}
    colours["regressed"] = COLOURS["regressed"]
    x = list(range(len(dates)))
    for name, values in series.items():
        ax.plot(x, list(values), marker="o", label=name, color=colours.get(name))
    step = max(1, len(dates) // 8)
    ax.set_xticks(x[::step], list(dates)[::step], rotation=30, ha="right")
    _style(ax, "bugs")
    ax.set_ylim(bottom=0)
    _legend(fig, ax)
    ax.set_title(f"{game}: nightly trend")
    return svg(fig, f"trend-{game}")

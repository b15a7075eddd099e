"""bench/results/summary.md from the benchmarks' JSON results: one table, every number beside its baseline."""

from __future__ import annotations

from bench.result import BenchResult, Metric


def _number(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:,.3g}" if abs(value) < 100 else f"{value:,.0f}"


def _row(bench: str, item: Metric) -> str:
    met = {True: "yes", False: "**no**", None: "-"}[item.met]
    baseline = f"{_number(item.baseline)} ({item.baseline_label})" if item.baseline is not None else "-"
    ratio = f"{item.ratio:.2f}x" if item.ratio is not None else "-"
    name = f"{item.name} [{bench}]"
    if item.note:
        name += f" - {item.note}"
    value = f"{_number(item.value)} {item.unit}"
    return f"| {name} | {value} | {baseline} | {ratio} | {item.target or '-'} | {met} |"


def render_summary(results: list[BenchResult], header: dict[str, str], failures: dict[str, str]) -> str:
    lines = ["# Benchmarks", ""]
    lines += [f"- {key}: {value}" for key, value in header.items()]
    lines += [
        "",
        "Every number is measured in the same run as its baseline; ratio = value / baseline. Targets are",
        "reported, never asserted. Details (samples, breakdowns, per-loop outcomes) are in `<bench>.json`.",
        "",
        "| metric [bench] | value | baseline | ratio | target | met? |",
        "|---|---|---|---|---|---|",
    ]
    for result in results:
        lines += [_row(result.bench, item) for item in result.metrics]
    lines += ["", "| bench | seconds | result file |", "|---|---|---|"]
    lines += [f"| {r.bench} | {r.seconds:.0f} | [{r.bench}.json]({r.bench}.json) |" for r in results]
    if failures:
        lines += ["", "## Failed", ""]
        lines += [f"- {name}: {reason}" for name, reason in failures.items()]
    return "\n".join(lines) + "\n"

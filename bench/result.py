"""What every benchmark prints: one JSON object of metrics, each with a baseline measured in the same run.

A benchmark module exposes `main(argv) -> BenchResult`-printing entry through `emit`; `run_all` collects the
objects into bench/results/<name>.json and the summary table. No metric is ever asserted: targets are
reported as met or not.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, Field


class Metric(BaseModel):
    name: str
    value: float | None
    unit: str
    baseline: float | None = None
    baseline_label: str = ""
    ratio: float | None = Field(default=None, description="value / baseline")
    target: str = ""
    met: bool | None = None
    note: str = ""


class BenchResult(BaseModel):
    bench: str
    smoke: bool
    seconds: float = 0.0
    params: dict[str, Any] = {}
    metrics: list[Metric] = []
    details: dict[str, Any] = {}


def metric(
    name: str,
    value: float | None,
    unit: str,
    baseline: float | None = None,
    baseline_label: str = "",
    *,
    target: str = "",
    met: bool | None = None,
    note: str = "",
) -> Metric:
    value, baseline = _significant(value), _significant(baseline)
    ratio = round(value / baseline, 3) if value is not None and baseline else None
    return Metric(
        name=name,
        value=value,
        unit=unit,
        baseline=baseline,
        baseline_label=baseline_label,
        ratio=ratio,
        target=target,
        met=met,
        note=note,
    )


def _significant(number: float | None, digits: int = 4) -> float | None:
    """Four significant digits: enough for any timing here, and the ratio stays value / baseline as shown."""
    return None if number is None else float(f"{number:.{digits}g}")


def timed(action: Callable[[], Any]) -> tuple[float, Any]:
    started = time.perf_counter()
    result = action()
    return time.perf_counter() - started, result


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def p95_ms(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[max(0, int(len(ordered) * 0.95) - 1)] * 1000


def parser(description: str) -> argparse.ArgumentParser:
    made = argparse.ArgumentParser(description=description)
    made.add_argument("--smoke", action="store_true", help="tiny sizes: checks the benchmark runs, not speed")
    return made


def emit(result: BenchResult, started: float) -> None:
    result.seconds = round(time.perf_counter() - started, 2)
    json.dump(result.model_dump(mode="json"), sys.stdout, indent=2)
    sys.stdout.write("\n")

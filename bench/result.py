"""What every benchmark prints: one JSON object of metrics, each with a baseline measured in the same run.

A benchmark module exposes `main(argv) -> BenchResult`-printing entry through `emit`; `run_all` collects the
objects into bench/results/<name>.json and the summary table. No metric is ever asserted: targets are
reported as met or not.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
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


class Measured(BaseModel):
    """When, on what code and on which machine a result was measured: a number without these is not kept."""

    date: str
    commit: str
    machine: str


def _git(*args: str) -> str:
    try:
        done = subprocess.run(["git", *args], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout.strip()


def measured_here() -> Measured:
    commit = _git("rev-parse", "--short=12", "HEAD")
    dirty = "+changes" if commit and _git("status", "--porcelain", "--untracked-files=no") else ""
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    machine = (
        f"{platform.machine()}, {os.cpu_count()} cores, load {load:.1f} at the end, "
        f"Python {platform.python_version()}"
    )
    return Measured(
        date=datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        commit=(commit + dirty) or "unknown",
        machine=machine,
    )


class BenchResult(BaseModel):
    bench: str
    smoke: bool
    measured: Measured | None = None
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
    result.measured = measured_here()
    json.dump(result.model_dump(mode="json"), sys.stdout, indent=2)
    sys.stdout.write("\n")

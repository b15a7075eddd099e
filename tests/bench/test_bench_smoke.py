"""`python -m bench --smoke` runs every benchmark at tiny sizes and writes results whose shape a reader can
trust: one JSON per benchmark, every number with its baseline and ratio, and the summary table. No timing is
asserted here (timings live in bench/results/, measured by `make bench`)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bench.result import BenchResult
from bench.run_all import BENCHES

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_smoke_run_writes_every_benchmark_result_and_the_summary_table(tmp_path: Path):
    out = tmp_path / "results"
    done = subprocess.run(
        [sys.executable, "-m", "bench", "--smoke", "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stderr[-3000:]

    summary = (out / "summary.md").read_text()
    assert "| metric [bench] | value | baseline | ratio | target | met? |" in summary
    assert "mode: smoke" in summary
    for name in BENCHES:
        raw = json.loads((out / f"{name}.json").read_text())
        result = BenchResult.model_validate(raw)
        assert result.bench == name and result.smoke is True
        assert result.metrics, f"{name} reported no metric"
        assert f"[{name}.json]({name}.json)" in summary
        for item in result.metrics:
            assert item.baseline is not None and item.baseline_label, f"{name}: {item.name} has no baseline"
            assert item.value is not None
            assert item.ratio == pytest.approx(item.value / item.baseline, rel=0.002, abs=0.001)
            assert (item.met is None) == (not item.target), f"{name}: {item.name} target/met disagree"
            assert f"{item.name} [{name}]" in summary

"""`closed-loop games validate crawl`: the whole proof on real CRAWL builds."""

from __future__ import annotations

import pytest

from flows.cli import main
from games.catalogue import load_game
from loop.contract.benchmark import Benchmark

pytestmark = pytest.mark.slow


def test_validate_crawl_proves_every_bug_both_ways(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "validate", "crawl", "--backend", "process"]) == 0
    lines = capsys.readouterr().out.splitlines()
    for bug in Benchmark(load_game("crawl")).bugs:
        row = next(line for line in lines if line.startswith(f"{bug.id} "))
        assert row.endswith("present  absent   absent   ok"), row
    assert "walkthrough: shipped wins, all gold wins  ok" in lines
    assert "crawl: valid (backend process)" in lines

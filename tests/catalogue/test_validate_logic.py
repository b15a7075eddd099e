"""`closed-loop games validate logic`: the whole proof on real LOGIC builds."""

from __future__ import annotations

import pytest

from flows.cli import main
from games.catalogue import load_game
from loop.contract.benchmark import Benchmark

pytestmark = pytest.mark.slow


def test_validate_logic_proves_every_bug_both_ways(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "validate", "logic", "--backend", "process"]) == 0
    lines = capsys.readouterr().out.splitlines()
    for bug in Benchmark(load_game("logic")).bugs:
        row = next(line for line in lines if line.startswith(f"{bug.id} "))
        assert row.endswith("present  absent   absent   ok"), row
    assert "walkthrough: shipped wins, all gold wins  ok" in lines
    assert "logic: valid (backend process)" in lines

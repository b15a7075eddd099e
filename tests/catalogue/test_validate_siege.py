"""`closed-loop games validate siege`: every SIEGE bug shown both ways, on real builds."""

from __future__ import annotations

import pytest

from flows.cli import main

pytestmark = pytest.mark.slow


def test_validate_siege_passes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "validate", "siege", "--backend", "process"]) == 0
    out = capsys.readouterr().out
    for bug in ("BUG-1", "BUG-2", "BUG-3", "BUG-4", "BUG-5"):
        assert f"[shipped] probe {bug}: present" in out
    assert "walkthrough: shipped wins, all gold wins  ok" in out
    assert "siege: valid (backend process)" in out

"""The explorer on CASTLE in a real process sandbox: two generic-oracle bugs as shipped, nothing once fixed.

Only this test reads CASTLE's benchmark (to apply the gold patches); the explorer never does.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from loop.contract.game_client import GameClient
from loop.qa import get_qa_agent
from loop.replay.report_replay import replay_report

from .conftest import running_catalogue

pytestmark = pytest.mark.slow
STEPS = 600


@contextmanager
def running_castle(workspace: Path, *, gold: bool) -> Iterator[tuple[GameClient, str]]:
    with running_catalogue("castle", workspace, gold=gold) as (_, _, client, commit):
        yield client, commit


def explore(client: GameClient, commit: str, out_dir: Path, seed: int = 0):
    agent = get_qa_agent("explorer")
    return agent.run_session(client, build_commit=commit, steps=STEPS, seed=seed, out_dir=out_dir)


def test_explorer_finds_both_description_bugs_in_shipped_castle(tmp_path):
    with running_castle(tmp_path / "shipped", gold=False) as (client, commit):
        result = explore(client, commit, tmp_path / "out")
        reports = {report.oracle: report for report in result.reports}
        assert len(result.reports) == 2, [r.title for r in result.reports]

        dropped = reports["description-vs-state"]
        assert dropped.oracle_subject == "drop"
        taken, dropped_cmd = dropped.repro[-2:]
        assert taken.startswith("take ") and dropped_cmd == "drop " + taken[5:]
        assert len(dropped.repro) <= 4  # a room to walk to, an item to carry there

        phantom = reports["description-vs-interaction"]
        item = phantom.oracle_subject
        assert phantom.repro[-1] == f"take {item}" and len(phantom.repro) <= 4
        assert item in phantom.evidence

        for report in result.reports:
            assert replay_report(report, client).anomaly_present
    with running_castle(tmp_path / "fixed", gold=True) as (fixed_client, _):
        for report in result.reports:
            assert not replay_report(report, fixed_client).anomaly_present, report.title


@pytest.mark.parametrize("seed", [0, 1])
def test_explorer_reports_nothing_on_gold_patched_castle(tmp_path, seed):
    with running_castle(tmp_path / "gold", gold=True) as (client, commit):
        result = explore(client, commit, tmp_path / "out", seed=seed)
    assert result.reports == [], [(r.title, r.repro, r.observed) for r in result.reports]
    assert result.steps == STEPS

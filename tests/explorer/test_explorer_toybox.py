"""The explorer on a real toy game: it finds planted bugs with minimal repros, accuses nothing else."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from loop.contract.models import read_reports
from loop.qa import get_qa_agent, write_session
from loop.replay.report_replay import replay_report
from loop.trace import read_trace

from .conftest import running_toybox

pytestmark = pytest.mark.slow
ALL_BUGS = "crash,dupe,oneway,ghost"


def session(client, commit, out_dir: Path, steps: int = 1500, seed: int = 0):
    return get_qa_agent("explorer").run_session(
        client, build_commit=commit, steps=steps, seed=seed, out_dir=out_dir
    )


def test_explorer_reports_nothing_on_the_clean_toy_game(clean_toybox, tmp_path):
    client, commit = clean_toybox
    result = session(client, commit, tmp_path)
    assert result.reports == []
    assert result.steps == 1500 and result.games_started > 1
    assert result.tokens == 0 and result.cost_usd == 0.0


def test_explorer_finds_each_planted_bug_with_a_minimal_repro(buggy_toybox, tmp_path):
    client, commit = buggy_toybox
    result = session(client, commit, tmp_path)
    by_oracle = {report.oracle: report for report in result.reports}
    assert by_oracle["server-error"].repro == ["examine statue"]
    assert by_oracle["symmetry"].repro == ["go east", "go west"]
    dupe = by_oracle["item-conservation"]
    # 1-minimal: the planted bug needs the garden, reached by 'go north' or through the one-way door
    assert dupe.repro[-1].startswith("drop ") and "take " + dupe.repro[-1][5:] in dupe.repro
    assert len(dupe.repro) <= 5  # e.g. east, open crate, take coin, west through the one-way door, drop
    ghost = by_oracle["description-vs-interaction"]
    assert ghost.oracle_subject == "spade" and ghost.repro[:2] == ["go east", "take spade"]
    assert (
        ghost.repro[-2:] == ["go east", "take spade"]
        and "drop spade" in ghost.repro
        and len(ghost.repro) <= 7
    )
    assert len(result.reports) == 4, [r.title for r in result.reports]
    for report in result.reports:
        assert report.build_commit == commit and report.source == "explorer"
        assert report.evidence and report.expected and report.observed and 0 < report.confidence <= 1
    assert len({r.fingerprint for r in result.reports}) == 4


def test_same_seed_gives_the_same_session(buggy_toybox, tmp_path):
    client, commit = buggy_toybox
    first = session(client, commit, tmp_path / "a", steps=400, seed=7)
    second = session(client, commit, tmp_path / "b", steps=400, seed=7)
    commands = [[e.command for e in read_trace(r.trace_path) if e.kind == "step"] for r in (first, second)]
    assert commands[0] == commands[1]
    assert [r.repro for r in first.reports] == [r.repro for r in second.reports]


def test_trace_has_one_line_per_step_and_reports_are_written(buggy_toybox, tmp_path):
    client, commit = buggy_toybox
    result = session(client, commit, tmp_path, steps=300)
    events = read_trace(result.trace_path)
    steps = [e for e in events if e.kind == "step" and e.command is not None or e.kind == "probe"]
    assert len(steps) == result.steps  # every step of the budget once: a command, or an API-contract probe
    assert any(e.kind == "probe" for e in steps)
    assert all(e.game_id and e.latency_ms >= 0 for e in steps)
    session_file, reports_file = write_session(result, tmp_path / "out")
    saved = json.loads(session_file.read_text())
    assert len(saved["reports"]) == len(result.reports) > 0
    assert read_reports(reports_file) == result.reports  # the file `closed-loop repair --reports` reads


def test_replay_tells_a_buggy_build_from_a_fixed_one(buggy_toybox, tmp_path):
    client, commit = buggy_toybox
    reports = session(client, commit, tmp_path).reports
    assert reports
    with running_toybox(tmp_path / "fixed") as (fixed_client, _):
        for report in reports:
            still = replay_report(report, client)
            fixed = replay_report(report, fixed_client)
            assert still.anomaly_present, (report.title, still.detail)
            assert not fixed.anomaly_present, (report.title, fixed.detail)
            assert [command for command, _ in fixed.transcript[1:]] == report.repro
            assert still.crashed == (report.oracle == "server-error")


def test_state_shared_between_games_is_reported_as_non_determinism(tmp_path):
    with running_toybox(tmp_path / "leaky", "leak") as (client, commit):
        result = session(client, commit, tmp_path / "out", steps=600)
        [report] = result.reports
        assert report.oracle == "determinism" and report.bug_type == "non-determinism"
        assert report.repro == ["go north"]
        assert replay_report(report, client).anomaly_present

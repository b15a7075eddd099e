"""The explorer on a game written unlike the catalogue (tests/fixtures/games/bazaar): a help text in the
'take/pick up + item - Pick up an item' style, items named in prose by plurals and adjectives, a wallet and
a merchant. Clean, it must raise no alarm and still spend its whole budget; with planted bugs (a sale that
pays less than it says, a stock shared by every game on the server) it must report both, and each report
must replay."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from games.catalogue import load_game
from loop.contract.game import materialize
from loop.contract.game_client import GameClient
from loop.qa import QASessionResult, get_qa_agent
from loop.replay.report_replay import replay_report
from loop.sandbox import BuildSpec, get_provider
from loop.trace import read_trace

BAZAAR = Path(__file__).resolve().parents[1] / "fixtures" / "games" / "bazaar"
STEPS = 400


@contextmanager
def running_bazaar(workspace: Path, bugs: str) -> Iterator[tuple[GameClient, str]]:
    game = load_game(BAZAAR)
    repo_dir, commit = materialize(game, workspace)
    spec = BuildSpec(repo_dir=repo_dir, manifest=game.manifest, commit=commit, env={"BAZAAR_BUGS": bugs})
    with get_provider("process").start(spec, ready_timeout=30) as build, GameClient(build.url) as client:
        yield client, commit


def explore(client: GameClient, commit: str, out: Path, seed: int = 0, steps: int = STEPS) -> QASessionResult:
    return get_qa_agent("explorer").run_session(
        client, build_commit=commit, steps=steps, seed=seed, out_dir=out
    )


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 1])
def test_clean_bazaar_gives_no_false_alarm_and_uses_the_whole_budget(tmp_path: Path, seed: int):
    with running_bazaar(tmp_path / "clean", "") as (client, commit):
        result = explore(client, commit, tmp_path / "qa", seed)
    assert result.reports == [], [(r.title, r.repro) for r in result.reports]
    assert result.steps == STEPS, result.stopped_because
    # The coverage report: all four places, and the states and commands behind them.
    assert result.counts["places_seen"] == 4 and result.counts["states_seen"] >= 10, result.counts
    assert result.counts["templates_played"] >= result.counts["templates_learned"] - 2, result.counts
    commands = {e.command for e in read_trace(result.trace_path) if e.command}
    # It learned the foreign help text: the multi-word alias and the '+ item' arguments were played.
    assert any(c.startswith(("pick up ", "put down ")) for c in commands), sorted(commands)[:40]
    assert "go north" in commands and {"buy lamp", "buy rope"} & commands, sorted(commands)[:40]


@pytest.mark.slow
def test_buggy_bazaar_reports_the_short_payment_and_the_shared_stock(tmp_path: Path):
    with running_bazaar(tmp_path / "buggy", "price,stock") as (client, commit):
        result = explore(client, commit, tmp_path / "qa", steps=2 * STEPS)
    by_oracle = {report.oracle: report for report in result.reports}
    assert {"reply-vs-delta", "restart-leak"} <= set(by_oracle), [r.title for r in result.reports]
    assert "coins" in by_oracle["reply-vs-delta"].title
    assert "stock" in by_oracle["restart-leak"].title
    # Each report replays on a fresh server: the anomaly shows again from its repro alone.
    with running_bazaar(tmp_path / "replay", "price,stock") as (client, _):
        for report in result.reports:
            assert replay_report(report, client).anomaly_present, report.title


@pytest.mark.slow
def test_buggy_bazaar_reports_a_load_that_forgets_the_floor_and_a_ware_dearer_than_listed(tmp_path: Path):
    """Two bugs no oracle names: 'load' after 'save' brings back everything but what was taken since (the
    explorer must think of trying 'load' after a new kind of change), and a ware costs more than the
    merchant's list says (the explorer must take the listed names for things to buy). Two sessions, as a
    nightly run would have them: a session finds each of them about three times in five."""
    reports = []
    for seed in (0, 1):
        with running_bazaar(tmp_path / f"buggy-{seed}", "save,rope") as (client, commit):
            reports += explore(client, commit, tmp_path / f"qa-{seed}", seed, steps=2 * STEPS).reports
    by_oracle = {report.oracle: report for report in reports}
    assert {"undo-restores", "listed-price"} <= set(by_oracle), [r.title for r in reports]
    assert "load" in by_oracle["undo-restores"].title and "rope" in by_oracle["listed-price"].title
    with running_bazaar(tmp_path / "replay", "save,rope") as (client, _):
        for report in reports:
            assert replay_report(report, client).anomaly_present, report.title

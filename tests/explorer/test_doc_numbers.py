"""QA mode on real catalogue builds in a process sandbox: the doc-numbers oracle holds a game to the numbers
its design doc states, the judge replays such a report without the doc, and player mode reads no doc.

Only this test reads the benchmark (to apply the gold patches); the explorer reads the game's repository.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from loop.contract.game import Game
from loop.contract.game_client import GameClient
from loop.qa import get_qa_agent
from loop.qa_agents.explorer.doc_oracle import DocNumbersOracle
from loop.qa_agents.explorer.docs import doc_knowledge
from loop.replay.report_replay import replay_report
from loop.replay.transcript import play
from loop.trace import read_trace

from .conftest import running_catalogue

pytestmark = pytest.mark.slow


def explore(game: Game, repo_dir: Path, client: GameClient, commit: str, out: Path, mode: str, steps: int):
    agent = get_qa_agent("explorer")
    agent.prepare(game, repo_dir, mode)
    return agent.run_session(client, build_commit=commit, steps=steps, seed=0, out_dir=out)


def test_a_unit_that_costs_more_than_the_doc_states_is_reported_and_judged_without_the_doc(tmp_path):
    with running_catalogue("siege", tmp_path / "shipped", gold=False) as (game, repo_dir, client, commit):
        result = explore(game, repo_dir, client, commit, tmp_path / "qa", "qa", 400)
        doc_reports = [r for r in result.reports if r.oracle == DocNumbersOracle.name]
        assert [(r.repro, r.oracle_subject) for r in doc_reports] == [
            (["train archer"], "cost|archer|gold|12")
        ]
        assert "30 -> 15" in doc_reports[0].observed
        assert replay_report(doc_reports[0], client).anomaly_present  # the judge's oracle has no doc
    with running_catalogue("siege", tmp_path / "gold", gold=True) as (game, repo_dir, client, commit):
        assert not replay_report(doc_reports[0], client).anomaly_present
        result = explore(game, repo_dir, client, commit, tmp_path / "qa-gold", "qa", 400)
        assert [r for r in result.reports if r.oracle == DocNumbersOracle.name] == []


@pytest.mark.parametrize("gold", [False, True])
def test_a_price_below_the_documented_floor_breaks_the_doc_and_a_sale_price_under_it_does_not(tmp_path, gold):
    with running_catalogue("colony", tmp_path / "build", gold=gold) as (game, repo_dir, client, _):
        oracle = DocNumbersOracle(doc_knowledge(game, repo_dir).numbers)
        steps = play(client, ["sell wood 1"] * 4)
        assert steps[-1].state["prices"]["wood"]["sell"] < 2  # the sale price sits under the bound either way
        anomaly = oracle.first(steps, "below|prices||2")
    if gold:
        assert anomaly is None
    else:
        assert anomaly is not None and anomaly.step_index == 3  # the third sale took the price to 1
        assert "prices.wood.buy" in anomaly.title


def test_player_mode_reads_no_doc_and_qa_mode_plays_what_the_doc_shows(tmp_path):
    with running_catalogue("siege", tmp_path / "shipped", gold=False) as (game, repo_dir, client, commit):
        doc = repo_dir / game.manifest.qa_docs[0]
        doc.write_text(doc.read_text() + "\nWhen in doubt, `ponder`.\n")
        get_qa_agent("explorer").prepare(game, tmp_path / "no-such-repo", "player")  # reads nothing
        typed = {}
        for mode in ("player", "qa"):
            explore(game, repo_dir, client, commit, tmp_path / mode, mode, 300)
            typed[mode] = {e.command for e in read_trace(tmp_path / mode / "trace.jsonl") if e.command}
    assert "ponder" in typed["qa"] and "ponder" not in typed["player"]
    assert "move u1 b3" in typed["qa"]  # the walkthrough's first move seeds a game

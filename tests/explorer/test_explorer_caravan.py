"""The explorer on a game in habits unlike the catalogue's (tests/fixtures/games/caravan): quoted and
marked-up item names, unit prices a quantity multiplies, distances that depend on the town, a cellar that
goes dark when its lamp is put down. Clean, its oracles' suspicions are explained away by their experiments
and counted, never reported; with planted bugs (healing past max_hp in a list of party members, a good that
silently leaves a dict of counts on every journey) the strong invariants report both, and each replays."""

from __future__ import annotations

from contextlib import AbstractContextManager
from pathlib import Path

import pytest

from loop.contract.game_client import GameClient
from loop.qa import QASessionResult, get_qa_agent
from loop.qa_agents.explorer.conservation import ItemConservationOracle
from loop.qa_agents.explorer.findings import ExplainedAway, Finding, shrink_and_confirm
from loop.qa_agents.explorer.oracles import DescriptionInteractionOracle
from loop.replay.report_replay import replay_report
from loop.replay.transcript import play
from loop.trace import read_trace
from tests.explorer.conftest import running_fixture

STEPS = 600


def running_caravan(workspace: Path, bugs: str = "") -> AbstractContextManager[tuple[GameClient, str]]:
    return running_fixture("caravan", workspace, {"CARAVAN_BUGS": bugs})


def explore(client: GameClient, commit: str, out: Path, seed: int) -> QASessionResult:
    return get_qa_agent("explorer").run_session(
        client, build_commit=commit, steps=STEPS, seed=seed, out_dir=out
    )


def finding(oracle, client: GameClient, commands: list[str]) -> Finding:
    steps = play(client, commands)
    [anomaly] = [a for end in range(1, len(steps) + 1) for a in oracle.judge(steps[:end], set())]
    return Finding(anomaly, commands)


@pytest.mark.slow
def test_a_lamp_put_down_in_the_dark_is_explained_away_not_reported_as_vanished(tmp_path: Path):
    with running_caravan(tmp_path / "game") as (client, commit):
        oracle = ItemConservationOracle()
        # The cellar goes dark: the state stops showing the floor, lamp and tin cup alike.
        dark = finding(oracle, client, ["take oil lamp", "down", "drop oil lamp"])
        explained = shrink_and_confirm(dark, oracle, client, build_commit=commit)
        assert isinstance(explained, ExplainedAway) and "stopped showing tin cup" in explained.why
        # The tin cup taken first, the dark floor hides only the lamp: it can be taken back.
        alone = finding(oracle, client, ["take oil lamp", "down", "take tin cup", "drop oil lamp"])
        explained = shrink_and_confirm(alone, oracle, client, build_commit=commit)
        assert isinstance(explained, ExplainedAway), explained
        # Taken in the dark where nothing shows: dropped back, it does not show either.
        taken = finding(DescriptionInteractionOracle(), client, ["down", "take tin cup"])
        explained = shrink_and_confirm(taken, DescriptionInteractionOracle(), client, build_commit=commit)
        assert isinstance(explained, ExplainedAway) and "hides what it holds" in explained.why


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 1])
def test_clean_caravan_raises_no_false_alarm_and_counts_what_was_explained_away(tmp_path: Path, seed: int):
    with running_caravan(tmp_path / "game") as (client, commit):
        result = explore(client, commit, tmp_path / "qa", seed)
    assert result.reports == [], [(r.title, r.repro) for r in result.reports]
    assert result.steps == STEPS, result.stopped_because
    played = {e.command for e in read_trace(result.trace_path) if e.command}
    # The habits were met: a quantity bought after the list, a journey after the routes, the lamp put down.
    assert any(c.startswith("buy ") and c.split()[-1].isdigit() and c.split()[-1] != "1" for c in played)
    assert {"prices", "routes", "drop oil lamp"} <= played and any(c.startswith("travel ") for c in played)
    explained = [e for e in read_trace(result.trace_path) if e.kind == "explained"]
    assert result.counts["explained_away"] == len(explained) > 0, result.counts
    assert result.counts["explained_away"] == sum(
        v for k, v in result.counts.items() if k.startswith("explained_away.")
    )


@pytest.mark.slow
def test_buggy_caravan_reports_hp_past_max_hp_and_a_good_that_silently_vanishes(tmp_path: Path):
    with running_caravan(tmp_path / "game", "heal,spill") as (client, commit):
        result = explore(client, commit, tmp_path / "qa", seed=0)
        by_oracle = {r.oracle: r for r in result.reports}
        assert set(by_oracle) == {"bounds", "count-conservation"}, [
            (r.title, r.repro) for r in result.reports
        ]
        assert by_oracle["bounds"].oracle_subject == "party[you].hp"
        assert by_oracle["count-conservation"].oracle_subject.endswith("salt disappears")
        # Invariants come first in the session's reports, and each replays on a new game.
        for report in result.reports:
            assert replay_report(report, client).anomaly_present, report.title

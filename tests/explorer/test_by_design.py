"""Three things a game does by design that are not bugs, on real games in the process sandbox:
- a timetable's hours are no prices (`bench/holdout/saltmarsh`): the listed-price claim is explained away by
  its experiment (no other thing of the list is bought at its listed price), not reported;
- a look that takes a turn outdoors, where every turn costs warmth (`bench/holdout/cinderpath`, every gold
  patch applied): the warmth is the turn's doing, not the look's;
- a new day that renews an allowance (`tests/fixtures/games/almanac`): the rations that reappear are the new
  stage's, not a conservation break;
- a notice of the clock and a list of what is sold (`bench/holdout/anvilmere`, shipped and every gold patch
  applied): 'Order 4 posted ..., due turn 36' is no statement of the turn's change (a clock's number ahead of
  the clock is a deadline), and a refusal that lists 'coal 1 coin, hammer 6 coins' quotes no price of coal
  at 6; the crash of delivering from an empty rack is still found;
- pay docked below zero by a reply that says by how much (`bench/holdout/pigeonhole`, every gold patch
  applied): no bounds bug; and a `note` that takes free text (`bench/holdout/fogbell`, every gold patch
  applied): `note -99999` counting one note is no argument echo (its experiment, `note zz`, explains it).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from games.catalogue import load_game
from loop.qa import get_qa_agent
from loop.trace import read_trace
from tests.explorer.conftest import FIXTURES, explore, running_catalogue

pytestmark = pytest.mark.slow

HOLDOUT = Path(__file__).resolve().parents[2] / "bench" / "holdout"


def test_a_timetable_is_no_price_list(tmp_path: Path) -> None:
    result = explore(load_game(HOLDOUT / "saltmarsh"), tmp_path, steps=1500)
    titles = [report.title for report in result.reports if report.oracle == "listed-price"]
    assert titles == []
    # the timetable's hours and fuel were paid on trips (explained away, or a trip that names its amount)
    done = [
        e.command for e in read_trace(result.trace_path) if e.command and (e.observation or {}).get("success")
    ]
    trips = [c for c in done if c.startswith(("sail ", "go "))]
    assert trips and "ledger" in done, done[:40]


def test_a_look_that_takes_a_turn_is_not_blamed_for_the_turn(tmp_path: Path) -> None:
    game = load_game(HOLDOUT / "cinderpath")
    with running_catalogue(str(game.root), tmp_path, gold=True) as (_, _, client, commit):  # no bug left
        result = get_qa_agent("explorer").run_session(
            client, build_commit=commit, steps=1500, seed=0, out_dir=tmp_path / "qa"
        )
    played = [event.command for event in read_trace(result.trace_path) if event.command]
    assert "look" in played and "north" in played
    assert [r.title for r in result.reports if r.oracle == "query-changes-nothing"] == []


def test_a_new_day_that_renews_an_allowance_is_no_conservation_break(tmp_path: Path) -> None:
    result = explore(load_game(FIXTURES / "almanac"), tmp_path, steps=300)
    played = [event.command for event in read_trace(result.trace_path) if event.command]
    assert "rest" in played and any(command.startswith("eat ") for command in played), played[:40]
    assert [r.title for r in result.reports if r.oracle and "conservation" in r.oracle] == []


@pytest.mark.parametrize("gold", [False, True], ids=["shipped", "gold"])
def test_a_notice_of_the_clock_and_a_list_of_wares_are_no_claims(tmp_path: Path, gold: bool) -> None:
    game = load_game(HOLDOUT / "anvilmere")
    with running_catalogue(str(game.root), tmp_path, gold=gold) as (_, _, client, commit):
        result = get_qa_agent("explorer").run_session(
            client, build_commit=commit, steps=1500, seed=2, out_dir=tmp_path / "qa"
        )
    alarms = [r.title for r in result.reports if r.oracle in ("reply-vs-delta", "listed-price")]
    assert alarms == []
    replies = [str(e.observation.get("message", "")) for e in read_trace(result.trace_path)]
    notices = [reply for reply in replies if "due turn" in reply]
    assert notices, "the session never posted an order: nothing was tested"
    if not gold:
        crashes = [r.repro for r in result.reports if r.oracle == "server-error"]
        assert any(c.startswith("deliver") for repro in crashes for c in repro), crashes


# The seed is one whose session plays the command in question (the fuzzer's odd arguments take turns).
@pytest.mark.parametrize("name,oracle,seed", [("pigeonhole", "bounds", 0), ("fogbell", "argument-echo", 2)])
def test_a_stated_docking_and_a_free_text_note_are_no_bugs(
    tmp_path: Path, name: str, oracle: str, seed: int
) -> None:
    game = load_game(HOLDOUT / name)
    with running_catalogue(str(game.root), tmp_path, gold=True) as (_, _, client, commit):  # no bug left
        result = get_qa_agent("explorer").run_session(
            client, build_commit=commit, steps=1500, seed=seed, out_dir=tmp_path / "qa"
        )
    assert [r.title for r in result.reports if r.oracle == oracle] == []
    played = [e.command for e in read_trace(result.trace_path) if e.command]
    assert ("close" if name == "pigeonhole" else "note -99999") in played, played[:60]

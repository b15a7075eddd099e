"""The rules engine, played command by command."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from vintry.game import GOAL_CASH, HELP_TEXT, START_CASH, Vineyard

WALKTHROUGH = Path(__file__).resolve().parents[1] / "docs" / "walkthrough.md"


def play(game: Vineyard, *commands: str) -> None:
    for command in commands:
        reply = game.command(command)
        assert reply.success, f"{command!r} refused: {reply.message}"


def entity(game: Vineyard, kind: str, number: int = 1) -> dict:
    found = game.find(kind, number)
    assert found is not None
    return found


@pytest.fixture
def game() -> Vineyard:
    return Vineyard()


def test_new_season(game: Vineyard) -> None:
    state = game.state()
    assert state["day"] == 1
    assert state["cash"] == START_CASH
    assert state["won"] is False and state["game_over"] is False
    kinds = [e["type"] for e in state["entities"]]
    assert kinds.count("row") == 6
    assert kinds.count("crew") == 3
    assert kinds.count("vat") == 3
    assert kinds.count("barrel") == 5
    assert kinds.count("buyer") == 4
    assert {"press", "cellar", "weather"} <= set(kinds)


def test_help_is_one_paragraph_naming_every_verb(game: Vineyard) -> None:
    reply = game.command("help")
    assert reply.success
    assert "\n" not in reply.message
    for verb in ("PICK", "PRESS", "RACK", "BOTTLE", "SELL", "LOOK", "REST"):
        assert verb in reply.message
    assert "first three letters" in HELP_TEXT


def test_abbreviations_and_lowercase(game: Vineyard) -> None:
    assert game.command("pic row 1 with crew 1").success
    assert game.command("Pre 60 into vat 1").success
    assert game.command("loo vat 1").success
    assert game.command("res").success
    assert game.state()["day"] == 2


def test_unknown_verb_is_refused(game: Vineyard) -> None:
    reply = game.command("dance")
    assert not reply.success
    assert "HELP" in reply.message


def test_pick_takes_the_crews_rate_and_wage(game: Vineyard) -> None:
    play(game, "PICK ROW 1 WITH CREW 1")
    assert entity(game, "row", 1)["grapes_kg"] == 100
    assert game.crush_pad_kg == 60
    assert game.cash == START_CASH - 15
    assert entity(game, "crew", 1)["picked_today"] is True


def test_a_crew_picks_once_a_day(game: Vineyard) -> None:
    play(game, "PICK ROW 1 WITH CREW 2")
    reply = game.command("PICK ROW 1 WITH CREW 2")
    assert not reply.success
    play(game, "REST", "PICK ROW 1 WITH CREW 2")


def test_green_rows_are_refused(game: Vineyard) -> None:
    reply = game.command("PICK ROW 5 WITH CREW 1")
    assert not reply.success
    assert "green" in reply.message
    assert game.cash == START_CASH


def test_nobody_picks_in_the_rain(game: Vineyard) -> None:
    play(game, "REST", "REST", "REST")
    assert game.state()["day"] == 4
    assert entity(game, "weather")["today"] == "rain"
    reply = game.command("PICK ROW 1 WITH CREW 1")
    assert not reply.success


def test_rows_ripen_by_the_weather(game: Vineyard) -> None:
    play(game, "REST")  # a sunny day 1
    assert entity(game, "row", 2)["ripeness"] == 91
    play(game, "REST", "REST")  # sun, cloud
    assert entity(game, "row", 2)["ripeness"] == 96
    assert entity(game, "row", 1)["ripeness"] == 100


def test_press_makes_must_that_ferments_three_nights(game: Vineyard) -> None:
    play(game, "PICK ROW 1 WITH CREW 1", "PRESS 60 INTO VAT 1")
    vat = entity(game, "vat", 1)
    assert vat["litres"] == 42
    assert vat["status"] == "fermenting"
    assert vat["nights_left"] == 3
    assert game.crush_pad_kg == 0
    play(game, "REST", "REST")
    assert entity(game, "vat", 1)["status"] == "fermenting"
    play(game, "REST")
    assert entity(game, "vat", 1)["status"] == "ready"


def test_press_limits(game: Vineyard) -> None:
    play(game, "PICK ROW 1 WITH CREW 3")
    assert not game.command("PRESS 50 INTO VAT 1").success  # only 40 kg on the pad
    assert not game.command("PRESS 5 INTO VAT 1").success  # below one load
    assert not game.command("PRESS 40 INTO VAT 9").success
    play(game, "PRESS ALL INTO VAT 3")
    assert entity(game, "vat", 3)["litres"] == 28


def test_the_crush_pad_spoils_overnight(game: Vineyard) -> None:
    play(game, "PICK ROW 1 WITH CREW 1", "PICK ROW 1 WITH CREW 2", "REST")
    assert game.crush_pad_kg == 99


def test_cannot_rack_a_fermenting_vat(game: Vineyard) -> None:
    play(game, "PICK ROW 1 WITH CREW 1", "PRESS 60 INTO VAT 1")
    assert not game.command("RACK VAT 1 TO BARREL 1").success


def test_rack_bottle_and_sell(game: Vineyard) -> None:
    play(game, "PICK ROW 1 WITH CREW 1", "PICK ROW 1 WITH CREW 2", "PICK ROW 1 WITH CREW 3")
    play(game, "PRESS 150 INTO VAT 1", "REST", "REST", "REST", "RACK VAT 1 TO BARREL 1")
    assert entity(game, "vat", 1)["status"] == "empty"
    assert entity(game, "barrel", 1)["litres"] == 105
    assert not game.command("BOTTLE BARREL 1").success  # not rested yet
    play(game, "REST", "REST", "BOTTLE BARREL 1")
    assert entity(game, "cellar")["bottles"] == 140
    assert entity(game, "barrel", 1)["litres"] == 0
    cash = game.cash
    play(game, "SELL 40 TO BUYER 1")
    assert game.cash == cash + 40 * 6
    assert entity(game, "cellar")["bottles"] == 100


def test_buyers_only_buy_in_town(game: Vineyard) -> None:
    reply = game.command("SELL 10 TO BUYER 4")
    assert not reply.success


def test_look_at_things(game: Vineyard) -> None:
    assert "Day 1 of 14" in game.command("LOOK").message
    assert "Vat 2" in game.command("LOOK VAT 2").message
    assert "Harbour Inn" in game.command("LOOK BUYER 1").message
    assert "weather" in game.command("LOOK WEATHER").message


def test_season_ends_after_day_14(game: Vineyard) -> None:
    for _ in range(13):
        play(game, "REST")
    assert game.state()["day"] == 14
    play(game, "REST")
    assert game.game_over and not game.won
    assert not game.command("PICK ROW 1 WITH CREW 1").success
    assert game.command("LOOK").success


def walkthrough_commands() -> list[str]:
    return re.findall(r"^- `([^`]+)`", WALKTHROUGH.read_text(), flags=re.MULTILINE)


def test_the_walkthrough_wins(game: Vineyard) -> None:
    commands = walkthrough_commands()
    assert commands
    play(game, *commands)
    assert game.won and game.game_over
    assert game.cash >= GOAL_CASH

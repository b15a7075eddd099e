"""The rules of the case, played through `Case.handle` as a player would type them."""

from __future__ import annotations

import re
from pathlib import Path

from lanternhook.case import Case
from lanternhook.parser import parse
from lanternhook.prose import HELP

WALKTHROUGH = Path(__file__).resolve().parents[1] / "docs" / "walkthrough.md"


def play(*commands: str) -> Case:
    case = Case()
    for command in commands:
        case.handle(command)
    return case


def walkthrough() -> list[str]:
    return re.findall(r"^\d+\. `([^`]+)`", WALKTHROUGH.read_text(), flags=re.MULTILINE)


def test_the_walkthrough_solves_the_case() -> None:
    case = Case()
    for command in walkthrough():
        assert case.handle(command).success, command
    state = case.state()
    assert state["case"]["solved"] is True
    assert state["case"]["accused"] == "Jory Quill"
    assert state["case"]["over"] is True


def test_the_case_opens_on_the_quay_at_nine() -> None:
    state = Case().state()
    assert state["world"]["place"]["name"] == "the Quay"
    assert state["world"]["hour"] == 21
    assert state["sleuth"]["satchel"] == {"items": [], "weight": 0, "limit": 10}
    assert state["sleuth"]["notebook"]["clues"] == []


def test_moving_by_direction_and_by_name() -> None:
    case = play("north")
    assert case.state()["world"]["place"]["id"] == "market"
    assert case.handle("go to the chapel").success
    assert case.state()["world"]["place"]["id"] == "chapel"
    refused = case.handle("go to the pier")
    assert not refused.success
    assert case.state()["world"]["place"]["id"] == "chapel"


def test_a_refused_move_costs_no_time() -> None:
    case = Case()
    assert not case.handle("up").success
    assert case.state()["world"]["moves"] == 0


def test_the_clock_strikes_every_five_moves() -> None:
    case = play(*["west", "east"] * 2)
    assert case.state()["world"]["hour"] == 21
    reply = case.handle("west")
    assert case.state()["world"]["hour"] == 22
    assert "ten" in reply.message


def test_dark_places_hide_their_things_until_the_lantern_burns() -> None:
    case = play("south", "east")
    place = case.state()["world"]["place"]
    assert place["dark"] is True and place["items"] == []
    assert not case.handle("take page").success
    case = play("west", "take lantern", "take matches", "east", "south", "light lantern", "east")
    place = case.state()["world"]["place"]
    assert place["dark"] is False
    assert [item["name"] for item in place["items"]] == ["torn page"]


def test_the_lantern_burns_one_measure_a_move() -> None:
    case = play("west", "take lantern", "take matches", "light lantern", "east", "west", "east")
    lantern = case.state()["sleuth"]["satchel"]["items"][0]
    assert lantern == {"name": "lantern", "weight": 3, "lit": True, "oil": 7}
    case.handle("snuff lantern")
    case.handle("west")
    assert case.state()["sleuth"]["satchel"]["items"][0]["oil"] == 7


def test_the_oil_flask_fills_the_lantern_and_is_used_up() -> None:
    case = play("west", "take lantern", "take matches", "light lantern", "east", "north", "west")
    assert case.handle("take oil flask").success
    reply = case.handle("fill lantern")
    assert reply.success
    satchel = case.state()["sleuth"]["satchel"]
    assert [item["name"] for item in satchel["items"]] == ["lantern", "matches"]
    assert satchel["items"][0]["oil"] == 10
    assert satchel["weight"] == 4


def test_taking_adds_the_weight_of_the_thing() -> None:
    case = play("take lobster pot", "take float")
    satchel = case.state()["sleuth"]["satchel"]
    assert satchel["weight"] == 6
    assert [item["name"] for item in satchel["items"]] == ["lobster pot", "cork float"]


def test_a_load_over_the_limit_is_refused() -> None:
    case = play("west", "take oar", "take lantern")
    reply = case.handle("take coil of rope")
    assert not reply.success
    satchel = case.state()["sleuth"]["satchel"]
    assert satchel["weight"] == 9
    assert [item["name"] for item in satchel["items"]] == ["oar", "lantern"]


def test_dropping_puts_the_thing_in_the_place() -> None:
    case = play("take cork float", "west", "drop float")
    state = case.state()
    assert state["sleuth"]["satchel"]["items"] == []
    assert state["sleuth"]["satchel"]["weight"] == 0
    assert {"name": "cork float", "weight": 1} in state["world"]["place"]["items"]


def test_examining_evidence_notes_its_clue() -> None:
    case = play("east")
    reply = case.handle('examine "ledger"')
    assert reply.success
    assert "missing pages" in reply.message
    assert case.state()["sleuth"]["notebook"]["clues"] == ["missing pages"]


def test_answers_change_with_the_notebook() -> None:
    case = play("north", "north")
    case.handle("question hale")
    assert "broken alibi" not in case.state()["sleuth"]["notebook"]["clues"]
    case = play("north", "west", "question jory", "east", "north", "question the reverend")
    assert case.state()["sleuth"]["notebook"]["clues"] == ["Quill's alibi", "broken alibi"]


def test_accusing_without_proof_is_refused() -> None:
    case = play("north", "west")
    reply = case.handle("accuse quill")
    assert not reply.success
    assert case.state()["case"]["over"] is False


def test_a_wrong_accusation_loses_the_case() -> None:
    case = play("south")
    assert case.handle("accuse ned carrow").success
    state = case.state()
    assert state["case"] == state["case"] | {"accused": "Ned Carrow", "solved": False, "over": True}
    assert not case.handle("north").success


def test_someone_elsewhere_cannot_be_questioned() -> None:
    reply = Case().handle("question maud")
    assert not reply.success
    assert "Maud Trevelyan" in reply.message


def test_phrasing_is_deterministic_but_varied() -> None:
    first = [Case().handle("dance").message for _ in range(2)]
    assert first[0] == first[1]
    case = Case()
    messages = {case.handle("dance").message for _ in range(6)}
    assert len(messages) > 1


def test_the_parser_understands_quotes_and_articles() -> None:
    assert parse("Take the \u201ccoil of rope\u201d").subject == "coil of rope"
    assert parse("talk to \u2018Maud\u2019").verb == "question"
    assert parse("n").subject == "north"


def test_help_is_one_paragraph_of_prose() -> None:
    assert "\n" not in HELP
    assert not re.search(r"^\s*[-*\d]", HELP)
    assert Case().handle("help").message == HELP

"""The help-range oracle and the ranges a help line gives: read from the card, tried past the top, and a
command past the top that works is a boundary bug; below the bottom is not judged (special values)."""

from __future__ import annotations

from loop.qa_agents.explorer.commands import parse_help
from loop.qa_agents.explorer.help_range import HelpRangeOracle, help_ranges
from loop.qa_agents.explorer.state_oracles import ReplyDeltaOracle
from loop.replay.oracle import oracle_named

from .hand_steps import game

CARD = """Operator's card
  go <floor>         drive the car to a floor: G (or 0, lobby) and 1-8. Doors must be shut.
  wait [n]           stand still for n ticks (1-10, default 1)
  save [1-3]         keep the shift in a slot
  heal               restores 3-4 hp, then 5-6 more
  price 1.5-2.5      not a whole range
Deliver 8 guests before tick 90."""


def test_ranges_are_read_from_help_lines_and_become_the_arguments_tried():
    assert help_ranges(CARD) == {"go": (1, 8), "wait": (1, 10), "save": (1, 3)}
    by_verb = {t.verb: t for t in parse_help(CARD).templates}
    assert by_verb["go"].slots[0].options == tuple(str(n) for n in range(0, 10))  # the top's neighbour, 9
    assert by_verb["wait"].slots[0].options[-1] == "11"


def test_a_command_past_the_top_that_works_is_flagged_and_one_refused_or_below_is_not():
    oracle = HelpRangeOracle()
    played = game({"floor": 0}, ("help", {"floor": 0}, True, CARD), ("go 3", {"floor": 3}, True, "Up."))
    assert oracle.judge(played[:2], set()) == [] and oracle.ranges["go"] == (1, 8)
    assert oracle.leads(played, set()) == ["go 9"]
    past = game(
        {"floor": 0},
        ("help", {"floor": 0}, True, CARD),
        ("go 3", {"floor": 3}, True, "Up."),
        ("go 9", {"floor": 9}, True, "Up."),
    )
    [anomaly] = oracle.judge(past, set())
    assert anomaly.subject == "range|go|1|8" and "go 9" in anomaly.title
    refused = game({"floor": 3}, ("go 9", {"floor": 3}, False, "No such floor."))
    lobby = game({"floor": 3}, ("go 0", {"floor": 0}, True, "Down to the lobby."))
    assert oracle.judge(refused, set()) == [] and oracle.judge(lobby, set()) == []
    # a replay is judged from the subject alone, without the help card
    assert oracle_named("help-range").rejudge(
        game({"floor": 3}, ("go 9", {"floor": 9}, True, "Up.")), anomaly.subject
    )


def test_a_reply_to_a_command_the_game_ended_during_is_not_held_to_its_numbers():
    trip = ("go 4", {"shift": {"tick": 24}}, True, "The car hums up to floor 4 (4 ticks). The shift is over.")
    assert ReplyDeltaOracle().judge(game({"shift": {"tick": 21}}, trip, over=True), set()) == []
    assert ReplyDeltaOracle().judge(game({"shift": {"tick": 21}}, trip), set()) != []

"""Habits of games written elsewhere that made the explorer's oracles cry wolf, on hand-made steps: a total
for a quantity read against a unit price, 'food 2 gold a ration' read as the player's food, a distance read
in one town held against a journey from another, item names in quotes or in markup. Each must stay quiet,
and the same oracle must still speak up on the real contradiction next to it."""

from __future__ import annotations

from loop.qa_agents.explorer.oracles import DescriptionStateOracle
from loop.qa_agents.explorer.price_list import PriceListOracle
from loop.qa_agents.explorer.state_oracles import TextStateOracle
from tests.explorer.hand_steps import game


def trader(gold=40, food=10, rope=0, days=30, town="ashford") -> dict:
    return {
        "where": {"name": town, "exits": []},
        "gold": gold,
        "food": food,
        "cargo": {"rope": rope},
        "days": days,
    }


PRICES = "Prices here: rope 5 gold, food 2 gold a ration."


def test_a_total_for_a_quantity_is_the_unit_price_times_the_quantity():
    start = trader()
    bought = game(
        start, ("prices", start, True, PRICES), ("buy rope 3", trader(gold=25, rope=3), True, "Done.")
    )
    assert PriceListOracle().judge(bought, set()) == []
    overcharged = game(
        start, ("prices", start, True, PRICES), ("buy rope 3", trader(gold=22, rope=3), True, "Done.")
    )
    [anomaly] = PriceListOracle().judge(overcharged, set())
    assert anomaly.subject == "buy rope"


def test_a_unit_price_after_a_field_name_does_not_state_that_field():
    start = trader()
    steps = game(
        start,
        ("status", start, True, "Gold 40, food 10, days 30 left."),
        ("cargo", start, True, "Cargo: rope 0."),
        ("prices", start, True, PRICES),
    )
    assert TextStateOracle().judge(steps, set()) == []
    # A status line that stops counting food is still a misstatement.
    hungry = trader(food=7, days=29)
    stale = game(
        start,
        ("status", start, True, "Gold 40, food 10, days 30 left."),
        ("eat", hungry, True, "You eat."),
        ("status", hungry, True, "Gold 40, food 10, days 29 left."),
    )
    [anomaly] = TextStateOracle().judge(stale, set())
    assert anomaly.subject == "food"


def test_a_distance_read_in_one_town_is_not_held_against_a_journey_from_another():
    start = trader()
    at_cobble, at_bramble = trader(days=25, town="cobble"), trader(days=23, town="bramble")
    steps = game(
        start,
        ("routes", start, True, "From Ashford: bramble 3 days, cobble 5 days."),
        ("travel cobble", at_cobble, True, "You arrive."),
        ("travel bramble", at_bramble, True, "You arrive."),
    )
    assert PriceListOracle().judge(steps, set()) == []
    # Read where the journey starts, the same list still holds it to account.
    late = trader(days=26, town="bramble")
    wrong = game(
        start, ("routes", start, True, "From Ashford: bramble 3 days."), ("travel bramble", late, True, "Ok.")
    )
    [anomaly] = PriceListOracle().judge(wrong, set())
    assert anomaly.subject == "travel bramble"


def room(items: list[str], text: str) -> dict:
    return {
        "where": {"name": "cellar", "description": text, "exits": ["up"], "items": items},
        "inventory": [],
    }


def test_item_names_in_quotes_or_markup_are_the_names_the_room_text_uses():
    square = room(["rope"], "A dusty square. A rope coil lies by the well.")
    quoted = room(
        ["tin cup", "oil lamp"], "Shelves of old jars. On the floor: 'tin cup', \u2018oil lamp\u2019."
    )
    marked = room(["<b>brass key</b>"], "A brass key glints in the dust.")
    for shown in (quoted, marked):
        steps = game(square, ("down", shown, True, "You go down."))
        assert DescriptionStateOracle().judge(steps, set()) == [], shown
    missing = room(["tin cup", "[oil lamp]"], "Shelves of old jars. On the floor: 'tin cup'.")
    [anomaly] = DescriptionStateOracle().judge(game(square, ("down", missing, True, "You go down.")), set())
    assert "oil lamp" in anomaly.observed


def test_a_count_of_what_stands_somewhere_after_a_label_does_not_state_the_labelled_field():
    yard = {"capacity": {"A": 3, "C": 3}, "moves": 1}
    steps = game(
        yard,
        (">c", yard, False, "No room on C: 3 on the hook, 0 free of 3."),
        (">c", yard, False, "No room on C: 2 on the hook, 1 free of 3."),
    )
    assert TextStateOracle().judge(steps, set()) == []

"""The bakery's rules, played through the chat desk."""

import re
from pathlib import Path

import pytest

from ryemarket.bakery import Bakery, BakeryError, gbp, pence
from ryemarket.desk import Desk

WALKTHROUGH = Path(__file__).resolve().parents[1] / "docs" / "walkthrough.md"


def play(desk, *commands):
    reply = None
    for text in commands:
        reply = desk.handle(text)
        assert reply.success, (text, reply.message)
    return reply


@pytest.fixture
def desk():
    return Desk()


def test_money_strings_round_trip():
    assert gbp(0) == "£0.00"
    assert gbp(1240) == "£12.40"
    assert gbp(5) == "£0.05"
    assert pence("£12.40") == 1240
    assert pence("£7") == 700
    for amount in (0, 1, 99, 100, 12345):
        assert pence(gbp(amount)) == amount


def test_a_new_game_starts_with_the_documented_state(desk):
    state = desk.bakery.state
    assert state["day"] == 1 and state["weekday"] == "Mon"
    assert state["money"] == "£25.00" and state["target"] == "£120.00" and state["rent"] == "£20.00"
    assert state["oven"] == [None, None, None, None]
    assert state["pantry"] == {"wheat": 0, "rye": 0, "spelt": 0}
    assert [o["id"] for o in state["orders"]] == ["order-1"]
    assert state["orders"][0]["pay"] == "£9.00" and state["orders"][0]["due_day"] == 3
    assert state["won"] is False and state["game_over"] is False


def test_plain_text_and_help_point_to_commands(desk):
    reply = desk.handle("buy 3 rye")
    assert not reply.success and "slash commands" in reply.message and "/commands" in reply.message
    reply = desk.handle("/help")
    assert reply.message == "Did you mean /commands?"


def test_commands_lists_every_command_as_a_bullet(desk):
    reply = desk.handle("/commands")
    bullets = [line for line in reply.message.splitlines() if line.startswith("• /")]
    verbs = {line.split()[1] for line in bullets}
    assert {"/buy", "/bake", "/sell", "/deliver", "/close", "/orders", "/oven", "/status"} <= verbs
    assert all(" — " in line for line in bullets)


def test_buying_flour_costs_the_listed_price(desk):
    reply = play(desk, "/buy 3 rye")
    assert "£4.50" in reply.message
    assert desk.bakery.state["money"] == "£20.50"
    assert desk.bakery.state["pantry"]["rye"] == 3


def test_buying_more_than_we_can_afford_is_refused(desk):
    play(desk, "/buy 9 spelt")
    reply = desk.handle("/buy 2 spelt")
    assert not reply.success
    assert desk.bakery.state["money"] == "£2.50"


def test_baking_fills_slots_and_loaves_come_out_next_morning(desk):
    play(desk, "/buy 2 wheat", "/bake sourdough x2")
    oven = desk.bakery.state["oven"]
    assert oven[0] == {"bread": "sourdough", "ready_on": 2} and oven[1] == oven[0]
    assert oven[2:] == [None, None]
    assert desk.bakery.state["pantry"]["wheat"] == 0
    play(desk, "/close")
    assert desk.bakery.state["shelf"]["sourdough"] == 2
    assert desk.bakery.state["oven"] == [None] * 4


def test_rye_needs_two_nights(desk):
    play(desk, "/buy 1 rye", "/bake rye", "/close")
    assert desk.bakery.state["shelf"]["rye"] == 0
    play(desk, "/close")
    assert desk.bakery.state["shelf"]["rye"] == 1


def test_a_full_oven_refuses_more(desk):
    play(desk, "/buy 5 wheat", "/bake sourdough x4")
    reply = desk.handle("/bake sourdough x1")
    assert not reply.success
    assert desk.bakery.state["pantry"]["wheat"] == 1


def test_delivering_an_order_pays_its_price(desk):
    play(desk, "/buy 2 wheat", "/bake sourdough x2", "/close")
    reply = play(desk, "/deliver order-1")
    assert "£9.00" in reply.message
    order = desk.bakery.state["orders"][0]
    assert order["status"] == "delivered"
    assert desk.bakery.state["shelf"]["sourdough"] == 0
    assert desk.bakery.state["money"] == "£31.60"
    reply = desk.handle("/deliver order-1")
    assert not reply.success


def test_selling_at_the_stall_within_the_daily_limit(desk):
    play(desk, "/buy 4 spelt", "/bake spelt x4", "/close")
    reply = play(desk, "/sell 3 spelt")
    assert "£15.00" in reply.message
    assert desk.bakery.state["money"] == "£30.00"
    assert desk.bakery.state["stall_sold_today"] == 3
    assert not desk.handle("/sell 2 spelt").success


def test_first_rent_is_paid_at_the_close_of_day_seven(desk):
    for _ in range(6):
        play(desk, "/close")
    assert desk.bakery.state["money"] == "£25.00"
    reply = play(desk, "/close")
    assert "£20.00" in reply.message
    assert desk.bakery.state["money"] == "£5.00"
    assert desk.bakery.state["day"] == 8


def test_standing_orders_arrive_on_their_rounds(desk):
    play(desk, "/close", "/close")
    ids = [(o["id"], o["customer"]) for o in desk.bakery.state["orders"]]
    assert ids == [("order-1", "Mrs Pell"), ("order-2", "The Vicarage"), ("order-3", "Mrs Pell"),
                   ("order-4", "The Crown Inn")]


def test_unknown_words_are_refused_politely(desk):
    for text in ("/buy 3 oats", "/bake cake", "/sell two rye", "/dance", "/"):
        reply = desk.handle(text)
        assert not reply.success and reply.message


def test_bakery_refusals_are_errors():
    with pytest.raises(BakeryError):
        Bakery().buy(0, "rye")


def walkthrough_commands():
    return re.findall(r"^\s*\d+\.\s+`([^`]+)`", WALKTHROUGH.read_text(encoding="utf-8"), re.M)


def test_the_walkthrough_wins(desk):
    commands = walkthrough_commands()
    assert len(commands) > 20
    play(desk, *commands)
    assert desk.bakery.state["won"] is True
    assert desk.bakery.state["game_over"] is True

"""Rules of the yard, played through Yard.execute."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cinderyard.rules import CARS, SHIFT_END, START_CREDITS, Yard

SOLUTION = Path(__file__).resolve().parents[1] / "docs" / "SOLUTION.md"


def play(yard: Yard, *commands: str) -> None:
    for command in commands:
        reply = yard.execute(command)
        assert reply.ok, f"{command!r} refused: {reply.text}"


def engine(yard: Yard, name: str) -> dict:
    return next(e for e in yard.snapshot()["engines"] if e["name"] == name)


def track(yard: Yard, name: str) -> dict:
    return next(t for t in yard.snapshot()["tracks"] if t["name"] == name)


def solution_commands() -> list[str]:
    return re.findall(r"^\d+\.\s+`([^`]+)`", SOLUTION.read_text(), flags=re.M)


def test_a_new_shift_starts_the_same_every_time():
    first, second = Yard().snapshot(), Yard().snapshot()
    assert first == second
    assert first["clock"] == {"minute": 0, "shift_end": SHIFT_END}
    assert first["ledger"]["credits"] == START_CREDITS
    assert first["census"]["total"] == len(CARS) == 8
    assert [t["name"] for t in first["tracks"]] == ["main", "north", "south", "spur", "shed"]
    assert track(Yard(), "north")["cars"] == ["boxcar", "tanker", "hopper"]


def test_help_gives_usage_lines():
    reply = Yard().execute("help")
    assert reply.ok
    assert "usage: couple <car> to <engine>" in reply.text
    assert "usage: refuel <engine> [units]" in reply.text


def test_malformed_calls_answer_with_their_usage_line():
    yard = Yard()
    reply = yard.execute("couple boxcar kestrel")
    assert not reply.ok and reply.text.startswith("usage: couple")
    reply = yard.execute("move otter south")
    assert not reply.ok and reply.text.startswith("usage: move")
    assert not yard.execute("whistle").ok
    assert not yard.execute("   ").ok
    assert yard.turn == 4
    assert yard.minute == 0


def test_looking_is_free_and_counts_turns():
    yard = Yard()
    play(yard, "look", "orders", "status", "inspect tanker", "inspect north", "inspect otter")
    assert yard.minute == 0
    assert yard.turn == 6


def test_a_move_burns_fuel_by_load_and_takes_six_minutes():
    yard = Yard()
    play(yard, "move otter to south")
    assert engine(yard, "otter")["fuel"] == 23
    assert yard.minute == 6
    play(yard, "couple gondola to otter", "couple flatcar to otter", "move otter to main")
    assert engine(yard, "otter")["fuel"] == 23 - 5  # 40 t: 3 + 2
    assert yard.minute == 6 + 2 + 2 + 6


def test_one_engine_per_track():
    yard = Yard()
    reply = yard.execute("move kestrel to main")
    assert not reply.ok
    assert engine(yard, "kestrel")["track"] == "shed"


def test_only_the_switch_end_car_can_be_coupled():
    yard = Yard()
    play(yard, "move kestrel to north")
    reply = yard.execute("couple tanker to kestrel")
    assert not reply.ok
    assert "'boxcar'" in reply.text
    play(yard, "couple boxcar to kestrel", "couple tanker to kestrel")
    assert engine(yard, "kestrel")["consist"] == ["boxcar", "tanker"]
    assert track(yard, "north")["cars"] == ["hopper"]


def test_a_train_of_exactly_max_load_is_allowed():
    yard = Yard()
    play(yard, "move kestrel to north", "couple boxcar to kestrel", "couple tanker to kestrel")
    play(yard, "couple hopper to kestrel")
    assert engine(yard, "kestrel")["load"] == 100


def test_one_tonne_over_max_load_is_refused():
    yard = Yard()
    yard.tracks["north"].cars = ["tanker", "coalcar"]
    yard.tracks["spur"].cars = ["caboose", "boxcar"]
    play(yard, "move otter to north", "couple tanker to otter")
    reply = yard.execute("couple coalcar to otter")
    assert not reply.ok
    assert engine(yard, "otter")["consist"] == ["tanker"]


def test_only_the_tail_car_comes_off():
    yard = Yard()
    play(yard, "move kestrel to north", "couple boxcar to kestrel", "couple tanker to kestrel")
    assert not yard.execute("uncouple boxcar").ok
    play(yard, "uncouple tanker")
    assert track(yard, "north")["cars"] == ["tanker", "hopper"]
    assert engine(yard, "kestrel")["consist"] == ["boxcar"]


def test_uncoupling_onto_a_full_track_is_refused():
    yard = Yard()
    play(yard, "move kestrel to north", "couple boxcar to kestrel", "move kestrel to spur")
    reply = yard.execute("uncouple boxcar")
    assert not reply.ok
    assert track(yard, "spur")["cars"] == ["caboose", "coalcar"]


def test_refuel_only_at_the_shed_and_fills_to_the_brim():
    yard = Yard()
    assert not yard.execute("refuel otter").ok
    play(yard, "refuel kestrel 5")
    assert engine(yard, "kestrel")["fuel"] == 25
    assert yard.credits == START_CREDITS - 5
    play(yard, "refuel kestrel")
    assert engine(yard, "kestrel")["fuel"] == 60
    assert yard.credits == 0
    assert not yard.execute("refuel kestrel").ok
    assert not yard.execute("refuel kestrel -3").ok
    assert not yard.execute("refuel kestrel lots").ok


def test_refuel_is_refused_when_the_yard_cannot_pay():
    yard = Yard()
    yard.credits = 3
    reply = yard.execute("refuel kestrel")
    assert not reply.ok
    assert engine(yard, "kestrel")["fuel"] == 20
    assert yard.credits == 3


def test_dispatch_needs_main_and_an_exact_order():
    yard = Yard()
    play(yard, "move otter to spur", "couple caboose to otter", "move otter to main")
    reply = yard.execute("dispatch otter")
    assert not reply.ok
    assert yard.snapshot()["result"]["orders_open"] == 3


def test_the_first_order_on_the_board_pays_its_fee():
    yard = Yard()
    play(
        yard,
        "move otter to north", "couple boxcar to otter", "move otter to spur",
        "move kestrel to north", "couple tanker to kestrel", "couple hopper to kestrel",
        "move kestrel to main", "dispatch kestrel",
    )  # fmt: skip
    state = yard.snapshot()
    assert state["ledger"]["credits"] == START_CREDITS + 80
    assert state["orders"][0]["status"] == "away"
    assert state["census"]["departed"] == 2


def test_running_out_the_clock_ends_the_shift():
    yard = Yard()
    yard.minute = SHIFT_END - 3
    play(yard, "move otter to south")
    assert yard.over and not yard.won
    assert not yard.execute("look").ok


def test_the_solution_wins_the_shift():
    commands = solution_commands()
    assert 25 <= len(commands) <= 50
    yard = Yard()
    play(yard, *commands)
    state = yard.snapshot()
    assert state["result"] == {"won": True, "over": True, "orders_open": 0}
    assert state["clock"]["minute"] <= SHIFT_END
    ledger = state["ledger"]
    assert ledger["credits"] == START_CREDITS + ledger["earned"] - ledger["spent"]


@pytest.mark.parametrize("name", sorted(CARS))
def test_every_car_can_be_inspected(name):
    reply = Yard().execute(f"inspect {name}")
    assert reply.ok
    assert f"'{name}'" in reply.text

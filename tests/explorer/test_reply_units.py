"""A unit word learned from the game's own replies ('hands over 40p' while the cashbox rose by 40), a status
label ('Purse: 9') that an earlier reply showed reading the state, and a typed number that commands of one
shape were seen to move a field by: each then holds a later reply to the change the state shows. Fields that
move in step with a typed number move together; a count stays within the total its label gave."""

from __future__ import annotations

from loop.qa_agents.explorer.contract_fuzz import ContractFuzzer, other_forms
from loop.qa_agents.explorer.numbers import in_digits
from loop.qa_agents.explorer.over_total import OverTotalOracle
from loop.qa_agents.explorer.reply_units import ReplyUnitOracle, learned, unit_numbers
from loop.qa_agents.explorer.state_oracles import ArgumentEchoOracle, ReplyDeltaOracle, TextStateOracle
from loop.qa_agents.explorer.transfer import TransferOracle
from loop.qa_agents.explorer.typed_quantity import ExchangeOracle, TypedQuantityOracle
from tests.explorer.hand_steps import game


def _tolls(*paid: tuple[str, int, int]) -> list:
    """Tolls taken one after another: (reply's amount, the cashbox's rise, the minute it is)."""
    box, moves = 10, []  # a float: a first toll's number is not also the cashbox's value
    for said, rise, minute in paid:
        box += rise
        moves.append(
            ("toll boat", {"cashbox": box, "minute": minute}, True, f"The skipper hands over {said}.")
        )
    return game({"cashbox": 10, "minute": 0}, *moves)


def test_a_unit_two_replies_agreed_on_holds_a_third_to_the_change() -> None:
    steps = _tolls(("200p", 200, 2), ("54p", 54, 4), ("22p", 30, 6))
    assert learned(steps[:3]) == {"p": "cashbox"}
    [anomaly] = ReplyUnitOracle().judge(steps, set())
    assert "22 p" in anomaly.observed and "264 -> 294" in anomaly.observed
    right = _tolls(("200p", 200, 2), ("54p", 54, 4), ("30p", 30, 6))
    assert ReplyUnitOracle().judge(right, set()) == []


def test_one_agreeing_reply_or_a_value_teaches_nothing_and_a_unit_of_two_fields_is_never_used() -> None:
    assert ReplyUnitOracle().judge(_tolls(("54p", 54, 2), ("22p", 30, 4)), set()) == []
    # 'level 2 (1000 ft)' climbing from the ground gives the height, which is also the climb
    climbs = [("burn 2", {"ft": 1000}, True, "Up to 1000 ft."), ("vent 2", {"ft": 0}, True, "Down.")]
    assert learned(game({"ft": 0}, *climbs, ("burn 1", {"ft": 500}, True, "Up to 500 ft."))) == {}
    shared = game(
        {"cashbox": 0, "float": 0},
        ("toll a", {"cashbox": 200, "float": 0}, True, "Paid 200p."),
        ("toll b", {"cashbox": 254, "float": 0}, True, "Paid 54p."),
        ("change", {"cashbox": 254, "float": 20}, True, "Took 20p for the float."),
        ("change", {"cashbox": 254, "float": 30}, True, "Took 10p for the float."),
        ("toll c", {"cashbox": 284, "float": 30}, True, "Paid 22p."),
    )
    assert learned(shared) == {}
    assert ReplyUnitOracle().judge(shared, set()) == []


def test_what_the_command_typed_or_a_label_gives_teaches_no_unit() -> None:
    # 'sell 2 water' -> '2 skins': the command's own number
    sold = game(
        {"purse": 10},
        ("sell 2 water", {"purse": 12}, True, "You sell 2 skins."),
        ("sell 3 water", {"purse": 15}, True, "You sell 3 skins."),
        ("sell 4 water", {"purse": 23}, True, "You sell 4 skins."),
    )
    assert learned(sold) == {}
    assert unit_numbers("Day 2 dawns. You pay 3 shillings.", {"purse"}) == [("shilling", 3.0)]
    assert unit_numbers("Purse 9 shillings", {"purse"}) == []


def test_a_status_label_that_read_the_state_before_is_held_to_the_value_after() -> None:
    bought = ("buy ale", {"purse": 9}, True, "Martha takes 1 shilling. Purse: 9 shillings.")
    rested = ("rest", {"purse": 7}, True, "You pay 2 shillings for a room. Purse: 9 shillings.")
    [anomaly] = ReplyDeltaOracle().judge(game({"purse": 10}, bought, rested), set())
    assert "says 9" in anomaly.observed and "9 -> 7" in anomaly.observed
    # never shown reading the state, the label is not taken for a status line
    assert ReplyDeltaOracle().judge(game({"purse": 9}, rested), set()) == []
    fine = ("rest", {"purse": 7}, True, "You pay 2 shillings for a room. Purse: 7 shillings.")
    assert ReplyDeltaOracle().judge(game({"purse": 10}, bought, fine), set()) == []


def test_hours_waited_past_the_end_of_a_day_are_no_change_of_the_hour() -> None:
    def lodge(hour: int, day: int = 1) -> dict:
        return {"hour": hour, "dayNumber": day, "purse": 10}

    said = "You sit by the stoves for 2 hours. The day is done. Morning comes."
    overnight = ("wait 10", lodge(8, day=2), True, said)
    assert ReplyDeltaOracle().judge(game(lodge(16), overnight), set()) == []
    # the same words where no day ended: the hour's change is held to them
    [wrong] = ReplyDeltaOracle().judge(game(lodge(16), ("wait 10", lodge(17), True, said)), set())
    assert "16 -> 17" in wrong.observed


def _repairs(*done: tuple[str, int, str]) -> list:
    """Repairs one after another: (command, the wall's rise, the reply)."""
    wall, moves = 10, []
    for command, rise, reply in done:
        wall += rise
        moves.append((command, {"wall": wall, "stone": 50 - wall}, True, reply))
    return game({"wall": 10, "stone": 40}, *moves)


def test_a_reply_that_repeats_the_typed_number_is_held_to_what_its_shape_did_with_it() -> None:
    mended = ("repair north 1", 1, "Raised by 1."), ("repair north 3", 3, "Raised by 3.")
    [anomaly] = TypedQuantityOracle().judge(_repairs(*mended, ("repair north 10", 6, "Raised by 10.")), set())
    assert anomaly.subject == "repair north #" and "wall 14 -> 20" in anomaly.observed
    # saying how much really moved, or a number the shape never showed moving its field, is not judged
    assert (
        TypedQuantityOracle().judge(_repairs(*mended, ("repair north 10", 6, "10 asked, 6 done.")), set())
        == []
    )
    assert TypedQuantityOracle().judge(_repairs(*mended, ("repair west 10", 6, "Raised by 10.")), set()) == []
    once = ("repair north 1", 1, "Raised by 1."), ("repair north 1", 1, "Raised by 1.")
    assert TypedQuantityOracle().judge(_repairs(*once, ("repair north 10", 6, "Raised by 10.")), set()) == []


def _purchases(*bought: tuple[str, int, int]) -> list:
    """Purchases one after another: (command, timber received, crowns paid)."""
    timber, crowns, moves = 0, 100, []
    for command, got, paid in bought:
        timber, crowns = timber + got, crowns - paid
        moves.append((command, {"timber": timber, "crowns": crowns}, True, "Done."))
    return game({"timber": 0, "crowns": 100}, *moves)


def test_fields_that_move_in_step_with_the_number_move_together() -> None:
    learned = ("buy 1 timber", 1, 3), ("buy 2 timber", 2, 6)
    [anomaly] = ExchangeOracle().judge(_purchases(*learned, ("buy 15 timber", 7, 45)), set())
    assert anomaly.subject == "buy # timber timber" and "crowns 91 -> 46" in anomaly.observed
    # all of them short (a stock that ran out), or only the price (a bulk price): nothing given for nothing
    assert ExchangeOracle().judge(_purchases(*learned, ("buy 15 timber", 7, 21)), set()) == []
    assert ExchangeOracle().judge(_purchases(*learned, ("buy 15 timber", 15, 30)), set()) == []
    # one number seen, however often: no rate learned
    twice = ("buy 2 timber", 2, 6), ("buy 2 timber", 2, 6), ("buy 2 timber", 2, 6)
    assert ExchangeOracle().judge(_purchases(*twice, ("buy 15 timber", 7, 45)), set()) == []


def test_a_change_is_compared_as_the_game_means_it_not_as_a_float_sums_it() -> None:
    cash = [
        ("deposit 20", {"cash": 80, "bank": 20}),
        ("deposit 10", {"cash": 70, "bank": 30}),
        ("deposit 5", {"cash": 65, "bank": 35}),
        ("deposit 5", {"cash": 60.00000000000001, "bank": 40}),  # a sum of floats the game kept
    ]
    steps = game({"cash": 100, "bank": 0}, *[(c, after, True, "Deposited.") for c, after in cash])
    assert ExchangeOracle().judge(steps, set()) == []


def test_the_fuzzing_tries_other_forms_of_what_worked() -> None:
    assert other_forms("hire 3 militia") == ("hire", "hire 3", "hire all militia", "hire 3 MILITIA")
    assert other_forms("ask martha about the will") == ("ask", "ask martha", "", "ask martha about the WILL")
    assert other_forms("d c") == ("d", "", "", "d C")
    fuzzer = ContractFuzzer(seed=0)
    sent = [fuzzer.odd_command({"hire 3 militia", "wait", "help"}) for _ in range(40)]
    assert {"hire", "hire 3", "hire all militia", "hire 3 MILITIA", "wait all"} <= set(sent)
    assert "help all" not in sent


def test_a_number_written_as_a_word_is_read_as_one() -> None:
    watered = ("water the pot", {"can": {"measures": 2}}, True, "The can has three measures left.")
    [anomaly] = ReplyDeltaOracle().judge(game({"can": {"measures": 3}}, watered), set())
    assert "says 3" in anomaly.observed
    assert in_digits("No one is here. One.") == "No 1 is here. One."


def test_a_count_past_the_total_its_label_gave_before_is_a_boundary_bug() -> None:
    days = [("rest", {"day": d}, True, f"You sleep. Day {d} of 3.") for d in (2, 3, 4)]
    [anomaly] = OverTotalOracle().judge(game({"day": 1}, *days), set())
    assert anomaly.subject == "day of 3"
    assert OverTotalOracle().judge(game({"day": 1}, days[2]), set()) == []  # no total given before
    unlabelled = ("count", {"n": 2}, True, "4 of 3 guests left.")
    assert OverTotalOracle().judge(game({"n": 1}, unlabelled), set()) == []


def test_a_command_that_sets_a_field_to_its_number_teaches_no_move() -> None:
    assigned = [
        ("assign 1 cutters", {"idle": 4, "cutters": 1}, True, "1 colonists now cut wood."),
        ("load 1", {"idle": 5, "cutters": 0}, True, "Loaded."),
        ("assign 2 cutters", {"idle": 3, "cutters": 2}, True, "2 colonists now cut wood."),
        ("assign 5 cutters", {"idle": 0, "cutters": 5}, True, "5 colonists now cut wood."),
    ]
    start = {"idle": 5, "cutters": 0}
    assert TypedQuantityOracle().judge(game(start, *assigned), set()) == []
    assert ExchangeOracle().judge(game(start, *assigned), set()) == []


def test_a_rate_a_field_only_sometimes_moved_at_is_not_learned() -> None:
    drifting = ("buy 1 timber", 1, 3), ("buy 2 timber", 2, 6), ("buy 1 timber", 1, 5)
    assert ExchangeOracle().judge(_purchases(*drifting, ("buy 15 timber", 7, 45)), set()) == []


def test_a_number_typed_is_an_amount_or_the_query_s_own_argument() -> None:
    dropped = ("ballast 1", {"ballast": 3}, True, "You cut away 1 bag; 3 bags left.")
    assert ArgumentEchoOracle().judge(game({"ballast": 4}, dropped), set()) == []
    asked = [(f"winds {n}", {"level": 5}, True, f"Level {n}: 1 km a turn east.") for n in (5, 1)]
    assert TextStateOracle().judge(game({"level": 5}, *asked), set()) == []


def _tipping(*moves: tuple[str, int, int, str]) -> list:
    """Steps of a yard: each (command, ore out of the carts, ore into the hopper, reply)."""
    state = {"carts": 40, "hopper": 0, "hours": 12}
    played = []
    for command, out, into, reply in moves:
        after = {"carts": state["carts"] - out, "hopper": state["hopper"] + into, "hours": state["hours"] - 1}
        played.append((command, after, True, reply))
        state = after
    return game({"carts": 40, "hopper": 0, "hours": 12}, *played)


def test_what_a_command_moves_between_two_fields_arrives_whole():
    learned = [("tip", 12, 12, "Tipped into the hopper."), ("tip", 6, 6, "Tipped into the hopper.")]
    [anomaly] = TransferOracle().judge(_tipping(*learned, ("tip", 12, 6, "Tipped 6 ore (18/18).")), set())
    assert (
        anomaly.subject == "tip carts>hopper"
        and "takes 12 out of carts but puts 6 into hopper" in anomaly.title
    )
    # learned from one amount only (a coincidence), or never moved whole: nothing to hold it to
    assert TransferOracle().judge(_tipping(learned[0], learned[0], ("tip", 12, 6, "Tipped.")), set()) == []
    broken = [*learned, ("tip", 4, 3, "Tipped.")]
    assert TransferOracle().judge(_tipping(*broken, ("tip", 12, 6, "Tipped.")), set()) == []
    # a reply that names the difference (a spill), or both amounts (a price that moved), says so
    assert TransferOracle().judge(_tipping(*learned, ("tip", 12, 10, "2 spilled.")), set()) == []
    assert TransferOracle().judge(_tipping(*learned, ("tip", 12, 6, "12 out, 6 in.")), set()) == []


def _stokes(*fed: tuple[int, int]) -> list:
    """Stokes one after another: (the temperature the reply says, the temperature the state shows)."""
    moves = []
    for said, shown in fed:
        moves.append(
            (
                "stoke 1",
                {"furnace": {"temperature": shown, "pots": 2}},
                True,
                f"The furnace reaches {said} degrees.",
            )
        )
    return game({"furnace": {"temperature": 1000, "pots": 2}}, *moves)


def test_a_unit_that_gave_the_value_a_field_reached_holds_a_later_reply_to_it() -> None:
    steps = _stokes((1100, 1100), (1200, 1200), (1400, 1300))
    assert learned(steps[:3]) == {"degree": "furnace.temperature"}
    [anomaly] = ReplyUnitOracle().judge(steps, set())
    assert "1400 degree" in anomaly.observed and "1200 -> 1300" in anomaly.observed
    assert anomaly.subject == "stoke furnace.temperature|degree|value"
    assert ReplyUnitOracle().judge(_stokes((1100, 1100), (1200, 1200), (1300, 1300)), set()) == []


def test_what_earlier_games_taught_holds_in_a_later_one_and_in_a_replay_of_the_report() -> None:
    oracle = ReplyUnitOracle()
    first = _stokes((1100, 1100), (1200, 1200))
    for end in range(1, len(first) + 1):
        assert oracle.judge(first[:end], set()) == []
    second = _stokes((1400, 1100))  # one agreeing reply would teach nothing in this game alone
    assert ReplyUnitOracle().judge(second, set()) == []
    [anomaly] = oracle.judge(second, set())
    replayed = ReplyUnitOracle().rejudge(_stokes((1400, 1100)), anomaly.subject)
    assert replayed is not None and replayed.subject == anomaly.subject


def test_a_unit_that_once_gave_a_number_its_field_never_had_is_not_that_fields() -> None:
    # two hauls agree ('12 kg' as the hold rises by 12, '8 kg' by 8); a third gives 15 kg as it rises by 4
    hauls = game(
        {"hold": 5, "fuel": 20},
        ("haul", {"hold": 17, "fuel": 18}, True, "Net comes up: 12 kg of cod."),
        ("haul", {"hold": 25, "fuel": 16}, True, "Net comes up: 8 kg of cod."),
        ("cast", {"hold": 29, "fuel": 14}, True, "A line: 15 kg on the scale."),
        ("haul", {"hold": 39, "fuel": 12}, True, "Net comes up: 7 kg of cod."),
    )
    assert learned(hauls[:3]) == {"kg": "hold"}
    assert learned(hauls[:4]) == {}  # the unit is no longer the hold's
    assert ReplyUnitOracle().judge(hauls, set()) == []


def test_amounts_with_decimals_move_whole_without_the_noise_of_their_subtraction():
    bank = [
        ("deposit 10", {"cash": 30.1, "savings": 10.0}),
        ("deposit 5", {"cash": 25.1, "savings": 15.0}),
        ("deposit 12.5", {"cash": 12.6, "savings": 27.5}),  # 25.1 - 12.6 is 12.500000000000002
    ]
    steps = game({"cash": 40.1, "savings": 0.0}, *((c, s, True, "Deposited.") for c, s in bank))
    assert TransferOracle().judge(steps, set()) == []


def test_a_unit_that_only_gave_values_reached_gives_no_value_from_before_the_command() -> None:
    sales = game(
        {"purse": 10, "stock": 9},
        ("sell 2 ale", {"purse": 16, "stock": 7}, True, "Sold. The purse now holds 16 coins."),
        ("sell 1 ale", {"purse": 19, "stock": 6}, True, "Sold. The purse now holds 19 coins."),
        ("sell 3 ale", {"purse": 28, "stock": 3}, True, "Sold. The purse now holds 19 coins."),
    )
    assert learned(sales[:3]) == {"coin": "purse"}
    [anomaly] = ReplyUnitOracle().judge(sales, set())
    assert "from before the command" in anomaly.title and "19 -> 28" in anomaly.observed
    assert ReplyUnitOracle().rejudge(sales, anomaly.subject) is not None
    right = [
        *sales[:3],
        game({"purse": 19, "stock": 6}, ("sell 3 ale", {"purse": 28, "stock": 3}, True, "28 coins."))[1],
    ]
    assert ReplyUnitOracle().judge(right, set()) == []


def test_a_reply_that_tells_of_two_changes_in_turn_is_not_held_to_the_last() -> None:
    # 'sink to level 3 (1500 ft) ... The envelope has cooled: you sink to level 2': 1500 ft lay between
    def air(level: int) -> dict:
        return {"balloon": {"level": level, "altitudeFt": 500 * level}}

    flight = game(
        air(1),
        ("burn", air(2), True, "You climb to level 2 (1000 ft)."),
        ("burn", air(3), True, "You climb to level 3 (1500 ft)."),
        (
            "vent",
            air(2),
            True,
            "You sink to level 3 (1500 ft). The envelope has cooled: you sink to level 2.",
        ),
    )
    assert learned(flight[:3]) == {"ft": "balloon.altitudeFt"}
    assert ReplyUnitOracle().judge(flight, set()) == []

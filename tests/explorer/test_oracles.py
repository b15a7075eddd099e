"""Each generic oracle on hand-made steps: it flags the contradiction and stays quiet on normal play."""

from __future__ import annotations

from loop.contract.game_client import GameObservation
from loop.qa_agents.explorer.conservation import ItemConservationOracle
from loop.qa_agents.explorer.oracles import (
    DescriptionInteractionOracle,
    DescriptionStateOracle,
    ServerErrorOracle,
    SymmetryOracle,
    TurnCounterOracle,
)
from loop.replay.transcript import Step


def state(room="yard", items=(), held=(), text=None, exits=("north",), dark=False, turn=0, fixtures=()):
    shown = f"You see: {', '.join(items)}." if items and text is None else ""
    return {
        "room": {
            "id": room,
            "description": text if text is not None else f"A {room}. {shown}",
            "exits": list(exits),
        },
        "visible_items": list(items),
        "fixtures": list(fixtures),
        "inventory": list(held),
        "turn": turn,
        "visibility": "dark" if dark else "lit",
    }


def game(*moves: tuple[str, dict, bool]) -> list[Step]:
    """Steps from a start state through (command, state after, success) moves."""
    start = state()
    steps = [Step(0, None, {}, GameObservation(message="start", state=start))]
    for command, after, success in moves:
        obs = GameObservation(message="ok" if success else "no", state=after, success=success)
        steps.append(Step(len(steps), command, steps[-1].state, obs))
    return steps


def test_description_state_flags_an_item_missing_from_the_text_after_drop():
    steps = game(
        ("look", state(items=["cup"]), True),
        ("take cup", state(held=["cup"]), True),
        ("drop cup", state(items=["cup"], text="A yard."), True),
    )
    [anomaly] = DescriptionStateOracle().judge(steps, set())
    assert anomaly.subject == "drop" and "cup" in anomaly.observed


def test_description_state_is_quiet_for_a_game_whose_room_text_never_names_items():
    steps = game(
        ("look", state(items=["cup"], text="A yard."), True),
        ("take cup", state(held=["cup"], text="A yard."), True),
        ("drop cup", state(items=["cup"], text="A yard."), True),
    )
    assert DescriptionStateOracle().judge(steps, set()) == []


def test_description_state_is_quiet_in_the_dark_and_on_items_already_missing():
    dark = game(("go down", state(room="cellar", items=["cup"], text="It is dark.", dark=True), True))
    assert DescriptionStateOracle().judge(dark, set()) == []
    named = game(("look", state(items=["cup"]), True))
    assert DescriptionStateOracle().judge(named, set()) == []


def test_interaction_flags_a_mentioned_item_that_cannot_be_taken():
    mention = state(text="A yard. A cup glints in a closed box.", fixtures=["box"])
    steps = game(("look", mention, True), ("take cup", mention, False))
    oracle = DescriptionInteractionOracle()
    assert oracle.leads(steps[:2], {"cup"}) == ["take cup"]
    [anomaly] = oracle.judge(steps, {"cup"})
    assert anomaly.subject == "cup"


def test_interaction_ignores_fixture_names_unknown_words_and_carried_items():
    text = "A yard with a cupboard and a teacup rack. You hold a cup."
    here = state(text=text, held=["cup"], fixtures=["teacup rack"])
    steps = game(("look", here, True), ("take cup", here, False))
    assert DescriptionInteractionOracle().judge(steps, {"cup"}) == []
    assert DescriptionInteractionOracle().leads(steps, {"cup"}) == []


def test_conservation_flags_a_duplicate_and_accepts_a_refusal():
    steps = game(("take cup", state(held=["cup"]), True), ("drop cup", state(items=["cup", "cup"]), True))
    [anomaly] = ItemConservationOracle().judge(steps, set())
    assert anomaly.subject == "drop ok"
    refused = game(("take cup", state(held=["cup"]), True), ("take cup", state(held=["cup"]), False))
    assert ItemConservationOracle().judge(refused, set()) == []


def test_turn_counter_flags_going_backwards_but_not_a_free_command():
    steps = game(("look", state(turn=1), True), ("look", state(turn=0), True))
    [anomaly] = TurnCounterOracle().judge(steps, set())
    assert anomaly.subject == "look went backwards"
    free = game(("help", state(turn=0), True))
    assert TurnCounterOracle().judge(free, set()) == []
    # 'undo' takes back the turn with the move: that is what it is for.
    undone = game(("wait", state(turn=1), True), ("undo", state(turn=0), True))
    assert TurnCounterOracle().judge(undone, set()) == []


def test_symmetry_flags_a_way_back_that_leads_elsewhere():
    steps = game(
        ("go north", state(room="field", exits=("south",)), True),
        ("go south", state(room="pond"), True),
    )
    [anomaly] = SymmetryOracle().judge(steps, set())
    assert anomaly.subject == "yard north"
    back = game(("go north", state(room="field", exits=("south",)), True), ("go south", state(), True))
    assert SymmetryOracle().judge(back, set()) == []
    assert SymmetryOracle().leads(back[:2], set()) == ["go south"]
    # A way back that is refused (a guard, a locked door) is a refusal, not a broken promise of the exits.
    guarded = game(
        ("go north", state(room="field", exits=("south",)), True), ("go south", state(room="field"), False)
    )
    assert SymmetryOracle().judge(guarded, set()) == []


def test_server_error_flags_a_5xx_and_exception_text():
    steps = game()
    steps.append(Step(1, "kick box", steps[0].state, None, error="HTTP 500", status=500))
    assert ServerErrorOracle().judge(steps, set())[0].subject == "kick"
    leaked = game(("read note", state(), False))
    leaked[-1] = Step(
        1, "read note", leaked[0].state, GameObservation(message="Traceback (most recent call last)")
    )
    assert ServerErrorOracle().judge(leaked, set())

"""Oracles on games whose state lists no items and whose room text starts with the room's name (a heading),
or whose dark rooms the state does not mark: places and hidden drops are not anomalies."""

from __future__ import annotations

from loop.contract.game_client import GameObservation
from loop.qa_agents.explorer.oracles import DescriptionInteractionOracle, SymmetryOracle
from loop.replay.transcript import Step


def prose(room: str, text: str) -> dict:
    """A state that names its room by a string and shows items only in its text."""
    return {"location": room, "description": f"{room}\n{text}", "moves": 0}


def game(*moves: tuple[str, dict, bool], start: dict | None = None) -> list[Step]:
    first = start or prose("Front Porch", "A creaking porch. A rusty key lies here.")
    steps = [Step(0, None, {}, GameObservation(message="start", state=first))]
    for command, after, success in moves:
        obs = GameObservation(
            message="ok" if success else "You cannot take that.", state=after, success=success
        )
        steps.append(Step(len(steps), command, steps[-1].state, obs))
    return steps


def test_a_room_name_in_the_heading_or_a_seen_room_is_not_an_item_that_cannot_be_taken():
    porch = prose("Front Porch", "A creaking porch. The garden lies north.")
    garden = prose("Garden", "Weeds everywhere. The front porch is south.")
    steps = game(("take front porch", porch, False), start=porch)
    assert DescriptionInteractionOracle().judge(steps, set()) == []
    walked = game(("go north", garden, True), ("take front porch", garden, False), start=porch)
    assert DescriptionInteractionOracle().judge(walked, set()) == []
    assert DescriptionInteractionOracle().leads(steps, {"front porch"}) == []


def test_scenery_is_not_an_item_until_a_take_of_it_worked():
    porch = prose("Front Porch", "A creaking porch with a swing and a rusty key.")
    scenery = game(("take swing", porch, False), start=porch)
    assert DescriptionInteractionOracle().judge(scenery, set()) == []
    # The key was taken once (so it is an item), yet the text still names it and a second take is refused.
    held = game(("take rusty key", porch, True), ("take rusty key", porch, False), start=porch)
    [anomaly] = DescriptionInteractionOracle().judge(held, set())
    assert anomaly.subject == "rusty key"


def test_a_drop_the_room_does_not_show_may_be_unfindable():
    cellar = prose("Cellar", "It is too dark to see.")
    porch = prose("Front Porch", "A creaking porch.")
    dark = game(
        ("go down", cellar, True), ("drop lamp", cellar, True), ("take lamp", cellar, False), start=porch
    )
    assert SymmetryOracle().judge(dark, set()) == []
    lit = prose("Cellar", "Shelves line the walls. A lamp lies on the floor.")
    shown = game(("go down", cellar, True), ("drop lamp", lit, True), ("take lamp", lit, False), start=porch)
    [anomaly] = SymmetryOracle().judge(shown, set())
    assert anomaly.subject == "drop then take"

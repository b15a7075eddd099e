"""one-place: a thing with an id is in one place at a time."""

from loop.qa_agents.explorer.one_place import OnePlaceOracle
from tests.explorer.hand_steps import game


def _galleries(east: list[str], west: list[str]) -> dict:
    return {"galleries": {"east": {"pieces": east, "free": 3}, "west": {"pieces": west, "free": 3}}}


def test_a_move_that_leaves_its_thing_behind_is_caught_and_a_real_move_is_not():
    moved = game(_galleries(["p1", "p2"], []), ("hang p1 west", _galleries(["p2"], ["p1"]), True, "Moved."))
    assert OnePlaceOracle().judge(moved, set()) == []
    copied = game(
        _galleries(["p1", "p2"], []), ("hang p1 west", _galleries(["p1", "p2"], ["p1"]), True, "Moved.")
    )
    [anomaly] = OnePlaceOracle().judge(copied, set())
    assert anomaly.subject == "p1" and "galleries[east].pieces" in anomaly.observed
    assert OnePlaceOracle().rejudge(copied, "p1") is not None


def test_links_kinds_and_what_was_seen_are_no_places():
    rooms = {"rooms": {"hall": {"exits": ["r2"]}, "yard": {"exits": ["r2", "r3"]}}}
    linked = {"rooms": {"hall": {"exits": ["r2", "r3"]}, "yard": {"exits": ["r2", "r3"]}}}
    oracle = OnePlaceOracle()
    assert oracle.judge(game(rooms, ("unlock door", linked, True, "Click.")), set()) == []
    nets = {"nets": [{"id": 1, "catch": ["cod"]}, {"id": 2, "catch": []}]}
    two = {"nets": [{"id": 1, "catch": ["cod"]}, {"id": 2, "catch": ["cod"]}]}
    assert OnePlaceOracle().judge(game(nets, ("haul 2", two, True, "Cod!")), set()) == []
    seen = {"here": {"items": ["k1"]}, "there": {"items": []}, "log": {"a": ["k1"]}}
    assert OnePlaceOracle().judge(game(seen, ("look", seen, True, "You see k1.")), set()) == []

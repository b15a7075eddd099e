"""stated-cap: a maximum the game's own words give a count, held against the count the state keeps."""

from loop.qa_agents.explorer.stated_caps import StatedCapOracle, stated_caps
from tests.explorer.hand_steps import game


def _oven(pieces: int, bench: int = 0) -> dict:
    return {
        "oven": {"pieces": {f"cup-{i}": {"shape": "cup"} for i in range(pieces)}},
        "money": 100,
        "bench": bench,
    }


def test_caps_are_read_from_limits_and_from_what_holds_them_but_not_per_command_or_now():
    assert stated_caps("The annealing oven is empty (it holds 4 pieces).") == [("", "piece", 4, False)]
    assert stated_caps("You can carry at most 5 things.") == [("", "thing", 5, True)]
    assert stated_caps("The hive can hold up to 3 supers.") == [("hive", "super", 3, True)]
    assert stated_caps("Sacks can be at most 99 at a time. Shear up to 6 a day.") == []
    assert stated_caps("The pantry now holds 0 kg of flour. You have up to 40 coins.") == []


def test_a_command_that_takes_the_count_past_the_cap_the_game_gave_is_caught_once():
    loads = [(f"oven load cup-{n}", _oven(n + 1), True, "Loaded.") for n in range(5)]
    steps = game(_oven(0), ("oven", _oven(0), True, "The oven is empty (it holds 4 pieces)."), *loads)
    oracle = StatedCapOracle()
    found = [oracle.judge(steps[: end + 1], set()) for end in range(len(steps))]
    assert [bool(f) for f in found] == [False] * 6 + [True]
    assert found[-1][0].subject == "oven.pieces|4"
    replayed = StatedCapOracle().rejudge(steps, "oven.pieces|4")
    assert replayed is not None and replayed.step_index == 6


def test_a_count_the_state_bounds_itself_or_a_holding_that_says_what_is_held_now_is_no_claim():
    held = game(
        _oven(4), ("oven", _oven(4), True, "The oven holds 4 pieces."), ("load x", _oven(5), True, "Ok.")
    )
    oracle = StatedCapOracle()
    assert [oracle.judge(held[: end + 1], set()) for end in range(len(held))] == [[], [], []]
    bounded = {"oven": {"capacity": 6, "pieces": 5}}
    steps = game(
        {"oven": {"capacity": 6, "pieces": 4}},
        ("look", {"oven": {"capacity": 6, "pieces": 4}}, True, "You can load at most 4 pieces."),
        ("load x", bounded, True, "Ok."),
    )
    oracle = StatedCapOracle()
    assert [oracle.judge(steps[: end + 1], set()) for end in range(len(steps))] == [[], [], []]


def test_a_limit_on_what_a_verb_of_acting_may_do_is_no_cap():
    assert stated_caps("You are at level 2: you can sink at most 2 levels.") == []
    assert stated_caps("You may buy at most 4 camels.") == [("", "camel", 4, True)]

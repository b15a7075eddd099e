"""in-step: two fields commands of one shape always moved by the same amount (a till and the day's takings)
keep moving together; a step that moves them apart leaves the state disagreeing with itself."""

from __future__ import annotations

from loop.qa_agents.explorer.in_step import InStepOracle
from tests.explorer.hand_steps import game


def shop(till: int, takings: int, served: int) -> dict:
    return {"ledger": {"till": till, "takings": takings}, "served": served}


def judged(steps: list) -> list:
    oracle = InStepOracle()
    return [a for end in range(1, len(steps) + 1) for a in oracle.judge(steps[:end], set())]


def serving(second_takings: int, third_takings: int) -> list:
    return game(
        shop(40, 0, 0),
        ("serve", shop(44, 4, 1), True, "Mrs Pennock pays 4 coins for a loaf."),
        ("serve", shop(47, 4 + second_takings, 2), True, "Tobias pays 3 coins for a bun."),
        ("serve", shop(55, 4 + second_takings + third_takings, 3), True, "The smith pays for two loaves."),
    )


def test_a_tally_that_falls_out_of_step_with_what_it_tallies_is_reported() -> None:
    found = judged(serving(3, 4))
    assert [a.subject for a in found] == ["serve ledger.takings=ledger.till"]
    assert judged(serving(3, 8)) == []  # kept in step


def test_a_pair_that_moved_apart_before_is_no_pair() -> None:
    assert judged(serving(2, 4)) == []  # the second serve already moved them apart: no rule to break


def balloon(level: int, km: int) -> dict:
    return {"balloon": {"level": level, "km": km}}


def test_two_fields_each_moved_by_the_number_typed_are_no_tally_of_each_other() -> None:
    flight = game(
        balloon(0, 0),
        ("burn 2", balloon(2, 2), True, "Up you go."),
        ("burn 3", balloon(5, 5), True, "Up you go."),
        ("burn 1", balloon(6, 7), True, "Up you go."),  # the wind carries the basket further up high
    )
    assert judged(flight) == []

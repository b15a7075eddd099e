"""The fuzzing's unknown names: a game looking up a name it does not hold is where it most often breaks."""

from pathlib import Path

import pytest

from games.catalogue import load_game
from loop.qa_agents.explorer.contract_fuzz import ContractFuzzer
from tests.explorer.conftest import explore

HOLDOUT = Path(__file__).resolve().parents[2] / "bench" / "holdout"


def test_every_argument_of_a_verb_gets_a_name_nothing_has_once():
    fuzzer = ContractFuzzer(seed=0)
    answered = {"quote p3, bram", "quote p1, ada"}  # a query: it changed nothing, the game answered it
    sent = [fuzzer.odd_command({"load p1, ada"}, answered) for _ in range(12)]
    strangers = [c for c in sent if "999" in c or "zz" in c.split()[-1]]
    shapes = {
        (c.split()[0], next(i for i, w in enumerate(c.split()[1:]) if "999" in w or w.endswith("zz")))
        for c in strangers
    }
    assert shapes == {("quote", 0), ("quote", 1), ("load", 0), ("load", 1)}
    assert all(c.count(",") == 1 for c in strangers)  # the argument keeps its comma: `quote p999, bram`


def test_without_answered_commands_only_what_worked_is_fuzzed():
    fuzzer = ContractFuzzer(seed=1)
    sent = [fuzzer.odd_command({"sell 2 apples"}) for _ in range(6)]
    assert not any(c and c.startswith("quote") for c in sent)
    assert "sell 999 apples" in sent or "sell 2 appleszz" in sent


@pytest.mark.slow
def test_a_courier_office_that_breaks_on_a_rider_it_does_not_have_is_caught(tmp_path: Path) -> None:
    # Spokewise: `quote <parcel>, <rider>` only reads; a rider it has no record of answers HTTP 500.
    result = explore(load_game(HOLDOUT / "spokewise"), tmp_path, steps=1500)
    crashes = [r for r in result.reports if r.oracle == "server-error"]
    assert any(r.repro[-1].startswith("quote ") for r in crashes), [r.title for r in result.reports]

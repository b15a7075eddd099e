"""What a refusal teaches besides 'no': an argument that must be a number, the field that blocks a command,
and a verb the game does not have though a help's layout seemed to name it."""

import re
from pathlib import Path

import pytest

from games.catalogue import load_game
from loop.qa_agents.explorer.commands import Slot, Template, Verbs
from loop.qa_agents.explorer.memory import CommandMemory
from loop.qa_agents.explorer.numeric_arguments import numbered
from loop.qa_agents.explorer.unblock import blocking_fields
from loop.trace import read_trace
from tests.explorer.conftest import explore
from tests.explorer.hand_steps import game

HOLDOUT = Path(__file__).resolve().parents[2] / "bench" / "holdout"

STATE = {"furnace": {"temperature": 1000, "banked": False, "pots": 2}, "supplies": {"charcoal": 4}}


def _refused(command: str, reply: str) -> list:
    return game(STATE, (command, STATE, False, reply))


def test_an_argument_a_refusal_says_must_be_a_number_takes_numbers():
    stoke = Template(("furnace stoke", Slot("sacks")))
    verbs = Verbs([stoke, Template(("furnace", "bank"))])
    step = _refused("furnace stoke annealing", "Sacks must be a whole number, got 'annealing'.")[-1]
    assert numbered(step, verbs) == [(stoke, Template(("furnace stoke", Slot("n"))))]


def test_the_quoted_word_says_which_argument_it_is():
    give = Template(("give", Slot("item"), Slot("count")))
    step = _refused("give rope lots", "invalid int value: 'lots'")[-1]
    assert numbered(step, Verbs([give])) == [(give, Template(("give", Slot("item"), Slot("n"))))]


def test_a_refusal_that_says_nothing_of_numbers_changes_nothing():
    stoke = Template(("furnace", "stoke", Slot("sacks")))
    assert numbered(_refused("furnace stoke oak", "There is no oak here.")[-1], Verbs([stoke])) == []
    # two open arguments and no quote: which one is meant is not known
    give = Template(("give", Slot("item"), Slot("whom")))
    assert numbered(_refused("give rope ada", "Expected a number.")[-1], Verbs([give])) == []


def test_of_fields_alike_the_one_holding_the_number_said_blocks():
    step = _refused(
        "batch melt name:a color:clear", "The furnace is at 1000 degrees; a batch needs 1200 to melt."
    )
    assert blocking_fields(step[-1]) == {"furnace.temperature"}


def test_a_verb_answered_like_a_nonsense_word_every_time_ranks_last():
    memory = CommandMemory()
    for _ in range(8):
        memory.judge_verb("blow", like_nonsense=True)
    assert memory.staleness("", "blow shape:cup batch:a") > memory.staleness(
        "", "piece blow shape:cup batch:a"
    )
    memory.judge_verb("blow", like_nonsense=False)  # once answered otherwise, it is a verb of the game
    assert memory.staleness("", "blow shape:cup batch:a") == 0


@pytest.mark.slow
def test_a_workshop_whose_help_names_counts_is_stoked_with_numbers(tmp_path: Path) -> None:
    # Glasswright: `stoke <sacks>` under the group `furnace`; 'Sacks must be a whole number, got 'oak'.'
    result = explore(load_game(HOLDOUT / "glasswright"), tmp_path, steps=1500)
    entries = [e for e in read_trace(result.trace_path) if e.command]
    stoked = {e.command for e in entries if re.fullmatch(r"furnace stoke \d+", e.command)}
    assert any((e.observation or {}).get("success") for e in entries if e.command in stoked), sorted(stoked)
    # 'blow ...' typed without its group is answered as a nonsense word is: it is played less and less
    bare_blow = [e for e in entries if e.command.startswith("blow ")]
    assert len(bare_blow) < 40, len(bare_blow)


def test_records_keyed_by_name_count_against_a_capacity_beside_them():
    from loop.qa_agents.explorer.bounds import BoundsOracle

    def oven(n: int) -> dict:
        return {"oven": {"capacity": 4, "pieces": {f"cup-{i}": {"shape": "cup"} for i in range(n)}}}

    steps = game(oven(0), *((f"oven load cup-{n}", oven(n + 1), True, "Loaded.") for n in range(5)))
    assert [BoundsOracle().judge(steps[: end + 1], set()) != [] for end in range(len(steps))] == [
        False,
        False,
        False,
        False,
        False,
        True,
    ]


def test_a_flag_that_wants_a_whole_number_takes_numbers():
    unload = Template(("unload", "--kiln", Slot("kiln")))
    step = _refused("unload --kiln agnes", "--kiln wants a whole number, not 'agnes'.")[-1]
    assert numbered(step, Verbs([unload])) == [(unload, Template(("unload", "--kiln", Slot("n"))))]

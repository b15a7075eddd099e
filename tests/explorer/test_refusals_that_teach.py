"""What a refusal teaches besides 'no': an argument that must be a number, the members or the range of an
argument wherever it stands, the field that blocks a command, and a verb the game does not have though a
help's layout seemed to name it."""

import re
from pathlib import Path

import pytest

from games.catalogue import load_game
from loop.qa_agents.explorer.commands import Slot, Template, Verbs, parse_help
from loop.qa_agents.explorer.memory import CommandMemory
from loop.qa_agents.explorer.numeric_arguments import numbered
from loop.qa_agents.explorer.option_lists import narrowed
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


def test_a_list_of_the_kind_the_refusal_names_the_typed_word_by_narrows_that_argument():
    verbs = parse_help("tea brew <kind> <pot>    brew a pot\ntea steep <a> <b>   steep it")
    step = _refused("tea brew 1 pot-1", "No 1 tea here. Teas: green, black, oolong, herbal.")[-1]
    teas = ("green", "black", "oolong", "herbal")
    assert narrowed(step, verbs) == [Template(("tea", "brew", Slot("kind", teas), Slot("pot")))]
    # the kind said before the word ('No tea called "1"') is the same; naming no typed word says nothing
    step = _refused("tea brew 1 pot-1", 'No tea called "1". Teas: green, black, oolong, herbal.')[-1]
    assert narrowed(step, verbs) == [Template(("tea", "brew", Slot("kind", teas), Slot("pot")))]
    step = _refused("tea brew 1 pot-1", "The kettle is cold. Teas: green, black, oolong, herbal.")[-1]
    assert narrowed(step, verbs) == []


def test_a_range_the_refusal_gives_narrows_the_number_typed_outside_it():
    verbs = parse_help("pantry buy <item> <count>   buy some\nclock wait <minutes>   let time pass")
    step = _refused("pantry buy milk 12", "The grocer sells 1 to 5 at a time.")[-1]
    counts = tuple(str(n) for n in range(7))
    assert narrowed(step, verbs) == [Template(("pantry", "buy", Slot("item"), Slot("count", counts)))]
    [wait] = narrowed(_refused("clock wait 90", "Between 1 and 60 minutes, please.")[-1], verbs)
    assert wait.parts[-1] == Slot("minutes", ("0", "1", "2", "30", "59", "60", "61"))
    # a number inside the range, or a range of hours on a clock, narrows nothing
    assert narrowed(_refused("clock wait 30", "The clock waits 1 to 60 minutes at a time.")[-1], verbs) == []
    assert narrowed(_refused("clock wait 90", "We are open from 08:00 to 17:00.")[-1], verbs) == []


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

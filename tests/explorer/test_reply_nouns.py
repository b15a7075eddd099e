"""Names a game gives only in its replies become candidate arguments: enumerations, list-like lines and
short state sentences; prose, numbers and function words do not."""

from __future__ import annotations

from loop.qa_agents.explorer.choice import best_command
from loop.qa_agents.explorer.commands import candidate_commands, parse_help
from loop.qa_agents.explorer.contract_fuzz import ContractFuzzer
from loop.qa_agents.explorer.reply_nouns import reply_nouns


def test_enumerations_in_a_refusal_a_list_after_a_colon_and_a_sentence_end():
    assert reply_nouns("Brew what? (moss tea or ember ale)") == ("moss tea", "ember ale")
    assert reply_nouns("You can hire: mason, smith, tanner.") == ("mason", "smith", "tanner")
    assert reply_nouns("The guild only trains iron golems and clay golems.") == ("iron golems", "clay golems")


def test_list_like_lines_and_state_sentences_name_things():
    board = "Stall, week 3:\n  moss tea    4c (fresh)\n  ember ale   9c\n"
    assert reply_nouns(board) == ("moss tea", "ember ale")
    room = "Crypt\nCold air. A stone coffin rests here. The stone coffin is sealed."
    assert reply_nouns(room) == ("stone coffin",)


def test_prose_and_numbers_give_no_names():
    assert reply_nouns("You rest. Week 4 begins.") == ()
    assert reply_nouns("Coins: 40c. Stamina: 9/10.") == ()
    assert reply_nouns("Paths lead to the north and east; a gate stands in the west wall.") == ()


def test_heard_nouns_fill_arguments():
    verbs = parse_help("brew [n] <drink> .... brew at the stall\ngo <direction> - Walk")
    commands = candidate_commands(verbs, {"coins": 40, "room": {"exits": ["north"]}}, ("moss tea",))
    assert "brew 1 moss tea" in commands and "go north" in commands


def test_the_fuzzing_sends_a_verb_that_needs_an_argument_bare_once_between_odd_arguments():
    # at the end of the budget, not in every state: in a grid every cell would spend tries on it
    fuzzer = ContractFuzzer(seed=0)
    worked = {"go north", "brew 1 moss tea", "look"}
    sent = [fuzzer.odd_command(worked) for _ in range(8)]
    assert sent[0] in ("go", "brew") and sent[1] not in ("go", "brew")  # in turn with odd arguments
    assert sorted(c for c in sent if c in ("go", "brew", "look")) == ["brew", "go"]  # each once


def test_a_name_only_a_reply_gave_ranks_below_the_state_own_words():
    state = {"place": "den", "on_floor": ["old rope"]}  # a state listing things under a key of its own
    untried = ["take moss tea", "take old rope", "take zzz"]
    pick = best_command(untried, state, None, lambda c: 0, lambda c: 0, heard={"moss tea"})
    assert pick == "take old rope"
    assert best_command(
        ["take zzz", "take moss tea"], state, None, lambda c: 0, lambda c: 0, {"moss tea"}
    ) == ("take moss tea")


def test_a_heard_name_the_room_text_names_ranks_with_the_state_and_a_place_name_below():
    state = {"location": "Den", "description": "Den\nA stone coffin lies here.", "on_floor": ["old rope"]}
    heard = {"stone coffin", "moss tea"}
    untried = ["open den", "open moss tea", "open stone coffin"]
    assert best_command(untried, state, None, lambda c: 0, lambda c: 0, heard) == "open stone coffin"
    assert best_command(["open den", "open moss tea"], state, None, lambda c: 0, lambda c: 0, heard) == (
        "open moss tea"
    )

"""Habits of a game that runs on codes and confirmations: a help table drawn without its outer border, a
usage line whose placeholder looks like a markup tag (`<code>`), lots named by codes the state keeps, lists
and refusals written in the past tense, and a purchase that asks to be confirmed in words."""

from loop.qa_agents.explorer.commands import Slot, Template, Verbs, candidate_commands, parse_help
from loop.qa_agents.explorer.menus import prompt_answers
from loop.qa_agents.explorer.numeric_arguments import numbered
from loop.qa_agents.explorer.option_lists import listed_options
from loop.qa_agents.explorer.verb_finder import usage_templates
from tests.explorer.hand_steps import game

TABLE = """COMMAND   | ARGUMENTS               | WHAT IT DOES
----------+-------------------------+---------------------------------------
help      |                         | Shows this table.
buy       | <code>                  | Buys a fleece (asks for confirmation).
weave     | <code> [<code>]         | Weaves one or two lots into cloth.
sell      | <n> bolts to <merchant> | Sells bolts to a merchant."""

STATE = {
    "day": 1,
    "auction": [{"code": "5837", "weight_kg": 11}, {"code": "c3ed", "weight_kg": 10}],
    "merchants": {"hale": {"price": 24}, "orme": {"price": 15}},
}


def test_a_table_without_its_outer_border_gives_each_commands_arguments():
    templates = parse_help(TABLE).templates
    assert Template(("buy", Slot("code"))) in templates
    assert Template(("weave", Slot("code"), Slot("code"))) in templates
    assert Template(("sell", Slot("n"), "bolts", "to", Slot("merchant"))) in templates
    # a placeholder's own bar is no column ('go <north|south>')
    [go] = parse_help("go <north|south>   walk").templates
    assert go == Template(("go", Slot("choice", ("north", "south"))))


def test_a_tag_never_closed_is_a_placeholder_and_a_closed_one_is_markup():
    assert usage_templates("The command was not understood. It was written: buy <code>.") == (
        Template(("buy", Slot("code"))),
    )
    assert usage_templates("Usage: <code>take <item></code>") == (Template(("take", Slot("item"))),)
    assert usage_templates("Usage: take <item><BR>") == (Template(("take", Slot("item"))),)


def test_a_code_argument_takes_the_codes_the_states_records_carry_first():
    commands = candidate_commands(Verbs([Template(("buy", Slot("code")))]), STATE)
    assert commands[:2] == ["buy 5837", "buy c3ed"]


def test_a_list_in_the_past_tense_gives_its_members():
    said = "No merchant called 10 came to the mill. The merchants were hale and orme."
    assert listed_options(said) == {"merchant": ("hale", "orme")}


def test_a_quoted_number_refused_names_its_own_argument_not_the_other_one():
    sell = Template(("sell", Slot("n"), "bolts", "to", Slot("merchant")))
    [step] = game(STATE, ("sell -1 bolts to hale", STATE, False, '"-1" was not a number of bolts.'))[1:]
    assert numbered(step, Verbs([sell])) == []


def test_a_question_that_says_to_answer_in_words_offers_those_words():
    assert prompt_answers("Buy fleece c3ed (10 kg) for 30 marks? Answer yes or no.") == ("yes", "no")
    assert prompt_answers('Really quit? (Type "y" or "n")') == ("y", "n")
    assert prompt_answers("You see a door. Answer the phone or not.") == ()

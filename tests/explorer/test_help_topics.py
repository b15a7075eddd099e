"""What a help says past its first page: the explanation of each command a refusal or the help points to
('See help sell.', "try 'explain <command>'"), an argument written against a symbol ('#<n>'), the members of
a refusal's list written with articles, a range that goes in steps, and a clock that wraps past midnight."""

from pathlib import Path

import pytest

from games.catalogue import load_game
from loop.contract.game_client import GameObservation
from loop.qa_agents.explorer.commands import Slot, Template, Verbs, candidate_commands, parse_help
from loop.qa_agents.explorer.numbers import wrapped
from loop.qa_agents.explorer.option_lists import listed_options
from loop.qa_agents.explorer.option_lists import narrowed as narrowed_templates
from loop.qa_agents.explorer.refusal import Refusal
from loop.qa_agents.explorer.typed_quantity import TypedQuantityOracle
from loop.qa_agents.explorer.verb_finder import VerbFinder
from loop.replay.transcript import Step
from loop.trace import read_trace
from tests.explorer.conftest import explore
from tests.explorer.hand_steps import game

HOLDOUT = Path(__file__).resolve().parents[2] / "bench" / "holdout"
START = {"day": 1, "till": 50, "pieces": 0}
MAN_PAGE = """NAME
    sell - sell finished pieces

SYNOPSIS
    sell [-n COUNT]
    sell [--count COUNT]
"""


def _step(command: str, reply: str, success: bool) -> Step:
    return Step(1, command, START, GameObservation(message=reply, state=START, success=success))


def _finder() -> VerbFinder:
    refusal = Refusal()
    for word in ("qzxvb", "bbkvz", "xkcdq", "wrtpk"):
        refusal.learn(_step(word, f"No such command '{word}'. Type help.", False))
    return VerbFinder(refusal)


def test_a_refusal_pointing_to_a_commands_help_has_each_verb_explained_and_read():
    finder, verbs = _finder(), parse_help("sell     sell pieces\nbuy      buy clay")
    assert finder.next_try(0, set(), due=True) != "help sell"  # nothing points to an explanation yet
    finder.judge(_step("sell agnes", "sell: unexpected argument 'agnes'. See help sell.", False), verbs)
    asked = [finder.next_try(1, set()), finder.next_try(2, set())]
    assert asked == ["help sell", "help buy"]
    finder.judge(_step("help sell", MAN_PAGE, True), verbs)
    assert Template(("sell", "-n", Slot("count"))) in verbs.templates
    assert finder.next_try(3, set()) != "help sell"  # each once


def test_a_help_naming_an_explaining_verb_by_a_placeholder_has_it_asked_and_read_as_a_help():
    finder, verbs = _finder(), parse_help("look              the shop\ninspect <ticket>  open a case")
    finder.judge(_step("help", "Commands: look, inspect. Try 'explain <command>'.", True), verbs)
    assert finder.next_try(1, set()) == "explain look"
    finder.judge(_step("explain inspect", "inspect <ticket>: open the case, e.g. inspect J1.", True), verbs)
    assert Template(("inspect", Slot("ticket"))) in verbs.templates
    # a cue before a placeholder is no verb that explains ('Type <command> to act')
    other, verbs = _finder(), parse_help("look     the shop")
    other.judge(_step("help", "Type <command> to act.", True), verbs)
    assert other.topics.verbs == []


def test_an_argument_written_against_a_symbol_is_typed_against_it():
    verbs = parse_help("  salt #<n> <kg>   rub salt into a wheel\n  carry #<n>       carry a wheel down")
    assert Template(("carry", "#\u2060", Slot("n"))) in verbs.templates
    assert "carry #1" in candidate_commands(verbs, {"wheels": {"1": {"salt": 0}}})


def test_a_range_in_steps_is_tried_at_its_steps_and_edges():
    [make] = parse_help("  make <litres>    set 20 to 60 L of milk (10 L steps) into a wheel").templates
    assert make == Template(("make", Slot("litres", ("19", "20", "30", "40", "50", "60", "61"))))


def test_a_refusals_list_written_with_articles_gives_its_members():
    said = "There is no 'cellar' here. You can go to the dairy, the cave, the stall or the yard."
    assert listed_options(said) == {"": ("dairy", "cave", "stall", "yard")}


def test_a_clock_that_passes_midnight_moved_by_the_hours_typed():
    assert wrapped(18, 4, 10) and wrapped(50, 5, 15) and not wrapped(18, 4, 9) and not wrapped(30, 4, 10)

    def hours(at: int) -> dict:
        return {"clock_hour": at, "day": 1}

    steps = game(
        hours(8),
        ("wait 2", hours(10), True, "2 h pass."),
        ("wait 3", hours(13), True, "3 h pass."),
        ("wait 5", hours(18), True, "5 h pass."),
        ("wait 10", hours(4), True, "10 h pass. Day 2 begins."),
    )
    assert TypedQuantityOracle().judge(steps, set()) == []
    steps[-1] = Step(4, "wait 10", hours(18), GameObservation(message="10 h pass.", state=hours(2)))
    assert TypedQuantityOracle().judge(steps, set()) != []  # 12 h passed, not 10


@pytest.mark.slow
def test_a_kiln_coop_whose_commands_are_explained_by_man_pages_is_played_with_their_flags(tmp_path: Path):
    # Kilnworth refuses arguments with 'See help sell.'; its flags are only in `help <command>`.
    result = explore(load_game(HOLDOUT / "kilnworth"), tmp_path, steps=600)
    entries = [e for e in read_trace(result.trace_path) if e.command]
    assert "help buy" in {e.command for e in entries}
    bought = [
        e for e in entries if e.command.startswith(("buy -c ", "buy --clay ", "buy -g ", "buy --glaze "))
    ]
    assert any((e.observation or {}).get("success") for e in bought), [e.command for e in bought]


def test_an_examples_word_naming_the_kind_of_its_number_gives_that_number_the_listed_members():
    pick = Template(
        ("pick", Slot("like row"), Slot("n", ("3", "0")), "with", Slot("like crew"), Slot("n", ("1",)))
    )
    verbs = Verbs([pick])
    refused = game(
        START, ("pick row 9 with crew 1", START, False, "There is no row 9; the estate has rows 1 to 3.")
    )
    [narrowed] = narrowed_templates(refused[-1], verbs)
    assert narrowed.parts[1] == Slot("like row") and narrowed.parts[2] == Slot("n", ("0", "1", "2", "3", "4"))
    # a clause after a colon is no list of numbers ('Buyer 2, Aubert: pays 8 coins, due on day 8.')
    said = game(
        START,
        ("pick row 0 with crew 1", START, False, "Row 2, north slope: pays 8, wants more, due on day 8."),
    )
    assert all(" " not in o for t in narrowed_templates(said[-1], verbs) for s in t.slots for o in s.options)


def test_a_refusal_quoting_all_the_words_after_the_verb_as_one_name_gives_the_verb_one_argument():
    finder, verbs = _finder(), parse_help("take <thing> into <place>   stow something")
    typed = "take lobster pot into your satchel"
    finder.judge(_step(typed, 'You see no "lobster pot into your satchel" to pick up.', False), verbs)
    assert Template(("take", Slot("thing"))) in verbs.templates
    # a refusal quoting one word of several says nothing of how the line is read
    finder, verbs = _finder(), parse_help("take <thing> into <place>   stow something")
    finder.judge(_step(typed, "There is no 'satchel' here.", False), verbs)
    assert Template(("take", Slot("thing"))) not in verbs.templates


def test_a_verb_whose_explanations_repeat_the_help_is_asked_no_more():
    finder, verbs = (
        _finder(),
        parse_help("pick     pick grapes\npress    press them\nrest     sleep\nsell     sell"),
    )
    prose = "You run the estate for 14 days. PICK, PRESS, REST and SELL. Type HELP <topic> for more."
    finder.judge(_step("help", prose, True), verbs)
    finder.helps_read.add(prose)
    asked = []
    for step in range(1, 8):
        topic = finder.next_try(step, set())
        if topic is None or not topic.startswith("help "):
            break
        asked.append(topic)
        finder.judge(_step(topic, prose, True), verbs)
    assert len(asked) == 3  # three answers that repeat the help, then no more

"""How the explorer reads games written in habits unlike its own (seen games and made-up replies): a help as
a markdown table of code spans, aliases joined by '|', a usage line quoted in a refusal with the range of its
numbers, example commands quoted with numbers in them, names in angle marks or with digits, a question for a
code, a two-word verb, synonyms that ask for the same arguments, state numbers kept as name/value records or
as strings with their unit, numbered menus and ranged questions, bracketed answers to a prompt, help by topic
and by example, grid coordinates, examples whose names change one at a time, a name and its role, a value
given as the one after the command ('now holds 3 coins'), the things a place's description names, a box table,
dotted keys, examples in parentheses, command-line flags a refusal names, a running total a command adds to.
Each test fails without the reading it covers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.catalogue import load_game
from loop.contract.game_client import GameObservation
from loop.qa_agents.explorer import argument_forms
from loop.qa_agents.explorer.agent import _over
from loop.qa_agents.explorer.commands import Slot, Verbs, candidate_commands, coordinates, parse_help
from loop.qa_agents.explorer.examples import example_templates, listed_examples, parenthesized_examples
from loop.qa_agents.explorer.menus import answer_templates, prompt_answers
from loop.qa_agents.explorer.numbers import numeric_fields
from loop.qa_agents.explorer.reply_nouns import described_nouns, marked_names, reply_nouns
from loop.qa_agents.explorer.state_oracles import ArgumentEchoOracle, ReplyDeltaOracle
from loop.qa_agents.explorer.verb_finder import asked_kind, text_words, usage_templates
from loop.qa_agents.explorer.vocabulary import apposed
from loop.replay.transcript import Step
from loop.trace import read_trace
from tests.explorer.conftest import explore
from tests.explorer.hand_steps import game

HOLDOUT = Path(__file__).resolve().parents[2] / "bench" / "holdout"

TABLE_HELP = """| command | what it does |
|---|---|
| `look` | describes the board |
| `move <unit> <x> <y>` | walks a unit (once per turn) |
| `sell <ore|bar> <n>` | sells from the rack |
| `end` | ends the turn |"""


def _spelled(verbs: Verbs) -> list[tuple[object, ...]]:
    return [t.parts for t in verbs.templates]


def test_a_markdown_table_of_code_spans_gives_its_commands_not_its_prose() -> None:
    parts = _spelled(parse_help(TABLE_HELP))
    assert ("look",) in parts and ("end",) in parts
    assert ("move", Slot("unit"), Slot("x"), Slot("y")) in parts
    assert ("sell", Slot("choice", ("ore", "bar")), Slot("n")) in parts
    assert not any(p[0] in ("describes", "walks", "what", "---") for p in parts), parts


def test_aliases_joined_by_a_bar_are_each_a_command() -> None:
    help_text = "* ITEMS: get|take|grab <thing>, inventory|inv\n* SYSTEMS: type|enter <code>"
    parts = _spelled(parse_help(help_text))
    for verb in ("get", "take", "grab"):
        assert (verb, Slot("thing")) in parts
    assert ("inv",) in parts and ("enter", Slot("code")) in parts


def test_a_usage_line_in_a_refusal_takes_the_range_it_states_for_its_numbers() -> None:
    (template,) = usage_templates("The order reads `move <unit> <x> <y>`, with x and y from 0 to 6.")
    unit, x, y = template.slots
    assert unit == Slot("unit")
    assert x.options == y.options == tuple(str(n) for n in range(-1, 8))  # the range and one past each end
    state = {"units": [{"id": "u1", "hp": 5, "at": [3, 5]}, {"id": "e1", "hp": 4, "at": [1, 1]}]}
    commands = candidate_commands(Verbs([template]), state)
    assert any(c.startswith("move u1 ") for c in commands) and "move u1 7 7" not in commands[:1]
    assert all(len(c.split()) == 4 and c.split()[2].lstrip("-").isdigit() for c in commands), commands


def test_a_question_for_a_code_is_answered_with_numbers() -> None:
    verbs = parse_help("type <code>")
    commands = candidate_commands(verbs, {"room": "hub"})
    assert "type 1234" in commands and "type 0" in commands
    # a verb that asks for its argument names the kind it wants
    assert asked_kind("TYPE WHAT CODE?") == "code" and asked_kind("Which direction?") == "direction"
    assert asked_kind("Sell how many?") == "number" and asked_kind("What do you want to drop?") == "thing"


def test_quoted_examples_are_played_and_varied_through_their_numbers_and_the_names_beside_them() -> None:
    text = "Tell me how many and what, like 'bake 6 loaf'. Or 'withdraw 12.50'. Type 'help' and I'll explain."
    templates = example_templates(text)
    assert [t.verb for t in templates] == ["bake", "withdraw"]
    state = {"shop": {"recipes": ["bun", "cake", "loaf"], "cash": "£40.00"}}
    commands = candidate_commands(Verbs(list(templates)), state)
    assert "bake 6 loaf" in commands and "withdraw 12.50" in commands  # as quoted
    assert "bake 6 cake" in commands and "bake 0 loaf" in commands and "withdraw -1" in commands  # varied
    assert "i'll explain" not in reply_nouns(text)  # a contraction is no thing's name


def test_names_in_angle_marks_and_with_digits_are_names() -> None:
    names = marked_names("THE LOCKER HOLDS <O2 CANISTER> x2, <FUSE>. use <item> to see.")
    assert "o2 canister" in names and "fuse" in names and "item" not in names


def test_a_two_word_verb_a_help_names_in_prose_is_tried_whole() -> None:
    quoted = text_words("To pick up items, type pick up followed by item= and an item, then qty=.").quoted
    assert "pick up" in quoted


def test_a_two_word_verb_takes_the_arguments_its_refusal_names() -> None:
    reply = GameObservation(message="Pick up needs item= and qty=.", state={}, success=False)
    step = Step(1, "pick up", {}, reply)
    (template,) = argument_forms.forms(step, Verbs())
    assert template.parts == ("pick", "up", "item=", Slot("item"), "qty=", Slot("qty"))
    assert argument_forms.names_arguments("Toss needs item= and qty=.")
    assert not argument_forms.names_arguments("Nothing answers to 'toss' here.")


def test_readings_and_numbers_with_units_are_numeric_fields() -> None:
    state = {
        "readings": [{"name": "oxygen", "value": 60, "unit": "%"}, {"name": "power", "value": "offline"}],
        "exits": [{"name": "north", "value": "HUB"}],
        "shop": {"cash": "£40.00", "flour": "3 kg", "oven": "0 of 12 items", "today": "day 1"},
        "log": [1, 2, 3],
    }
    assert numeric_fields(state) == {"readings.oxygen": 60, "shop.cash": 40.0, "shop.flour": 3}


def test_a_numbered_menu_and_a_ranged_question_offer_numbers_to_type() -> None:
    menu = answer_templates("-- vega port, day 1 --\n1) buy goods  2) sell goods  3) refuel  0) back")
    assert [t.parts for t in menu] == [("1",), ("2",), ("3",), ("0",)]
    asked = answer_templates("ORE SELECTED.\nhow many? (0-20)  0) back")
    assert {t.parts[0] for t in asked} >= {"0", "20", "10", "21", "-1"}
    assert answer_templates("You have 3 keys. 1) nothing else.") == ()  # one number is no menu


def test_a_question_with_bracketed_answers_is_answered_with_them_and_the_letters_around() -> None:
    assert prompt_answers("What do you want to quaff? [b or ?*]") == ("b", "a", "c")
    assert prompt_answers("What do you want to wield? [- a or ?*]") == ("-", "a", "b")
    assert prompt_answers("You see [a lamp] here.") == ()


def test_a_help_that_teaches_by_topic_and_example_gives_its_commands() -> None:
    topics = parse_help("Topics: build, demolish, assign. Type help <topic>.")
    assert ("help", Slot("topic")) in _spelled(topics)  # the cue 'Type' is not the command
    (example,) = example_templates("== Help: build ==\nExample: build farm at 2,3")
    state = {"tiles": {"2,2": {"building": "town hall"}}, "units": [{"at": [3, 5]}]}
    assert coordinates(state)[:2] == ["2,2", "3,5"] and "2,3" in coordinates(state)  # shown, then next to it
    commands = candidate_commands(Verbs([example]), state)
    assert "build farm at 2,3" in commands and "build farm at 2,2" in commands


def test_examples_listed_apart_by_slashes_vary_their_names_through_the_state() -> None:
    text = "Try: look / go to the library / ask the butler about the key / give 2 coins to the cook"
    templates = listed_examples(text)
    state = {"Location": "Hall", "Exits": ["library", "kitchen"], "People here": ["butler", "cook"]}
    commands = candidate_commands(Verbs(list(templates)), state)
    assert "look" in commands and "go to the kitchen" in commands and "ask the cook about the key" in commands
    assert "give 0 coins to the cook" in commands
    assert listed_examples("save / restore") == ()  # aliases, not a list of examples


def test_an_example_keeps_all_but_one_of_its_names_and_takes_what_the_state_lists_and_holds() -> None:
    text = (
        "Try things like: look / show the brass key to the secretary / give 2 coins to the cook / read notes"
    )
    templates = listed_examples(text)
    assert ("show", "the", Slot("like brass key"), "to", "the", Slot("like secretary")) in _spelled(
        Verbs(list(templates))
    )  # the words between joining words are one name
    state = {"Exits": ["Library"], "People here": ["Mr Pryce, the butler"], "Pocket": ["An empty tin"]}
    commands = candidate_commands(Verbs(list(templates)), state)
    assert "give 2 coins to the butler" in commands and "give 2 coins to the mr pryce" in commands
    assert "show the empty tin to the secretary" in commands  # what is carried, without its article
    assert "show the brass key to the butler" in commands


def test_a_name_and_its_role_are_each_a_name() -> None:
    assert apposed("Mr Pryce, the butler") == ["mr pryce", "butler"]
    assert apposed("Vera (the cook)") == ["vera", "cook"]
    assert apposed("brass key") == [] and apposed("a, b, c") == []


def test_a_reply_that_gives_the_value_now_is_held_to_the_value_after_not_before() -> None:
    stale = ("give 2 coins to the maid", {"Coins": 1}, True, "We give 2 coins; our purse now holds 3 coins.")
    right = ("give 2 coins to the maid", {"Coins": 1}, True, "We give 2 coins; our purse now holds 1 coins.")
    left = ("pay 2", {"Coins": 1}, True, "Paid. 3 coins left.")
    [anomaly] = ReplyDeltaOracle().judge(game({"Coins": 3}, stale), set())
    assert "3" in anomaly.observed and "3 -> 1" in anomaly.observed
    assert ReplyDeltaOracle().judge(game({"Coins": 3}, right), set()) == []
    assert ReplyDeltaOracle().judge(game({"Coins": 3}, left), set()) != []
    turned = ("pay 2", {"Coins": 1}, True, "You pay 2 coins and turn left.")
    assert ReplyDeltaOracle().judge(game({"Coins": 3}, turned), set()) == []


def test_an_example_name_the_state_does_not_keep_takes_the_things_this_place_describes() -> None:
    described = described_nouns(
        "A greatcoat hangs by the door beside an umbrella stand. Here we find the cook."
    )
    assert described[:4] == ("greatcoat", "door", "umbrella stand", "stand")
    state = {"Location": "Hall", "Exits": ["Library"]}
    commands = candidate_commands(Verbs(list(listed_examples("Try: look / search the desk / wait"))), state)
    assert "search the greatcoat" not in commands
    commands = candidate_commands(
        Verbs(list(listed_examples("Try: look / search the desk / wait"))), state, described=described
    )
    assert "search the desk" in commands and "search the greatcoat" in commands


BOX_HELP = """+---------+------------------------+-------------------+
| COMMAND | ARGUMENTS              | EFFECT            |
+---------+------------------------+-------------------+
| STATUS  |                        | TRAINS NOW        |
| SET     | <S1|S2|S3> <GREEN|RED> | SET A SIGNAL      |
| ADVANCE | <1-60>                 | RUN THE CLOCK ON  |
+---------+------------------------+-------------------+"""


def test_a_box_table_gives_each_command_with_the_arguments_of_its_second_column() -> None:
    parts = _spelled(parse_help(BOX_HELP))
    assert ("status",) in parts
    assert ("set", Slot("choice", ("s1", "s2", "s3")), Slot("choice", ("green", "red"))) in parts
    assert ("advance", Slot("n", ("0", "1", "2", "30", "59", "60", "61"))) in parts  # a wide range's edges
    assert not any(p[0].startswith(("+", "-")) for p in parts), parts
    (usage,) = usage_templates("?? USAGE: HOLD <T1|T2|T3>")  # options joined by '|' inside the marks
    assert usage.slots == [Slot("choice", ("t1", "t2", "t3"))]
    commands = candidate_commands(parse_help(BOX_HELP), {"signal.S1": "RED"})
    assert "set s1 green" in commands  # an id offered is typed as written, not looked up in the state


def test_a_flat_state_of_dotted_keys_names_the_things_in_its_keys() -> None:
    state = {
        "train.T1.at": "ALDERTON",
        "train.T1.due": "06:30",
        "train.T2.at": "ELMWOOD",
        "shift.over": False,
    }
    commands = candidate_commands(parse_help("dispatch <train> to <station>"), state)
    assert "dispatch t1 to alderton" in commands or "dispatch t1 to elmwood" in commands
    assert not any(c.startswith("dispatch at ") or c.startswith("dispatch ok ") for c in commands)


def test_a_help_in_prose_gives_the_commands_it_shows_in_parentheses() -> None:
    prose = (
        "A day goes like this: you put the ingredients into the cauldron (put 2 nightshade into the cauldron,"
        " say), and you sell it to them by name (sell the sleeping draught to the witch), and you buy more"
        " (buy 2 moonpetal, or buy a bottle). Directions (or n, s) work too."
    )
    verbs = [t.verb for t in parenthesized_examples(prose)]
    assert verbs == ["put", "sell", "buy", "buy"]


def test_a_verb_that_asks_what_and_the_words_a_prompt_offers() -> None:
    assert asked_kind("Play what? Name a card or a hand slot!") == "card"
    assert prompt_answers("Ember Bolt is up! Target? (you/foe)") == ("you", "foe")
    assert _over({"playerLost": True}) and _over({"shift.over": True}) and not _over({"lost_items": True})


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "crash_command"),
    [
        ("crumbwick", "bake"),  # a quoted example 'bake 6 loaf' varied to a recipe not yet learned
        ("kestrel-deep", "type"),  # 'type|enter|key <code>' answered with a number
        ("hollowfen", "move"),  # a markdown table's `move <unit> <x> <y>`, filled with ids and numbers
        ("farhaul", ""),  # a numbered menu: the crash is a menu number typed on the launch screen
        ("thornstead", "demolish"),  # 'help <topic>' teaches 'demolish <x,y>', filled with the grid's tiles
        ("barrowdeep", ""),  # 'What do you want to quaff? [b or ?*]' answered with a letter it did not offer
        ("signalbox", "hold"),  # a box table's argument column, '<T1|T2|T3>' typed as written
        ("alembic-lane", "stir"),  # a help in prose, its commands in parentheses
        ("ringside", "pile"),  # a one-line list of verbs; a game that ends on 'playerLost'
        ("brinewreck", "sell"),  # 'sell: give one of --all or --crate CRATE': command-line flags
        ("sternwheel", "insurance"),  # a game that ends only in its reply's game_over ('cash out' first)
        ("quayside", "/bill"),  # commands behind a slash, cued by 'Type /help'; usage lines with record ids
        ("cairnline", "drop"),  # orders given to a climber named first; help topics behind '? <topic>'
        ("plinth", "open"),  # a help tree of keys, each command's arguments under 'params:' ('days: 1 to 5')
        ("millrace", ""),  # orders in a notation given bare after 'e.g.' ('BUY:WHEAT,4'), varied by name
        ("deepdelve", "d"),  # a roguelike's keymap: 'd x   drop item x' is 'd <item>'
        # a verb named 'load' in a game with no saves; an item by its record's id while the hands are empty
        # ('weigh M1'); '<hole>' ranged 1-4 on one help line and bare on another
        ("pigeonhole", "load"),
        ("quarrymoor", "ask"),  # people by the names the state keeps; a question cut short ('ask jory')
        ("ravelin", "hire"),  # 'all' for a number ('hire all militia')
        # a help line whose description quotes `look`; a barrel's number asked for ("'x' is not a number")
        ("pressmoor", "sell"),
    ],
)
def test_games_in_these_habits_have_their_crash_found(tmp_path: Path, game: str, crash_command: str) -> None:
    result = explore(load_game(HOLDOUT / game), tmp_path, steps=1500)
    crashes = [r for r in result.reports if r.oracle == "server-error"]
    assert crashes, [r.title for r in result.reports]
    assert not crash_command or any(crash_command in r.repro[-1].split()[:2] for r in crashes), crashes
    played = {e.command for e in read_trace(result.trace_path) if e.command}
    assert len(played) > 40


@pytest.mark.slow
def test_a_game_played_in_a_notation_has_its_moves_played_and_its_undo_fault_found(tmp_path: Path) -> None:
    # Shunt Yard: moves are written 'A>B', couplings '+33' and '-33'; 'undo' after a coupling keeps wagons
    # on the hook and puts them back on the track too.
    result = explore(load_game(HOLDOUT / "shuntyard"), tmp_path, steps=1500)
    accepted = {
        e.command for e in read_trace(result.trace_path) if e.command and (e.observation or {}).get("success")
    }
    assert len({c for c in accepted if re.fullmatch(r"[a-z]?>[a-z]", c)}) >= 6, sorted(accepted)
    assert len({c for c in accepted if re.fullmatch(r"[+-]\d+", c)}) >= 6, sorted(accepted)
    assert any(r.oracle == "undo-restores" for r in result.reports), [r.title for r in result.reports]


@pytest.mark.slow
def test_verbs_guessed_for_a_help_without_a_list_stop_once_refused_like_nonsense(tmp_path: Path) -> None:
    # Hemlock Hall's help only gives examples; the explorer guesses 'take', 'drop', 'use', 'open' too, and
    # the game answers each as it answers a nonsense word.
    result = explore(load_game(HOLDOUT / "hemlock-hall"), tmp_path, steps=800)
    played = [e.command for e in read_trace(result.trace_path) if e.command]
    for guess in ("take", "drop", "use", "open"):
        tries = [c for c in played if c.split()[0] == guess]
        assert len(tries) <= 12, (guess, len(tries))
    assert len([c for c in played if c.split()[0] in ("ask", "show", "give", "search")]) > 100


def test_a_refusals_usage_line_that_enumerates_an_argument_replaces_the_open_form_of_that_verb() -> None:
    verbs = parse_help("+------+---------+\n| HOLD | <train> |\n| STATUS |  |\n+------+---------+")
    assert ("hold", Slot("train")) in _spelled(verbs)
    for usage in usage_templates("?? USAGE: HOLD <T1|T2|T3>"):
        verbs.narrow(usage)
    held = [p for p in _spelled(verbs) if p[0] == "hold"]
    assert held == [("hold", Slot("choice", ("t1", "t2", "t3")))], held
    assert ("status",) in _spelled(verbs)
    state = {"train.T1.at": "ALDERTON", "signal.S1": "RED"}
    held_commands = [c for c in candidate_commands(verbs, state) if c.startswith("hold")]
    assert held_commands == ["hold t1", "hold t2", "hold t3"]


def test_command_line_flags_a_refusal_names_become_the_verbs_arguments() -> None:
    verbs = parse_help("commands:\n  dive      descend\n  winch     haul a crate\n  sell      sell crates")
    refusals = {
        "dive": "ERR  dive: argument --to: expected one number",
        "winch": "ERR  winch: give one of --haul CRATE or --release CRATE",
        "sell": "ERR  sell: give one of --all or --crate CRATE",
    }
    learned = []
    for command, reply in refusals.items():
        step = Step(1, command, {}, GameObservation(message=reply, state={}, success=False))
        learned += [t.parts for t in argument_forms.forms(step, verbs)]
    assert ("dive", "--to", Slot("n")) in learned
    assert ("winch", "--haul", Slot("crate")) in learned and ("winch", "--release", Slot("crate")) in learned
    assert ("sell", "--all") in learned and ("sell", "--crate", Slot("crate")) in learned
    again = Step(
        1,
        "goto --site depth",
        {},
        GameObservation(message="goto: argument --site: invalid choice", state={}, success=False),
    )
    relearned = [t.parts for t in argument_forms.forms(again, verbs)]
    assert relearned and all(p[:2] == ("goto", "--site") and p.count("--site") == 1 for p in relearned)


def test_a_command_that_adds_its_number_to_a_running_total_is_not_said_to_mis_set_it() -> None:
    tipped = game(
        {"Tips": 5, "Chips": 100}, ("tip 5", {"Tips": 10, "Chips": 95}, True, "You tip the dealer.")
    )
    assert ArgumentEchoOracle().judge(tipped, set()) == []
    levelled = game({"level": 1}, ("level 0", {"level": 3}, True, "Level set."))
    assert ArgumentEchoOracle().judge(levelled, set())


def test_arguments_written_key_equals_value_in_html_replies_are_typed_that_way() -> None:
    # A refusal in HTML names the form in <code> with escaped placeholders; the help's example uses keys.
    refusal = "<p>Say which piece to buy: <code>acquire piece=&lt;name&gt;</code>.</p>"
    asked = game({}, ("acquire", {}, False, refusal))[-1]
    assert asked.message == "<p>Say which piece to buy: <code>acquire piece=<name></code>.</p>"
    assert [t.parts for t in usage_templates(asked.message)] == [("acquire", "piece=", Slot("name"))]
    example = example_templates("<pre>commands: ...\nexample: hang piece=2 room=east\n</pre>")
    assert [t.verb for t in example] == ["hang"]
    state = {"rooms": [{"id": "east"}, {"id": "west"}], "pieces": [{"id": 1, "name": "Amphora"}]}
    commands = candidate_commands(Verbs(list(example)), state)
    assert "hang piece=2 room=east" in commands  # as quoted
    assert "hang piece=0 room=east" in commands and "hang piece=2 room=west" in commands  # one change each
    assert not any("= " in c for c in commands), commands
    by_id = parse_help("restore piece=<id>")
    assert "restore piece=1" in candidate_commands(by_id, state)  # the id the state's record carries


def test_time_left_on_a_building_is_no_statement_of_the_clock_and_a_foreign_save_is_not_judged() -> None:
    loaded = "Loaded slot 2: back to day 3. Under construction: house (2 days left)."
    step = ("load 2", {"day": 3, "food": 19}, True, loaded)
    saved = ("save 2", {"day": 2, "food": 25}, True, "Saved day 2 in slot 2.")
    assert ReplyDeltaOracle().judge(game({"day": 2, "food": 25}, saved, step), set()) == []
    # a slot this game never saved: what the load says belongs to the game that saved it
    foreign = ("load 1", {"day": 5, "food": 3}, True, "Loaded slot 1: day 5, food 9.")
    assert ReplyDeltaOracle().judge(game({"day": 2, "food": 25}, foreign), set()) == []
    own = game({"day": 2, "food": 25}, ("save 1", {"day": 2, "food": 25}, True, "Saved."), foreign)
    assert ReplyDeltaOracle().judge(own, set()) != []

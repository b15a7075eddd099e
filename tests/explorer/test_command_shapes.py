"""Command shapes of games written elsewhere, read from their own texts: commands behind a sigil ('Type
/help'), orders given to someone named first ('<climber> <order>'), a usage line that gives an example with
record ids ('Usage: /checkin G-001 R12'), the options a reply lists for a wrong argument ('Topics: orders,
camps'), records keyed by their names ({'Mira': {...}, 'Jonas': {...}}) as names to type, a notation
('A>B', '+33', 'e.g. BUY:WHEAT,4'), a help written as a tree of keys with `params:`, and a roguelike's keymap
('>   go down', 'd x   drop item x')."""

from __future__ import annotations

from loop.qa_agents.explorer.commands import (
    Slot,
    Template,
    Verbs,
    candidate_commands,
    parse_help,
    proper_names,
)
from loop.qa_agents.explorer.examples import example_templates
from loop.qa_agents.explorer.help_tree import tree_templates
from loop.qa_agents.explorer.notation import cued_notations, is_notation, notation_template, notation_verb
from loop.qa_agents.explorer.option_lists import listed_options, narrowed
from loop.qa_agents.explorer.verb_finder import text_words
from loop.qa_agents.explorer.vocabulary import state_tokens
from tests.explorer.hand_steps import game


def test_a_command_behind_a_sigil_is_a_command_and_a_path_is_not():
    text = "Type /help for the commands. The API lives at /api/agent/new; exits n/s/e/w; 1/3 done. Try !roll."
    assert text_words(text).quoted == ("/help", "!roll")
    verbs = parse_help(
        "Desk commands:\n  /checkin <guest> <room>   check a guest in\n  /endnight   close the night"
    )
    assert Template(("/checkin", Slot("guest"), Slot("room"))) in verbs.templates
    assert Template(("/endnight",)) in verbs.templates


def test_a_help_cued_by_a_question_mark_is_a_template():
    verbs = parse_help("Topics: orders, camps, loads. Ask ? <topic>.")
    assert Template(("?", Slot("topic"))) in verbs.templates


def test_orders_given_to_someone_named_first_are_templates_with_that_someone_first():
    help_text = (
        "Orders go to one climber by first name: <climber> <order> [args].\n"
        "  up / down            climb to the next camp\n"
        "  take <item> [n]      take n from the stash\n"
    )
    templates = parse_help(help_text).templates
    climber = Slot("climber")
    assert Template((climber, "up")) in templates
    assert Template((climber, "take", Slot("item"), Slot("n"))) in templates
    # Without such a line, nothing is addressed.
    assert all(isinstance(t.parts[0], str) for t in parse_help("up / down\ntake <item> [n]").templates)


def test_a_usage_line_with_record_ids_varies_each_id_alone_and_keeps_a_choice_a_choice():
    [checkin] = example_templates("Usage: /checkin G-001 R12")
    assert checkin == Template(("/checkin", Slot("like g-001"), Slot("like r12")))
    [extra] = example_templates("Usage: /extra G-001 breakfast|boat")
    assert extra.parts[2] == Slot("choice", ("breakfast", "boat"))
    state = {"guests": [{"id": "G-001"}, {"id": "G-002"}], "rooms": [{"id": "R11"}, {"id": "R12"}]}
    commands = candidate_commands(Verbs([checkin]), state)
    assert {"/checkin g-001 r12", "/checkin g-002 r12", "/checkin g-001 r11"} <= set(commands), commands


def test_a_reply_listing_the_options_of_a_wrong_argument_narrows_that_argument():
    assert listed_options("BASE> No topic 'base'. Topics: orders, camps, loads.")["topic"] == (
        "orders", "camps", "loads",
    )  # fmt: skip
    verbs = Verbs([Template(("?", Slot("topic"))), Template((Slot("climber"), "up"))])
    start = {"day": 1}
    [topic] = game(start, ("? base", start, True, "No topic 'base'. Topics: orders, camps, loads."))[1:]
    assert narrowed(topic, verbs) == [Template(("?", Slot("topic", ("orders", "camps", "loads"))))]
    # Answered with the list though what was typed is one of them: nothing to narrow.
    [listed] = game(start, ("? orders", start, True, "Topics: orders, camps. Orders: up, down."))[1:]
    assert narrowed(listed, verbs) == []
    [nobody] = game(start, ("0 up", start, False, "No climber called '0' on the team: Mira, Jonas."))[1:]
    assert narrowed(nobody, verbs) == [Template((Slot("climber", ("mira", "jonas")), "up"))]


def test_records_keyed_by_their_names_give_those_names():
    state = {"team": {"climbers": {"Mira": {"health": 3, "load": 0}, "Jonas": {"health": 2, "load": 4}}}}
    names = {token for _, token in state_tokens(state)}
    assert {"mira", "jonas"} <= names
    # Records of different shapes are fields of one thing, not names.
    party = {"party": {"hero": {"hp": 3, "name": "Ada"}, "pet": {"kind": "cat"}}}
    assert not {"hero", "pet"} & {t for _, t in state_tokens(party)}
    commands = candidate_commands(Verbs([Template((Slot("climber"), "up"))]), state)
    assert {"mira up", "jonas up"} <= set(commands), commands


def test_a_notation_the_help_quotes_is_tried_and_varied_through_the_names_beside_its_own():
    help_text = 'Write "A>B" to run the loco from A to B; "+33" couples wagon 33, "=" shows the yard.'
    assert {"a>b", "+33", "="} <= set(text_words(help_text).quoted)
    # Words, hyphened words and numbers are no notation; a negative number may be one ('-33' cuts at 33).
    assert [is_notation(s) for s in ("undo", "pick-up", "12", "3.5", "-33", "a > b")] == [
        False, False, False, False, True, False,
    ]  # fmt: skip
    state = {"yard": {"H": "[L]", "A": "41", "B": "33"}, "wagons": {"41": {"t": 46}, "33": {"t": 40}}}
    commands = candidate_commands(Verbs([notation_template("a>b"), notation_template("+33")]), state)
    assert {"a>b", "h>b", "a>h", "b>a", "+33", "+41"} <= set(commands), commands
    assert not [c for c in commands if " " in c], commands


def test_a_help_tree_gives_each_command_its_parameters_typed_as_its_example_types_them():
    tree = (
        "commands:\n"
        "  look:\n    does: the day and the budget\n"
        "  hang:\n    also: move\n    params:\n      piece: the piece's number (#id)\n"
        "      room: east | west | atrium\n    does: hang a piece\n"
        "  open:\n    params:\n      days: 1 to 5 (default 1)\n"
        "example: hang piece=2 room=east\n"
    )
    templates = tree_templates(tree)
    hang = Template(("hang", "piece=", Slot("id"), "room=", Slot("room", ("east", "west", "atrium"))))
    assert hang in templates
    assert Template(("move", *hang.parts[1:])) in templates
    assert Template(("open", "days=", Slot("days", ("0", "1", "2", "3", "4", "5", "6")))) in templates
    # Without a keyed example, the parameters are typed in order.
    assert Template(("open", Slot("days", ("0", "1", "2", "3", "4", "5", "6")))) in tree_templates(
        tree.replace("example: hang piece=2 room=east\n", "")
    )
    assert tree_templates("Commands:\n  look: see the room\n  take <item>: pick it up") == []


def test_notation_examples_given_bare_after_a_cue_are_commands_and_keep_their_command_word():
    text = "orders are written order:arg,arg  e.g. buy:wheat,4  grind:wheat,4  sell:flour,4"
    assert cued_notations(text) == ["buy:wheat,4", "grind:wheat,4", "sell:flour,4"]
    assert cued_notations("it looks like a tower; buy ware w, e.g. buy sword") == []
    buy = notation_template("buy:wheat,4")
    assert buy.parts[0] == "buy"  # the word before ':' names the command
    state = {"stock": [{"good": "wheat", "sacks": 0}, {"good": "oats", "sacks": 2}]}
    commands = candidate_commands(Verbs([buy]), state)
    assert {"buy:wheat,4", "buy:oats,4", "buy:wheat,0", "buy:wheat,999999"} <= set(commands), commands
    # One crash, however its names and numbers vary: a notation's command word, or its shape.
    assert [notation_verb(v) for v in ("grind:oatmeal,4", "h>c", "+41", "look")] == [
        "grind",
        "_>_",
        "+_",
        "look",
    ]


def test_a_keymap_help_gives_symbol_keys_and_letter_arguments_its_description_names():
    keymap = (
        "h        move west\n"
        ".        rest a turn (also: rest)\n"
        ">        go down a staircase\n"
        "<        go up a staircase\n"
        "d x      drop item x\n"
        "buy w    buy ware w, e.g. buy sword\n"
    )
    templates = parse_help(keymap).templates
    for key in ("h", ".", ">", "<"):
        assert Template((key,)) in templates, key
    assert Template(("d", Slot("item"))) in templates
    assert Template(("buy", Slot("ware"))) in templates
    # A placeholder in angle marks is no symbol key; a letter the description does not name stays typed.
    assert parse_help("<item>   an item of yours").templates == []
    assert Template(("go", "n")) in parse_help("go n     north, if the door is open").templates


def test_one_open_argument_takes_any_list_its_refusal_gives():
    verbs = Verbs([Template(("buy", Slot("item")))])
    start = {"day": 1}
    [wrong] = game(start, ("buy floor", start, True, "Martha sells: ale 1s, lamp 3s."))[1:]
    assert narrowed(wrong, verbs) == [Template(("buy", Slot("item", ("ale", "lamp"))))]
    # a list holding what was typed: the argument was right
    [right] = game(start, ("buy ale", start, True, "Sold. Martha sells: ale 1s, lamp 3s."))[1:]
    assert narrowed(right, verbs) == []


def test_a_person_slot_takes_the_people_the_state_names():
    state = {"suspects": {"jory": {"name": "Jory Hext"}}, "detective": {"location": "inn"}}
    assert proper_names(state) == ["jory", "jory hext", "jory"]
    commands = candidate_commands(Verbs([Template(("ask", Slot("person"), "about", Slot("topic")))]), state)
    assert commands[0].startswith("ask jory about "), commands[:3]


def test_a_range_after_a_word_naming_an_argument_bounds_that_argument_wherever_it_stands():
    help_text = (
        "sort <item> <hole>  put an item from the sack into pigeonhole 1-4\n"
        "load <hole>         fill your satchel from a pigeonhole"
    )
    parts = [t.parts for t in parse_help(help_text).templates]
    hole = Slot("hole", ("0", "1", "2", "3", "4", "5"))
    assert ("sort", Slot("item"), hole) in parts and ("load", hole) in parts


def test_an_item_with_empty_hands_is_one_the_state_keeps_a_record_of():
    state = {"sack": [{"id": "M1", "kind": "letter"}], "satchel": {"items": []}}
    assert "weigh m1" in candidate_commands(Verbs([Template(("weigh", Slot("item")))]), state)

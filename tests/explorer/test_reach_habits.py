"""Reach on help and refusal habits of games written elsewhere: a help line whose description quotes another
command (`(see `look`)`), commands offered as spelled-out alternatives (`go orchard | go market`), a refusal
offering a list without naming its kind ('Try oak, ash or elm.') or after its kind ('Rooms are 101, 102'), a
refusal saying the word typed is not a number, a 'how many' that asks again for a number typed, an example in
passing that is no command, a help in prose whose clauses are its commands, a table keyed by its first
column, and a command refused for something the state keeps ('The vat is empty.'), retried once that
changes."""

from __future__ import annotations

from loop.qa_agents.explorer.argument_forms import forms
from loop.qa_agents.explorer.commands import Slot, Template, Verbs, parse_help
from loop.qa_agents.explorer.examples import as_quoted, clause_examples
from loop.qa_agents.explorer.memory import CommandMemory
from loop.qa_agents.explorer.option_lists import listed_options, narrowed, numbered
from loop.qa_agents.explorer.reply_nouns import reply_nouns
from loop.qa_agents.explorer.unblock import Unblocker, blocking_fields
from tests.explorer.hand_steps import game


def test_a_help_line_keeps_its_command_when_its_description_quotes_another():
    verbs = parse_help("  sell cider <barrel>   sell a barrel's cider by its number (see `look`)")
    assert Template(("sell", "cider", Slot("barrel"))) in verbs.templates
    assert Template(("look",)) in verbs.templates
    # a line that is code only stays the code's
    assert parse_help("`move <unit> <x>` | walks a unit").templates == [
        Template(("move", Slot("unit"), Slot("x")))
    ]


def test_commands_spelled_out_as_alternatives_are_each_a_command():
    verbs = parse_help("  go orchard | go market    walk between the orchard and the market (2 hours)")
    assert Template(("go", "orchard")) in verbs.templates
    assert Template(("go", "market")) in verbs.templates
    assert verbs.literal == frozenset({"go orchard", "go market"})


def test_a_list_offered_without_its_kind_is_the_verbs_one_named_argument():
    assert listed_options("There are no 'need' trees here. Try oak, ash or elm.") == {
        "": ("oak", "ash", "elm")
    }
    assert listed_options("Go where? The orchard or the market.") == {"": ("orchard", "market")}
    assert listed_options("Smelt how many? Give a whole number, e.g. 'smelt 2'.") == {}
    verbs = Verbs([Template(("pick", Slot("tree"))), Template(("pick", Slot("tree"), Slot("n")))])
    start = {"day": 1}
    [wrong] = game(
        start, ("pick need", start, False, "There are no 'need' trees here. Try oak, ash or elm.")
    )[1:]
    trees = Slot("tree", ("oak", "ash", "elm"))
    assert narrowed(wrong, verbs) == [Template(("pick", trees)), Template(("pick", trees, Slot("n")))]
    # the number stays a number, whatever list a reply gives
    verbs = Verbs([Template(("pick", trees, Slot("n")))])
    assert narrowed(wrong, verbs) == []


def test_a_word_refused_as_not_a_number_makes_its_argument_an_id():
    verbs = Verbs([Template(("sell", "cider", Slot("barrel"))), Template(("sell", "apples", Slot("tree")))])
    start = {"barrels": [{"no": 1}]}
    [refused] = game(start, ("sell cider oak", start, False, "'oak' is not a number I can count to."))[1:]
    assert numbered(refused, verbs) == [
        (Template(("sell", "cider", Slot("barrel"))), Template(("sell", "cider", Slot("id"))))
    ]
    [other] = game(start, ("sell cider oak", start, False, "You have no barrels."))[1:]
    assert numbered(other, verbs) == []


def test_a_removed_template_does_not_come_back_with_the_help():
    verbs = Verbs([Template(("press", Slot("tree")))])
    verbs.remove(Template(("press", Slot("tree"))))
    verbs.add(Template(("press", Slot("tree"))))
    assert verbs.templates == []


def test_how_many_asked_of_a_number_typed_adds_no_second_argument():
    verbs = Verbs([Template(("lay", Slot("n")))])
    start = {"coin": 40}
    [typed] = game(start, ("lay -1", start, False, "Lay how many segments? 'lay 2'."))[1:]
    assert forms(typed, verbs) == []
    [quoted] = game(start, ("lay track", start, False, "Lay how many segments? e.g. 'lay 2'."))[1:]
    assert forms(quoted, verbs) == []
    # a thing typed and a number asked for: the verb takes both
    sell = Verbs([Template(("sell", Slot("item")))])
    [asked] = game(start, ("sell wheat", start, False, "Sell what, and how many?"))[1:]
    assert Template(("sell", Slot("item"), Slot("number"))) in forms(asked, sell)


def test_a_command_refused_for_what_the_state_keeps_is_retried_when_that_changes():
    start = {"place": "orchard", "vat": 0, "cart": {"oak": 0, "ash": 2}, "trees": {"oak": 9, "ash": 7}}
    pressed = {**start, "vat": 10, "cart": {"oak": 0, "ash": 0}}
    walked = {**start, "place": "market"}
    steps = game(
        start,
        ("fill", start, False, "The vat is empty."),
        ("press oak", start, False, "You have no oak in the cart."),
        ("pick x", start, False, "There are no 'x' trees. Try oak or ash."),
        ("press ash", pressed, True, "You press 2 baskets."),
        ("go market", walked, True, "You walk to the market."),
    )
    fill, press, typo, pressing, walking = steps[1:]
    assert blocking_fields(fill) == {"vat"}
    assert blocking_fields(press) == {"cart.oak"}
    assert blocking_fields(typo) == frozenset()  # the fault is what was typed
    unblocker = Unblocker()
    for refused in (fill, press, typo):
        unblocker.refused(refused)
    assert unblocker.due(pressing) == "fill"
    assert unblocker.due(pressing) is None  # pressing left the oak in the cart alone
    assert unblocker.due(walking) is None


def test_a_fuzzed_argument_uses_up_none_of_its_verbs_tries():
    start = {"place": "yard"}
    memory = CommandMemory()
    for step in game(start, *[("pick %s%n", start, False, "No such tree.")] * 3)[1:]:
        memory.record(step, "yard", counted=False)
    assert memory.verb_tries("yard", "pick") == 0
    [plain] = game(start, ("pick zz", start, False, "No such tree."))[1:]
    memory.record(plain, "yard")
    assert memory.verb_tries("yard", "pick") == 1 == memory.fruitless("yard", "pick zz")
    memory.forget_verbs({"pick"})
    assert memory.verb_tries("yard", "pick") == 0


def test_a_help_in_prose_gives_its_own_clauses_as_commands():
    help_text = (
        "You run a small circus on the road from Ashby to Dunmere. Speak to the troupe in plain sentences. "
        "You can hire the juggler or anyone else looking for work, and dismiss the clowns when you no longer "
        "want them; buy 6 bales of feed at the market; feed the animals; set the ticket price to 4 "
        "coins. When a town is done with you, travel to the next town, or rest for the day if you would "
        "rather stay."
    )
    quoted = [as_quoted(t) for t in clause_examples(help_text)]
    for command in (
        "hire the juggler",
        "dismiss the clowns",
        "buy 6 bales of feed at the market",
        "feed the animals",
    ):
        assert command in quoted, quoted
    assert "set the ticket price to 4 coins" in quoted and "rest for the day" in quoted
    assert not any(q.split()[0] in ("you", "when", "can", "them") for q in quoted), quoted
    # a help in lines gives none: its lines are read as lines
    assert clause_examples("Commands:\n  hire <who>   hire a performer\n  rest   rest a day\n" * 3) == ()


def test_a_table_keyed_by_its_first_column_and_a_kind_listed_after_are_names_to_type():
    lobby = "Waiting in the lobby:\n  ada    Ada Park, party of 1\n  ben    Ben Ortiz, party of 2"
    assert {"ada", "ben"} <= set(reply_nouns(lobby))
    assert listed_options("pay: there is no room stars. Rooms are 101, 102, 201.") == {
        "room": ("101", "102", "201")
    }

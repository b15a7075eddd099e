"""Habits of games written elsewhere: commands written as function calls (`feed(animal=NAME, kg=N)`), shown in
a JSON handbook, or as paths (`observe/<target>/<minutes>`); a help shouted in capitals like a telegram
('WORKER HIRE N = TAKE ON N PLUCKERS STOP'); help topics a refusal lists ('Topics: night, plates'); options
joined after the command word (`buy bait|fuel|net`); optional flags (`[--room <room>]`); a guest kept in a
lobby's records; a verb in capitals with its arguments in lower case (`LE LEND book member`); a state that
keeps its numbers as settings written out (`["cash=100", "day=1"]`) or against their maximum ('7/6'); a query
about the night it names ('forecast 6'); a room's number echoed in a reply ('Room 101 paid $66.00'); a count
out of its total opening a bracket ('(4 of 3 today)'); a status label of two words ('Balance due: $8.00'); a
bare `capacity` beside two numbers, which bounds neither; a refusal that takes a plate; a wage bill its troupe
left behind; and a library's loans its members' cards disagree with."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from games.catalogue import load_game
from loop.qa_agents.explorer import option_lists
from loop.qa_agents.explorer.bounds import BoundsOracle
from loop.qa_agents.explorer.calls import call_templates
from loop.qa_agents.explorer.commands import Slot, Template, candidate_commands, glued, parse_help
from loop.qa_agents.explorer.help_tree import read_help
from loop.qa_agents.explorer.numbers import labelled, numeric_fields
from loop.qa_agents.explorer.over_total import OverTotalOracle
from loop.qa_agents.explorer.refused import RefusalTakesOracle
from loop.qa_agents.explorer.shouted import as_help_lines
from loop.qa_agents.explorer.state_oracles import ReplyDeltaOracle, TextStateOracle
from loop.qa_agents.explorer.totals import DerivedTotalOracle
from loop.trace import read_trace
from tests.explorer.conftest import explore
from tests.explorer.hand_steps import game

HOLDOUT = Path(__file__).resolve().parents[2] / "bench" / "holdout"

HANDBOOK = json.dumps(
    {
        "syntax": "Commands are function calls with named parameters, e.g. water(bed=east, litres=2).",
        "commands": {
            "look": {"usage": "look() or look(bed=NAME)"},
            "water": {"usage": "water(bed=NAME, litres=N)"},
            "sow": {"usage": "sow(seed=bean|pea|leek, bed=BED)"},
            "rest": {"usage": "rest()"},
        },
    }
)


def test_commands_written_as_calls_are_typed_as_calls() -> None:
    templates = read_help(HANDBOOK).templates
    water = Template(
        ("water", glued("("), "bed=", Slot("bed"), glued(", "), "litres=", Slot("n"), glued(")"))
    )
    assert water in templates
    assert Template(("rest()",)) in templates
    sow = next(t for t in templates if t.verb == "sow")
    assert sow.slots == [Slot("choice", ("bean", "pea", "leek")), Slot("bed")]
    state = {"beds": [{"name": "east", "water": 0}, {"name": "west", "water": 3}], "seeds": {"bean": 4}}
    typed = candidate_commands(read_help(HANDBOOK), state)
    assert "water(bed=east, litres=1)" in typed
    assert "sow(seed=pea, bed=west)" in typed
    assert "rest()" in typed
    # the example's own values are varied through the names kept beside them
    assert "water(bed=west, litres=2)" in typed


def test_a_word_touching_a_bracket_is_no_call_without_a_call_beyond_doubt() -> None:
    assert call_templates("Walk with north(n), south(s) or east(e).") == []
    assert call_templates("sell <item> (see below) -- sells it") == []


def test_a_help_shouted_like_a_telegram_is_read_line_by_line() -> None:
    wire = (
        "ORCHARD ORDERS STOP THING FIRST THEN ACTION STOP TREE PRUNE N = PRUNE N TREES STOP "
        "CIDER PRESS N OR CIDER PRESS ALL = PRESS APPLES STOP DAY END = CLOSE THE DAY STOP "
        "HELP = THIS WIRE STOP"
    )
    assert as_help_lines(wire).splitlines()[2] == "tree prune <n>  - Prune n trees"
    templates = parse_help(wire).templates
    assert Template(("tree", "prune", Slot("n"))) in templates
    assert Template(("cider", "press", Slot("n"))) in templates
    assert Template(("day", "end")) in templates
    assert not any(t.verb == "thing" for t in templates)  # a sentence of the help, not an order
    # a help in ordinary case is left as written
    assert as_help_lines("Commands: look, take <item>. STOP the clock with 'pause'.").startswith("Commands")


def test_settings_written_out_in_a_list_are_fields() -> None:
    state = {"ledger": ["day=3", "season=monsoon", "cash=100", "fee: 12"], "notes": ["wet", "cold"]}
    assert numeric_fields(state) == {"ledger.day": 3, "ledger.cash": 100, "ledger.fee": 12}


def test_a_bare_capacity_bounds_the_one_list_of_records_beside_it_not_two_numbers() -> None:
    def pen(animals: int, visitors: int) -> dict:
        kept = [{"name": f"a{i}", "fed": 0} for i in range(animals)]
        return {
            "pens": {"pond": {"capacity": 3, "cleanliness": 90, "visitors_today": visitors, "animals": kept}}
        }

    opened = game(pen(2, 0), ("open gates", pen(2, 8), True, "8 visitors come in."))
    assert BoundsOracle().judge(opened, set()) == []
    [crowded] = BoundsOracle().judge(game(pen(2, 0), ("move otter", pen(4, 0), True, "Moved.")), set())
    assert crowded.subject == "pens.pond.animals"


@pytest.mark.slow
def test_a_game_of_calls_in_a_json_handbook_is_played_and_its_crash_found(tmp_path: Path) -> None:
    # Menagerie: `feed(animal=NAME, kg=N)` in a JSON handbook; a move to an enclosure that does not exist
    # answers HTTP 500. An enclosure's visitors beside its animal capacity are no breach.
    result = explore(load_game(HOLDOUT / "menagerie"), tmp_path, steps=1500)
    accepted = {
        e.command for e in read_trace(result.trace_path) if e.command and (e.observation or {}).get("success")
    }
    assert len({c for c in accepted if re.fullmatch(r"[a-z_]+\(([a-z]+=\w+(, )?)*\)", c)}) >= 20, accepted
    crashes = [r for r in result.reports if r.oracle == "server-error"]
    assert any(r.repro[-1].startswith("move(") for r in crashes), [r.title for r in result.reports]
    assert not any("visitors" in r.title for r in result.reports), [r.title for r in result.reports]


@pytest.mark.slow
def test_a_game_whose_help_is_a_telegram_has_its_orders_played(tmp_path: Path) -> None:
    # Highgrove: 'WORKER HIRE N = TAKE ON N PLUCKERS STOP ...', a state of 'cash=100' settings.
    result = explore(load_game(HOLDOUT / "highgrove"), tmp_path, steps=600)
    accepted = {
        e.command for e in read_trace(result.trace_path) if e.command and (e.observation or {}).get("success")
    }
    verbs = {" ".join(c.split()[:2]) for c in accepted}
    assert {"worker hire", "worker dismiss", "day end", "estate report"} <= verbs, sorted(accepted)


PATH_HELP = """night: the night and the almanac.
  status            where the season stands
  forecast/<night>  the almanac entry for one night (1 to 10)
  wait/<minutes>    let the clock run
  night/end         close the dome
  buy/plates/<count>  order unexposed plates
  develop/all       develop every exposed plate
  take/get <item>   aliases, in a help of paths too"""


def test_commands_written_as_paths_are_typed_as_paths() -> None:
    verbs = read_help(PATH_HELP)
    state = {"night": {"number": 2}, "plates": [{"no": 1, "state": "exposed"}], "items": ["lens"]}
    typed = set(candidate_commands(verbs, state))
    assert {"forecast/1", "forecast/10", "forecast/11", "night/end", "develop/all"} <= typed
    assert {"wait/5", "buy/plates/12"} & typed
    assert not any(
        c.startswith("wait/") and not c[5:].lstrip("-").isdigit() for c in typed
    )  # minutes: numbers
    assert "take lens" in typed
    # a help with no argument after a slash keeps its slashes as aliases
    assert "take/get" not in set(candidate_commands(read_help("take/get <item>   pick it up"), state))


def test_the_members_a_game_lists_for_a_kind_are_typed_as_written() -> None:
    verbs = read_help("Help topics: night, plates, paper.\nType `help <topic>` for that topic's commands.")
    refused = game(
        {"night": {"sky": "clear"}, "plates": [{"no": 1, "state": "spent"}]},
        (
            "help pointing",
            {"night": {"sky": "clear"}},
            False,
            "No help topic `pointing`. Topics: night, plates, paper.",
        ),
    )
    for template in option_lists.narrowed(refused[-1], verbs):
        verbs.narrow(template)
    typed = candidate_commands(verbs, refused[0].state)
    assert {"help night", "help plates", "help paper"} <= set(typed)
    assert not {"help clear", "help spent"} & set(typed)


def test_a_query_about_what_it_named_states_nothing_of_the_state_now() -> None:
    night = {"night": {"number": 2, "transparency": 70}}
    steps = game(
        night,
        ("forecast 3", night, True, "Night 3: hazy, transparency 70%."),
        ("forecast 6", night, True, "Night 6: clear, transparency 100%."),
    )
    assert TextStateOracle().judge(steps, set()) == []
    # the number typed may end the reply's sentence
    book = {"day": 2}
    asked = [
        ("ledger --day 2", book, True, "No entries for day 2."),
        ("ledger --day 0", book, True, "No entries for day 0."),
    ]
    assert TextStateOracle().judge(game(book, *asked), set()) == []
    steps = game(
        night,
        ("sky", night, True, "Night 2: transparency 70%."),
        ("sky", night, True, "Night 2: transparency 90%."),
    )
    assert [a.subject for a in TextStateOracle().judge(steps, set())] == ["night.transparency"]


@pytest.mark.slow
def test_a_game_of_paths_behind_help_topics_is_played_and_its_crash_found(tmp_path: Path) -> None:
    # Starwatch: `help` lists topics, each topic's help gives commands as paths (`forecast/<night>`); the
    # almanac answers HTTP 500 for a night past the season's last.
    result = explore(load_game(HOLDOUT / "starwatch"), tmp_path, steps=1500)
    accepted = {
        e.command for e in read_trace(result.trace_path) if e.command and (e.observation or {}).get("success")
    }
    assert len({c for c in accepted if "/" in c}) >= 20, sorted(accepted)
    crashes = [r for r in result.reports if r.oracle == "server-error"]
    assert any(r.repro[-1].startswith("forecast/") for r in crashes), [r.title for r in result.reports]


def test_a_refusal_that_takes_something_is_found_once_refusals_here_take_nothing() -> None:
    box = {"plates": {"unexposed": 4}, "clock": {"turn": 1}}
    taken = {"plates": {"unexposed": 3}, "clock": {"turn": 2}}
    nothing = ("xyzzy", box, False, "Unknown command.")
    steps = game(
        box, nothing, nothing, ("observe m13 90", taken, False, "M13 sets before the exposure ends.")
    )
    [found] = RefusalTakesOracle().judge(steps, set())
    assert found.subject == "observe plates.unexposed"
    # too soon to tell: this game's refusals not yet seen to leave the state alone
    assert RefusalTakesOracle().judge([steps[0], steps[-1]], set()) == []
    # the reply owns up to it
    spoiled = ("observe m13 90", taken, False, "The plate is fogged: M13 set.")
    assert RefusalTakesOracle().judge(game(box, nothing, nothing, spoiled), set()) == []
    # a count every refusal lowers is no plate taken (a fuse burning down)
    burning = [({"fuse": 9 - i}) for i in range(4)]
    fuse = game(burning[0], *[("xyzzy", b, False, "Unknown command.") for b in burning[1:]])
    assert RefusalTakesOracle().judge(fuse, set()) == []
    # a cooldown runs down on a refused step too: time passing
    cooling = ("go west", {"plates": {"unexposed": 4}, "potion_cooldown": 1}, False, "You can't go that way.")
    drunk = {"plates": {"unexposed": 4}, "potion_cooldown": 2}
    assert (
        RefusalTakesOracle().judge(
            game(drunk, ("xyzzy", drunk, False, "?"), ("xyzzy", drunk, False, "?"), cooling), set()
        )
        == []
    )


def test_a_value_written_against_its_maximum_is_a_number_with_a_bound() -> None:
    coach = {"cap": "5/6", "lb": "30/120"}
    assert numeric_fields(coach) == {"cap": 5, "lb": 30}
    seated = ("board p6", {"cap": "6/6", "lb": "30/120"}, True, "Seated.")
    [over] = BoundsOracle().judge(
        game(coach, seated, ("board p7", {"cap": "7/6", "lb": "30/120"}, True, "Seated.")), set()
    )
    assert (over.subject, over.title) == ("cap", "cap goes past its bound (7 against cap/max=6)")
    # a value that was never within its maximum is how the game writes it, not a breach
    assert (
        BoundsOracle().judge(game({"cap": "9/6"}, ("look", {"cap": "9/6"}, True, "The coach.")), set()) == []
    )


def test_a_total_its_records_left_behind_is_found_once_it_kept_their_total() -> None:
    def circus(wages: dict[str, int], bill: int) -> dict:
        return {"Troupe": {name: {"Wage": wage} for name, wage in wages.items()}, "Wage Bill": bill, "Day": 1}

    steps = game(
        circus({}, 0),
        ("hire juggler", circus({"Juggler": 8}, 8), True, "The juggler joins."),
        ("hire clowns", circus({"Juggler": 8, "Clowns": 6}, 14), True, "The clowns join."),
        ("dismiss juggler", circus({"Clowns": 6}, 14), True, "The juggler leaves."),
    )
    [left] = DerivedTotalOracle().judge(steps, set())
    assert left.subject == "Wage Bill sum:Troupe.Wage"
    # kept in step: nothing to say; one agreement is no total yet
    assert DerivedTotalOracle().judge(steps[:3], set()) == []
    assert DerivedTotalOracle().judge([steps[0], steps[1], steps[3]], set()) == []
    # a number whose name shares no word with what is summed is no total of it
    days = game(
        {"Troupe": {"A": {"Wage": 1}}, "Day": 1},
        ("hire b", {"Troupe": {"A": {"Wage": 1}, "B": {"Wage": 1}}, "Day": 2}, True, "Hired."),
        ("fire a", {"Troupe": {"B": {"Wage": 1}}, "Day": 2}, True, "Fired."),
    )
    assert DerivedTotalOracle().judge(days, set()) == []


def test_a_count_out_of_its_total_opening_a_bracket_is_held_to_it() -> None:
    house = {"cleans_today": 0}
    cleaned = [
        (f"clean {room}", {"cleans_today": n}, True, f"Cleaned {room} ({n} of 3 today).")
        for n, room in enumerate((102, 202, 301, 302), 1)
    ]
    [over] = OverTotalOracle().judge(game(house, *cleaned), set())
    assert over.subject == "today of 3"
    # within its total, nothing to say
    assert OverTotalOracle().judge(game(house, *cleaned[:3]), set()) == []


def test_a_status_label_of_two_words_with_its_currency_is_read() -> None:
    fields = {"guests.ada.folio.balance": 32.0, "clock.hour": 12.0}
    assert labelled("Posted 2 x breakfast ($24.00). Balance due: $8.00.", fields) == {
        "guests.ada.folio.balance": 8
    }
    assert labelled("Balance due: $8.00 at 12:30.", {"clock.hour": 12.0}) == {}


def test_optional_flags_are_typed_alone_with_their_values() -> None:
    templates = parse_help(
        "    checkin <guest> [--room <room>] [--keys 1|2]\n    pay <room> --amount <money>"
    ).templates
    assert Template(("checkin", Slot("guest"))) in templates
    assert Template(("checkin", Slot("guest"), "--room", Slot("room"))) in templates
    assert Template(("checkin", Slot("guest"), "--keys", Slot("choice", ("1", "2")))) in templates
    assert Template(("pay", Slot("room"), "--amount", Slot("money"))) in templates


def test_a_kind_the_state_keeps_under_no_name_of_its_own_takes_the_ids_of_listed_records() -> None:
    lobby = {"lobby": [{"id": "ada", "name": "Ada Park"}, {"id": "ben", "name": "Ben Ortiz"}], "guests": {}}
    typed = candidate_commands(parse_help("checkin <guest> --room <room>"), lobby, heard=("better", "paid"))
    assert typed.index("checkin ada --room ada") < min(i for i, c in enumerate(typed) if "better" in c)


def test_a_records_number_the_command_typed_is_no_statement_of_a_field() -> None:
    def desk(paid: int) -> dict:
        return {"rooms": {"101": {"guest": "ada"}}, "guests": {"ada": {"folio": {"paid": paid}}}}

    paid = ("pay 101", desk(66), True, "Room 101 paid $66.00. Balance now $0.00.")
    assert ReplyDeltaOracle().judge(game(desk(0), paid), set()) == []
    wrong = ("pay 101", desk(66), True, "Room 101: 70 paid.")
    assert ReplyDeltaOracle().judge(game(desk(0), wrong), set()) != []


def test_options_joined_after_the_command_word_are_its_argument_typed_as_written() -> None:
    verbs = parse_help(
        " 6. buy bait|fuel|net [amount]   at the chandlery\n12. pay <crowns>|all   pay what ye owe"
    )
    assert Template(("buy", Slot("choice", ("bait", "fuel", "net")), Slot("amount"))) in verbs.templates
    assert Template(("pay", Slot("choice", ("crowns", "all")))) in verbs.templates
    typed = candidate_commands(verbs, {"hold": {"bait": 3, "fuel": 20, "nets": 1}, "crowns": 40})
    assert {"buy bait", "buy fuel", "buy net", "pay all"} <= set(typed)
    # a verb's aliases stay aliases
    assert [t.verb for t in parse_help("get|take|grab <thing>").templates] == ["get", "take", "grab"]


def test_a_verb_in_capitals_takes_its_lower_case_words_as_arguments_and_its_code_as_an_alias() -> None:
    desk = (
        "  LE  LEND book member .......... lend a book to a member\n  CL  CLOSE ..................... close"
    )
    templates = parse_help(desk).templates
    assert Template(("lend", Slot("book"), Slot("member"))) in templates
    assert Template(("le", Slot("book"), Slot("member"))) in templates
    assert {Template(("close",)), Template(("cl",))} <= set(templates)


def test_two_collections_of_one_name_hold_the_same_entries_and_a_tally_is_no_total() -> None:
    def library(ledger: list[str], cards: dict[str, list[str]], made: int) -> dict:
        return {
            "loans": {book: {"due": "31 Mar"} for book in ledger},
            "members": {m: {"loans": books} for m, books in cards.items()},
            "loans_made": made,
        }

    steps = game(
        library([], {"M1": [], "M2": []}, 0),
        ("lend f1 m1", library(["F1"], {"M1": ["F1"], "M2": []}, 1), True, "Lent."),
        ("lend f2 m2", library(["F1", "F2"], {"M1": ["F1"], "M2": ["F2"]}, 2), True, "Lent."),
        ("return f2", library(["F1"], {"M1": ["F1"], "M2": ["F2"]}, 2), True, "Returned; on the hold shelf."),
    )
    [kept] = DerivedTotalOracle().judge(steps, set())
    assert kept.subject == "count:loans count:members.*.loans"
    # a running tally of loans ever made stays when a book comes back: no total of the loans out
    back = ("return f2", library(["F1"], {"M1": ["F1"], "M2": []}, 2), True, "Returned.")
    assert DerivedTotalOracle().judge([*steps[:3], *game(steps[2].state, back)[1:]], set()) == []


def test_a_record_inside_a_collection_is_no_total_of_it() -> None:
    def camps(mira: int, jonas: int) -> dict:
        team = {"Mira": {"load": mira}, "Jonas": {"load": jonas}}
        return {"camps": {"BC": {"climbers": team}, "C1": {"climbers": {}}}, "weather": {"wind": 3}}

    steps = game(
        camps(0, 0),
        ("mira take food", camps(2, 0), True, "Mira takes food."),
        ("jonas take rope", camps(2, 3), True, "Jonas takes rope."),
        ("mira take tent", camps(5, 3), True, "Mira takes a tent."),
    )
    assert [a for end in range(2, 5) for a in DerivedTotalOracle().judge(steps[:end], set())] == []


def test_an_argument_refused_as_no_number_twice_stays_an_id() -> None:
    verbs = parse_help("  sell cider <barrel>   sell a barrel's cider by its number")
    cellar = {"barrels": [{"no": 1, "cider": 0}], "varieties": ["dabinett"]}
    for word in ("dabinett", "oak"):  # the second word is typed from the id argument the first one made
        refused = game(
            cellar, (f"sell cider {word}", cellar, False, f"'{word}' is not a number I can count to.")
        )
        for template, numbered in option_lists.numbered(refused[-1], verbs):
            verbs.remove(template)
            verbs.add(numbered)
    assert verbs.templates == [Template(("sell", "cider", Slot("id")))]
    # an argument narrowed to names by mistake is still an id once the game says the word is no number
    narrowed = parse_help("  sell cider <barrel>   sell a barrel's cider")
    narrowed.narrow(Template(("sell", "cider", Slot("barrel", ("dabinett", "foxwhelp")))))
    refused = game(
        cellar, ("sell cider dabinett", cellar, False, "'dabinett' is not a number I can count to.")
    )
    assert [n for _, n in option_lists.numbered(refused[-1], narrowed)] == [
        Template(("sell", "cider", Slot("id")))
    ]

"""Help written in other habits: a numbered menu whose long descriptions end in the command
(`3. Buy supplies for the pantry: /buy <supply> <amount>`), a table drawn in box characters, a command joining
two arguments with words (`sell <n> tickets for row <R>`); and refusals that say what an argument may be: what
someone deals in ('It sells flour, yeast, sugar.') and the numbers or letters a kind runs through ('The ovens
are numbered 1 to 3.', 'The house has rows A to E.'), which hold wherever that kind stands; and a record's
level stated after a command ('The pantry now holds 0 kg of flour'), read as the record's amount; a question
about the argument after a word ('Cast Ada as what? The parts: ...'); a turn counter under a flat dotted key
(`"game.turn"`); and what is left of an allowance ('2 calls left') beside the count of calls made."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.catalogue import load_game
from loop.qa import QASessionResult
from loop.qa_agents.explorer import option_lists
from loop.qa_agents.explorer.commands import Slot, Template, candidate_commands, parse_help
from loop.qa_agents.explorer.help_tree import read_help
from loop.qa_agents.explorer.state_oracles import ReplyDeltaOracle
from loop.replay import view
from loop.trace import read_trace
from tests.explorer.conftest import explore
from tests.explorer.hand_steps import game

HOLDOUT = Path(__file__).resolve().parents[2] / "bench" / "holdout"

MENU = """Bakery: what you can do
1. See the bakery at a glance: /look
3. Buy supplies for the pantry: /buy <supply> <amount>
6. Put a batch in an oven: /bake <loaf|bun> [oven]
8. Take a finished batch out onto the shelf: /unload <oven>
Commands start with a slash, as in /buy flour 6."""

BOXED = """Desk commands
┌──────────────────────┬──────────────────────────────────┐
│ COMMAND              │ WHAT IT DOES                     │
├──────────────────────┼──────────────────────────────────┤
│ STATUS               │ Clock, weather and cash          │
│ SELL <ADULT|CHILD> [n] │ Sell n tickets (default 1)     │
│ OPEN <lift>          │ Staff and start a lift           │
└──────────────────────┴──────────────────────────────────┘"""


def test_a_numbered_menu_with_long_descriptions_gives_the_commands_after_them() -> None:
    templates = parse_help(MENU).templates
    assert Template(("/look",)) in templates
    assert Template(("/buy", Slot("supply"), Slot("amount"))) in templates
    assert Template(("/unload", Slot("oven"))) in templates
    # a sentence with a colon and no command after it stays prose
    assert not parse_help("Note for new bakers: the oven takes time to heat.").templates


def test_a_table_drawn_in_box_characters_is_read_like_one_drawn_in_ascii() -> None:
    templates = read_help(BOXED).templates
    assert Template(("status",)) in templates
    assert Template(("sell", Slot("choice", ("adult", "child")), Slot("n"))) in templates
    assert Template(("open", Slot("lift"))) in templates


def test_a_command_may_join_its_arguments_with_words() -> None:
    templates = parse_help("  sell <n> tickets for row <R>      e.g. 'sell 2 tickets for row B'").templates
    assert Template(("sell", Slot("n"), "tickets", "for", "row", Slot("row"))) in templates
    # one argument among many words is a description, not a command
    assert not parse_help("  you may also try to find <item>").templates
    assert Template(("move", Slot("x"), Slot("y"))) in parse_help("  move <x> <y>   walk").templates


def test_what_someone_deals_in_and_what_a_kind_runs_through_are_its_members() -> None:
    assert option_lists.listed_options("The market has no 5. It sells flour, yeast, sugar.") == {
        "": ("flour", "yeast", "sugar")
    }
    assert option_lists.listed_options("The ovens are numbered 1 to 3.") == {
        "oven": ("0", "1", "2", "3", "4")
    }
    assert option_lists.listed_options("Which row? The house has rows A to E.") == {
        "row": ("a", "b", "c", "d", "e")
    }
    assert option_lists.listed_options("I gave 3 apples to 5 children.") == {}


def test_the_members_one_refusal_gives_a_kind_hold_wherever_it_stands() -> None:
    verbs = parse_help(MENU)
    start = {"ovens": [{"number": 1, "status": "idle"}], "stock": {"supplies": 0, "flour": 0}}
    refused = game(
        start,
        ("/buy 5 10", start, False, "The market has no 5. It sells flour, yeast, sugar."),
        ("/bake bun idle", start, False, "The ovens are numbered 1 to 3."),
    )
    for step in refused[1:]:
        for template in option_lists.narrowed(step, verbs):
            verbs.narrow(template)
    typed = set(candidate_commands(verbs, start))
    assert {"/buy flour 6", "/buy sugar 1"} & typed
    assert not any(c.startswith("/buy 5") for c in typed)
    assert {"/unload 1", "/unload 3", "/unload 4"} <= typed  # learned from '/bake', typed for '/unload'
    assert "/unload idle" not in typed


def pantry(flour: int, yeast: int = 0) -> dict:
    return {
        "pantry": {
            "bins": {"flour": {"amount": flour, "capacity": 40}, "yeast": {"amount": yeast, "capacity": 20}}
        },
        "till": 40 - 2 * flour,
    }


def test_a_reply_giving_a_record_its_level_from_before_the_command_is_caught_once() -> None:
    stale = game(
        pantry(0),
        ("/buy flour 4", pantry(4), True, "You buy 4 kg of flour. The pantry now holds 0 kg of flour."),
    )
    right = game(
        pantry(0),
        ("/buy flour 4", pantry(4), True, "You buy 4 kg of flour. The pantry now holds 4 kg of flour."),
    )
    found = ReplyDeltaOracle().judge(stale, set())
    assert [a.subject for a in found] == ["/buy pantry.bins.*.amount"]  # one fault, whichever bin it shows
    assert ReplyDeltaOracle().judge(right, set()) == []


def test_a_question_about_the_argument_after_a_word_gives_that_argument_its_members() -> None:
    verbs = parse_help("  cast <actor> as <role>      e.g. 'cast Ada as Prospero'")
    company = {"actors": {"Ada": {"role": None}, "Bram": {"role": None}}}
    asked = game(
        company,
        ("cast ada as bram", company, False, "Cast Ada as what? The parts: Prospero, Miranda, Ariel."),
    )
    assert option_lists.narrowed(asked[-1], verbs) == [
        Template(("cast", Slot("actor"), "as", Slot("role", ("prospero", "miranda", "ariel"))))
    ]


def test_a_turn_counter_under_a_flat_dotted_key_is_the_clock() -> None:
    before, after = {"game.turn": 1, "till": 40}, {"game.turn": 2, "till": 40}
    assert view.without_clock(before) == view.without_clock(after)
    assert view.clock(after) == (2,)


def test_what_is_left_of_an_allowance_is_not_the_count_that_rose() -> None:
    room = game(
        {"night": {"calls": 0}},
        ("rehearse", {"night": {"calls": 1}}, True, "Rehearsal called. 2 calls left in the room today."),
    )
    assert ReplyDeltaOracle().judge(room, set()) == []
    fuel = game(
        {"tank": {"litres": 5}},
        ("drive", {"tank": {"litres": 3}}, True, "You drive on. 4 litres left."),
    )
    assert ReplyDeltaOracle().judge(fuel, set()) != []  # a count that fell: what is left is the count


def test_a_value_now_that_is_what_one_field_held_before_the_command_is_stale() -> None:
    def lock(reservoir: int, drawn: int) -> dict:
        return {"reservoir": reservoir, "reservoir_capacity": 300, "drawn_today": drawn}

    stale = game(
        lock(200, 0),
        (
            "fill --chamber 1",
            lock(175, 25),
            True,
            "The chamber fills from the pound, which now stands at 200 units.",
        ),
    )
    assert [a.subject for a in ReplyDeltaOracle().judge(stale, set())] == ["fill reservoir"]
    right = game(
        lock(200, 0),
        (
            "fill --chamber 1",
            lock(175, 25),
            True,
            "The chamber fills from the pound, which now stands at 175 units.",
        ),
    )
    assert ReplyDeltaOracle().judge(right, set()) == []
    clock = game(lock(200, 0), ("wait", lock(200, 0) | {"hour": 10}, True, "It is now 10:00."))
    assert ReplyDeltaOracle().judge(clock, set()) == []


def accepted(result: QASessionResult) -> set[str]:
    return {
        e.command for e in read_trace(result.trace_path) if e.command and (e.observation or {}).get("success")
    }


@pytest.mark.slow
def test_a_bakery_of_slash_commands_after_long_descriptions_is_played_and_its_bulk_rate_checked(
    tmp_path: Path,
) -> None:
    # Ovenbright: `3. Buy supplies for the pantry: /buy <supply> <amount>`; 'The market has no 5. It sells
    # flour, ...'; the market's board gives 10 or more a tenth off, and an order of exactly 10 pays in full.
    result = explore(load_game(HOLDOUT / "ovenbright"), tmp_path, steps=1500)
    bought = {c for c in accepted(result) if re.fullmatch(r"/buy [a-z]+ \d+", c)}
    assert len(bought) >= 8, sorted(accepted(result))
    assert any(r.oracle == "bulk-rate" and r.repro[-1].endswith(" 10") for r in result.reports), [
        r.title for r in result.reports
    ]


@pytest.mark.slow
def test_a_box_office_of_flat_dotted_keys_casts_its_company(tmp_path: Path) -> None:
    # Limelight: `"game.turn"` counts refusals too; 'Cast Ada as what? The parts: Prospero, ...'.
    result = explore(load_game(HOLDOUT / "limelight"), tmp_path, steps=1500)
    cast = {c for c in accepted(result) if re.fullmatch(r"cast [a-z]+ as [a-z]+", c)}
    assert len(cast) >= 10, sorted(accepted(result))
    assert any(c.startswith("sell ") and " row " in c for c in accepted(result))

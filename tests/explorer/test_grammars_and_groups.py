"""Help in more habits: a grammar in BNF (`<command> ::= "load" <parcel> "," <rider> | ...`), commands grouped
under a noun (`furnace` over `  stoke <sacks> - burn charcoal`), arguments written `name:value` and arguments
separated by a comma (`load <parcel>, <rider>`); and two designs that are no bugs: wages that take a tin of
money below zero, which the rules allow and the reply states, and the day beside the days its events
happened on."""

from __future__ import annotations

from loop.qa_agents.explorer import option_lists
from loop.qa_agents.explorer.bnf import bnf_templates
from loop.qa_agents.explorer.bounds import BoundsOracle
from loop.qa_agents.explorer.commands import Slot, Template, candidate_commands, glued, parse_help
from loop.qa_agents.explorer.help_tree import group_templates, read_help
from loop.qa_agents.explorer.totals import DerivedTotalOracle
from tests.explorer.hand_steps import game

GRAMMAR = """Dispatch desk: command grammar

<command> ::= "help" | "board"
            | "load" <parcel> "," <rider>
            | "quote" <parcel> [ "," <rider> ]
            | "wait" <minutes>

<parcel>  ::= "P" <number>          a parcel on the board, e.g. P4
<rider>   ::= "Ada" | "Bram"
<minutes> ::= <number>              1 to 240
"""

GROUPS = """Workshop commands (noun first, then the verb):
  furnace
    status - temperature and charcoal
    stoke <sacks> - burn charcoal sacks
  supplies
    buy item:<name> qty:<n> - buy sand or soda
  help - this list"""

PARCELS = tuple(f"p{n}" for n in range(1, 10))


def test_a_grammar_in_bnf_gives_its_commands_with_their_arguments() -> None:
    templates = bnf_templates(GRAMMAR)
    comma = glued(", ")
    assert Template(("board",)) in templates
    assert Template(("load", Slot("parcel", PARCELS), comma, Slot("rider", ("ada", "bram")))) in templates
    assert Template(("quote", Slot("parcel", PARCELS))) in templates  # the bracketed part left out
    assert Template(("quote", Slot("parcel", PARCELS), comma, Slot("rider", ("ada", "bram")))) in templates
    wait = next(t for t in templates if t.verb == "wait")
    assert {"1", "240", "241"} <= set(wait.slots[0].options)
    assert "load p3, ada" in candidate_commands(read_help(GRAMMAR), {})
    assert bnf_templates("Commands: look, go <dir>") == []


def test_arguments_separated_by_a_comma_are_typed_so() -> None:
    usage = parse_help("Usage: load <parcel>, <rider>")
    typed = candidate_commands(usage, {"riders": [{"name": "Ada"}], "shelf": [{"id": "P1"}]})
    assert "load p1, ada" in typed


def test_commands_grouped_under_a_noun_are_typed_after_it() -> None:
    templates = group_templates(GROUPS)
    assert Template(("furnace", "status")) in templates
    assert Template(("furnace", "stoke", Slot("sacks"))) in templates
    buy = next(t for t in templates if t.parts[:2] == ("supplies", "buy"))
    typed = candidate_commands(read_help(GROUPS), {"stock": {"sand": 1}})
    assert buy.slots == [Slot("name"), Slot("n")]
    assert any(c.startswith("supplies buy item:") and " qty:" in c for c in typed), typed
    # a short header's colon still goes: 'Moving: go <dir>' is 'go <dir>'
    assert Template(("go", Slot("dir"))) in parse_help("Moving: go <dir>").templates


def test_wages_a_bare_command_pays_below_zero_are_no_broken_bound_but_a_purchase_is() -> None:
    def station(cash: int) -> dict:
        return {"cash": cash, "wage_bill": 120}

    paid = game(
        station(200),
        ("end", station(80), True, "You pay $120 in wages. Day 2 dawns."),
        ("end", station(-40), True, "You pay $120 in wages. Day 3 dawns."),
    )
    assert BoundsOracle().judge(paid, set()) == []
    bought = game(
        station(200),
        ("end", station(80), True, "You pay $120 in wages."),
        ("buy 3 bales", station(-40), True, "You buy 3 bales for $120."),
    )
    assert BoundsOracle().judge(bought, set()) != []


def test_the_day_is_no_total_of_the_days_its_events_happened_on() -> None:
    def season(day: int) -> dict:
        return {"day": day, "events": [{"day": d, "text": "rain"} for d in range(1, day + 1)][-2:]}

    steps = game(season(1), ("wait", season(2), True, "Day 2."), ("wait", season(3), True, "Day 3."))
    oracle = DerivedTotalOracle()
    assert [a for end in range(1, 4) for a in oracle.judge(steps[:end], set())] == []


def test_a_refusal_listing_three_names_gives_them_quoted_as_the_game_writes_them() -> None:
    refusal = (
        'The fernery doesn\'t grow \'beds\'. Aunt Wren grows basil, ivy, "boston fern", "maidenhair fern".'
    )
    assert option_lists.listed_options(refusal) == {
        "": ("basil", "ivy", '"boston fern"', '"maidenhair fern"')
    }
    assert option_lists.listed_options("You walk north, then east.") == {}
    # an example's name beside the open argument ('buy compost 3') does not stop the list from filling it
    verbs = parse_help("  buy <item> <n> - seed packets (buy compost 3)")
    verbs.add(Template(("buy", Slot("like compost"), Slot("n"))))
    refused = game({"week": 1}, ("buy beds 1", {"week": 1}, False, refusal))
    narrowed = option_lists.narrowed(refused[-1], verbs)
    assert (
        Template(("buy", Slot("item", ("basil", "ivy", '"boston fern"', '"maidenhair fern"')), Slot("n")))
        in narrowed
    )

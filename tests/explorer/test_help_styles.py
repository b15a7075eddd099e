"""Help texts in more styles: aliases spaced round a slash, dot leaders, a description with no dash after
the arguments, and description words that must never become verbs."""

from __future__ import annotations

from loop.qa_agents.explorer.commands import Slot, parse_help

CARD = """MOONBASE -- crew card
  report ............. your oxygen, crates and hatches
  prices ............. this week's rates
  order [n] <supply> .... order from the depot (n defaults to 1)
  ship [n|all] <supply> ship from your hold
  rest ............... this card
  load / unload - Load or unload the rover (one bay)
"""


def test_help_card_with_dot_leaders_and_slashed_aliases_gives_every_verb_and_no_prose():
    verbs = parse_help(CARD)
    heads = [t.verb for t in verbs.templates]
    assert list(dict.fromkeys(heads)) == ["report", "prices", "order", "ship", "rest", "load", "unload"]
    ships = [t.parts for t in verbs.templates if t.verb == "ship"]
    assert ships == [("ship", Slot("supply")), ("ship", Slot("n", ("all",)), Slot("supply"))]  # [n] may go
    assert not {"your", "this", "week's", "from"} & verbs.words


def test_literal_words_between_arguments_stay_and_one_trailing_word_stays():
    verbs = parse_help("put <thing> in <box>\nturn <dial> left")
    assert verbs.templates[0].parts == ("put", Slot("thing"), "in", Slot("box"))
    assert verbs.templates[1].parts == ("turn", Slot("dial"), "left")

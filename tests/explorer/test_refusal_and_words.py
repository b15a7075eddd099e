"""What the explorer learns without a help in its own layout: the game's refusal from nonsense words (worded
several ways, with counters that move anyway), which words of its texts are verbs, the names it marks, and
arguments for placeholders that name a kind or a count rather than a thing."""

from __future__ import annotations

from loop.contract.game_client import GameObservation
from loop.qa_agents.explorer.commands import Slot, Template, Verbs, candidate_commands, parse_help
from loop.qa_agents.explorer.refusal import Refusal
from loop.qa_agents.explorer.reply_nouns import marked_names
from loop.qa_agents.explorer.verb_finder import VerbFinder, text_words
from loop.replay.transcript import Step

START = {"clock": {"orders": 0}, "room": "yard", "pack": []}
NONSENSE = ["qzxvb", "bbkvz", "xkcdq", "wrtpk", "plkjh", "gmfps"]  # each wording twice
WORDINGS = ("I don't follow '{}'.", "'{}'? The wind takes your words away.", "Nothing here answers to '{}'.")


def step(command: str, reply: str, *, success: bool = False, after: dict | None = None) -> Step:
    after = after or {**START, "clock": {"orders": START["clock"]["orders"] + 1}}
    return Step(1, command, START, GameObservation(message=reply, state=after, success=success))


def refusal_of(words: list[str]) -> Refusal:
    """Learned from nonsense words refused in one of three wordings, picked by the word (as a game might),
    each moving an order counter."""
    refusal = Refusal()
    for word in words:
        refusal.learn(step(word, WORDINGS[sum(map(ord, word)) % 3].format(word)))
    return refusal


def test_a_refusal_worded_three_ways_is_learned_and_told_from_a_verb_asking_for_more():
    refusal = refusal_of(NONSENSE)
    assert refusal.reliable and len(refusal.replies) >= 2
    assert "clock.orders" in refusal.moving  # the counter moves on a refusal too: no change of the game
    for wording in WORDINGS[:2]:
        assert refusal.refused(step("lantern", wording.format("lantern")))
    assert not refusal.refused(step("take", "Take what? Name the thing."))
    assert not refusal.refused(step("look", "A cobbled yard.", success=True))  # refusals fail; this works
    moved = {**START, "room": "well", "clock": {"orders": 1}}
    assert not refusal.refused(step("descend", "You climb down.", after=moved))


def test_refusals_of_new_flavour_every_time_leave_the_state_and_the_success_to_tell():
    refusal = Refusal()
    for n, word in enumerate(["qzxvb", "wrtpk", "bbkvz", "plkjh"]):
        refusal.learn(step(word, ["Ravens laugh.", "Fog swirls.", "A bell tolls far off.", "Mud."][n]))
    assert not refusal.reliable
    assert refusal.refused(step("take", "Take what?"))
    assert not refusal.refused(step("go north", "Mud.", after={**START, "room": "lane"}))


def test_a_word_answered_unlike_the_nonsense_becomes_a_verb_with_its_arguments_and_followers():
    refusal = refusal_of(NONSENSE)
    finder, verbs = VerbFinder(refusal), Verbs()
    opening = Step(
        0, None, {}, GameObservation(message="A rope ladder hangs here: climb out if you dare.", state=START)
    )
    finder.hear(opening, new_state=True)
    tried = []
    while (word := finder.next_try(len(tried) * 40, verbs.words)) is not None:
        tried.append(word)
        answer = "Climb where? Up or out." if word == "climb" else WORDINGS[0].format(word)
        finder.judge(step(word, answer), verbs)
    assert tried.index("climb") < tried.index("ladder")  # a clause's first word comes before its others
    assert Template(("climb", Slot("thing"))) in verbs.templates
    assert Template(("climb", "out")) in verbs.templates  # the word the text puts after it
    assert {t.verb for t in verbs.templates} == {"climb"}


def test_a_listed_bare_command_the_game_refuses_like_nonsense_is_dropped():
    refusal = refusal_of(NONSENSE)
    verbs = parse_help("Orders: status, market, jump <station>\nGoods: ore, grain.")
    finder = VerbFinder(refusal)
    finder.judge(step("ore", WORDINGS[2].format("ore")), verbs)
    finder.judge(step("status", "Day 1.", success=True), verbs)
    assert [t.verb for t in verbs.templates] == ["status", "market", "jump", "grain"]


def test_a_tried_word_refused_in_a_wording_the_nonsense_words_missed_is_learned_from_two_of_them():
    refusal = refusal_of(["qzxvb", "bbkvz"])  # two wordings seen, not the third
    finder, verbs = VerbFinder(refusal), Verbs()
    for word in ("ways", "walk"):
        finder.trying = word
        finder.judge(step(word, f"Nothing in this yard answers to '{word}'."), verbs)
    assert verbs.templates == [] and not finder.found
    assert refusal.refused(step("middle", "Nothing in this yard answers to 'middle'."))


def test_clause_openers_and_cued_words_rank_first_and_quoted_commands_are_whole():
    words = text_words(
        "Walk by naming a direction, or say peek east. Drink a potion to heal. Type `jump ceres`."
    )
    assert [w for w, opens in words.words if opens] == ["walk", "say", "peek", "drink", "type", "jump"]
    assert ("drink", "potion") in words.pairs and ("peek", "east") in words.pairs
    assert words.quoted == ("jump ceres",)


def test_names_marked_in_brackets_quotes_markup_and_capitals_lose_their_marks():
    assert marked_names("On the floor: [BRASS KEY]. A [RAT] bares its teeth.") == ("brass key", "rat")
    assert marked_names("Engines: 'kestrel', 'otter'. You don't see it.") == ("kestrel", "otter")
    assert marked_names("<b>Cinder Yard</b> at night, **lamp** lit") == ("cinder yard", "lamp")
    assert marked_names("MARKET sells: ROSEMARY 2c, DREAM ELIXIR 24c") == (
        "market",
        "rosemary",
        "dream elixir",
    )
    assert marked_names("I DO NOT KNOW THAT") == ()  # a reply all in capitals marks nothing


def test_upper_case_placeholders_are_slots_and_bracketed_ones_at_the_end_may_be_left_out():
    verbs = parse_help("COMMAND | WHAT IT DOES\ntake ITEM | pick it up\nrefuel [units] | fill the tank")
    assert Template(("take", Slot("item"))) in verbs.templates
    assert {Template(("refuel", Slot("units"))), Template(("refuel",))} <= set(verbs.templates)


def test_a_placeholder_naming_a_kind_or_a_count_is_filled_with_names_or_numbers_never_typed():
    state = {
        "engines": [{"name": "kestrel", "track": "shed"}],
        "cars": [{"name": "boxcar", "kind": "box car"}],
        "fuel": {"units": 10, "grade": "coal"},
        "pack": [["ROSEMARY", 2]],
        "inventory": [["SALT", 3]],
    }
    verbs = parse_help("inspect <car|engine>, refuel <engine> [units], sell <item> [qty]")
    commands = candidate_commands(verbs, state)
    assert {"inspect boxcar", "inspect kestrel", "refuel kestrel 1", "sell salt 1"} <= set(commands)
    placeholders = {"car", "engine", "units", "item", "qty"}
    assert not [c for c in commands if placeholders & {" ".join(c.split()[1:]), *c.split()[1:2]}]
    assert "sell ['salt', 3] 1" not in commands


def test_an_example_a_help_gives_in_passing_goes_once_refused_like_nonsense_as_quoted():
    refusal = refusal_of(NONSENSE)
    finder, verbs = VerbFinder(refusal), Verbs()
    text = (
        "Commands (hours of the shift in brackets):\n"
        "  look   the board: hours, coin\n"
        "You stir the pot (stir 3 times, say) until it is done."
    )
    finder.judge(step("help", text, success=True), verbs)
    assert {"look", "hours", "stir"} <= {t.verb for t in verbs.templates}
    # its variations refused like nonsense prove nothing: a game may refuse a wrong argument so
    for junk in ("stir 3 done", "stir 0 pot", "stir 5 board", "stir 1 coin", "stir -1 shift", "stir 3 it"):
        finder.judge(step(junk, WORDINGS[0].format(junk)), verbs)
    finder.judge(step("hours of the shift in brackets", WORDINGS[1].format("hours")), verbs)
    assert "hours" not in {t.verb for t in verbs.templates}
    assert {"look", "stir"} <= {t.verb for t in verbs.templates}

"""Games the explorer was not shaped on: what lies here kept under a key of their own ('items_here', a
top-level 'floor', a nested 'ground' counted under 'n'), verbs the explorer does not know by name ('pocket',
'toss'), counts before names ('take 5 coins'), take verbs of their own, guards. On hand-made steps: the real
contradiction is reported, its honest neighbour is not."""

from __future__ import annotations

from loop.contract.game_client import GameObservation
from loop.qa_agents.explorer.commands import Slot, Template, candidate_commands, parse_help
from loop.qa_agents.explorer.conservation import ItemConservationOracle
from loop.qa_agents.explorer.oracles import DescriptionInteractionOracle, SymmetryOracle
from loop.qa_agents.explorer.refusal import Refusal
from loop.qa_agents.explorer.verb_finder import VerbFinder
from loop.qa_agents.explorer.zero_entries import ZeroEntryOracle
from loop.replay.transcript import Step
from tests.explorer.hand_steps import game


def flat(here: int, carried: int) -> dict:
    return {"place": "Hall", "exits": ["north"], "items_here": {"coin": here} if here else {},
            "inventory": {"coin": carried} if carried else {}}  # fmt: skip


def listed(here: int, carried: int) -> dict:
    return {"room": "Hall", "exits": [], "floor": [{"item": "coin", "count": here}] if here else [],
            "carrying": [{"item": "coin", "count": carried}] if carried else []}  # fmt: skip


def nested(here: int, carried: int) -> dict:
    return {"hero": {"hp": 9, "bag": [{"name": "coin", "n": carried}] if carried else []},
            "scene": {"title": "Hall", "ground": [{"name": "coin", "n": here}] if here else []}}  # fmt: skip


def test_a_take_that_makes_coins_from_nothing_is_caught_wherever_the_room_keeps_them():
    for shape in (flat, listed, nested):
        for verb in ("take", "pocket"):  # 'pocket': a take by what it did, not by its name
            honest = game(shape(3, 0), (f"{verb} 2 coins", shape(1, 2), True, "Taken."))
            assert ItemConservationOracle().judge(honest, set()) == [], (shape.__name__, verb)
            greedy = game(shape(3, 0), (f"{verb} 5 coins", shape(0, 5), True, "Taken: five coins."))
            [anomaly] = ItemConservationOracle().judge(greedy, set())
            assert "carried ['coin x5']" in anomaly.observed, (shape.__name__, verb)


def test_a_drop_by_an_unknown_verb_that_loses_coins_is_caught_and_a_refused_one_is_not_judged():
    lost = game(flat(0, 3), ("toss down 2 coins", flat(1, 1), True, "Tossed."))
    [anomaly] = ItemConservationOracle().judge(lost, set())
    assert "coin" in anomaly.expected
    refused = game(flat(0, 3), ("toss 2 coins", flat(0, 3), False, "You cannot."))
    assert ItemConservationOracle().judge(refused, set()) == []


def test_a_count_before_a_name_is_the_same_item_for_what_the_room_shows():
    room = {"room": {"name": "Hall", "items": {"coin": 3}}, "inventory": {}}
    taken = {"room": {"name": "Hall", "items": {"coin": 1}}, "inventory": {"coin": 2}}
    steps = game(room, ("take 2 coins", taken, True, "Taken."))
    assert DescriptionInteractionOracle().judge(steps, set()) == []
    everything = game(room, ("take all", {**taken, "inventory": {"coin": 3}}, True, "Taken."))
    assert DescriptionInteractionOracle().judge(everything, set()) == []  # 'all' names no item
    unseen = game(room, ("take 2 gems", {**taken, "inventory": {"gem": 2}}, True, "Taken."))
    [anomaly] = DescriptionInteractionOracle().judge(unseen, set())
    assert anomaly.subject == "gems"


def refused(index: int, command: str, state: dict, reply: str) -> Step:
    return Step(index, command, state, GameObservation(message=reply, state=state, success=False))


def test_a_drop_then_a_take_verb_the_game_never_answered_proves_nothing():
    full, empty = (
        {"room": {"name": "Hall", "items": ["lamp"]}, "inventory": []},
        {
            "room": {"name": "Hall", "items": []},
            "inventory": ["lamp"],
        },
    )
    nonsense = "I beg your pardon?"
    steps = game(
        full,
        ("grab lamp", empty, True, "Got it."),
        ("toss lamp", full, True, "Gone."),
    )
    assert SymmetryOracle().leads(steps, set()) == []  # 'toss' is no drop verb it knows by name
    steps = game(full, ("grab lamp", empty, True, "Got it."), ("drop lamp", full, True, "Dropped."))
    assert SymmetryOracle().leads(steps, set()) == ["grab lamp"]
    wrong_verb = [*steps, refused(3, "take lamp", full, nonsense)]
    assert SymmetryOracle().judge(wrong_verb, set()) == []
    stuck = [*steps, refused(3, "grab lamp", full, "No.")]
    [anomaly] = SymmetryOracle().judge(stuck, set())
    assert anomaly.subject == "drop then take"
    guarded = {**full, "foe": {"id": "goblin", "hp": 12}}
    blocked = [*steps, refused(3, "grab lamp", guarded, "The [GOBLIN] won't let you near anything.")]
    assert SymmetryOracle().judge(blocked, set()) == []  # an obstacle the state shows, not a lost lamp


def test_a_thing_dropped_to_none_that_stays_listed_at_zero_is_caught_where_the_game_drops_what_runs_out():
    take = ("take coins", flat(0, 3), True, "Taken.")  # the room's list loses its coins: what runs out goes
    leaked = game(flat(3, 0), take, ("drop coins", {**flat(3, 0), "inventory": {"coin": 0}}, True, "Ok."))
    [anomaly] = ZeroEntryOracle().judge(leaked, set())
    assert anomaly.subject == "coin at 0"
    clean = game(flat(3, 0), take, ("drop coins", flat(3, 0), True, "Ok."))
    assert ZeroEntryOracle().judge(clean, set()) == []
    # A ledger that lists every good from the start, at 0 when none is held, is no leak.
    ledger = {"place": "Hall", "items_here": {}, "inventory": {"coin": 0, "gem": 1}}
    spent = {**ledger, "inventory": {"coin": 0, "gem": 0}}
    assert ZeroEntryOracle().judge(game(ledger, ("drop gem", spent, True, "Ok.")), set()) == []


def test_a_verb_listed_bare_that_asks_what_to_act_on_gets_an_argument_and_one_refused_here_does_not():
    start = {"place": "Hall", "exits": ["north"], "items_here": {"coin": 3}, "inventory": {}}
    refusal = Refusal()
    for word in ("qzxvb", "bbkvz", "xkcdq", "wrtpk"):
        refusal.learn(
            Step(1, word, start, GameObservation(message="I beg your pardon?", state=start, success=False))
        )
    verbs, finder = parse_help("grab, shop, look, help"), VerbFinder(refusal)
    replies = {"grab": "Take what, exactly?", "shop": "There is no shop here.", "look": "A hall."}
    for word, reply in replies.items():
        finder.judge(
            Step(1, word, start, GameObservation(message=reply, state=start, success=word == "look")), verbs
        )
    assert Template(("grab", Slot("thing"))) in verbs.templates
    assert {t for t in verbs.templates if t.slots} == {Template(("grab", Slot("thing")))}
    assert "grab coin" in candidate_commands(verbs, start)

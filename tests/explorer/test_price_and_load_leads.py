"""Price lists and save slots on hand-made steps: names a price list gives count as things of the game; a
refusal that quotes another price than the list is a finding; the list is read again in a later game where
it was read before; 'load' is tried after each new kind of change since 'save'; a restart-leak repro the
game fails on is no repro."""

from __future__ import annotations

from loop.contract.game_client import GameObservation, GameServerError, NewGame
from loop.qa_agents.explorer.choice import best_command
from loop.qa_agents.explorer.hearing import HeardNames
from loop.qa_agents.explorer.price_list import PriceListOracle
from loop.qa_agents.explorer.restart import RestartLeakOracle
from loop.qa_agents.explorer.state_oracles import CooldownOracle, TextStateOracle, UndoLoadOracle
from loop.replay.transcript import Step

from .hand_steps import game

LIST = "The shopkeeper sells: potion 6 coins, sword 15 coins, shield 12 coins. You have 15 coins."


def town(coins: int, turn: int = 0) -> dict:
    return {"room": {"id": "town"}, "player": {"coins": coins, "hp": 30, "xp": 0}, "turn": turn}


def test_names_a_price_list_gives_are_heard_and_priced_and_outrank_the_state_field_names():
    heard = HeardNames()
    [_, shop] = game(town(15), ("shop", town(15, 1), True, LIST))
    assert heard.learn(shop, quiet=True, known_words={"potion"})
    assert {"sword", "shield"} <= set(heard.names) and "potion" not in heard.names
    assert heard.priced == {"potion", "sword", "shield"}
    # Later, in a step whose reply names none of them, 'buy shield' still comes before 'buy hp' and 'buy xp'.
    [_, walk] = game(town(15, 1), ("look", town(15, 2), True, "A muddy square."))
    untried = ["buy hp", "buy xp", "buy shield", "buy coins"]
    for _ in range(5):
        choice = best_command(
            untried, walk.state, walk, lambda c: 0, lambda c: 0, set(heard.names), set(), heard.priced
        )
        assert choice == "buy shield"
        untried = untried[1:] + untried[:1]  # whatever the (shuffled) order


def test_a_refusal_that_quotes_another_price_than_the_list_is_flagged_and_a_shortfall_is_not():
    listed = ("shop", town(12, 1), True, LIST)
    wrong = game(
        town(12), listed, ("buy shield", town(12, 2), False, "The shield costs 14 coins; you have 12.")
    )
    [anomaly] = PriceListOracle().judge(wrong, set())
    assert anomaly.subject == "buy shield" and "14" in anomaly.title and "12" in anomaly.title
    short = game(
        town(10),
        ("shop", town(10, 1), True, LIST),
        ("buy shield", town(10, 2), False, "You need 2 more coins."),
    )
    assert PriceListOracle().judge(short, set()) == []
    right = game(town(5), listed, ("buy shield", town(5, 2), False, "The shield costs 12 coins; you have 5."))
    assert PriceListOracle().judge(right, set()) == []
    # a refusal that lists the wares gives each its own price: the potion's 6 is no quote for the shield
    wares = "Not sold: iron. Sold: potion 6 coins, shield 12 coins."
    listing = game(town(12), listed, ("buy iron shield", town(12, 2), False, wares))
    assert PriceListOracle().judge(listing, set()) == []
    # a quantity may be quoted as a total
    total = game(town(12), listed, ("buy 3 potion", town(12, 2), False, "Three potions cost 18 coins."))
    assert PriceListOracle().judge(total, set()) == []


def test_the_price_list_is_read_again_once_per_game_where_it_was_read_before():
    oracle = PriceListOracle()
    first = game(town(15), ("shop", town(15, 1), True, LIST))
    oracle.judge(first, set())
    second = game(town(15), ("look", town(15, 1), True, "A muddy square."))
    assert oracle.leads(second, set()) == ["shop"]
    assert oracle.leads(second, set()) == []  # once in this game
    elsewhere = game({"room": {"id": "gate"}, "turn": 0})
    assert oracle.leads(elsewhere, set()) == []


def at(x: int, boxes: int = 5, **more) -> dict:
    return {"player": {"x": x}, "box": boxes, "turn": x, **more}


def test_load_is_tried_after_each_new_kind_of_change_since_save():
    oracle = UndoLoadOracle()
    saved = ("save", at(0), True, "Saved.")
    moved = game(at(0), saved, ("right", at(1), True, "ok"))
    assert oracle.leads(moved, set()) == ["load"]
    # the same kind of change again (the player moved): no new lead
    again = game(at(0), saved, ("left", at(-1), True, "ok"))
    assert oracle.leads(again, set()) == []
    # a move, then a push: a new kind of change since the save
    pushed = game(at(0), saved, ("right", at(1), True, "ok"), ("right", at(2, boxes=6), True, "pushed"))
    assert oracle.leads(pushed, set()) == ["load"]
    # a game that refused 'load' is offered the other spelling next time
    refused = game(at(0), saved, ("load", at(0), False, "Unknown command."), ("up", at(0, up=1), True, "ok"))
    assert oracle.leads(refused, set()) == ["restore"]
    # and 'load' that leaves the pushed box where it is, is the finding
    pushed.append(Step(4, "load", pushed[-1].state, GameObservation(message="Loaded.", state=at(0, boxes=6))))
    [anomaly] = oracle.judge(pushed, set())
    assert "box" in anomaly.title and anomaly.subject == "load after save"


class FailingReplay:
    """A game client whose replays fail on their second command (a 5xx), as a polluted server's did not."""

    max_command_length = 200

    def __init__(self) -> None:
        self.sent = 0

    def new_game(self) -> NewGame:
        return NewGame(game_id="g", observation=GameObservation(message="start", state={"unlocked": [1, 2]}))

    def state(self, game_id: str) -> dict:
        return {"unlocked": [1, 2]}

    def command(self, game_id: str, command: str) -> GameObservation:
        self.sent += 1
        if self.sent % 2 == 0:
            raise GameServerError(500, "boom")
        return GameObservation(message="ok", state={"unlocked": [1, 2]}, success=True)


def test_a_leak_whose_repro_the_game_fails_on_is_not_confirmed():
    oracle = RestartLeakOracle()
    oracle.learn({"unlocked": [1]}, {"unlocked": [1]})
    anomaly, steps = oracle.confirm(FailingReplay(), ["right", "undo", "right"], "unlocked")  # type: ignore[arg-type]
    assert anomaly is None and any(step.observation is None for step in steps)


def hero(cooldown: int, potions: int, coins: int = 20) -> dict:
    return {"potion_cooldown": cooldown, "potions": potions, "coins": coins}


def test_a_cooldown_binds_the_action_that_started_it_not_every_command_naming_its_thing():
    drunk = ("drink potion", hero(3, 1), True, "You drink a potion.")
    bought = game(hero(0, 2), drunk, ("buy potion", hero(3, 2, coins=14), True, "You buy a potion."))
    assert CooldownOracle().judge(bought, set()) == []
    again = game(hero(0, 2), drunk, ("drink potion", hero(2, 0), True, "You drink a potion."))
    [anomaly] = CooldownOracle().judge(again, set())
    assert anomaly.subject == "potion_cooldown" and "still 3" in anomaly.title


def test_the_help_card_and_a_text_given_word_for_word_at_another_value_state_no_field():
    card = "Deliver 8 guests before tick 90. Three complaints and you are sent home."

    def shift(tick: int) -> dict:
        return {"shift": {"tick": tick, "ends_at": 90}}

    assert TextStateOracle().judge(game(shift(0), ("help", shift(0), True, card)), set()) == []
    said = game(
        shift(0),
        ("look", shift(0), True, "Tick 0."),
        ("rules", shift(0), True, card),
        ("wait", shift(3), True, "You wait."),
        ("rules", shift(3), True, card),
    )
    assert TextStateOracle().judge(said, set()) == []
    # a status line that does misstate the tick, once 'look' showed the game names it right, is flagged
    wrong = game(shift(0), ("look", shift(0), True, "Tick 0."), ("look", shift(0), True, "Tick 4."))
    [anomaly] = TextStateOracle().judge(wrong, set())
    assert anomaly.subject == "shift.tick"


def test_a_command_that_names_the_amount_it_pays_is_not_held_to_a_listed_price():
    # 'You hold 200 chips' reads like a price list ('hold 200 chips'); 'bet 100 hold' pays the 100 it names.
    chips = {"chips": 200}
    held = ("look", chips, True, "You hold 200 chips, 10 hands left tonight.")
    named = game(chips, held, ("bet 100 hold", {"chips": 100}, True, "You push 100 chips onto the felt."))
    assert PriceListOracle().judge(named, set()) == []
    # the same list and a command without its own amount: held to the list
    taken = game(chips, held, ("pay hold", {"chips": 150}, True, "You pay."))
    [anomaly] = PriceListOracle().judge(taken, set())
    assert "listed price is 200" in anomaly.title

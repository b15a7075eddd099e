"""The redo-history oracle and the explorer's memory of commands, on hand-made steps."""

from __future__ import annotations

from loop.contract.game_client import GameObservation
from loop.qa_agents.explorer.memory import CommandMemory, RetryAfterWait, changed_scalars
from loop.qa_agents.explorer.redo import RedoHistoryOracle
from loop.qa_agents.explorer.state_oracles import loads_another_games_save
from loop.qa_agents.explorer.vocabulary import related_tokens
from loop.replay.oracle import oracle_named
from loop.replay.transcript import Step

from .hand_steps import game


def at(x: int, **more) -> dict:
    return {"player": {"x": x, "y": 0}, **more}


def test_redo_after_a_new_move_is_flagged_and_redo_after_undo_alone_is_not():
    oracle = RedoHistoryOracle()
    played = game(at(0), ("right", at(1), True, "ok"), ("undo", at(0), True, "ok"), ("up", at(5), True, "ok"))
    assert oracle.leads(played, set()) == ["redo"]
    replayed = game(
        at(0), ("right", at(1), True, "ok"), ("undo", at(0), True, "ok"), ("up", at(5), True, "ok")
    )
    replayed.append(Step(4, "redo", at(5), GameObservation(message="redone", state=at(6), success=True)))
    [anomaly] = oracle.judge(replayed, set())
    assert anomaly.subject == "redo after a new command"
    # Redo right after undo restores the undone move: that is what redo is for.
    plain = game(
        at(0), ("right", at(1), True, "ok"), ("undo", at(0), True, "ok"), ("redo", at(1), True, "ok")
    )
    assert RedoHistoryOracle().judge(plain, set()) == []
    # Refused after the new move: correct.
    refused = game(
        at(0), ("right", at(1), True, "ok"), ("undo", at(0), True, "ok"), ("up", at(5), True, "ok")
    )
    refused.append(
        Step(4, "redo", at(5), GameObservation(message="Nothing to redo.", state=at(5), success=False))
    )
    assert RedoHistoryOracle().judge(refused, set()) == []


def test_a_command_that_always_gets_the_same_refusal_ranks_down_until_its_reply_changes():
    memory = CommandMemory()
    for x in range(3):
        [_, step] = game(at(x), ("dance", at(x), False, "I don't know 'dance'."))
        memory.record(step, f"{x},0")
    assert memory.staleness("9,0", "dance") > memory.staleness("9,0", "jump")
    [_, other] = game(at(4), ("dance", at(4), False, "You need music to dance."))
    memory.record(other, "4,0")
    assert memory.dud_penalty("dance") == 0


def test_keys_that_change_on_every_move_are_left_out_of_novelty():
    memory = CommandMemory()
    for i in range(40):
        verb = ("wait", "left", "right", "bomb")[i % 4]
        before = at(i % 3, enemies=[{"x": i}], bombs=i % 2)
        after = at((i + 1) % 3, enemies=[{"x": i + 1}], bombs=(i + 1) % 2)
        [_, step] = game(before, (verb, after, True, "ok"))
        memory.record(step, "")
    assert memory.ambient is not None and "enemies" in memory.ambient and "player" not in memory.ambient
    assert memory.novelty_key(at(1, enemies=[{"x": 3}])) == memory.novelty_key(at(1, enemies=[{"x": 9}]))


def test_a_run_goes_on_while_a_number_changes_not_while_only_a_list_moves():
    assert changed_scalars(at(0), at(1))
    assert changed_scalars({"coin": 3}, {"coin": 2})
    assert not changed_scalars(at(0, enemies=[1]), at(0, enemies=[2]))


def test_a_command_refused_for_a_while_is_retried_on_the_steps_after():
    retry = RetryAfterWait()
    [_, refused] = game({"cd": 2}, ("drink potion", {"cd": 1}, False, "Again in 2 turn(s)."))
    assert retry.follow(refused, {"drink potion"}) == []
    [_, other] = game({"cd": 1}, ("look", {"cd": 0}, True, "A room."))
    assert retry.follow(other, {"drink potion"}) == ["drink potion"]
    [_, wall] = game({}, ("east", {}, False, "A wall blocks the way."))
    assert RetryAfterWait().follow(wall, {"east"}) == []  # no number: nothing to wait for


def test_arguments_a_refusal_names_and_shapes_that_never_worked_rank_down():
    memory = CommandMemory()
    [_, refused] = game({}, ("move a2 b2", {}, False, "You have no unit a2."))
    memory.record(refused, "")
    [_, moved] = game({"u": "a2"}, ("move u1 b2", {"u": "b2"}, True, "u1 moves to b2."))
    memory.record(moved, "")
    assert memory.staleness("", "move a2 c2") > memory.staleness("", "move u1 c2")  # a2 was blamed
    assert memory.staleness("", "move round you") > memory.staleness("", "move u2 c3")  # shaped unlike u1 b2
    [_, single] = game({}, ("open drawer", {}, False, "The drawer is locked."))
    memory.record(single, "")
    assert memory.staleness("", "open drawer") == 1 + 4  # tried once, inert: no blame for the only argument


def test_a_second_argument_first_takes_the_words_of_the_record_the_first_names():
    state = {"units": [{"id": "u1", "at": "b2", "type": "soldier"}, {"id": "u2", "at": "f6"}]}
    assert related_tokens(state, "u1")[:2] == ["b2", "soldier"]
    assert {"a2", "c2", "b1", "b3"} <= set(related_tokens(state, "u1"))
    assert "f6" not in related_tokens(state, "u1")


def test_a_save_after_undo_is_no_new_move_and_a_redo_report_replays_by_its_oracle_name():
    saved = game(
        at(0),
        ("right", at(1), True, "ok"),
        ("undo", at(0), True, "ok"),
        ("save", at(0, slot=[0]), True, "saved"),
    )
    assert RedoHistoryOracle().leads(saved, set()) == []
    saved.append(Step(4, "redo", at(0, slot=[0]), GameObservation(message="ok", state=at(1, slot=[0]))))
    assert RedoHistoryOracle().judge(saved, set()) == []
    assert oracle_named("redo-history") is not None  # the critic and the judge replay reports by it


def test_a_move_into_a_wall_is_never_a_dud():
    memory = CommandMemory()
    for x in range(4):
        [_, step] = game(at(x), ("north", at(x), False, "A wall blocks the way north."))
        memory.record(step, f"{x},0")
    assert memory.dud_penalty("north") == 0  # along a whole edge, yet the next cell may open north


def test_where_the_state_lists_exits_a_refused_direction_can_be_a_dud():
    memory = CommandMemory()
    hall = {"room": {"id": "hall", "exits": ["south"]}}
    for _ in range(3):
        [_, step] = game(hall, ("up", hall, False, "You can't go that way."))
        memory.record(step, "hall")
    assert memory.dud_penalty("up") > 0  # the exits say where one can go


def test_a_repro_that_loads_a_save_it_never_made_belongs_to_another_game() -> None:
    # 'load 3' first thing in a new game reads an earlier game's save: only restart-leak reports that
    assert loads_another_games_save(["load 3", "assign 5 woodcutters", "end day"])
    assert not loads_another_games_save(["end day", "save 2", "load 2"])
    assert not loads_another_games_save(["sell wood 5"])

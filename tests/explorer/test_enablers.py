"""A real command refused for what its reply names: the explorer acts on the named thing, then tries again."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.catalogue import load_game
from loop.qa_agents.explorer.enablers import CHAINS_PER_REFUSAL, Enablers
from loop.qa_agents.explorer.refusal import BOARD_MIN_REPLIES, Refusal
from loop.trace import read_trace
from tests.explorer.conftest import explore
from tests.explorer.hand_steps import game

HOLDOUT = Path(__file__).resolve().parents[2] / "bench" / "holdout"
START = {"signal.S1": "RED", "signal.S2": "RED", "train.T1.at": "ALDERTON", "clock": "06:00"}
CANDIDATES = ["set s1 red", "set s2 green", "set s1 green", "dispatch t1 to creston", "status"]


def test_a_refusal_naming_a_signal_at_red_sets_that_signal_to_another_value_then_retries() -> None:
    steps = game(START, ("dispatch t1 to bramley", START, False, "?? S1 AT RED. T1 CANNOT LEAVE ALDERTON"))
    chain = Enablers().follow(steps[-1], CANDIDATES, worked=set())
    assert chain == ["set s1 green", "dispatch t1 to bramley"]


def test_each_refusal_gets_a_few_chains_and_a_refusal_naming_nothing_gets_none() -> None:
    enablers = Enablers()
    steps = game(START, ("dispatch t1 to bramley", START, False, "?? S1 AT RED. T1 CANNOT LEAVE ALDERTON"))
    candidates = [*CANDIDATES, "set s2 red", "set s1 amber"]
    chains = [enablers.follow(steps[-1], candidates, worked=set()) for _ in range(CHAINS_PER_REFUSAL + 2)]
    assert chains[0] == ["set s1 green", "dispatch t1 to bramley"]
    assert all(chains[:CHAINS_PER_REFUSAL]) and not any(chains[CHAINS_PER_REFUSAL:])
    assert len({tuple(c) for c in chains[:CHAINS_PER_REFUSAL]}) == CHAINS_PER_REFUSAL
    unknown = game(START, ("frobnicate t1", START, False, "I do not know how to frobnicate."))
    assert Enablers().follow(unknown[-1], CANDIDATES, worked=set()) == []


def test_a_command_a_refusal_quotes_is_played_first_unless_it_is_a_bare_query() -> None:
    lock = {"boats": {"2": {"paid": False}}, "gate": "shut"}
    candidates = ["toll 2 collect", "boat 2 enter", "shop", "look"]
    paid = game(lock, ("boat 2 enter", lock, False, "Boat 2 has not paid its toll: `toll 2 collect` first."))
    assert Enablers().follow(paid[-1], candidates, worked=set()) == ["toll 2 collect", "boat 2 enter"]
    query = game(
        lock, ("buy carry", lock, False, "The shop sells no 'carry'. Type 'shop' to see what it sells.")
    )
    assert Enablers().follow(query[-1], candidates, worked=set()) == []


def test_a_status_board_shown_after_every_reply_does_not_make_every_refusal_look_like_nonsense() -> None:
    board = "\n\n  WEIR CROSS LOCK  tick 3 of 40\n  SIDE LEVEL GATE SLUICE\n  upper 4.0 m shut closed\n"
    refusal = Refusal()
    for word in ("sqsxpsdw", "tbbnfm", "nsjjvgvc"):
        [_, probe] = game({"tick": 3}, (word, {"tick": 3}, False, "Don't know that one." + board))
        refusal.learn(probe)
    for tick in range(4, 4 + BOARD_MIN_REPLIES):
        [_, done] = game({"tick": tick - 1}, ("wait", {"tick": tick}, True, "Time passes." + board))
        refusal.hear(done)
    [_, blocked] = game(
        {"tick": 9}, ("boat 2 enter", {"tick": 9}, False, "Boat 2 has not paid its toll." + board)
    )
    assert not refusal.refused(blocked)
    [_, word] = game({"tick": 9}, ("zzkkq", {"tick": 9}, False, "Don't know that one." + board))
    assert refusal.refused(word)


@pytest.mark.slow
def test_a_train_held_at_a_red_signal_is_dispatched_after_the_signal_is_set(tmp_path: Path) -> None:
    # Signalbox refuses every dispatch until the train's signal is green; random play seldom sets the one
    # signal and then dispatches the one train behind it.
    result = explore(load_game(HOLDOUT / "signalbox"), tmp_path, steps=600)
    entries = [e for e in read_trace(result.trace_path) if e.kind == "step"]
    chained = [
        (first.command, second.command)
        for first, second, third in zip(entries, entries[1:], entries[2:], strict=False)
        if first.command
        and first.command == third.command
        and first.command.startswith("dispatch")
        and first.game_id == third.game_id
        and first.observation.get("state") != third.observation.get("state")
        and "DEPARTS" in third.observation.get("message", "")
    ]
    assert chained, "no refused dispatch was played again after acting on what its refusal named"


def test_a_refusal_saying_which_verb_to_play_first_plays_one_of_its_commands_then_retries() -> None:
    pad = {"crush_pad_kg": 0, "vats": {"2": 0}}
    candidates = ["press all into vat 2", "pick row 1 with crew 1", "pick row 2 with crew 1", "rest"]
    refused = game(pad, ("press all into vat 2", pad, False, "No grapes on the pad. PICK a row first."))
    worked = {"pick row 2 with crew 1"}
    assert Enablers().follow(refused[-1], candidates, worked) == [
        "pick row 2 with crew 1",
        "press all into vat 2",
    ]
    # 'first' after no verb of the game names nothing to play
    other = game(pad, ("press all into vat 2", pad, False, "Clean the pad first."))
    assert Enablers().follow(other[-1], candidates, worked) == []

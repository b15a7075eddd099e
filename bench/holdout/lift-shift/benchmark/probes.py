"""Probes for Lift Shift's ground-truth bugs (hold-out set): each drives new shifts through the agent API."""

from __future__ import annotations

import re

from loop.contract.game_client import GameClient, GameServerError
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

# Mrs Alder (VIP, G -> 2) calls at tick 0: delivered at tick 4 her trip is under 10 ticks, so she tips 2 x 5.
DELIVER_ALDER = ["open", "board alder", "close", "go 2", "open"]


def _shift(state: dict) -> dict:
    return state.get("shift", {})


def _car(state: dict) -> dict:
    return state.get("car", {})


def probe_bug_1(client: GameClient) -> ProbeResult:
    """The building has floors G and 1-8: `go 9` must be refused and the car must not leave G."""
    game = client.new_game()
    after = client.command(game.game_id, "go 9")
    floor = _car(after.state).get("floor")
    return ProbeResult(
        bug_id="BUG-1",
        present=after.success or floor == "9",
        evidence=f"`go 9` -> success={after.success}, {after.message!r}; car at floor {floor!r}",
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """`stats` on a new shift, before anyone is delivered, must answer rather than crash the server."""
    game = client.new_game()
    try:
        after = client.command(game.game_id, "stats")
    except GameServerError as exc:
        evidence = f"`stats` on a new shift -> HTTP {exc.status}: {exc.body[:120]}"
        return ProbeResult(bug_id="BUG-2", present=True, evidence=evidence)
    return ProbeResult(bug_id="BUG-2", present=False, evidence=f"`stats` -> {after.message!r}")


def probe_bug_3(client: GameClient) -> ProbeResult:
    """The tip a delivery announces must be what the purse gains (a VIP's tip is doubled in both)."""
    game = client.new_game()
    play_setup(client, game.game_id, DELIVER_ALDER[:-1])
    before = int(_shift(client.state(game.game_id)).get("coins", 0))
    after = client.command(game.game_id, "open")
    told = re.search(r"Alder steps out and tips you (\d+) coin", after.message)
    if not after.success or told is None:
        raise ProbeInconclusive(f"Mrs Alder was not delivered: {after.message[:200]!r}")
    gained = int(_shift(after.state).get("coins", 0)) - before
    return ProbeResult(
        bug_id="BUG-3",
        present=gained != int(told.group(1)),
        evidence=f"`open` at floor 2 -> {after.message!r}; coins went up by {gained}",
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    """Save slots belong to one shift: a new game's `load 2` must not bring back another game's save."""
    first = client.new_game()
    play_setup(client, first.game_id, ["go 6", "save 2"])
    second = client.new_game()
    after = client.command(second.game_id, "load 2")
    floor = _car(after.state).get("floor")
    return ProbeResult(
        bug_id="BUG-4",
        present=after.success or floor == "6",
        evidence=f"game A: go 6, save 2; new game B: `load 2` -> success={after.success}, "
        f"{after.message[:120]!r}; B's car at floor {floor!r}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    """`undo` after a delivery must take the delivery back too, or the same guest counts twice."""
    game = client.new_game()
    delivered = play_setup(client, game.game_id, DELIVER_ALDER)
    if _shift(delivered.state).get("delivered") != 1:
        raise ProbeInconclusive(f"Mrs Alder was not delivered: {delivered.message[:200]!r}")
    undone = play_setup(client, game.game_id, ["undo"])
    riders = [r.get("name") for r in _car(undone.state).get("riders", [])]
    if "Mrs Alder" not in riders:
        raise ProbeInconclusive(f"`undo` did not put Mrs Alder back in the car: riders {riders}")
    count = _shift(undone.state).get("delivered")
    again = client.command(game.game_id, "open")
    return ProbeResult(
        bug_id="BUG-5",
        present=count != 0,
        evidence=f"after the delivery, `undo`: Mrs Alder back in the car but delivered={count}; "
        f"`open` again -> delivered={_shift(again.state).get('delivered')}",
    )

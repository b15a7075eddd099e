"""Probes for foxglove's ground-truth bugs. Each plays a fresh game through the agent API only."""

from __future__ import annotations

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

SHED_ITEMS = [
    "take the trowel",
    "take the watering can",
    "take the clay pot",
    "take the seeds",
    "take the almanac",
]


def _ids(items: list[dict]) -> list[str]:
    return [item.get("id") for item in items]


def _count(state: dict, item_id: str) -> int:
    """How many copies of an item the whole world holds: carried, lying in rooms, or inside a container."""
    total = 0
    places = [state["player"]["inventory"]] + [room["items"] for room in state["rooms"].values()]
    for items in places:
        for item in items:
            total += item.get("id") == item_id
            total += sum(inner.get("id") == item_id for inner in item.get("contents", []))
    return total


def probe_bug_1(client: GameClient) -> ProbeResult:
    """`wait` followed by a word that is not a number must be refused, not crash the server."""
    game_id = client.new_game().game_id
    try:
        observation = client.command(game_id, "wait a while")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"'wait a while' crashed the game: {exc}")
    return ProbeResult(
        bug_id="BUG-1",
        present=False,
        evidence=f"'wait a while' answered success={observation.success}: {observation.message[:120]}",
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """The carrying limit is five things: a sixth must be refused."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, [*SHED_ITEMS, "north"])
    if len(client.state(game_id)["player"]["inventory"]) != 5:
        raise ProbeInconclusive("could not pick up the five things in the shed")
    observation = client.command(game_id, "take the mint")
    carried = len(client.state(game_id)["player"]["inventory"])
    return ProbeResult(
        bug_id="BUG-2",
        present=carried > 5,
        evidence=f"sixth take answered success={observation.success}; now carrying {carried} things",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Putting seeds that lie on the floor into a pot that lies on the floor must move them, not copy them."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["put the seeds in the pot"])
    state = client.state(game_id)
    copies = _count(state, "seeds")
    on_floor = _ids(state["rooms"]["shed"]["items"]).count("seeds")
    return ProbeResult(
        bug_id="BUG-3",
        present=copies != 1,
        evidence=(
            f"after putting the seeds in the pot the world holds {copies} packets ({on_floor} on the floor)"
        ),
    )


NUMBER_WORDS = {0: "zero", 1: "one", 2: "two", 3: "three"}


def probe_bug_4(client: GameClient) -> ProbeResult:
    """The reply to watering the pot must state the measures left in the can afterwards."""
    game_id = client.new_game().game_id
    play_setup(
        client,
        game_id,
        ["take the watering can", "take the clay pot", "take the seeds", "put the seeds in the pot", "north"],
    )
    play_setup(client, game_id, ["fill the watering can at the pump"])
    observation = play_setup(client, game_id, ["water the pot"])
    can = next(item for item in client.state(game_id)["player"]["inventory"] if item.get("id") == "can")
    left = can["water"]
    message = observation.message.lower()
    expected = "empty" if left == 0 else f"{NUMBER_WORDS.get(left, str(left))} measure"
    stated = [word for n, word in NUMBER_WORDS.items() if n != left and f"{word} measure" in message]
    return ProbeResult(
        bug_id="BUG-4",
        present=expected not in message or bool(stated),
        evidence=f"state: can holds {left}; reply: {observation.message[-80:]!r}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    """Undo after a move must take back only the move."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["take the trowel", "north"])
    observation = client.command(game_id, "undo")
    state = client.state(game_id)
    room = state["player"]["room"]
    carried = _ids(state["player"]["inventory"])
    if not observation.success:
        return ProbeResult(
            bug_id="BUG-5",
            present=True,
            evidence=f"undo after a move was refused: {observation.message[:120]}",
        )
    present = room != "shed" or "trowel" not in carried
    return ProbeResult(
        bug_id="BUG-5",
        present=present,
        evidence=f"take, north, undo: now in {room}, carrying {carried}",
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    """The abbreviations i, l and x take no time, just like inventory, look and examine."""
    game_id = client.new_game().game_id
    turns = {}
    for command in ("inventory", "look", "examine the trowel", "i", "l", "x the trowel"):
        observation = play_setup(client, game_id, [command])
        turns[command] = client.state(game_id)["player"]["turns"]
        if observation.turn is not None and observation.turn != turns[command]:
            raise ProbeInconclusive("the response's turn and the state's turns disagree")
    return ProbeResult(
        bug_id="BUG-6",
        present=turns["x the trowel"] != 0,
        evidence=f"turns after each timeless command: {turns}",
    )

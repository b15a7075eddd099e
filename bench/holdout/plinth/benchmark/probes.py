"""Probes for Plinth's ground-truth bugs: each answers "is this bug present in this running build?".

Every probe starts a fresh museum and plays it through the agent API only. When the game no longer lets a
probe reach the situation it checks (a setup step is refused), the probe raises ProbeInconclusive.
"""

from __future__ import annotations

from typing import Any

from loop.contract.game_client import GameClient, GameServerError
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _room(state: dict[str, Any], room_id: str) -> dict[str, Any]:
    for room in state.get("rooms", []):
        if room.get("id") == room_id:
            return room
    raise ProbeInconclusive(f"no room {room_id!r} in the state: {state.get('rooms')}")


def _piece(state: dict[str, Any], piece_id: int) -> dict[str, Any] | None:
    return next((p for p in state.get("pieces", []) if p.get("id") == piece_id), None)


def _budget(state: dict[str, Any]) -> float:
    return float(state.get("budget", 0.0))


def probe_bug_1(client: GameClient) -> ProbeResult:
    """`open days=0` must be refused in-game, not crash the server."""
    game = client.new_game()
    try:
        answer = client.command(game.game_id, "open days=0")
    except GameServerError as exc:
        evidence = f"`open days=0` -> HTTP {exc.status}: {exc.body[:200]!r}"
        return ProbeResult(bug_id="BUG-1", present=True, evidence=evidence)
    evidence = f"`open days=0` -> success={answer.success}: {answer.message[:200]!r}"
    return ProbeResult(bug_id="BUG-1", present=False, evidence=evidence)


def probe_bug_2(client: GameClient) -> ProbeResult:
    """Restoring a faded piece costs 80."""
    game = client.new_game()
    before = play_setup(client, game.game_id, ["acquire piece=portrait"])
    piece = _piece(before.state, 1)
    if piece is None or piece.get("condition") != "faded":
        raise ProbeInconclusive(f"expected piece 1 to be a faded portrait: {piece}")
    after = client.command(game.game_id, "restore piece=1")
    if not after.success:
        raise ProbeInconclusive(f"`restore piece=1` was refused: {after.message[:200]!r}")
    cost = round(_budget(before.state) - _budget(after.state), 2)
    evidence = (
        f"faded portrait restored: budget {_budget(before.state)} -> {_budget(after.state)} "
        f"(cost {cost}, rules say 80)"
    )
    return ProbeResult(bug_id="BUG-2", present=cost != 80.0, evidence=evidence)


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Selling a hung piece gives its wall space back."""
    game = client.new_game()
    hung = play_setup(client, game.game_id, ["acquire piece=mask", "hang piece=1 room=east"])
    room = _room(hung.state, "east")
    if room.get("free") != room.get("space", 0) - 1:
        raise ProbeInconclusive(f"expected the mask to use one unit of the East Gallery: {room}")
    sold = client.command(game.game_id, "sell piece=1")
    if not sold.success:
        raise ProbeInconclusive(f"`sell piece=1` was refused: {sold.message[:200]!r}")
    after = _room(sold.state, "east")
    present = after.get("free") != after.get("space")
    evidence = f"hung mask sold: East Gallery before {room}, after {after}; message={sold.message[:200]!r}"
    return ProbeResult(bug_id="BUG-3", present=present, evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """Restoring a cracked piece leaves it good, as the message says."""
    game = client.new_game()
    play_setup(client, game.game_id, ["acquire piece=amphora"])
    answer = client.command(game.game_id, "restore piece=1")
    if not answer.success:
        raise ProbeInconclusive(f"`restore piece=1` was refused: {answer.message[:200]!r}")
    piece = _piece(answer.state, 1) or {}
    present = "good condition" in answer.message and piece.get("condition") != "good"
    condition = piece.get("condition")
    evidence = f"cracked amphora restored: state condition={condition!r}; message={answer.message[:200]!r}"
    return ProbeResult(bug_id="BUG-4", present=present, evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """The patron grant is paid once, even when the opening goes on after the 1,000th visitor."""
    game = client.new_game()
    setup = [
        "acquire piece=tapestry",
        "acquire piece=astrolabe",
        "acquire piece=mask",
        "hang piece=1 room=east",
        "hang piece=2 room=east",
        "hang piece=3 room=west",
        "open days=5",
        "open days=1",
        "open days=1",
    ]
    ready = play_setup(client, game.game_id, setup)
    visitors = ready.state.get("visitors", {})
    per_day = int(visitors.get("last_day", 0))
    total = int(visitors.get("total", 0))
    if ready.state.get("grant_paid") or not per_day or not (1000 - 2 * per_day <= total < 1000 - per_day):
        raise ProbeInconclusive(
            f"expected the 1,000th visitor on the second of the next three days: {visitors}"
        )
    answer = client.command(game.game_id, "open days=3")
    if not answer.success or answer.state.get("status", {}).get("over"):
        raise ProbeInconclusive(f"`open days=3` did not run three days: {answer.message[:200]!r}")
    gained = round(_budget(answer.state) - _budget(ready.state), 2)
    expected = round(3 * (per_day * 4.5 - 60.0) + 250.0, 2)
    evidence = (
        f"{per_day} visitors a day, {total} in total before `open days=3`; budget gained {gained}, "
        f"rules give {expected} (one grant); grant_paid={answer.state.get('grant_paid')}"
    )
    return ProbeResult(bug_id="BUG-5", present=gained != expected, evidence=evidence)


def probe_bug_6(client: GameClient) -> ProbeResult:
    """A moved piece leaves its old gallery's piece list."""
    game = client.new_game()
    play_setup(client, game.game_id, ["acquire piece=astrolabe", "hang piece=1 room=east"])
    moved = client.command(game.game_id, "hang piece=1 room=west")
    piece = _piece(moved.state, 1) or {}
    if not moved.success or piece.get("room") != "west":
        raise ProbeInconclusive(f"the move to the West Gallery did not happen: {moved.message[:200]!r}")
    east = _room(moved.state, "east")
    present = 1 in east.get("pieces", [])
    evidence = f"astrolabe moved east -> west; piece={piece}; East Gallery record={east}"
    return ProbeResult(bug_id="BUG-6", present=present, evidence=evidence)

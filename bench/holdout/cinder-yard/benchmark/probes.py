"""Probes for CINDER YARD's ground-truth bugs: each answers "is this bug present in this running build?".

Each probe starts a fresh game and plays it through the agent API only. When the game no longer lets a probe
reach the situation it tests (a setup step is refused), the probe raises ProbeInconclusive rather than guess:
a bug is counted as fixed only when its absence has been shown.
"""

from __future__ import annotations

import re
from typing import Any

from loop.contract.game_client import GameClient, GameError, GameObservation, GameServerError
from loop.contract.models import ProbeResult

STANDS_ON = re.compile(r"stands on (?:<b>)?'([a-z]+)'")
ORDER_B_FIRST = [
    "move otter to south", "couple gondola to otter", "couple flatcar to otter", "move otter to main",
    "uncouple flatcar", "uncouple gondola", "move otter to south", "couple reefer to otter",
    "move otter to spur", "couple caboose to otter", "move otter to main",
]  # fmt: skip


class ProbeInconclusive(GameError):
    """The probe could not bring the game into the situation it checks."""


def _setup(client: GameClient, game_id: str, commands: list[str]) -> GameObservation | None:
    observation = None
    for command in commands:
        observation = client.command(game_id, command)
        if not observation.success:
            raise ProbeInconclusive(f"setup step {command!r} was refused: {observation.message[:200]}")
    return observation


def _named(items: list[Any], name: str) -> dict[str, Any]:
    for item in items:
        if isinstance(item, dict) and item.get("name") == name:
            return item
    raise ProbeInconclusive(f"no {name!r} in the state: {str(items)[:200]}")


def _engine(state: dict[str, Any], name: str) -> dict[str, Any]:
    return _named(state.get("engines", []), name)


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Coupling while the engine stands on a track with no cars must be refused, not crash the server."""
    game = client.new_game()
    kestrel = _engine(game.observation.state, "kestrel")
    shed = _named(game.observation.state.get("tracks", []), "shed")
    if kestrel.get("track") != "shed" or shed.get("cars"):
        raise ProbeInconclusive(f"expected 'kestrel' on an empty 'shed': {kestrel}, {shed}")
    try:
        reply = client.command(game.game_id, "couple boxcar to kestrel")
    except GameServerError as exc:
        return ProbeResult(
            bug_id="BUG-1", present=True, evidence=f"`couple boxcar to kestrel` on the empty shed -> {exc}"
        )
    evidence = f"`couple boxcar to kestrel` on the empty shed -> success={reply.success}, {reply.message!r}"
    return ProbeResult(bug_id="BUG-1", present=False, evidence=evidence)


def probe_bug_2(client: GameClient) -> ProbeResult:
    """'otter' (max_cars 2) must refuse a third car that its max_load would still allow."""
    game = client.new_game()
    before = _setup(
        client, game.game_id, ["move otter to south", "couple gondola to otter", "couple flatcar to otter"]
    )
    assert before is not None
    otter = _engine(before.state, "otter")
    if otter.get("consist") != ["gondola", "flatcar"] or otter.get("max_cars") != 2:
        raise ProbeInconclusive(f"expected 'otter' with two cars of at most 2: {otter}")
    third = client.command(game.game_id, "couple reefer to otter")
    after = _engine(third.state, "otter")
    consist = after.get("consist", [])
    present = third.success or len(consist) > after.get("max_cars", 2)
    evidence = (
        f"'otter' hauling {otter.get('consist')} (max_cars {otter.get('max_cars')}); "
        f"`couple reefer to otter` -> success={third.success}, {third.message!r}; consist now {consist}"
    )
    return ProbeResult(bug_id="BUG-2", present=present, evidence=evidence)


def probe_bug_3(client: GameClient) -> ProbeResult:
    """A car refused by a full track must stay coupled: no car may leave the yard's census."""
    game = client.new_game()
    _setup(
        client, game.game_id, ["move kestrel to north", "couple boxcar to kestrel", "move kestrel to shed"]
    )
    reply = client.command(game.game_id, "uncouple boxcar")
    if reply.success:
        raise ProbeInconclusive(f"uncoupling in the shed (capacity 0) was accepted: {reply.message[:200]}")
    state = client.state(game.game_id)
    boxcar = _named(state.get("cars", []), "boxcar")
    kestrel = _engine(state, "kestrel")
    total = state.get("census", {}).get("total")
    present = boxcar.get("at") != "kestrel" or "boxcar" not in kestrel.get("consist", []) or total != 8
    evidence = (
        f"`uncouple boxcar` in the shed -> success={reply.success}, {reply.message!r}; then boxcar at "
        f"{boxcar.get('at')!r}, kestrel consist {kestrel.get('consist')}, census total {total}"
    )
    return ProbeResult(bug_id="BUG-3", present=present, evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """The uncouple reply must name the track the car was left on, as the state has it."""
    game = client.new_game()
    _setup(client, game.game_id, ["move otter to south", "couple gondola to otter", "move otter to main"])
    reply = client.command(game.game_id, "uncouple gondola")
    if not reply.success:
        raise ProbeInconclusive(f"`uncouple gondola` on 'main' was refused: {reply.message[:200]}")
    at = _named(reply.state.get("cars", []), "gondola").get("at")
    named = STANDS_ON.search(reply.message)
    if at != "main":
        raise ProbeInconclusive(f"the state puts 'gondola' at {at!r}, not on 'main'")
    present = named is None or named.group(1) != at
    evidence = f"`uncouple gondola` on 'main' -> {reply.message!r}; state: gondola at {at!r}"
    return ProbeResult(bug_id="BUG-4", present=present, evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """Dispatching order B first must pay B's own fee from the board."""
    game = client.new_game()
    before = _setup(client, game.game_id, ORDER_B_FIRST)
    assert before is not None
    order_b = next((o for o in before.state.get("orders", []) if o.get("id") == "B"), None)
    if order_b is None or order_b.get("status") != "open":
        raise ProbeInconclusive(f"order B is not open on the board: {order_b}")
    credits_before = before.state.get("ledger", {}).get("credits")
    reply = client.command(game.game_id, "dispatch otter")
    if not reply.success:
        raise ProbeInconclusive(
            f"`dispatch otter` with reefer and caboose was refused: {reply.message[:200]}"
        )
    credits_after = reply.state.get("ledger", {}).get("credits")
    if not isinstance(credits_before, int) or not isinstance(credits_after, int):
        raise ProbeInconclusive(f"no credits in the ledger: {credits_before!r} -> {credits_after!r}")
    paid = credits_after - credits_before
    present = paid != order_b.get("fee")
    evidence = (
        f"order B on the board pays {order_b.get('fee')}; dispatched first -> {reply.message!r}; "
        f"credits {credits_before} -> {credits_after} (+{paid})"
    )
    return ProbeResult(bug_id="BUG-5", present=present, evidence=evidence)


def probe_bug_6(client: GameClient) -> ProbeResult:
    """Refuelling with more units than fit must stop at fuel_max."""
    game = client.new_game()
    kestrel = _engine(game.observation.state, "kestrel")
    if kestrel.get("track") != "shed" or kestrel.get("fuel") != 20 or kestrel.get("fuel_max") != 60:
        raise ProbeInconclusive(f"expected 'kestrel' in the shed with fuel 20/60: {kestrel}")
    reply = client.command(game.game_id, "refuel kestrel 50")
    if not reply.success:
        raise ProbeInconclusive(f"`refuel kestrel 50` was refused: {reply.message[:200]}")
    after = _engine(reply.state, "kestrel")
    present = after.get("fuel", 0) > after.get("fuel_max", 60)
    evidence = (
        f"'kestrel' fuel 20/60; `refuel kestrel 50` -> {reply.message!r}; "
        f"fuel now {after.get('fuel')}/{after.get('fuel_max')}"
    )
    return ProbeResult(bug_id="BUG-6", present=present, evidence=evidence)

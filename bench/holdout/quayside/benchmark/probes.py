"""Probes for the Quayside Inn ground-truth bugs. Agent API only."""

from __future__ import annotations

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _guest(state: dict, guest_id: str) -> dict:
    for guest in state.get("guests", []):
        if guest.get("id") == guest_id:
            return guest
    raise ProbeInconclusive(f"no guest {guest_id} in the state")


def _room(state: dict, room_id: str) -> dict:
    for room in state.get("rooms", []):
        if room.get("id") == room_id:
            return room
    raise ProbeInconclusive(f"no room {room_id} in the state")


def probe_bug_1(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    try:
        observation = client.command(game_id, "/bill G-999")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"/bill G-999 crashed the server: {exc}")
    return ProbeResult(
        bug_id="BUG-1", present=False, evidence=f"/bill G-999 answered: {observation.message[:120]!r}"
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["/checkin G-001 R12", "/extra G-001 boat", "/extra G-001 boat"])
    observation = client.command(game_id, "/extra G-001 boat")
    boats = observation.state.get("boatsOut")
    present = observation.success or boats == 3
    return ProbeResult(
        bug_id="BUG-2",
        present=present,
        evidence=f"third boat on one night: success={observation.success}, boatsOut={boats}",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    before = play_setup(client, game_id, ["/checkin G-001 R12", "/endnight", "/resolve C-1", "/endnight"])
    owed = sum(c["amountPence"] for c in _guest(before.state, "G-001")["charges"])
    owed -= _guest(before.state, "G-001")["creditsPence"]
    drawer_before = before.state["drawerPence"]
    after = play_setup(client, game_id, ["/checkout G-001"])
    taken = after.state["drawerPence"] - drawer_before
    return ProbeResult(
        bug_id="BUG-3",
        present=taken != owed,
        evidence=f"bill net of credit {owed}p, drawer grew by {taken}p",
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    before = play_setup(client, game_id, ["/checkin G-001 R12"])
    charges_before = len(_guest(before.state, "G-001")["charges"])
    after = play_setup(client, game_id, ["/extra G-001 breakfast"])
    new = _guest(after.state, "G-001")["charges"][charges_before:]
    if len(new) != 1:
        raise ProbeInconclusive(f"breakfast posted {len(new)} charges")
    amount = new[0]["amountPence"]
    shown = f"£{amount // 100}.{amount % 100:02d}"
    return ProbeResult(
        bug_id="BUG-4",
        present=shown not in after.message,
        evidence=f"bill got {amount}p, reply said {after.message[:120]!r}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    last = play_setup(client, game_id, ["/checkin G-002 R11", "/endnight", "/endnight"])
    room_nights = [c for c in _guest(last.state, "G-002")["charges"] if str(c["item"]).startswith("room")]
    return ProbeResult(
        bug_id="BUG-5",
        present=len(room_nights) != 2,
        evidence=f"G-002 in over two audits (one past due out), room nights charged: {len(room_nights)}",
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    last = play_setup(client, game_id, ["/checkin G-001 R12", "/move G-001 R22"])
    old = _room(last.state, "R12")
    return ProbeResult(
        bug_id="BUG-6",
        present=old.get("occupantId") is not None,
        evidence=f"after the move R12 is {old.get('status')} with occupantId={old.get('occupantId')!r}",
    )

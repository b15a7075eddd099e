"""Probes for Lodgewell's ground-truth bugs. Each plays a fresh game through the agent API only."""

from __future__ import annotations

import re
from typing import Any

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

MONEY = re.compile(r"^-?\$[\d,]+\.\d{2}$")


def _cents(text: Any) -> int:
    if not isinstance(text, str) or not MONEY.match(text):
        raise ProbeInconclusive(f"not a money string: {text!r}")
    negative = text.startswith("-")
    digits = text.lstrip("-").lstrip("$").replace(",", "").replace(".", "")
    return -int(digits) if negative else int(digits)


def _new(client: GameClient) -> str:
    return client.new_game().game_id


def _guest(state: dict[str, Any], guest_id: str) -> dict[str, Any]:
    guest = state.get("guests", {}).get(guest_id)
    if not isinstance(guest, dict):
        raise ProbeInconclusive(f"no guest {guest_id!r} in the state")
    return guest


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Asking for the bill of a vacant room brings the server down."""
    game_id = _new(client)
    try:
        observation = client.command(game_id, "bill 102")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"bill 102 on a new game: {exc}")
    return ProbeResult(
        bug_id="BUG-1", present=False, evidence=f"bill 102 answered: {observation.message[:120]!r}"
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """Housekeeping does 3 rooms a day; a 4th clean must be refused."""
    game_id = _new(client)
    after = play_setup(client, game_id, ["clean 102", "clean 202", "clean 301"])
    if after.state.get("housekeeping", {}).get("cleans_today") != 3:
        raise ProbeInconclusive(f"three cleans did not count as three: {after.state.get('housekeeping')}")
    fourth = client.command(game_id, "clean 302")
    room = client.state(game_id).get("rooms", {}).get("302", {})
    present = fourth.success or room.get("housekeeping") == "clean"
    return ProbeResult(
        bug_id="BUG-2",
        present=present,
        evidence=f"4th clean of the day: success={fourth.success}, message={fourth.message[:120]!r}",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Overpaying a bill: the drawer must gain only what went to the bill, not the change."""
    game_id = _new(client)
    before = play_setup(client, game_id, ["checkin ada --room 101", "charge 101 --item minibar"]).state
    owing = _cents(_guest(before, "ada")["folio"]["balance"])
    if owing <= 0 or owing >= 2000:
        raise ProbeInconclusive(f"unexpected balance before paying: {owing}")
    paid = client.command(game_id, "pay 101 --amount 20")
    if not paid.success:
        raise ProbeInconclusive(f"pay refused: {paid.message[:200]}")
    after = paid.state
    drawer_gain = _cents(after["desk"]["drawer"]) - _cents(before["desk"]["drawer"])
    folio_gain = _cents(_guest(after, "ada")["folio"]["paid"]) - _cents(
        _guest(before, "ada")["folio"]["paid"]
    )
    return ProbeResult(
        bug_id="BUG-3",
        present=drawer_gain != folio_gain,
        evidence=(
            f"paid $20.00 on a balance of {owing} cents: drawer +{drawer_gain}, folio paid +{folio_gain}"
        ),
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    """The reply to a posted extra must state the balance due after the posting."""
    game_id = _new(client)
    play_setup(client, game_id, ["checkin ada --room 101", "charge 101 --item minibar"])
    posted = client.command(game_id, "charge 101 --item breakfast --qty 2")
    if not posted.success:
        raise ProbeInconclusive(f"charge refused: {posted.message[:200]}")
    match = re.search(r"Balance due: (-?\$[\d,]+\.\d{2})", posted.message)
    if not match:
        raise ProbeInconclusive(f"no balance in the reply: {posted.message[:200]!r}")
    said = _cents(match.group(1))
    actual = _cents(_guest(posted.state, "ada")["folio"]["balance"])
    return ProbeResult(
        bug_id="BUG-4",
        present=said != actual,
        evidence=f"reply says balance {match.group(1)}, state folio balance {actual} cents",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    """Thursday is a weekday night: a double costs $90.00 that night, not the weekend rate."""
    game_id = _new(client)
    after = play_setup(client, game_id, ["checkin ben --room 201", "night", "night", "night", "night"])
    lines = _guest(after.state, "ben")["folio"]["lines"]
    thursday = [line for line in lines if line.get("item") == "Room 201, Thursday night"]
    if len(thursday) != 1:
        raise ProbeInconclusive(f"no single Thursday night line in {lines!r:.300}")
    amount = _cents(thursday[0]["amount"])
    return ProbeResult(
        bug_id="BUG-5",
        present=amount != 9000,
        evidence=f"Thursday night for room 201 posted {thursday[0]['amount']}",
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    """After a move the guest's record must show the new room."""
    game_id = _new(client)
    play_setup(client, game_id, ["checkin ada --room 101", "clean 102", "move 101 --to 102"])
    state = client.state(game_id)
    if state.get("rooms", {}).get("102", {}).get("guest") != "ada":
        raise ProbeInconclusive("the move did not put ada in room 102")
    room = _guest(state, "ada").get("room")
    return ProbeResult(
        bug_id="BUG-6",
        present=room != "102",
        evidence=f"rooms.102.guest is ada, guests.ada.room is {room!r}",
    )

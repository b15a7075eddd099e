"""Probes for Saltmarsh Ferry's ground-truth bugs: each answers "is this bug present in this running build?".

Every probe starts a fresh charter and plays it through the agent API only. When the game no longer lets a
probe reach the situation it checks (a setup step is refused), the probe raises ProbeInconclusive.
"""

from __future__ import annotations

from typing import Any

from loop.contract.game_client import GameClient, GameServerError
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _ferry(state: dict[str, Any]) -> dict[str, Any]:
    return state.get("ferry", {})


def _harbour(state: dict[str, Any], name: str) -> dict[str, Any]:
    return state.get("harbours", {}).get(name, {})


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Sailing to the harbour the ferry is moored at is refused in prose, not a server crash."""
    game = client.new_game()
    at = _ferry(game.observation.state).get("at")
    if at != "Saltmarsh" or game.observation.state.get("tide") != "high":
        raise ProbeInconclusive(f"expected to start at Saltmarsh on a high tide: {game.observation.state}")
    try:
        answer = client.command(game.game_id, "sail to=Saltmarsh")
    except GameServerError as exc:
        evidence = f"moored at Saltmarsh, `sail to=Saltmarsh` -> HTTP {exc.status}: {exc.body[:200]!r}"
        return ProbeResult(bug_id="BUG-1", present=True, evidence=evidence)
    evidence = f"moored at Saltmarsh, `sail to=Saltmarsh` -> success={answer.success}: {answer.message!r}"
    return ProbeResult(bug_id="BUG-1", present=False, evidence=evidence)


def probe_bug_2(client: GameClient) -> ProbeResult:
    """Wexmoor to Brinecombe burns 3 fuel, as the design's leg table says."""
    game = client.new_game()
    before = play_setup(client, game.game_id, ["sail to=Wexmoor"])
    if _ferry(before.state).get("at") != "Wexmoor" or before.state.get("tide") != "high":
        raise ProbeInconclusive(f"expected Wexmoor on a high tide: {before.state}")
    fuel = int(_ferry(before.state)["fuel"])
    leg = client.command(game.game_id, "sail to=Brinecombe")
    if not leg.success or _ferry(leg.state).get("at") != "Brinecombe":
        raise ProbeInconclusive(f"`sail to=Brinecombe` did not reach Brinecombe: {leg.message!r}")
    burned = fuel - int(_ferry(leg.state)["fuel"])
    evidence = f"fuel {fuel} at Wexmoor; `sail to=Brinecombe` burned {burned} (design: 3): {leg.message!r}"
    return ProbeResult(bug_id="BUG-2", present=burned != 3, evidence=evidence)


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Loading more than fits takes from the quay only the crates that reach the hold."""
    game = client.new_game()
    before = play_setup(client, game.game_id, ["load cargo=salt qty=8"])
    held = int(_ferry(before.state).get("hold", {}).get("salt", 0))
    quay = int(_harbour(before.state, "Saltmarsh").get("stock", {}).get("salt", 0))
    if held != 8 or quay < 5:
        raise ProbeInconclusive(f"expected 8 salt aboard and 5+ on the quay: hold {held}, quay {quay}")
    load = client.command(game.game_id, "load cargo=salt qty=5")
    if not load.success:
        raise ProbeInconclusive(f"`load cargo=salt qty=5` was refused: {load.message!r}")
    held_after = int(_ferry(load.state).get("hold", {}).get("salt", 0))
    quay_after = int(_harbour(load.state, "Saltmarsh").get("stock", {}).get("salt", 0))
    present = held_after + quay_after != held + quay
    evidence = (
        f"before: {held} salt in hold, {quay} on the quay; `load cargo=salt qty=5` -> {held_after} in hold, "
        f"{quay_after} on the quay; message={load.message!r}"
    )
    return ProbeResult(bug_id="BUG-3", present=present, evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """After a wait the reply names the tide the state shows."""
    game = client.new_game()
    waited = client.command(game.game_id, "wait hours=7")
    if not waited.success or waited.state.get("hour") != 7:
        raise ProbeInconclusive(f"`wait hours=7` did not bring the clock to hour 7: {waited.message!r}")
    tide = waited.state.get("tide")
    other = "high" if tide == "low" else "low"
    text = waited.message.lower()
    present = f"tide is {other}" in text or f"tide is {tide}" not in text
    evidence = f"`wait hours=7` -> state hour 7, tide {tide!r}; message={waited.message!r}"
    return ProbeResult(bug_id="BUG-4", present=present, evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """Passing midnight while waiting resets the quays' passengers to the dawn timetable."""
    game = client.new_game()
    first = _harbour(game.observation.state, "Saltmarsh").get("waiting", {}).get("Wexmoor", 0)
    if first != 4:
        raise ProbeInconclusive(f"expected 4 passengers for Wexmoor at Saltmarsh, found {first}")
    late = play_setup(client, game.game_id, ["board to=Wexmoor qty=4", "wait hours=12", "wait hours=10"])
    emptied = _harbour(late.state, "Saltmarsh").get("waiting", {}).get("Wexmoor", 0)
    if late.state.get("hour") != 22 or emptied != 0:
        raise ProbeInconclusive(f"expected hour 22 with nobody waiting for Wexmoor: {late.state}")
    after = client.command(game.game_id, "wait hours=4")
    if not after.success or after.state.get("hour") != 26:
        raise ProbeInconclusive(f"`wait hours=4` did not reach hour 26: {after.message!r}")
    waiting = _harbour(after.state, "Saltmarsh").get("waiting", {}).get("Wexmoor", 0)
    evidence = (
        f"boarded all 4 Saltmarsh passengers for Wexmoor, waited to hour 22, then to hour 26: "
        f"{waiting} waiting for Wexmoor (timetable: 4)"
    )
    return ProbeResult(bug_id="BUG-5", present=waiting != 4, evidence=evidence)


def probe_bug_6(client: GameClient) -> ProbeResult:
    """At hour 8 (low tide) the tide next turns at hour 12."""
    game = client.new_game()
    waited = play_setup(client, game.game_id, ["wait hours=8"])
    state = waited.state
    if state.get("hour") != 8 or "tide_turns_at" not in state:
        raise ProbeInconclusive(f"expected hour 8 and a tide_turns_at field: {state}")
    turns = state["tide_turns_at"]
    evidence = f"hour 8, tide {state.get('tide')!r}: tide_turns_at={turns} (design: 12)"
    return ProbeResult(bug_id="BUG-6", present=turns != 12, evidence=evidence)

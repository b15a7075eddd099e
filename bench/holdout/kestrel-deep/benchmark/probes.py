"""Probes for Kestrel Deep's ground-truth bugs: each answers "is this bug present in this running build?".

Every probe starts a new game and plays it through the agent API only. When the game no longer lets a probe
reach the situation it checks (a setup step is refused), the probe raises ProbeInconclusive rather than guess.
"""

from __future__ import annotations

from typing import Any

from loop.contract.game_client import GameClient, GameServerError
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _reading(state: dict[str, Any], name: str) -> Any:
    for entry in state.get("readings", []):
        if entry.get("name") == name:
            return entry.get("value")
    raise ProbeInconclusive(f"no {name!r} reading in the state: {state.get('readings')}")


def _count(entries: list[dict[str, Any]] | None, name: str) -> int:
    return sum(int(e.get("value", 0)) for e in entries or [] if e.get("name") == name)


def _container(state: dict[str, Any], name: str) -> dict[str, Any]:
    for entry in state.get("containers", []):
        if entry.get("name") == name:
            return entry
    raise ProbeInconclusive(f"no {name!r} in this module: {state.get('containers')}")


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Typing a code where there is no keypad must be refused in-game, not crash the server."""
    game = client.new_game()
    module = game.observation.state.get("module")
    if module != "DOCKING RING":
        raise ProbeInconclusive(f"a new game starts in {module!r}, not the DOCKING RING")
    try:
        answer = client.command(game.game_id, "type 7316")
    except GameServerError as exc:
        evidence = f"in the DOCKING RING `type 7316` -> HTTP {exc.status}: {exc.body[:200]!r}"
        return ProbeResult(bug_id="BUG-1", present=True, evidence=evidence)
    evidence = f"in the DOCKING RING `type 7316` -> success={answer.success}: {answer.message!r}"
    return ProbeResult(bug_id="BUG-1", present=False, evidence=evidence)


def probe_bug_2(client: GameClient) -> ProbeResult:
    """An o2 canister adds 25% oxygen, capped at 100%."""
    game = client.new_game()
    before = play_setup(client, game.game_id, ["west", "open locker", "take canister"])
    if _count(before.state.get("carried"), "o2 canister") < 1:
        raise ProbeInconclusive(f"expected to carry an o2 canister: {before.state.get('carried')}")
    oxygen = int(_reading(before.state, "oxygen"))
    used = client.command(game.game_id, "use o2 canister")
    if not used.success:
        raise ProbeInconclusive(f"`use o2 canister` was refused: {used.message!r}")
    after = int(_reading(used.state, "oxygen"))
    expected = min(100, oxygen + 25)
    evidence = f"oxygen {oxygen}%, `use o2 canister` -> {after}% (manual: {expected}%); {used.message!r}"
    return ProbeResult(bug_id="BUG-2", present=after != expected, evidence=evidence)


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Stowing a canister in a locker that already holds one leaves two there: none vanishes."""
    game = client.new_game()
    before = play_setup(client, game.game_id, ["west", "open locker", "take canister"])
    held = _count(before.state.get("carried"), "o2 canister")
    stored = _count(_container(before.state, "supply locker").get("contents"), "o2 canister")
    if held != 1 or stored < 1:
        found = f"{held} carried, {stored} stored"
        raise ProbeInconclusive(f"expected 1 canister carried and 1+ in the locker: {found}")
    put = client.command(game.game_id, "put canister in locker")
    if not put.success:
        raise ProbeInconclusive(f"`put canister in locker` was refused: {put.message!r}")
    held_after = _count(put.state.get("carried"), "o2 canister")
    stored_after = _count(_container(put.state, "supply locker").get("contents"), "o2 canister")
    floor_after = _count(put.state.get("floor"), "o2 canister")
    present = held_after + stored_after + floor_after != held + stored or stored_after != stored + 1
    evidence = (
        f"before: {held} carried, {stored} in the supply locker; `put canister in locker` -> "
        f"{held_after} carried, "
        f"{stored_after} in the locker, {floor_after} on the deck; message={put.message!r}"
    )
    return ProbeResult(bug_id="BUG-3", present=present, evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """After the fuse is taken, `look` must not list it in the open supply locker."""
    game = client.new_game()
    play_setup(client, game.game_id, ["west", "open locker", "take fuse"])
    look = client.command(game.game_id, "look")
    locker = _container(look.state, "supply locker")
    if _count(look.state.get("carried"), "fuse") != 1 or _count(locker.get("contents"), "fuse") != 0:
        raise ProbeInconclusive(f"expected the fuse carried and out of the locker: {look.state}")
    line = next((ln for ln in look.message.splitlines() if "SUPPLY LOCKER" in ln.upper()), "")
    present = "FUSE" in line.upper()
    evidence = f"fuse carried, state locker={locker}; `look` locker line -> {line!r}"
    return ProbeResult(bug_id="BUG-4", present=present, evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """Oxygen reaching 0% loses the mission; no move is accepted after it."""
    game = client.new_game()
    start = int(_reading(game.observation.state, "oxygen"))
    if start % 2 or start > 100:
        raise ProbeInconclusive(f"start oxygen {start}% is not reached in 2% steps")
    observation = game.observation
    for step in range(start // 2):
        observation = client.command(game.game_id, "north" if step % 2 == 0 else "south")
        if not observation.success:
            raise ProbeInconclusive(f"move {step + 1} was refused: {observation.message[:200]!r}")
    oxygen = int(_reading(observation.state, "oxygen"))
    if oxygen != 0:
        raise ProbeInconclusive(f"expected 0% oxygen after {start // 2} moves, have {oxygen}%")
    mission = observation.state.get("mission", {})
    extra = client.command(game.game_id, "north" if (start // 2) % 2 == 0 else "south")
    present = not mission.get("lost") or not observation.game_over or extra.success
    evidence = (
        f"after {start // 2} moves oxygen {oxygen}%, mission={mission}, game_over={observation.game_over}; "
        f"one more move -> success={extra.success}: {extra.message[:120]!r}"
    )
    return ProbeResult(bug_id="BUG-5", present=present, evidence=evidence)


def probe_bug_6(client: GameClient) -> ProbeResult:
    """A refused move is not counted in the `moves` reading."""
    game = client.new_game()
    exits = [e.get("name") for e in game.observation.state.get("exits", [])]
    if "east" in exits:
        raise ProbeInconclusive(f"the DOCKING RING has an east exit now: {exits}")
    moves = int(_reading(game.observation.state, "moves"))
    refused = client.command(game.game_id, "east")
    if refused.success:
        raise ProbeInconclusive(f"`east` was accepted: {refused.message!r}")
    after = int(_reading(refused.state, "moves"))
    evidence = f"moves {moves}; refused `east` ({refused.message!r}) -> moves {after}"
    return ProbeResult(bug_id="BUG-6", present=after != moves, evidence=evidence)

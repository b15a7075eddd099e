"""Probes for Kharsa Peak's ground-truth bugs: each answers "is this bug present in this running build?".

Every probe starts a fresh expedition and plays it through the agent API only. When the game no longer lets a
probe reach the situation it checks (a setup step is refused), the probe raises ProbeInconclusive.
"""

from __future__ import annotations

from typing import Any

from loop.contract.game_client import GameClient, GameObservation, GameServerError
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

TO_CAMP_IV = [
    "carry 6 oxygen",
    "carry 3 rope",
    "ascend",
    "camp",
    "ascend",
    "fix rope",
    "fix rope",
    "camp",
    "camp",
    "ascend",
    "camp",
    "camp",
    "ascend",
    "fix rope",
]


def _expedition(state: dict[str, Any]) -> dict[str, Any]:
    return state.get("expedition", {})


def _member(state: dict[str, Any], name: str) -> dict[str, Any]:
    for member in state.get("team", []):
        if member.get("name") == name:
            return member
    raise ProbeInconclusive(f"no climber {name} in the state: {state.get('team')}")


def _stamina(state: dict[str, Any]) -> list[int]:
    return [int(m.get("stamina", 0)) for m in state.get("team", []) if m.get("status") == "climbing"]


def _stamina_change(
    client: GameClient, game_id: str, before: GameObservation, command: str, ends_at: str
) -> tuple[list[int], str]:
    """Each climbing member's stamina change from one accepted `command` that leaves the team at `ends_at`."""
    start = _stamina(before.state)
    answer = client.command(game_id, command)
    if not answer.success or _expedition(answer.state).get("camp") != ends_at:
        raise ProbeInconclusive(f"`{command}` did not leave the team at {ends_at}: {answer.message!r}")
    end = _stamina(answer.state)
    where = _expedition(before.state).get("camp")
    changes = [b - a for a, b in zip(start, end, strict=True)]
    return changes, f"stamina {start} at {where}; `{command}` -> {end}"


def _ropes(state: dict[str, Any]) -> int:
    stored = sum(int(goods.get("rope", 0)) for goods in state.get("stores", {}).values())
    carried = sum(int(m.get("rope", 0)) for m in state.get("team", []))
    fixed = sum(int(s.get("ropes_fixed", 0)) for s in _expedition(state).get("route", []))
    return stored + carried + fixed


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Carrying from a camp whose stores were never filled is refused in the log, not a server error."""
    game = client.new_game()
    at_camp = play_setup(client, game.game_id, ["ascend"])
    camp = _expedition(at_camp.state).get("camp")
    if camp != "Camp I" or "Camp I" in at_camp.state.get("stores", {}):
        stores = at_camp.state.get("stores")
        raise ProbeInconclusive(f"expected Camp I with no stores entry: {camp}, {stores}")
    try:
        answer = client.command(game.game_id, "carry 1 rope")
    except GameServerError as exc:
        evidence = f"at Camp I with no stores, `carry 1 rope` -> HTTP {exc.status}: {exc.body[:200]!r}"
        return ProbeResult(bug_id="BUG-1", present=True, evidence=evidence)
    evidence = f"at Camp I with no stores, `carry 1 rope` -> success={answer.success}: {answer.message!r}"
    return ProbeResult(bug_id="BUG-1", present=False, evidence=evidence)


def probe_bug_2(client: GameClient) -> ProbeResult:
    """A descent costs every climber 10 stamina."""
    game = client.new_game()
    up = play_setup(client, game.game_id, ["ascend"])
    changes, evidence = _stamina_change(client, game.game_id, up, "descend", "Base Camp")
    costs = [-change for change in changes]
    evidence += f" (costs {costs}, rules say 10 each)"
    return ProbeResult(bug_id="BUG-2", present=any(c != 10 for c in costs), evidence=evidence)


def probe_bug_3(client: GameClient) -> ProbeResult:
    """A climber sent down leaves her ropes in the camp's stores: no rope vanishes."""
    game = client.new_game()
    ready = play_setup(client, game.game_id, ["carry 3 rope", "ascend"])
    carried = int(_member(ready.state, "Mara").get("rope", 0))
    if carried < 1:
        raise ProbeInconclusive(f"expected Mara to carry a rope: {_member(ready.state, 'Mara')}")
    total = _ropes(ready.state)
    sent = client.command(game.game_id, "send mara down")
    if not sent.success:
        raise ProbeInconclusive(f"`send mara down` was refused: {sent.message!r}")
    total_after = _ropes(sent.state)
    stored = sent.state.get("stores", {}).get("Camp I", {})
    evidence = (
        f"Mara carried {carried} rope, expedition ropes {total}; `send mara down` -> ropes {total_after}, "
        f"Camp I stores {stored}; message={sent.message!r}"
    )
    return ProbeResult(bug_id="BUG-3", present=total_after != total, evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """Each dawn's log line announces the weather the state shows for the new day."""
    game = client.new_game()
    dawn = play_setup(client, game.game_id, ["ascend", "camp", "ascend", "camp"])
    expedition = _expedition(dawn.state)
    day, weather = expedition.get("day"), expedition.get("weather")
    if day != 3:
        raise ProbeInconclusive(f"expected Day 3 after two nights: {expedition}")
    announced = f"Day {day} dawns: {weather}"
    present = announced not in dawn.message
    evidence = f"state day={day} weather={weather!r}; `camp` -> {dawn.message!r}"
    return ProbeResult(bug_id="BUG-4", present=present, evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """A night at Camp IV restores 20 stamina (never above 100)."""
    game = client.new_game()
    high = play_setup(client, game.game_id, TO_CAMP_IV)
    if _expedition(high.state).get("camp") != "Camp IV":
        raise ProbeInconclusive(f"expected Camp IV: {_expedition(high.state)}")
    if not _stamina(high.state) or max(_stamina(high.state)) > 80:
        raise ProbeInconclusive(f"expected stamina at most 80 at Camp IV: {_stamina(high.state)}")
    gains, evidence = _stamina_change(client, game.game_id, high, "camp", "Camp IV")
    evidence += " (rules say a night at Camp IV gains 20)"
    return ProbeResult(bug_id="BUG-5", present=any(g != 20 for g in gains), evidence=evidence)


def probe_bug_6(client: GameClient) -> ProbeResult:
    """On a tie the first climber in team order (Mara) takes the bottle."""
    game = client.new_game()
    bottles = [int(m.get("oxygen", {}).get("bottles", 0)) for m in game.observation.state.get("team", [])]
    if len(set(bottles)) != 1:
        raise ProbeInconclusive(f"expected every climber to carry the same number of bottles: {bottles}")
    taken = client.command(game.game_id, "carry 1 oxygen")
    if not taken.success:
        raise ProbeInconclusive(f"`carry 1 oxygen` was refused: {taken.message!r}")
    after = {m.get("name"): int(m.get("oxygen", {}).get("bottles", 0)) for m in taken.state.get("team", [])}
    present = after.get("Mara") != bottles[0] + 1
    evidence = f"bottles {bottles} before; `carry 1 oxygen` -> {after}; message={taken.message!r}"
    return ProbeResult(bug_id="BUG-6", present=present, evidence=evidence)

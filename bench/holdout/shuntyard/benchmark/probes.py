"""Probes for Shunt Yard's ground-truth bugs: each drives the game through the agent API only."""

from __future__ import annotations

import re

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

WAGON = re.compile(r"\b\d{2}\b")


def _hook(state: dict) -> list[str]:
    hook = state.get("loco", {}).get("hook", "")
    return [w for w in hook.split("-") if w]


def _all_codes(state: dict) -> list[str]:
    codes: list[str] = []
    for track in state.get("yard", {}).values():
        codes.extend(WAGON.findall(track))
    return codes


def probe_bug_1(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    try:
        obs = client.command(game_id, "H>Q")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"H>Q broke the server: {exc}")
    return ProbeResult(bug_id="BUG-1", present=False, evidence=f"H>Q answered: {obs.message[:160]}")


def probe_bug_2(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    play_setup(client, game_id, [">B", "+33", "B>A", "-"])
    obs = client.command(game_id, "+07")
    hook = _hook(obs.state)
    present = obs.success and len(hook) > 3
    return ProbeResult(
        bug_id="BUG-2",
        present=present,
        evidence=f"+07 with four standing wagons in front: success={obs.success}, hook={'-'.join(hook)!r}",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    play_setup(client, game_id, [">B", "+33"])
    obs = client.command(game_id, "undo")
    if not obs.success:
        raise ProbeInconclusive(f"undo was refused: {obs.message[:160]}")
    codes = _all_codes(obs.state)
    present = len(codes) != 8 or len(set(codes)) != 8
    return ProbeResult(
        bug_id="BUG-3",
        present=present,
        evidence=f"after >B +33 undo the yard holds {len(codes)} wagon codes: {obs.state.get('yard')}",
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    play_setup(client, game_id, [">B", "+33"])
    obs = client.command(game_id, "-33")
    if not obs.success:
        raise ProbeInconclusive(f"-33 was refused: {obs.message[:160]}")
    match = re.search(r"(\d+) wagons? still on the hook", obs.message)
    if match is None:
        raise ProbeInconclusive(f"the reply names no hook count: {obs.message[:160]}")
    said = int(match.group(1))
    actual = len(_hook(obs.state))
    return ProbeResult(
        bug_id="BUG-4",
        present=said != actual,
        evidence=f"reply says {said} on the hook, state hook is {obs.state.get('loco', {}).get('hook')!r}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    runs = [">C" if i % 2 == 0 else ">H" for i in range(20)]
    last = play_setup(client, game_id, runs)
    if last.state.get("moves") != 20:
        raise ProbeInconclusive(f"twenty runs gave moves={last.state.get('moves')}")
    obs = client.command(game_id, ">C")
    present = obs.success or obs.state.get("moves", 0) > 20
    return ProbeResult(
        bug_id="BUG-5",
        present=present,
        evidence=f"21st run: success={obs.success}, moves={obs.state.get('moves')}: {obs.message[-60:]}",
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    play_setup(client, game_id, [">B", "+64"])
    obs = client.command(game_id, "-33")
    if not obs.success:
        raise ProbeInconclusive(f"-33 was refused: {obs.message[:160]}")
    hook = set(_hook(obs.state))
    wrong = {
        n: w.get("coupled")
        for n, w in obs.state.get("wagons", {}).items()
        if bool(w.get("coupled")) != (n in hook)
    }
    return ProbeResult(
        bug_id="BUG-6",
        present=bool(wrong),
        evidence=f"hook {sorted(hook)}; wagons whose coupled flag disagrees: {wrong}",
    )

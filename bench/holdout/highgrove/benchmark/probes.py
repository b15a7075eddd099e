"""Probes for Highgrove's ground-truth bugs: each plays the agent API and says whether its bug is present."""

from __future__ import annotations

import re

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _books(state: dict) -> dict[str, str]:
    lines = state.get("ledger")
    if not isinstance(lines, list):
        raise ProbeInconclusive(f"state has no ledger: {str(state)[:200]}")
    return dict(str(line).split("=", 1) for line in lines if "=" in str(line))


def _int(books: dict[str, str], key: str) -> int:
    try:
        return int(books[key])
    except (KeyError, ValueError) as exc:
        raise ProbeInconclusive(f"ledger has no number {key}: {books}") from exc


def probe_bug_1(client: GameClient) -> ProbeResult:
    """`chest sell` without a number or `all` must be refused, not crash the server."""
    game_id = client.new_game().game_id
    try:
        observation = client.command(game_id, "chest sell")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"chest sell crashed the server: {exc}")
    return ProbeResult(
        bug_id="BUG-1",
        present=False,
        evidence=f"answered success={observation.success}: {observation.message[:120]}",
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """Day 11 is the first monsoon day: a plucker brings in 30 kg."""
    game_id = client.new_game().game_id
    observation = play_setup(client, game_id, ["day end"] * 10)
    books = _books(observation.state)
    if books.get("day") != "11" or books.get("season") != "monsoon":
        raise ProbeInconclusive(f"not on monsoon day 11: {books}")
    observation = play_setup(client, game_id, ["worker hire 1", "leaf pluck 1"])
    books = _books(observation.state)
    green = _int(books, "green_leaf_kg")
    capacity = _int(books, "trough_capacity_kg")
    present = green != 30 or capacity != 50
    return ProbeResult(
        bug_id="BUG-2",
        present=present,
        evidence=(
            f"day 11 (monsoon): one plucker brought {green} kg (rule 30), troughs {capacity} kg (rule 50)"
        ),
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Drying 10 kg fires two 4 kg lots; the 2 kg left over stays rolled."""
    game_id = client.new_game().game_id
    observation = play_setup(
        client, game_id, ["worker hire 1", "leaf pluck 1", "leaf wither 20", "leaf roll 20"]
    )
    before = _books(observation.state)
    if _int(before, "rolled_leaf_kg") != 20 or _int(before, "made_tea_kg") != 0:
        raise ProbeInconclusive(f"not 20 kg rolled leaf: {before}")
    observation = play_setup(client, game_id, ["leaf dry 10"])
    after = _books(observation.state)
    rolled, made = _int(after, "rolled_leaf_kg"), _int(after, "made_tea_kg")
    present = rolled + made * 4 != 20
    return ProbeResult(
        bug_id="BUG-3",
        present=present,
        evidence=(
            f"20 kg rolled, dry 10: rolled {rolled} kg + made {made} kg (x4) = {rolled + made * 4} kg of 20"
        ),
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    """The dismissal wire must give the pluckers left on the lines."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["worker hire 4"])
    observation = play_setup(client, game_id, ["worker dismiss 1"])
    workers = _int(_books(observation.state), "workers")
    if workers != 3:
        raise ProbeInconclusive(f"dismissal left {workers} pluckers, not 3")
    match = re.search(r"(\d+) REMAIN", observation.message)
    if match is None:
        raise ProbeInconclusive(f"wire names no remaining count: {observation.message[:200]}")
    said = int(match.group(1))
    return ProbeResult(
        bug_id="BUG-4",
        present=said != workers,
        evidence=f"wire says {said} remain, ledger workers={workers}: {observation.message[:120]}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    """The second payday pays only the week since the first: 100 - 42 - 42 = 16 with one plucker."""
    game_id = client.new_game().game_id
    observation = play_setup(client, game_id, ["worker hire 1"] + ["day end"] * 7)
    books = _books(observation.state)
    if books.get("day") != "8" or _int(books, "cash") != 58:
        raise ProbeInconclusive(f"first payday did not leave 58 rupees on day 8: {books}")
    observation = play_setup(client, game_id, ["day end"] * 7)
    books = _books(observation.state)
    cash, status = _int(books, "cash"), books.get("status")
    present = cash != 16 or status != "running"
    return ProbeResult(
        bug_id="BUG-5",
        present=present,
        evidence=(
            f"after the day-14 payday: cash {cash} (rule 16), status {status}, "
            f"wages_owed {books.get('wages_owed')}"
        ),
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    """Packing two chests costs 2 x 5 rupees of plywood."""
    game_id = client.new_game().game_id
    day = ["leaf pluck 5", "leaf wither 100", "leaf roll 100", "leaf dry 100"]
    observation = play_setup(client, game_id, ["worker hire 5", *day, "day end", *day])
    before = _books(observation.state)
    if _int(before, "made_tea_kg") < 40:
        raise ProbeInconclusive(f"not 40 kg made tea: {before}")
    cash_before = _int(before, "cash")
    observation = play_setup(client, game_id, ["chest pack 2"])
    after = _books(observation.state)
    cash_after = _int(after, "cash")
    if _int(after, "chests") != 2:
        raise ProbeInconclusive(f"two chests not packed: {after}")
    return ProbeResult(
        bug_id="BUG-6",
        present=cash_before - cash_after != 10,
        evidence=f"chest pack 2: cash {cash_before} -> {cash_after} (rule: 10 rupees of plywood)",
    )

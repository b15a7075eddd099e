"""Probes for spokewise's ground-truth bugs. Each plays a fresh shift through the agent API only."""

from __future__ import annotations

import re
from typing import Any

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _rows(table: list[list[Any]]) -> list[dict[str, Any]]:
    header, *body = table
    return [dict(zip(header, row, strict=False)) for row in body]


def _row(state: dict[str, Any], table: str, key: str) -> dict[str, Any]:
    for row in _rows(state.get(table, [])):
        if str(next(iter(row.values()))).lower() == key.lower():
            return row
    raise ProbeInconclusive(f"no {key} in the {table} table")


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Quoting a parcel for a rider who does not exist."""
    game_id = client.new_game().game_id
    try:
        observation = client.command(game_id, "quote P3, Zed")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"quote P3, Zed: {exc}")
    return ProbeResult(
        bug_id="BUG-1",
        present=False,
        evidence=f"quote P3, Zed answered success={observation.success}: {observation.message[:200]}",
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """A 6 kg parcel on an empty 6 kg fixie: exactly the capacity must fit."""
    new = client.new_game()
    state = new.observation.state
    parcel = _row(state, "parcels", "P8")
    ada = _row(state, "riders", "Ada")
    bike = _row(state, "bikes", str(ada["bike"]))
    if ada["load_kg"] != 0 or parcel["kg"] != bike["capacity_kg"]:
        raise ProbeInconclusive(f"P8 is {parcel['kg']} kg, Ada's bike takes {bike['capacity_kg']} kg")
    observation = client.command(new.game_id, "load P8, Ada")
    return ProbeResult(
        bug_id="BUG-2",
        present=not observation.success,
        evidence=f"load P8 ({parcel['kg']} kg) on {bike['bike']} ({bike['capacity_kg']} kg): "
        f"success={observation.success}: {observation.message[:200]}",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Unloading the first of two parcels must leave the second on the bike."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["load P3, Ada", "load P1, Ada", "unload P3"])
    state = client.state(game_id)
    ada = _row(state, "riders", "Ada")
    p1 = _row(state, "parcels", "P1")
    present = "P1" not in ada["load"]
    return ProbeResult(
        bug_id="BUG-3",
        present=present,
        evidence=(
            f"after unload P3, Ada's load is {ada['load']} while P1 says {p1['status']} with {p1['rider']}"
        ),
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    """After a swap the old bike is on the rack: its rider column must be empty."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["swap Ada, B4"])
    state = client.state(game_id)
    if _row(state, "riders", "Ada")["bike"] != "B4":
        raise ProbeInconclusive("Ada does not ride B4 after the swap")
    old = _row(state, "bikes", "B1")
    return ProbeResult(
        bug_id="BUG-4",
        present=old["rider"] is not None,
        evidence=f"after swap Ada, B4 the bikes table says B1 is ridden by {old['rider']!r}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    """Three runs in a row, then a fourth without a break must be refused."""
    game_id = client.new_game().game_id
    play_setup(
        client,
        game_id,
        [
            "load P1, Cleo",
            "dispatch Cleo",
            "wait 45",
            "load P3, Cleo",
            "dispatch Cleo",
            "wait 45",
            "load P6, Cleo",
            "dispatch Cleo",
            "wait 45",
            "load P8, Cleo",
        ],
    )
    cleo = _row(client.state(game_id), "riders", "Cleo")
    if cleo["status"] != "in office" or cleo["runs"] != 3:
        raise ProbeInconclusive(f"Cleo is {cleo['status']} with {cleo['runs']} runs before the fourth")
    observation = client.command(game_id, "dispatch Cleo")
    return ProbeResult(
        bug_id="BUG-5",
        present=observation.success,
        evidence=(
            f"fourth dispatch without a rest: success={observation.success}: {observation.message[:200]}"
        ),
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    """A late delivery: the money the return message says was paid in must be what the till gained."""
    game_id = client.new_game().game_id
    before = play_setup(client, game_id, ["wait 60", "load P3, Ada", "dispatch Ada"]).state
    till_before = before["shift"]["till"]
    observation = client.command(game_id, "wait 30")
    till_after = observation.state["shift"]["till"]
    line = next((text for text in observation.message.splitlines() if "Ada" in text), "")
    match = re.search(r"\$(\d+)", line)
    p3 = _row(observation.state, "parcels", "P3")
    if not match or p3["status"] != "late":
        raise ProbeInconclusive(f"no late return of Ada to read: {observation.message[:200]}")
    said = int(match.group(1))
    gained = till_after - till_before
    return ProbeResult(
        bug_id="BUG-6",
        present=said != gained,
        evidence=f"return message {line!r}; the till went from ${till_before} to ${till_after} (+{gained})",
    )

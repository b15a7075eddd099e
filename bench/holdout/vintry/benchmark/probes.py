"""Probes for Vintry's ground-truth bugs. Each plays a fresh game over the agent API only."""

from __future__ import annotations

import re
from typing import Any

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

FULL_ROW_1 = ["PICK ROW 1 WITH CREW 1", "PICK ROW 1 WITH CREW 2", "PICK ROW 1 WITH CREW 3"]


def _entity(state: dict[str, Any], kind: str, number: int) -> dict[str, Any]:
    for entity in state.get("entities", []):
        if entity.get("type") == kind and entity.get("id") == number:
            return entity
    raise ProbeInconclusive(f"the state has no {kind} {number}")


def probe_bug_1(client: GameClient) -> ProbeResult:
    """LOOK at a barrel the estate doesn't have."""
    game_id = client.new_game().game_id
    try:
        observation = client.command(game_id, "LOOK BARREL 9")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"LOOK BARREL 9 crashed the server: {exc}")
    return ProbeResult(
        bug_id="BUG-1",
        present=False,
        evidence=f"LOOK BARREL 9 answered (success={observation.success}): {observation.message[:120]}",
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """Row 3 reaches exactly 90% on day 3; the rules say it can be picked then."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["REST", "REST"])
    ripeness = _entity(client.state(game_id), "row", 3).get("ripeness")
    if ripeness != 90:
        raise ProbeInconclusive(f"row 3 is {ripeness}% ripe on day 3, not 90%")
    observation = client.command(game_id, "PICK ROW 3 WITH CREW 1")
    return ProbeResult(
        bug_id="BUG-2",
        present=not observation.success,
        evidence=f"PICK ROW 3 at 90% ripe: success={observation.success}: {observation.message[:160]}",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    """A crew sent to a row with less left than it picks: the reply's kg against the row's loss."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, [*FULL_ROW_1, "PRESS 150 INTO VAT 1", "REST"])
    before = _entity(client.state(game_id), "row", 1)["grapes_kg"]
    if not 0 < before < 60:
        raise ProbeInconclusive(f"row 1 holds {before} kg, not less than crew 1 picks")
    observation = play_setup(client, game_id, ["PICK ROW 1 WITH CREW 1"])
    after = _entity(observation.state, "row", 1)["grapes_kg"]
    match = re.search(r"picked (\d+) kg", observation.message)
    if match is None:
        raise ProbeInconclusive(f"the reply names no amount picked: {observation.message[:160]}")
    said = int(match.group(1))
    return ProbeResult(
        bug_id="BUG-3",
        present=said != before - after,
        evidence=f"reply says {said} kg picked; row 1 went from {before} to {after} kg",
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    """Racking 105 L into the 100 L barrel: the 5 L that don't fit must stay in the vat."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, [*FULL_ROW_1, "PRESS 150 INTO VAT 1", "REST", "REST", "REST"])
    vat = _entity(client.state(game_id), "vat", 1)
    if vat.get("status") != "ready" or vat.get("litres") != 105:
        raise ProbeInconclusive(f"vat 1 is not 105 L of finished wine: {vat}")
    observation = play_setup(client, game_id, ["RACK VAT 1 TO BARREL 5"])
    vat_after = _entity(observation.state, "vat", 1)["litres"]
    barrel_after = _entity(observation.state, "barrel", 5)["litres"]
    return ProbeResult(
        bug_id="BUG-4",
        present=vat_after + barrel_after != 105,
        evidence=f"105 L racked into barrel 5: barrel holds {barrel_after} L, vat 1 holds {vat_after} L",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    """More must pressed into a vat two nights into fermenting must restart its 3 nights."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["PICK ROW 1 WITH CREW 1", "PRESS 60 INTO VAT 3", "REST", "REST"])
    vat = _entity(client.state(game_id), "vat", 3)
    if vat.get("status") != "fermenting" or vat.get("nights_left") != 1:
        raise ProbeInconclusive(f"vat 3 is not one night from finished: {vat}")
    observation = play_setup(client, game_id, ["PICK ROW 1 WITH CREW 2", "PRESS 50 INTO VAT 3"])
    nights_after_press = _entity(observation.state, "vat", 3).get("nights_left")
    observation = play_setup(client, game_id, ["REST"])
    status = _entity(observation.state, "vat", 3).get("status")
    return ProbeResult(
        bug_id="BUG-5",
        present=nights_after_press != 3 or status != "fermenting",
        evidence=(
            f"after topping up vat 3 on day 3: nights_left={nights_after_press}; "
            f"after one more night: status={status}"
        ),
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    """Selling 10 bottles to the cooperative must lower what it still wants by 10."""
    game_id = client.new_game().game_id
    play_setup(
        client,
        game_id,
        [
            *FULL_ROW_1,
            "PRESS 150 INTO VAT 1",
            "REST",
            "REST",
            "REST",
            "RACK VAT 1 TO BARREL 1",
            "REST",
            "REST",
            "BOTTLE BARREL 1",
        ],
    )
    state = client.state(game_id)
    wants = _entity(state, "buyer", 3)["wants"]
    bottles = _entity(state, "cellar", 1)["bottles"]
    if wants < 10 or bottles < 10:
        raise ProbeInconclusive(f"cannot sell 10: the cooperative wants {wants}, the cellar holds {bottles}")
    observation = play_setup(client, game_id, ["SELL 10 TO BUYER 3"])
    wants_after = _entity(observation.state, "buyer", 3)["wants"]
    bottles_after = _entity(observation.state, "cellar", 1)["bottles"]
    if bottles_after != bottles - 10:
        raise ProbeInconclusive(f"the sale did not take 10 bottles: {bottles} -> {bottles_after}")
    return ProbeResult(
        bug_id="BUG-6",
        present=wants_after != wants - 10,
        evidence=f"sold 10 bottles to buyer 3: wants went from {wants} to {wants_after}",
    )

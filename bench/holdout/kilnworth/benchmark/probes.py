"""Probes for Kilnworth's ground-truth bugs. Each plays a fresh game over the agent API only."""

from __future__ import annotations

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

PIECE_KEYS = (
    "pieces_wet_count",
    "pieces_greenware_count",
    "pieces_bisque_count",
    "pieces_glazed_count",
    "pieces_finished_count",
    "pieces_cracked_count",
    "pieces_sold_count",
    "kiln_1_load_count",
    "kiln_2_load_count",
)


def _pounds(pence: int) -> str:
    sign = "-" if pence < 0 else ""
    pence = abs(pence)
    return f"{sign}£{pence // 100}.{pence % 100:02d}"


def _pieces(state: dict) -> int:
    return sum(int(state.get(key, 0)) for key in PIECE_KEYS)


def probe_bug_1(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    try:
        observation = client.command(game_id, "unload --kiln 3")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(
            bug_id="BUG-1", present=True, evidence=f"'unload --kiln 3' broke the server: {exc}"
        )
    return ProbeResult(
        bug_id="BUG-1",
        present=False,
        evidence=f"'unload --kiln 3' answered success={observation.success}: {observation.message[:200]}",
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    before = client.state(game_id)["till_pence"]
    after = play_setup(client, game_id, ["buy --clay 10"]).state["till_pence"]
    paid = before - after
    return ProbeResult(
        bug_id="BUG-2",
        present=paid != 10 * 120,
        evidence=f"10 kg of clay took {paid}p from the till; the bulk rate makes it {10 * 120}p",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    setup = [
        "throw --count 4",
        "wait --hours 16",
        "load --kiln 1 --count 4",
        "fire --kiln 1",
        "wait --hours 5",
    ]
    state = play_setup(client, game_id, setup).state
    if state.get("kiln_1_status") != "fired" or int(state.get("kiln_1_temp_c", 0)) <= 200:
        raise ProbeInconclusive(
            f"kiln 1 is not a hot fired kiln: {state.get('kiln_1_status')}, {state.get('kiln_1_temp_c')} C"
        )
    before = _pieces(state)
    observation = client.command(game_id, "unload --kiln 1")
    if not observation.success:
        raise ProbeInconclusive(f"unloading the hot kiln was refused: {observation.message[:200]}")
    after = _pieces(observation.state)
    return ProbeResult(
        bug_id="BUG-3",
        present=after != before,
        evidence=f"pieces before the hot unload {before}, after {after}: {observation.message[:200]}",
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    setup = [
        "throw --count 2",
        "wait --hours 16",
        "load --kiln 1 --count 2",
        "fire --kiln 1",
        "wait --hours 14",
        "unload --kiln 1",
        "glaze --count 2",
        "load --kiln 2 --stage glaze",
        "fire --kiln 2",
        "wait --hours 19",
        "unload --kiln 2",
    ]
    state = play_setup(client, game_id, setup).state
    if int(state.get("pieces_finished_count", 0)) < 1:
        raise ProbeInconclusive(f"no finished piece to sell: {state}")
    observation = play_setup(client, game_id, ["sell --count 1"])
    till = _pounds(int(observation.state["till_pence"]))
    return ProbeResult(
        bug_id="BUG-4",
        present=till not in observation.message,
        evidence=f"the state's till is {till}; the sale said: {observation.message[:200]}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    setup = [
        "throw --count 4",
        "wait --hours 16",
        "load --kiln 2 --count 2",
        "fire --kiln 2",
        "wait --hours 14",
        "unload --kiln 2",
        "load --kiln 2 --count 2",
        "wait --hours 10",
    ]
    state = play_setup(client, game_id, setup).state
    if state.get("day_number") != 3 or state.get("kiln_2_status") != "loaded":
        raise ProbeInconclusive(f"not at day 3 with kiln 2 loaded: {state}")
    observation = client.command(game_id, "fire --kiln 2")
    if observation.success:
        return ProbeResult(
            bug_id="BUG-5", present=False, evidence=f"day 3, kiln 2 fires: {observation.message[:200]}"
        )
    if "already" in observation.message.lower():
        return ProbeResult(
            bug_id="BUG-5",
            present=True,
            evidence=f"day 3, kiln 2 last fired on day 2, refused: {observation.message[:200]}",
        )
    raise ProbeInconclusive(f"kiln 2 refused for another reason: {observation.message[:200]}")


def probe_bug_6(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    state = play_setup(
        client, game_id, ["throw --count 2", "wait --hours 16", "load --kiln 2 --count 2"]
    ).state
    before = int(state["electricity_used_kwh"])
    after = int(play_setup(client, game_id, ["fire --kiln 2 --hours 6"]).state["electricity_used_kwh"])
    return ProbeResult(
        bug_id="BUG-6",
        present=after - before != 6 * 8,
        evidence=f"a 6 h firing of the 8 kW kiln moved the meter by {after - before} kWh, not {6 * 8}",
    )

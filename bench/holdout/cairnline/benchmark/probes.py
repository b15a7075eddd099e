"""Probes for Cairnline's ground-truth bugs: each plays a short expedition over the agent API."""

from __future__ import annotations

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

SUMMIT_ROUTE = [
    "Jonas take tent",
    "Jonas take oxygen 2",
    "Jonas take food 5",
    "Jonas up",
    "Jonas pitch",
    "Jonas drop oxygen 2",
    "Jonas drop food 5",
    "Mira take tent",
    "Mira take rope",
    "Mira take food 6",
    "Mira up",
    "Mira drop food 6",
    "base night",
    "Mira fix",
    "Jonas down",
    "Tenzin take tent",
    "Tenzin take rope 2",
    "Tenzin take food 3",
    "Tenzin up",
    "Tenzin drop food 3",
    "base night",
    "Tenzin take food 3",
    "Tenzin up",
    "Tenzin pitch",
    "Tenzin drop food 3",
    "Mira take oxygen 2",
    "Mira take food 5",
    "Mira up",
    "Mira drop food 5",
    "base night",
    "Tenzin fix",
    "Mira take food 3",
    "Mira up",
    "Mira pitch",
    "Mira drop food 3",
    "base night",
    "Tenzin down",
    "base night",
]


def _climber(state: dict, name: str) -> dict:
    for camp in state.get("camps", {}).values():
        if name in camp.get("climbers", {}):
            return camp["climbers"][name]
    raise ProbeInconclusive(f"{name} is in no camp of the state")


def probe_bug_1(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    try:
        obs = client.command(game_id, "Mira drop stove")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"'Mira drop stove' crashed: {exc}")
    return ProbeResult(bug_id="BUG-1", present=False, evidence=f"answered: {obs.message[:120]}")


def probe_bug_2(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["Mira take rope 3", "Mira take oxygen"])
    obs = client.command(game_id, "Mira take food")
    load = _climber(obs.state, "Mira")["load"]
    if obs.success:
        return ProbeResult(bug_id="BUG-2", present=True, evidence=f"a take to 16 kg accepted; load {load}")
    if load != "15 kg":
        raise ProbeInconclusive(f"pack is {load}, expected 15 kg before the last take")
    return ProbeResult(bug_id="BUG-2", present=False, evidence=f"refused at {load}: {obs.message[:120]}")


def probe_bug_3(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    obs = play_setup(client, game_id, ["Mira up"])
    altitude = obs.state["camps"]["C1"]["altitude"]
    if "Mira" not in obs.state["camps"]["C1"]["climbers"]:
        raise ProbeInconclusive("Mira is not at C1 after 'Mira up'")
    present = altitude not in obs.message
    return ProbeResult(
        bug_id="BUG-3", present=present, evidence=f"C1 is {altitude}; reply: {obs.message[:120]}"
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    play_setup(
        client, game_id, ["Mira take tent", "Mira take food 2", "Mira up", "Mira pitch", "Mira drop food"]
    )
    obs = play_setup(client, game_id, ["base night"])
    stash = obs.state["camps"]["C1"]["stash"]["food"]
    pack = _climber(obs.state, "Mira")["pack"]["food"]
    present = stash != "1 day" and pack == "0 days"
    return ProbeResult(
        bug_id="BUG-4", present=present, evidence=f"after one night: pack {pack}, C1 stash {stash}"
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    play_setup(
        client,
        game_id,
        [
            "Mira take tent",
            "Mira take food 3",
            "Mira up",
            "Mira pitch",
            "Mira drop food 3",
            "Tenzin up",
            "Jonas up",
        ],
    )
    obs = play_setup(client, game_id, ["base night"])
    healths = {name: _climber(obs.state, name)["health"] for name in ("Mira", "Tenzin", "Jonas")}
    if healths["Mira"] != "3/3" or healths["Tenzin"] != "3/3":
        raise ProbeInconclusive(f"the two in the tent lost health: {healths}")
    present = healths["Jonas"] == "3/3"
    return ProbeResult(bug_id="BUG-5", present=present, evidence=f"three in one tent overnight: {healths}")


def probe_bug_6(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    play_setup(client, game_id, SUMMIT_ROUTE)
    obs = play_setup(client, game_id, ["Mira summit"])
    if "Mira" not in obs.state["expedition"]["summiteers"]:
        raise ProbeInconclusive("Mira is not listed as a summiteer")
    high = _climber(obs.state, "Mira")["high_point"]
    summit = obs.state["expedition"]["summit"]
    return ProbeResult(
        bug_id="BUG-6", present=high != summit, evidence=f"after the summit: high_point {high}"
    )

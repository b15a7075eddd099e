"""Probes for Brinewreck's ground-truth bugs: each answers "is this bug present in this running build?".

Every probe starts a fresh salvage run and plays it through the agent API only. When the game no longer lets a
probe reach the situation it checks (a setup step is refused), the probe raises ProbeInconclusive.
"""

from __future__ import annotations

import re
from typing import Any

from loop.contract.game_client import GameClient, GameServerError
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

NET_NOW = re.compile(r"net now (\d+) kg")


def _tags(state: dict[str, Any]) -> list[str]:
    return [str(entry.get("crate")) for entry in state.get("net", [])]


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Selling with an empty net must be refused in-game, not crash the server."""
    game = client.new_game()
    state = game.observation.state
    if state.get("net") or state.get("depth_m") != 0:
        raise ProbeInconclusive(f"expected an empty net on deck at the start: {state}")
    try:
        answer = client.command(game.game_id, "sell --all")
    except GameServerError as exc:
        evidence = f"empty net on deck, `sell --all` -> HTTP {exc.status}: {exc.body[:200]!r}"
        return ProbeResult(bug_id="BUG-1", present=True, evidence=evidence)
    evidence = f"empty net on deck, `sell --all` -> success={answer.success}: {answer.message!r}"
    return ProbeResult(bug_id="BUG-1", present=False, evidence=evidence)


def probe_bug_2(client: GameClient) -> ProbeResult:
    """A hull repair costs $4 per point."""
    game = client.new_game()
    hurt = play_setup(client, game.game_id, ["goto --site iron trench", "dive --to 140", "surface"])
    hull, cash = int(hurt.state.get("hull_pct", 100)), int(hurt.state.get("cash_usd", 0))
    points = 100 - hull
    if points <= 0 or cash < 5 * points:
        raise ProbeInconclusive(f"expected a stressed hull and cash for the repair: {hurt.state}")
    repair = client.command(game.game_id, f"repair --hull {points}")
    if not repair.success or int(repair.state.get("hull_pct", 0)) != 100:
        raise ProbeInconclusive(f"`repair --hull {points}` did not restore the hull: {repair.message!r}")
    paid = cash - int(repair.state.get("cash_usd", 0))
    evidence = (
        f"hull {hull}%, cash ${cash}; `repair --hull {points}` -> paid ${paid} (rules: ${4 * points}); "
        f"message={repair.message!r}"
    )
    return ProbeResult(bug_id="BUG-2", present=paid != 4 * points, evidence=evidence)


def probe_bug_3(client: GameClient) -> ProbeResult:
    """A haul refused for weight leaves the crate on the wreck."""
    game = client.new_game()
    setup = ["goto --site kelp shelf", "dive --to 90", "winch --haul C-3", "winch --haul C-5"]
    loaded = play_setup(client, game.game_id, setup)
    left, held = int(loaded.state.get("crates_left", -1)), len(loaded.state.get("net", []))
    if left != 1 or held != 2 or int(loaded.state.get("net_kg", 0)) + 25 <= 100:
        raise ProbeInconclusive(f"expected C-4 alone on the wreck and a 90 kg net: {loaded.state}")
    haul = client.command(game.game_id, "winch --haul C-4")
    if haul.success:
        raise ProbeInconclusive(f"the over-weight haul was accepted: {haul.message!r}, {haul.state}")
    left_after, held_after = int(haul.state.get("crates_left", -1)), len(haul.state.get("net", []))
    present = left_after + held_after != left + held
    evidence = (
        f"before: {left} crate on the wreck, net {_tags(loaded.state)}; refused `winch --haul C-4` -> "
        f"{left_after} on the wreck, net {_tags(haul.state)}; message={haul.message!r}"
    )
    return ProbeResult(bug_id="BUG-3", present=present, evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """The release reply names the net's weight after the release, as the state does."""
    game = client.new_game()
    loaded = play_setup(client, game.game_id, ["dive --to 40", "winch --haul C-1", "winch --haul C-2"])
    if sorted(_tags(loaded.state)) != ["C-1", "C-2"]:
        raise ProbeInconclusive(f"expected C-1 and C-2 in the net: {loaded.state}")
    release = client.command(game.game_id, "winch --release C-1")
    said = NET_NOW.search(release.message)
    if not release.success or said is None:
        raise ProbeInconclusive(f"`winch --release C-1` gave no net weight: {release.message!r}")
    net_kg = int(release.state.get("net_kg", -1))
    net = _tags(release.state)
    evidence = f"`winch --release C-1` -> message {release.message!r}; state net_kg={net_kg}, net={net}"
    return ProbeResult(bug_id="BUG-4", present=int(said.group(1)) != net_kg, evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """Every surfacing refills the tanks to 60 min, however many trips came before."""
    game = client.new_game()
    play_setup(client, game.game_id, ["goto --site kelp shelf"])
    gauges = []
    for _ in range(8):
        up = play_setup(client, game.game_id, ["dive --to 90", "surface"])
        air = int(up.state.get("air_min", -1))
        gauges.append(air)
        if air != 60:
            trips = f"kelp shelf, round trips to 90 m; air after each surfacing: {gauges}"
            evidence = f"{trips}; message={up.message!r}"
            return ProbeResult(bug_id="BUG-5", present=True, evidence=evidence)
    evidence = f"kelp shelf, {len(gauges)} round trips to 90 m; air after each surfacing: {gauges}"
    return ProbeResult(bug_id="BUG-5", present=False, evidence=evidence)


def probe_bug_6(client: GameClient) -> ProbeResult:
    """Sonar on deck costs no air."""
    game = client.new_game()
    before = game.observation.state
    if before.get("depth_m") != 0:
        raise ProbeInconclusive(f"expected the sub on deck at the start: {before}")
    ping = client.command(game.game_id, "sonar --range 1")
    if not ping.success:
        raise ProbeInconclusive(f"`sonar --range 1` was refused: {ping.message!r}")
    air, air_after = int(before.get("air_min", -1)), int(ping.state.get("air_min", -1))
    evidence = f"on deck, air {air} min; `sonar --range 1` -> air {air_after} min; message={ping.message!r}"
    return ProbeResult(bug_id="BUG-6", present=air_after != air, evidence=evidence)

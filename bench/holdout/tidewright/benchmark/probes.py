"""Probes for Tidewright's ground-truth bugs: each answers "is this bug present in this running build?".

Every probe starts a fresh voyage and plays it through the agent API only. When the game no longer lets a
probe reach the situation it checks (a setup step is refused), the probe raises ProbeInconclusive.
"""

from __future__ import annotations

from typing import Any

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

SMALL = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven")


def _boat(state: dict[str, Any], name: str) -> dict[str, Any]:
    return state.get("fleet", {}).get("boats", {}).get(name, {})


def _coins(state: dict[str, Any]) -> int:
    return int(state.get("ledger", {}).get("coins", 0))


def _debt(state: dict[str, Any]) -> int:
    return int(state.get("ledger", {}).get("debt", 0))


def _salt(state: dict[str, Any], name: str) -> int:
    return int(_boat(state, name).get("cargo", {}).get("salt", 0))


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Sailing to the port the boat already lies off is refused, not a server error."""
    game = client.new_game()
    play_setup(client, game.game_id, ["undock"])
    try:
        answer = client.command(game.game_id, "sail Saltby")
    except GameServerError as exc:
        evidence = f"heron lying off Saltby, `sail Saltby` -> HTTP {exc.status}: {exc.body[:200]!r}"
        return ProbeResult(bug_id="BUG-1", present=True, evidence=evidence)
    except GameUnavailable as exc:
        evidence = f"heron lying off Saltby, `sail Saltby` dropped the connection: {exc}"
        return ProbeResult(bug_id="BUG-1", present=True, evidence=evidence)
    evidence = f"heron lying off Saltby, `sail Saltby` -> success={answer.success}: {answer.message!r}"
    return ProbeResult(bug_id="BUG-1", present=False, evidence=evidence)


def probe_bug_2(client: GameClient) -> ProbeResult:
    """An empty heron pays Gullhaven's plain berth fee of 12 coins."""
    game = client.new_game()
    before = play_setup(client, game.game_id, ["undock", "sail Gullhaven"])
    heron = _boat(before.state, "heron")
    if heron.get("at") != "Gullhaven" or heron.get("docked") or heron.get("cargo"):
        raise ProbeInconclusive(f"expected an empty heron lying off Gullhaven: {heron}")
    docked = client.command(game.game_id, "dock")
    if not docked.success:
        raise ProbeInconclusive(f"`dock` was refused: {docked.message!r}")
    fee = _coins(before.state) - _coins(docked.state)
    evidence = f"empty heron docks at Gullhaven: charged {fee} coins (charter: 12); {docked.message!r}"
    return ProbeResult(bug_id="BUG-2", present=fee != 12, evidence=evidence)


def probe_bug_3(client: GameClient) -> ProbeResult:
    """A transfer moves crates between boats without losing or making any."""
    game = client.new_game()
    setup = ["load 3 salt", "helm puffin", "load 2 salt", "helm heron"]
    before = play_setup(client, game.game_id, setup)
    if (_salt(before.state, "heron"), _salt(before.state, "puffin")) != (3, 2):
        raise ProbeInconclusive(f"expected 3 salt on heron and 2 on puffin: {before.state.get('fleet')}")
    moved = client.command(game.game_id, "transfer 2 salt to puffin")
    if not moved.success:
        raise ProbeInconclusive(f"`transfer 2 salt to puffin` was refused: {moved.message!r}")
    heron, puffin = _salt(moved.state, "heron"), _salt(moved.state, "puffin")
    present = (heron, puffin) != (1, 4)
    evidence = (
        f"before: heron 3 salt, puffin 2; `transfer 2 salt to puffin` -> heron {heron}, puffin {puffin} "
        f"(total {heron + puffin}, was 5); message={moved.message!r}"
    )
    return ProbeResult(bug_id="BUG-3", present=present, evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """The refuel letter reports the units taken and the coins paid that the state shows."""
    game = client.new_game()
    before = play_setup(client, game.game_id, ["undock", "sail Gullhaven", "dock"])
    fuel = int(_boat(before.state, "heron").get("fuel", 0))
    refuel = client.command(game.game_id, "refuel")
    if not refuel.success:
        raise ProbeInconclusive(f"`refuel` was refused: {refuel.message!r}")
    taken = int(_boat(refuel.state, "heron").get("fuel", 0)) - fuel
    paid = _coins(before.state) - _coins(refuel.state)
    if not 0 < taken < len(SMALL):
        raise ProbeInconclusive(f"expected a partial refuel, took {taken} units")
    units = f"{SMALL[taken]} unit"
    present = units not in refuel.message or f"{paid} coins" not in refuel.message
    evidence = f"state: fuel {fuel} -> {fuel + taken} (+{taken}), coins fell by {paid}; {refuel.message!r}"
    return ProbeResult(bug_id="BUG-4", present=present, evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """A lapsed contract's 40-coin penalty is charged once, not every day after."""
    game = client.new_game()
    lapsed = play_setup(client, game.game_id, ["accept 1"] + ["wait"] * 6)
    contract = next((c for c in lapsed.state.get("contracts", []) if c.get("number") == 1), {})
    calendar = lapsed.state.get("calendar")
    if contract.get("status") != "lapsed" or _debt(lapsed.state) != 440:
        ledger = lapsed.state.get("ledger")
        raise ProbeInconclusive(f"expected contract 1 lapsed, debt 440 on {calendar}: {contract}, {ledger}")
    later = play_setup(client, game.game_id, ["wait", "wait"])
    present = _debt(later.state) != 440
    evidence = (
        f"contract 1 lapsed on {calendar}, debt 440; two more `wait`s -> debt {_debt(later.state)} "
        f"on {later.state.get('calendar')}; message={later.message!r}"
    )
    return ProbeResult(bug_id="BUG-5", present=present, evidence=evidence)


def probe_bug_6(client: GameClient) -> ProbeResult:
    """Only the flagship moves: the puffin stays berthed at Saltby while the heron sails."""
    game = client.new_game()
    sailed = play_setup(client, game.game_id, ["undock", "sail Gullhaven"])
    heron, puffin = _boat(sailed.state, "heron"), _boat(sailed.state, "puffin")
    if heron.get("at") != "Gullhaven":
        raise ProbeInconclusive(f"expected the heron off Gullhaven: {heron}")
    present = puffin.get("at") != "Saltby" or puffin.get("docked") is not True
    evidence = f"heron sailed to Gullhaven; state puffin={puffin}; message={sailed.message!r}"
    return ProbeResult(bug_id="BUG-6", present=present, evidence=evidence)

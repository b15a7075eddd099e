"""Probes for CRAWL's ground-truth bugs: each answers "is this bug present in this running build?".

Each probe starts a fresh game and plays it through the agent API only. When the game no longer lets a probe
reach the situation it tests (a setup step is refused), the probe raises ProbeInconclusive rather than guess.
"""

from __future__ import annotations

import re

from loop.contract.game_client import GameClient, GameError, GameObservation, GameServerError
from loop.contract.models import ProbeResult


class ProbeInconclusive(GameError):
    """The probe could not bring the game into the situation it checks."""


def _setup(client: GameClient, game_id: str, commands: list[str]) -> GameObservation:
    observation = None
    for command in commands:
        observation = client.command(game_id, command)
        if not observation.success:
            raise ProbeInconclusive(f"setup step {command!r} was refused: {observation.message[:200]}")
    assert observation is not None
    return observation


def _player(observation: GameObservation) -> dict:
    return observation.state.get("player", {})


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Buying the shield must cost the price the shop lists."""
    game = client.new_game()
    listing = _setup(client, game.game_id, ["shop"])
    match = re.search(r"shield (\d+) coins", listing.message)
    if match is None:
        raise ProbeInconclusive(f"the shop lists no shield price: {listing.message!r}")
    listed = int(match.group(1))
    before = _player(listing).get("coins")
    bought = _setup(client, game.game_id, ["buy shield"])
    after = _player(bought).get("coins")
    if not isinstance(before, int) or not isinstance(after, int):
        raise ProbeInconclusive(f"no coins in the state: before={before!r} after={after!r}")
    charged = before - after
    evidence = f"`shop` lists the shield at {listed} coins; `buy shield`: {before} -> {after} ({charged})"
    return ProbeResult(bug_id="BUG-1", present=charged != listed, evidence=evidence)


def probe_bug_2(client: GameClient) -> ProbeResult:
    """`attack` where no monster stands must be refused, not crash the server."""
    game = client.new_game()
    try:
        reply = client.command(game.game_id, "attack")
    except GameServerError as exc:
        return ProbeResult(bug_id="BUG-2", present=True, evidence=f"`attack` in the town -> {exc}")
    evidence = f"`attack` in the town -> success={reply.success}, message={reply.message!r}"
    return ProbeResult(bug_id="BUG-2", present=False, evidence=evidence)


def probe_bug_3(client: GameClient) -> ProbeResult:
    """A potion must be refused while potion_cooldown is above 0 (three turns after drinking)."""
    game = client.new_game()
    _setup(client, game.game_id, ["buy potion", "drink potion"])
    waited = _setup(client, game.game_id, ["status", "status"])
    cooldown = waited.state.get("potion_cooldown")
    if cooldown != 1:
        raise ProbeInconclusive(f"expected potion_cooldown 1 two turns after drinking, got {cooldown!r}")
    second = client.command(game.game_id, "drink potion")
    evidence = (
        f"two turns after a potion potion_cooldown={cooldown}; `drink potion` -> success={second.success}, "
        f"message={second.message!r}, potions={second.state.get('potions')}"
    )
    return ProbeResult(bug_id="BUG-3", present=second.success, evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """A new game must not remember the monsters slain in an earlier game."""
    first = client.new_game()
    _setup(client, first.game_id, ["north", "attack", "attack"])
    second = client.new_game()
    defeated = second.observation.state.get("defeated")
    rat_alive = (second.observation.state.get("monster") or {}).get("name")
    if defeated is None:
        raise ProbeInconclusive(f"the new game's state has no 'defeated' list: {second.observation.state}")
    evidence = f"rat slain in one game; a new game has defeated={defeated} (monster here: {rat_alive})"
    return ProbeResult(bug_id="BUG-4", present=bool(defeated), evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """Gaining a level adds +2 attack to the current attack, sword bonus included."""
    game = client.new_game()
    armed = _setup(client, game.game_id, ["buy sword", "equip sword", "north", "attack", "north", "attack"])
    before = _player(armed)
    if before.get("level") != 1:
        raise ProbeInconclusive(f"expected level 1 before the goblin dies, got {before}")
    after_obs = _setup(client, game.game_id, ["attack"])
    after = _player(after_obs)
    if after.get("level") != 2:
        raise ProbeInconclusive(f"expected level 2 after the goblin, got {after}: {after_obs.message!r}")
    expected = before["attack"] + 2
    evidence = (
        f"with the sword equipped attack={before['attack']} at level 1; after the goblin, level 2 with "
        f"attack={after['attack']} (design: +2 -> {expected}); equipped={after_obs.state.get('equipped')}"
    )
    return ProbeResult(bug_id="BUG-5", present=after["attack"] != expected, evidence=evidence)

"""Probes for Gloomwell's ground-truth bugs: each answers "is this bug present in this running build?".

Every probe starts a fresh delve and plays it through the agent API only. When the game no longer lets a probe
reach the situation it checks (a setup step is refused), the probe raises ProbeInconclusive rather than guess.
"""

from __future__ import annotations

from typing import Any

from loop.contract.game_client import GameClient, GameObservation, GameServerError
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _qty(entries: list[dict[str, Any]], item: str) -> int:
    return sum(int(e.get("qty", 0)) for e in entries if e.get("id") == item)


def _pack(state: dict[str, Any]) -> list[dict[str, Any]]:
    return state.get("hero", {}).get("pack", [])


def _floor(state: dict[str, Any]) -> list[dict[str, Any]]:
    return state.get("room", {}).get("floor", [])


def _foe(state: dict[str, Any]) -> dict[str, Any] | None:
    return state.get("room", {}).get("foe")


def _vitals(state: dict[str, Any]) -> dict[str, Any]:
    return state.get("hero", {}).get("vitals", {})


def _gold(state: dict[str, Any]) -> int:
    return int(state.get("hero", {}).get("purse", {}).get("gold", 0))


def _fight_to_the_end(client: GameClient, game_id: str) -> GameObservation:
    """Attack the foe in the room until it is gone from the state; the hero must survive."""
    for _ in range(10):
        observation = client.command(game_id, "attack")
        if not observation.success:
            raise ProbeInconclusive(f"`attack` was refused: {observation.message[:200]}")
        if observation.state.get("status", {}).get("dead"):
            raise ProbeInconclusive("the hero fell during the setup fight")
        if _foe(observation.state) is None:
            return observation
    raise ProbeInconclusive("the foe was still standing after ten attacks")


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Peeking toward solid rock must be refused in-game, not crash the server."""
    game = client.new_game()
    exits = [e.get("dir") for e in game.observation.state.get("room", {}).get("exits", [])]
    if "south" in exits:
        raise ProbeInconclusive(f"the Well Mouth has a south exit now: {exits}")
    try:
        answer = client.command(game.game_id, "peek south")
    except GameServerError as exc:
        evidence = f"at the Well Mouth (exits {exits}) `peek south` -> HTTP {exc.status}: {exc.body[:200]!r}"
        return ProbeResult(bug_id="BUG-1", present=True, evidence=evidence)
    evidence = (
        f"at the Well Mouth (exits {exits}) `peek south` -> success={answer.success}: {answer.message!r}"
    )
    return ProbeResult(bug_id="BUG-1", present=False, evidence=evidence)


def probe_bug_2(client: GameClient) -> ProbeResult:
    """With the sword in the pack a strike deals 5 damage, as the rules say."""
    game = client.new_game()
    before = play_setup(client, game.game_id, ["north", "take sword", "east", "east"])
    foe = _foe(before.state)
    if _qty(_pack(before.state), "sword") < 1 or not foe:
        raise ProbeInconclusive(f"expected the sword in the pack and a foe here: {before.state}")
    hit = client.command(game.game_id, "attack")
    after = _foe(hit.state)
    if not hit.success or after is None:
        raise ProbeInconclusive(f"`attack` did not leave the {foe.get('id')} standing: {hit.message!r}")
    damage = int(foe["hp"]) - int(after["hp"])
    evidence = (
        f"sword in pack, {foe.get('id')} at {foe['hp']} hp; `attack` -> {after['hp']} hp ({damage} damage, "
        f"rules say 5); message={hit.message!r}"
    )
    return ProbeResult(bug_id="BUG-2", present=damage != 5, evidence=evidence)


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Dropping one of two potions leaves one in the pack and one on the floor."""
    game = client.new_game()
    before = play_setup(client, game.game_id, ["north", "take gold", "east", "south", "buy potion"])
    held = _qty(_pack(before.state), "potion")
    lying = _qty(_floor(before.state), "potion")
    if held != 2:
        raise ProbeInconclusive(f"expected to carry two potions, carrying {held}")
    dropped = client.command(game.game_id, "drop potion")
    if not dropped.success:
        raise ProbeInconclusive(f"`drop potion` was refused: {dropped.message!r}")
    held_after = _qty(_pack(dropped.state), "potion")
    lying_after = _qty(_floor(dropped.state), "potion")
    present = held_after + lying_after != held + lying or held_after != held - 1
    evidence = (
        f"before: {held} potions in pack, {lying} on floor; `drop potion` -> {held_after} in pack, "
        f"{lying_after} on floor; message={dropped.message!r}"
    )
    return ProbeResult(bug_id="BUG-3", present=present, evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """After the rat is killed, `look` must not describe it as still there."""
    game = client.new_game()
    play_setup(client, game.game_id, ["east", "east"])
    _fight_to_the_end(client, game.game_id)
    look = client.command(game.game_id, "look")
    if look.state.get("room", {}).get("id") != "ratrun" or _foe(look.state) is not None:
        raise ProbeInconclusive(f"expected the Rat Run with no living foe: {look.state.get('room')}")
    present = "[RAT]" in look.message.upper()
    counters = look.state.get("counters")
    evidence = f"rat killed, state room.foe=None, counters={counters}; `look` -> {look.message!r}"
    return ProbeResult(bug_id="BUG-4", present=present, evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """Old Mott has two potions: a third purchase must be refused as sold out."""
    game = client.new_game()
    play_setup(client, game.game_id, ["north", "take sword", "take gold", "east", "east"])
    _fight_to_the_end(client, game.game_id)
    play_setup(client, game.game_id, ["take gold", "west", "south", "east"])
    _fight_to_the_end(client, game.game_id)
    ready = play_setup(client, game.game_id, ["take gold", "west", "buy potion", "buy potion"])
    wares = ready.state.get("room", {}).get("wares", [])
    left = next((w.get("left") for w in wares if w.get("id") == "potion"), None)
    if left != 0 or _gold(ready.state) < 6:
        gold = _gold(ready.state)
        raise ProbeInconclusive(f"expected no potions left and 6+ gold after two buys: {wares}, {gold} gold")
    held = _qty(_pack(ready.state), "potion")
    third = client.command(game.game_id, "buy potion")
    wares_after = third.state.get("room", {}).get("wares", [])
    left_after = next((w.get("left") for w in wares_after if w.get("id") == "potion"), None)
    held_after = _qty(_pack(third.state), "potion")
    present = third.success or held_after > held or (left_after is not None and left_after < 0)
    evidence = (
        f"after two potions bought, wares={wares}, {held} potions carried; third `buy potion` -> "
        f"success={third.success}, {third.message!r}, wares={wares_after}, {held_after} potions carried"
    )
    return ProbeResult(bug_id="BUG-5", present=present, evidence=evidence)


def probe_bug_6(client: GameClient) -> ProbeResult:
    """A potion heals 8 but never above max_hp."""
    game = client.new_game()
    hurt = play_setup(client, game.game_id, ["east", "east", "attack"])
    vitals = _vitals(hurt.state)
    if not vitals or vitals["hp"] >= vitals["max_hp"]:
        raise ProbeInconclusive(f"expected to be hurt after the rat's bite: {vitals}")
    drink = client.command(game.game_id, "drink potion")
    if not drink.success:
        raise ProbeInconclusive(f"`drink potion` was refused: {drink.message!r}")
    after = _vitals(drink.state)
    present = after["hp"] > after["max_hp"]
    evidence = f"vitals {vitals}; `drink potion` -> {after}; message={drink.message!r}"
    return ProbeResult(bug_id="BUG-6", present=present, evidence=evidence)

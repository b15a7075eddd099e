"""Probes for Barrowdeep's ground-truth bugs: each answers "is this bug present in this running build?".

Every probe starts a fresh game and plays it through the agent API only. When the game no longer lets a probe
reach the situation it checks (a setup step is refused), the probe raises ProbeInconclusive rather than guess.
"""

from __future__ import annotations

from typing import Any

from loop.contract.game_client import GameClient, GameServerError
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

# The start of the walkthrough: level 1 (two gold piles, the potion, the kobold, the long sword) ...
TO_KOBOLD_KILLED = ["l", "j", ",", "n", "j", ",", "h", "h", ",", "u", "u"]
TO_SWORD_WIELDED = [*TO_KOBOLD_KILLED, "u", "u", "l", "l", "n", "l", ",", "w", "d"]
# ... then level 2 up to the leather armour put on.
TO_ARMOUR_WORN = [*TO_SWORD_WIELDED, "j", "j", "descend", ".", "n", "n", "l", ",", "b", "b", ",", "W", "e"]


def _inv(state: dict[str, Any]) -> dict[str, str]:
    inv = state.get("Inv", {})
    return inv if isinstance(inv, dict) else {}


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Answering the quaff prompt with the food ration's slot must be refused in game, not crash."""
    game = client.new_game()
    if "food ration" not in _inv(game.observation.state).get("c", ""):
        raise ProbeInconclusive(f"slot c does not hold the food ration: {_inv(game.observation.state)}")
    asked = play_setup(client, game.game_id, ["q"])
    try:
        answer = client.command(game.game_id, "c")
    except GameServerError as exc:
        evidence = f"`q` -> {asked.message!r}; `c` (a food ration) -> HTTP {exc.status}: {exc.body[:200]!r}"
        return ProbeResult(bug_id="BUG-1", present=True, evidence=evidence)
    evidence = f"`q` -> {asked.message!r}; `c` -> success={answer.success}: {answer.message!r}"
    return ProbeResult(bug_id="BUG-1", present=False, evidence=evidence)


def probe_bug_2(client: GameClient) -> ProbeResult:
    """Worn leather armour gives AC 8, as the rules say."""
    game = client.new_game()
    worn = play_setup(client, game.game_id, TO_ARMOUR_WORN)
    slot = _inv(worn.state).get("e", "")
    if "leather armour (being worn)" not in slot:
        raise ProbeInconclusive(f"expected the leather armour worn in slot e: {_inv(worn.state)}")
    ac = worn.state.get("AC")
    evidence = f"leather armour worn ({slot!r}), message={worn.message!r}; state AC={ac}, rules say 8"
    return ProbeResult(bug_id="BUG-2", present=ac != 8, evidence=evidence)


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Picking up two gold piles (12 then 5) leaves Au at 17."""
    game = client.new_game()
    first = play_setup(client, game.game_id, ["l", "j", ","])
    if "12 gold pieces" not in first.message or first.state.get("Au") != 12:
        au = first.state.get("Au")
        raise ProbeInconclusive(f"the first pile was not 12 gold: {first.message!r}, Au={au}")
    second = play_setup(client, game.game_id, ["n", "j", ","])
    if "5 gold pieces" not in second.message:
        raise ProbeInconclusive(f"the second pile was not 5 gold: {second.message!r}")
    au = second.state.get("Au")
    evidence = f"picked up 12 gold (Au 12), then 5 gold: {second.message!r} -> Au={au}, expected 17"
    return ProbeResult(bug_id="BUG-3", present=au != 17, evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """After wielding the long sword, the inventory marks it, and only it, as the weapon in hand."""
    game = client.new_game()
    wielded = play_setup(client, game.game_id, TO_SWORD_WIELDED)
    if "(weapon in hand)" not in wielded.message or "long sword" not in wielded.message:
        raise ProbeInconclusive(f"wielding the long sword was not confirmed: {wielded.message!r}")
    inv = _inv(wielded.state)
    in_hand = sorted(slot for slot, text in inv.items() if "(weapon in hand)" in text)
    evidence = f"`w`, `d` -> {wielded.message!r}; state Inv={inv}"
    return ProbeResult(bug_id="BUG-4", present=in_hand != ["d"], evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """Eating while Weak gives back the point of Str that Weak took."""
    game = client.new_game()
    hungry = play_setup(client, game.game_id, ["120."])
    weak = play_setup(client, game.game_id, ["80."])
    if weak.state.get("Hunger") != "Weak" or weak.state.get("Str") != 15:
        state = {k: weak.state.get(k) for k in ("T", "Hunger", "Str")}
        raise ProbeInconclusive(f"expected to be Weak with Str 15 after 200 turns: {state}")
    fed = play_setup(client, game.game_id, ["e", "c"])
    after = {k: fed.state.get(k) for k in ("T", "Hunger", "Str")}
    evidence = (
        f"rested to Hungry ({hungry.message!r}) then Weak ({weak.message!r}, Str 15); `e`, `c` -> "
        f"{fed.message!r}, state {after}, expected Str 16"
    )
    return ProbeResult(bug_id="BUG-5", present=fed.state.get("Str") != 16, evidence=evidence)


def probe_bug_6(client: GameClient) -> ProbeResult:
    """A killed kobold is gone from the map."""
    game = client.new_game()
    killed = play_setup(client, game.game_id, TO_KOBOLD_KILLED)
    if "You kill the kobold!" not in killed.message:
        raise ProbeInconclusive(f"the kobold was not killed: {killed.message!r}")
    rows = killed.state.get("Map", [])
    present = any("k" in row for row in rows)
    evidence = f"{killed.message!r}; state Map={rows}"
    return ProbeResult(bug_id="BUG-6", present=present, evidence=evidence)

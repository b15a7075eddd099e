"""Probes for Cinderpath's ground-truth bugs: each answers "is this bug present in this running build?".

Every probe starts a new climb and plays it through the agent API only. When the game no longer lets a probe
reach the situation it checks (a setup step is refused), the probe raises ProbeInconclusive rather than guess.
"""

from __future__ import annotations

from typing import Any

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _qty(state: dict[str, Any], name: str) -> int:
    return sum(int(e.get("qty", 0)) for e in state.get("pack", []) if e.get("name") == name)


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Putting a carried item into something that is not a container must be refused, not crash."""
    game = client.new_game()
    ready = play_setup(client, game.game_id, ["take flint", "take bread"])
    if _qty(ready.state, "flint shard") < 1 or _qty(ready.state, "rye bread") < 1:
        raise ProbeInconclusive(f"expected flint and bread in the pack: {ready.state.get('pack')}")
    try:
        answer = client.command(game.game_id, "put flint in bread")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"`put flint in bread` -> {exc}"[:400])
    evidence = f"`put flint in bread` -> success={answer.success}: {answer.message!r}"
    return ProbeResult(bug_id="BUG-1", present=False, evidence=evidence)


def probe_bug_2(client: GameClient) -> ProbeResult:
    """Indoors warmth rises by 3 up to 12: out on the trail and back in the hut it is 12 again."""
    game = client.new_game()
    out = play_setup(client, game.game_id, ["north"])
    if out.state.get("where") != "trail" or out.state.get("warmth") != 10:
        raise ProbeInconclusive(f"expected the trail with warmth 10: {out.state}")
    back = play_setup(client, game.game_id, ["south"])
    if back.state.get("where") != "hut":
        raise ProbeInconclusive(f"expected to be back in the hut: {back.state.get('where')}")
    warmth = back.state.get("warmth")
    evidence = f"trail warmth 10; `south` into the hut -> warmth {warmth} (guide: min(12, 10 + 3) = 12)"
    return ProbeResult(bug_id="BUG-2", present=warmth != 12, evidence=evidence)


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Giving bread to the miller hands over one rye bread; the rest stay in the pack."""
    game = client.new_game()
    before = play_setup(client, game.game_id, ["take bread", "west"])
    held = _qty(before.state, "rye bread")
    if held != 2 or before.state.get("where") != "mill":
        raise ProbeInconclusive(f"expected two rye breads in the mill: {before.state}")
    gave = client.command(game.game_id, "give bread to miller")
    if not gave.success:
        raise ProbeInconclusive(f"`give bread to miller` was refused: {gave.message!r}")
    after = _qty(gave.state, "rye bread")
    evidence = f"{held} rye bread before; `give bread to miller` -> {after} left; message={gave.message!r}"
    return ProbeResult(bug_id="BUG-3", present=after != held - 1, evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """Once the lantern is taken, the forge's description no longer shows it on its hook."""
    game = client.new_game()
    took = play_setup(client, game.game_id, ["east", "take lantern"])
    if _qty(took.state, "iron lantern") != 1 or took.state.get("flags", {}).get("lantern_lit"):
        raise ProbeInconclusive(f"expected an unlit iron lantern in the pack: {took.state}")
    look = play_setup(client, game.game_id, ["look"])
    present = "iron lantern" in look.message.lower()
    evidence = f"pack={look.state.get('pack')}; `look` -> {look.message!r}"
    return ProbeResult(bug_id="BUG-4", present=present, evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """When the cold brings hp to 0 the walker collapses: flags.dead, game over."""
    game = client.new_game()
    cold = play_setup(client, game.game_id, ["north"] + ["look"] * 5)
    if cold.state.get("warmth") != 0 or cold.state.get("hp") != 10:
        raise ProbeInconclusive(f"expected warmth 0 and hp 10 on the trail: {cold.state}")
    last = play_setup(client, game.game_id, ["look"] * 10)
    hp = last.state.get("hp")
    if hp is None or hp > 0:
        raise ProbeInconclusive(f"expected hp 0 after ten cold turns: {last.state}")
    dead = bool(last.state.get("flags", {}).get("dead"))
    present = not dead or not last.game_over
    evidence = (
        f"after ten cold turns: hp={hp}, flags.dead={dead}, game_over={last.game_over}; {last.message!r}"
    )
    return ProbeResult(bug_id="BUG-5", present=present, evidence=evidence)


def probe_bug_6(client: GameClient) -> ProbeResult:
    """rooms_seen lists each room once, however often it is entered."""
    game = client.new_game()
    back = play_setup(client, game.game_id, ["east", "west"])
    seen = back.state.get("rooms_seen", [])
    if back.state.get("where") != "hut" or "forge" not in seen:
        raise ProbeInconclusive(f"expected to be back in the hut after the forge: {back.state}")
    evidence = f"`east`, `west` -> rooms_seen={seen}"
    return ProbeResult(bug_id="BUG-6", present=len(seen) != len(set(seen)), evidence=evidence)

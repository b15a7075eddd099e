"""Probes for Kettleburn's six injected bugs. Each plays a fresh game through the API only."""

from __future__ import annotations

import math

from loop.contract.game_client import GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _find(items: list[dict], key) -> dict:
    for item in items:
        if item.get("id") == key:
            return item
    raise ProbeInconclusive(f"no {key!r} in the state")


def _minutes(hhmm: str) -> int:
    h, m = hhmm.split(":")
    return int(h) * 60 + int(m)


def _pantry(state: dict, item: str) -> float:
    return float(_find(state["pantry"], item)["amount"])


def probe_bug_1(client) -> ProbeResult:
    """Pouring a pot of plain (unbrewed) water for a seated guest must be refused, not crash."""
    game_id = client.new_game().game_id
    play_setup(
        client,
        game_id,
        [
            "kettle fill 1",
            "kettle boil 1",
            "clock wait 2",
            "guest seat amira",
            "pot fill pot-1 1",
        ],
    )
    state = client.state(game_id)
    pot = _find(state["pots"], "pot-1")
    amira = _find(state["guests"], "amira")
    if pot["tea"] is not None or pot["volume"] < 0.25 or amira["status"] != "seated":
        raise ProbeInconclusive(f"setup did not give a seated guest and a pot of plain water: {pot} {amira}")
    try:
        obs = client.command(game_id, "pot pour pot-1 amira")
    except GameServerError as exc:
        return ProbeResult(
            bug_id="BUG-1", present=True, evidence=f"'pot pour pot-1 amira' on plain water: HTTP {exc.status}"
        )
    except GameUnavailable as exc:
        return ProbeResult(
            bug_id="BUG-1",
            present=True,
            evidence=f"'pot pour pot-1 amira' on plain water dropped the connection: {exc}",
        )
    return ProbeResult(
        bug_id="BUG-1", present=False, evidence=f"answered success={obs.success}: {obs.message[:160]}"
    )


def probe_bug_2(client) -> ProbeResult:
    """Black poured exactly 4 minutes (its steep time) after brewing is good, per the rules."""
    game_id = client.new_game().game_id
    play_setup(
        client,
        game_id,
        [
            "kettle fill 1",
            "kettle boil 1",
            "pot fill pot-1 1",
            "tea brew black pot-1",
            "guest seat amira",
            "clock wait 2",
        ],
    )
    state = client.state(game_id)
    pot = _find(state["pots"], "pot-1")
    if pot["tea"] != "black" or pot["milk"] or not pot["steeped_since"]:
        raise ProbeInconclusive(f"pot-1 is not plain black: {pot}")
    elapsed = _minutes(state["clock"]) - _minutes(pot["steeped_since"])
    if elapsed != 4:
        raise ProbeInconclusive(f"pour would come {elapsed} min after brewing, not 4")
    obs = client.command(game_id, "pot pour pot-1 amira")
    if not obs.success:
        raise ProbeInconclusive(f"pour refused: {obs.message[:160]}")
    amira = _find(obs.state["guests"], "amira")
    if amira["satisfied"] is True:
        return ProbeResult(bug_id="BUG-2", present=False, evidence="cup at exactly 4 min is good")
    if "weak" in obs.message:
        return ProbeResult(
            bug_id="BUG-2",
            present=True,
            evidence=f"black poured exactly 4 min after brewing is judged weak: {obs.message[:160]}",
        )
    raise ProbeInconclusive(f"amira unsatisfied for another reason: {obs.message[:160]}")


def probe_bug_3(client) -> ProbeResult:
    """Topping up a half-full pot takes from the kettle only what the pot gains."""
    game_id = client.new_game().game_id
    play_setup(
        client,
        game_id,
        [
            "kettle fill 1 0.5",
            "kettle boil 1",
            "pot fill pot-1 1",
            "kettle fill 2",
            "kettle boil 2",
        ],
    )
    before = client.state(game_id)
    pot_before = _find(before["pots"], "pot-1")["volume"]
    kettle_before = _find(before["kettles"], 2)["volume"]
    if abs(pot_before - 0.5) > 1e-6 or abs(kettle_before - 1.5) > 1e-6:
        raise ProbeInconclusive(f"setup gave pot {pot_before} L and kettle {kettle_before} L")
    obs = client.command(game_id, "pot fill pot-1 2")
    if not obs.success:
        raise ProbeInconclusive(f"top-up refused: {obs.message[:160]}")
    pot_after = _find(obs.state["pots"], "pot-1")["volume"]
    kettle_after = _find(obs.state["kettles"], 2)["volume"]
    gained = round(pot_after - pot_before, 2)
    lost = round(kettle_before - kettle_after, 2)
    if abs(gained - lost) > 1e-6:
        return ProbeResult(
            bug_id="BUG-3",
            present=True,
            evidence=f"pot-1 gains {gained} L but kettle 2 loses {lost} L "
            f"({kettle_before} -> {kettle_after}); {round(lost - gained, 2)} L vanishes",
        )
    return ProbeResult(bug_id="BUG-3", present=False, evidence=f"pot gains {gained} L, kettle loses {lost} L")


def probe_bug_4(client) -> ProbeResult:
    """A satisfied milk guest pays tea price + 0.50; the till must rise by what the reply says."""
    game_id = client.new_game().game_id
    play_setup(
        client,
        game_id,
        [
            "clock wait 10",
            "kettle fill 1",
            "kettle boil 1",
            "guest seat bram",
            "pot fill pot-1 1",
            "tea brew black pot-1",
            "pot milk pot-1",
            "clock wait 3",
        ],
    )
    before = client.state(game_id)["money"]
    obs = client.command(game_id, "pot pour pot-1 bram")
    if not obs.success:
        raise ProbeInconclusive(f"pour refused: {obs.message[:160]}")
    bram = _find(obs.state["guests"], "bram")
    if bram["satisfied"] is not True:
        raise ProbeInconclusive(f"bram not satisfied: {obs.message[:160]}")
    delta = round(obs.state["money"] - before, 2)
    if abs(delta - 2.50) > 1e-6:
        return ProbeResult(
            bug_id="BUG-4",
            present=True,
            evidence=f"reply: {obs.message[:80]!r}; money {before} -> {obs.state['money']} "
            f"(+{delta}, rules say 2.00 + 0.50 milk)",
        )
    return ProbeResult(bug_id="BUG-4", present=False, evidence=f"money rises by {delta}")


def probe_bug_5(client) -> ProbeResult:
    """A milk pot drained by its last cup must come back clean: the next brew in it has no milk."""
    game_id = client.new_game().game_id
    play_setup(
        client,
        game_id,
        [
            "clock wait 10",
            "kettle fill 1 0.5",
            "kettle boil 1",
            "clock wait 1",
            "guest seat bram",
            "pot fill pot-1 1",
            "tea brew black pot-1",
            "pot milk pot-1",
            "clock wait 1",
            "guest seat cora",
            "clock wait 1",
            "pot pour pot-1 bram",
            "pot pour pot-1 cora",
        ],
    )
    state = client.state(game_id)
    pot = _find(state["pots"], "pot-1")
    if pot["volume"] != 0 or pot["tea"] is not None:
        raise ProbeInconclusive(f"pot-1 not drained by the last cup: {pot}")
    play_setup(
        client,
        game_id,
        [
            "clock wait 60",
            "clock wait 16",
            "guest seat greta",
            "kettle fill 1 0.5",
            "kettle boil 1",
            "pot fill pot-1 1",
            "tea brew black pot-1",
            "clock wait 4",
        ],
    )
    pot = _find(client.state(game_id)["pots"], "pot-1")
    obs = client.command(game_id, "pot pour pot-1 greta")
    if not obs.success:
        raise ProbeInconclusive(f"pour refused: {obs.message[:160]}")
    greta = _find(obs.state["guests"], "greta")
    if greta["satisfied"] is True:
        return ProbeResult(
            bug_id="BUG-5", present=False, evidence="fresh black after a drained milk pot is plain"
        )
    if pot["milk"] or "no milk" in obs.message:
        return ProbeResult(
            bug_id="BUG-5",
            present=True,
            evidence=f"pot-1 re-brewed after draining still has milk={pot['milk']}; {obs.message[:120]}",
        )
    raise ProbeInconclusive(f"greta unsatisfied for another reason: {obs.message[:160]}")


def probe_bug_6(client) -> ProbeResult:
    """Brewing a full pot (0.75 L = 3 cups) takes 6 g of leaves from the pantry."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["kettle fill 1", "kettle boil 1", "pot fill pot-1 1"])
    before = client.state(game_id)
    volume = _find(before["pots"], "pot-1")["volume"]
    stock = _pantry(before, "black")
    need = 2 * math.ceil(round(volume / 0.25, 6))
    obs = client.command(game_id, "tea brew black pot-1")
    if not obs.success:
        raise ProbeInconclusive(f"brew refused: {obs.message[:160]}")
    used = round(stock - _pantry(obs.state, "black"), 2)
    if abs(used - need) > 1e-6:
        return ProbeResult(
            bug_id="BUG-6",
            present=True,
            evidence=f"brewing {volume} L of black uses {used} g from the pantry "
            f"({stock} -> {stock - used}); rules say {need} g",
        )
    return ProbeResult(bug_id="BUG-6", present=False, evidence=f"brew uses {used} g")

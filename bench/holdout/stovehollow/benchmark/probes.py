"""Probes for Stovehollow's six injected bugs. Each plays a fresh game through the agent API only."""

from __future__ import annotations

import re

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

HOT, WARM = 0, 1
STOVE_WORD = {HOT: "big", WARM: "small"}
POOL_WORD = {HOT: "hot", WARM: "warm"}


def _new(client: GameClient) -> tuple[str, dict]:
    game = client.new_game()
    return game.game_id, game.observation.state


def _logs_total(state: dict) -> int:
    return state["woodPile"]["unsplit"] + state["woodPile"]["split"] + state["logsAtStove"]


def _heat(client: GameClient, gid: str, pool: int, low: int, high: int) -> dict:
    """Bring a pool to between low and high (inclusive) by splitting, carrying and feeding its stove."""
    for _ in range(40):
        state = client.state(gid)
        p = state["pools"][pool]
        if low <= p["tempC"] <= high:
            return state
        if p["tempC"] > high:
            raise ProbeInconclusive(f"{p['name']} overshot to {p['tempC']}")
        per_log = p["heatPerLogC"]
        need = -(-(low - p["tempC"]) // per_log)
        room = (high - p["tempC"]) // per_log
        if state["logsAtStove"] == 0:
            if state["woodPile"]["split"] == 0:
                play_setup(client, gid, ["split six logs"])
                continue
            n = min(5, state["woodPile"]["split"])
            play_setup(client, gid, [f"carry {n} logs to the stove"])
            continue
        n = max(1, min(4, need, room, state["logsAtStove"]))
        play_setup(client, gid, [f"put {n} logs in the {STOVE_WORD[pool]} stove"])
    raise ProbeInconclusive("could not bring the pool into its band")


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Looking around on Monday after feeding a stove must not crash (logs-per-day average)."""
    gid, _ = _new(client)
    play_setup(client, gid, ["put a log in the big stove"])
    try:
        obs = client.command(gid, "take a look around")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(
            bug_id="BUG-1",
            present=True,
            evidence=f"'take a look around' on Monday after burning one log: {exc}",
        )
    if not obs.success or "Hot Pool" not in obs.message:
        raise ProbeInconclusive(f"look gave an unexpected reply: {obs.message[:200]}")
    return ProbeResult(
        bug_id="BUG-1", present=False, evidence="look answered normally on Monday after feeding"
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """A pool exactly at its maxC is inside its band: guests must be let in."""
    gid, _ = _new(client)
    obs = play_setup(client, gid, ["put a log in the small stove"])
    warm = obs.state["pools"][WARM]
    if warm["tempC"] != warm["maxC"] or obs.state["guestsWaiting"] < 1:
        raise ProbeInconclusive(f"Warm Pool at {warm['tempC']}°C, band top {warm['maxC']}°C")
    coins = obs.state["coinPurse"]
    obs = client.command(gid, "let a guest into the warm pool")
    warm = obs.state["pools"][WARM]
    if not obs.success and warm["bathers"] == 0:
        return ProbeResult(
            bug_id="BUG-2",
            present=True,
            evidence=f"Warm Pool at {warm['tempC']}°C (band {warm['minC']}-{warm['maxC']}) refused a guest: "
            f"{obs.message[:160]}",
        )
    if obs.success and warm["bathers"] == 1 and obs.state["coinPurse"] == coins + warm["feeCoins"]:
        return ProbeResult(bug_id="BUG-2", present=False, evidence="guest admitted at exactly maxC")
    raise ProbeInconclusive(f"unexpected admission result: {obs.message[:200]}")


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Carrying more logs than are split must not create logs."""
    gid, state = _new(client)
    have = state["woodPile"]["split"]
    if not 0 < have < 5 or state["logsAtStove"] + 5 > 12:
        raise ProbeInconclusive(f"unexpected start: {have} split, {state['logsAtStove']} at stove")
    before = _logs_total(state)
    obs = client.command(gid, "carry five logs to the stove")
    if not obs.success:
        raise ProbeInconclusive(f"carry refused: {obs.message[:200]}")
    after = _logs_total(obs.state)
    if after != before:
        return ProbeResult(
            bug_id="BUG-3",
            present=True,
            evidence=f"with {have} split logs, 'carry five logs' took total wood from {before} to {after} "
            f"(split {obs.state['woodPile']['split']}, at stove {obs.state['logsAtStove']})",
        )
    return ProbeResult(bug_id="BUG-3", present=False, evidence=f"wood conserved at {after}")


def probe_bug_4(client: GameClient) -> ProbeResult:
    """The mend message must report the roof the state holds (capped at 100)."""
    gid, _ = _new(client)
    obs = play_setup(client, gid, ["mend the roof"])
    roof = obs.state["roofCondition"]
    if not 75 < roof < 100:
        raise ProbeInconclusive(f"roof at {roof} after one mend")
    obs = client.command(gid, "mend the roof")
    if not obs.success:
        raise ProbeInconclusive(f"second mend refused: {obs.message[:200]}")
    match = re.search(r"stands at (\d+)%", obs.message)
    if not match:
        raise ProbeInconclusive(f"no roof figure in: {obs.message[:200]}")
    said, held = int(match.group(1)), obs.state["roofCondition"]
    if said != held:
        return ProbeResult(
            bug_id="BUG-4",
            present=True,
            evidence=f"second mend from {roof}%: message says roof stands at {said}%, state says {held}",
        )
    return ProbeResult(bug_id="BUG-4", present=False, evidence=f"message and state agree at {held}%")


def probe_bug_5(client: GameClient) -> ProbeResult:
    """Friday is a weekday: a Hot Pool guest pays feeCoins (6), not the weekend fee (8)."""
    gid, _ = _new(client)
    for _day in range(4):  # Monday to Thursday: keep both pools well clear of freezing, then close up
        _heat(client, gid, WARM, 20, 36)
        _heat(client, gid, HOT, 20, 42)
        obs = play_setup(client, gid, ["close up for the night"])
        if obs.game_over:
            raise ProbeInconclusive(f"game ended early: {obs.message[:200]}")
    state = client.state(gid)
    if state["dayOfWeek"] != "Friday":
        raise ProbeInconclusive(f"expected Friday, it is {state['dayOfWeek']}")
    state = _heat(client, gid, HOT, 40, 42)
    if state["guestsWaiting"] < 1:
        raise ProbeInconclusive("no guests on Friday")
    coins = state["coinPurse"]
    hot = state["pools"][HOT]
    obs = play_setup(client, gid, ["let a guest into the hot pool"])
    paid = obs.state["coinPurse"] - coins
    if paid == hot["weekendFeeCoins"] and paid != hot["feeCoins"]:
        return ProbeResult(
            bug_id="BUG-5",
            present=True,
            evidence=f"on Friday one Hot Pool guest paid {paid} coins, the weekend fee; "
            f"the weekday fee is {hot['feeCoins']}",
        )
    if paid == hot["feeCoins"]:
        return ProbeResult(
            bug_id="BUG-5", present=False, evidence=f"Friday guest paid the weekday fee {paid}"
        )
    raise ProbeInconclusive(f"Friday guest paid {paid}")


def probe_bug_6(client: GameClient) -> ProbeResult:
    """Rounds bought from the woodcutter arrive unsplit."""
    gid, state = _new(client)
    before = dict(state["woodPile"])
    obs = play_setup(client, gid, ["buy three logs from the woodcutter"])
    after = obs.state["woodPile"]
    if after["split"] == before["split"] + 3 and after["unsplit"] == before["unsplit"]:
        return ProbeResult(
            bug_id="BUG-6",
            present=True,
            evidence=f"bought 3 rounds: unsplit stayed {after['unsplit']}, "
            f"split went {before['split']}->{after['split']}",
        )
    if after["unsplit"] == before["unsplit"] + 3 and after["split"] == before["split"]:
        return ProbeResult(bug_id="BUG-6", present=False, evidence="bought rounds landed unsplit")
    raise ProbeInconclusive(f"woodpile {before} -> {after}")

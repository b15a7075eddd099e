"""Probes for Hivecombe's ground-truth bugs: each plays the agent API and says whether its bug shows."""

from __future__ import annotations

import re

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def probe_bug_1(client: GameClient) -> ProbeResult:
    """A litre count that is not a number makes feed fail with a 5xx instead of a refusal."""
    game_id = client.new_game().game_id
    try:
        obs = client.command(game_id, "feed -hive A -litres lots")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"feed -litres lots: {exc}"[:300])
    return ProbeResult(
        bug_id="BUG-1", present=False, evidence=f"answered success={obs.success}: {obs.message[:200]}"
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """A hive takes at most 3 supers; a fourth must be refused."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["buy -item super -count 3", "add -hive A", "add -hive A", "add -hive A"])
    if client.state(game_id).get("hive.A.supers") != 3:
        raise ProbeInconclusive("hive A does not carry 3 supers after three adds")
    obs = client.command(game_id, "add -hive A")
    supers = client.state(game_id).get("hive.A.supers")
    present = obs.success or supers != 3
    return ProbeResult(
        bug_id="BUG-2", present=present, evidence=f"fourth add success={obs.success}, hive.A.supers={supers}"
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Filling jars must use up one empty jar from the shed per jar."""
    game_id = client.new_game().game_id
    play_setup(
        client,
        game_id,
        ["add -hive A", "wait -days 7", "harvest -hive A", "buy -item glass -count 5"],
    )
    before = client.state(game_id)
    obs = client.command(game_id, "jar -count 2")
    if not obs.success:
        raise ProbeInconclusive(f"jar -count 2 refused: {obs.message[:200]}")
    after = obs.state
    used = before["shed.glass"] - after["shed.glass"]
    filled = after["store.jars"] - before["store.jars"]
    return ProbeResult(
        bug_id="BUG-3",
        present=used != filled,
        evidence=f"filled {filled} jars, empty jars {before['shed.glass']} -> {after['shed.glass']}",
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    """The feed reply must name the litres actually poured (capped by the 12 kg stores)."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["buy -item syrup -count 10"])
    before = client.state(game_id)
    obs = client.command(game_id, "feed -hive A -litres 10")
    if not obs.success:
        raise ProbeInconclusive(f"feed refused: {obs.message[:200]}")
    poured = before["shed.syrup"] - obs.state["shed.syrup"]
    match = re.search(r"Poured (\d+) l", obs.message)
    if match is None:
        raise ProbeInconclusive(f"feed reply names no litres: {obs.message[:200]}")
    said = int(match.group(1))
    return ProbeResult(
        bug_id="BUG-4", present=said != poured, evidence=f"reply said {said} l, shed syrup fell by {poured} l"
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    """Each Saturday market sells its first 12 jars at 6 coins, whatever was sold the week before."""
    game_id = client.new_game().game_id
    play_setup(
        client,
        game_id,
        [
            "add -hive A",
            "buy -item super",
            "add -hive A",
            "buy -item syrup -count 6",
            "feed -hive A -litres 6",
            "wait -days 7",
            "harvest -hive A",
            "buy -item glass -count 1",
            "jar -count 1",
            "wait -days 5",
            "sell -count 1",
            "wait -days 2",
            "harvest -hive A",
            "buy -item glass -count 12",
            "jar -count 12",
            "wait -days 5",
        ],
    )
    before = client.state(game_id)
    obs = client.command(game_id, "sell -count 12")
    if not obs.success:
        raise ProbeInconclusive(f"second market sale refused: {obs.message[:200]}")
    take = obs.state["coins"] - before["coins"]
    return ProbeResult(
        bug_id="BUG-5", present=take != 72, evidence=f"12 jars at the second Saturday fetched {take} coins"
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    """Repainting a hive must carry all its keys to the new name and leave none under the old one."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["paint -hive A -name red"])
    state = client.state(game_id)
    stale = sorted(k for k in state if k.startswith("hive.A."))
    missing = [f for f in ("frames", "stores", "honey", "supers", "swarm") if f"hive.red.{f}" not in state]
    return ProbeResult(
        bug_id="BUG-6",
        present=bool(stale or missing),
        evidence=f"after paint: keys left under A {stale}, missing under red {missing}",
    )

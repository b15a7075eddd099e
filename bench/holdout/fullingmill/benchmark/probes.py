"""Probes for Fullingmill: each plays a fresh game through the agent API only."""

from __future__ import annotations

import re

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

# Day 1's auction is fixed: c3ed (10 kg, scours to 8), 5837 (11 kg, to 9), 3d8a (13 kg, to 10).


def _yarn_setup() -> list[str]:
    """c3ed as 8 kg of yarn on day 2 (7 of 8 hours used on day 1)."""
    return ["buy c3ed", "yes", "scour c3ed", "card c3ed", "spin c3ed", "sleep"]


def probe_bug_1(client: GameClient) -> ProbeResult:
    """weave with a single yarn lot (documented as allowed) must not crash the server."""
    game = client.new_game().game_id
    obs = play_setup(client, game, _yarn_setup())
    if obs.state.get("lots", {}).get("c3ed", {}).get("stage") != "yarn":
        raise ProbeInconclusive("c3ed did not become yarn")
    try:
        obs = client.command(game, "weave c3ed")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(
            bug_id="BUG-1", present=True, evidence=f"'weave c3ed' with one yarn lot crashed: {exc}"
        )
    cloth = [lot for lot in obs.state.get("lots", {}).values() if lot.get("stage") == "cloth"]
    if not obs.success or not cloth:
        raise ProbeInconclusive(f"single-lot weave was refused: {obs.message[:200]}")
    return ProbeResult(
        bug_id="BUG-1", present=False, evidence=f"single-lot weave answered: {obs.message[:120]}"
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """A 2-hour task with exactly 2 hours left must be allowed (8 working hours a day)."""
    game = client.new_game().game_id
    obs = play_setup(
        client, game, ["buy c3ed", "yes", "buy 5837", "yes", "scour c3ed", "scour 5837", "card c3ed"]
    )
    if obs.state.get("hours_left") != 2:
        raise ProbeInconclusive(f"expected 2 hours left, state said {obs.state.get('hours_left')}")
    obs = client.command(game, "card 5837")
    stage = obs.state.get("lots", {}).get("5837", {}).get("stage")
    if not obs.success and stage == "scoured":
        return ProbeResult(
            bug_id="BUG-2",
            present=True,
            evidence=f"with 2 of 8 hours left, 'card 5837' (2 hours) was refused: {obs.message[:160]}",
        )
    if obs.success and stage == "carded" and obs.state.get("hours_left") == 0:
        return ProbeResult(bug_id="BUG-2", present=False, evidence="the 2-hour task filled the last 2 hours")
    raise ProbeInconclusive(f"unexpected answer: success={obs.success} stage={stage} {obs.message[:120]}")


def probe_bug_3(client: GameClient) -> ProbeResult:
    """weave naming the same yarn lot twice must not double the wool."""
    game = client.new_game().game_id
    obs = play_setup(client, game, _yarn_setup())
    yarn = obs.state.get("lots", {}).get("c3ed", {})
    if yarn.get("stage") != "yarn":
        raise ProbeInconclusive("c3ed did not become yarn")
    before = yarn.get("weight_kg")
    try:
        obs = client.command(game, "weave c3ed c3ed")
    except (GameServerError, GameUnavailable) as exc:
        raise ProbeInconclusive(f"weave c3ed c3ed failed: {exc}") from exc
    lots = obs.state.get("lots", {})
    total = sum(lot.get("weight_kg", 0) for lot in lots.values())
    if obs.success and total > before:
        return ProbeResult(
            bug_id="BUG-3",
            present=True,
            evidence=f"'weave c3ed c3ed' turned {before} kg of yarn into {total} kg of cloth: "
            f"{obs.message[:120]}",
        )
    if not obs.success and lots.get("c3ed", {}).get("stage") == "yarn":
        return ProbeResult(bug_id="BUG-3", present=False, evidence=f"refused: {obs.message[:120]}")
    raise ProbeInconclusive(f"unexpected answer: success={obs.success} total={total} {obs.message[:120]}")


def probe_bug_4(client: GameClient) -> ProbeResult:
    """The fulling reply must state the bolts that went into the store (18 kg of cloth gives 4)."""
    game = client.new_game().game_id
    setup = [
        "buy c3ed",
        "yes",
        "buy 3d8a",
        "yes",
        "scour c3ed",
        "scour 3d8a",
        "card c3ed",
        "sleep",
        "card 3d8a",
        "spin c3ed",
        "sleep",
        "spin 3d8a",
        "weave c3ed 3d8a",
        "sleep",
    ]
    obs = play_setup(client, game, setup)
    cloth = [code for code, lot in obs.state.get("lots", {}).items() if lot.get("stage") == "cloth"]
    if len(cloth) != 1 or obs.state["lots"][cloth[0]].get("weight_kg") != 18:
        raise ProbeInconclusive(f"expected one 18 kg cloth lot, loft was {obs.state.get('lots')}")
    before = obs.state.get("bolts")
    obs = client.command(game, f"full {cloth[0]}")
    if not obs.success:
        raise ProbeInconclusive(f"full was refused: {obs.message[:160]}")
    m = re.search(r"yielded (\d+) bolt", obs.message)
    if not m:
        raise ProbeInconclusive(f"no bolt count in the reply: {obs.message[:160]}")
    said, got = int(m.group(1)), obs.state.get("bolts") - before
    return ProbeResult(
        bug_id="BUG-4",
        present=said != got,
        evidence=f"fulling 18 kg: the reply said {said} bolt(s), the store gained {got}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    """Day 20 must be a working day: sleeping 19 times reaches day 20 with the season still open."""
    game = client.new_game().game_id
    obs = play_setup(client, game, ["sleep"] * 18)
    if obs.state.get("day") != 19 or obs.game_over:
        raise ProbeInconclusive(f"after 18 sleeps: day {obs.state.get('day')}, game_over {obs.game_over}")
    obs = client.command(game, "sleep")
    if obs.state.get("day") != 20:
        raise ProbeInconclusive(f"after 19 sleeps the day was {obs.state.get('day')}")
    if obs.game_over:
        return ProbeResult(
            bug_id="BUG-5",
            present=True,
            evidence=f"the season ended on reaching day 20, not after it: {obs.message[:200]}",
        )
    obs = client.command(game, "auction")
    return ProbeResult(
        bug_id="BUG-5",
        present=not obs.success,
        evidence=f"on day 20: auction success={obs.success}: {obs.message[:100]}",
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    """The state's river must be today's level, as `river` reports it (day 1 is fair by the almanac)."""
    game = client.new_game().game_id
    obs = play_setup(client, game, ["river"])
    m = re.search(r"The river was (low|fair|spate) on day (\d+)", obs.message)
    if not m:
        raise ProbeInconclusive(f"river reply not understood: {obs.message[:160]}")
    said, state = m.group(1), obs.state.get("river")
    return ProbeResult(
        bug_id="BUG-6",
        present=said != state,
        evidence=f"day {m.group(2)}: `river` said {said}, the state's river was {state!r}",
    )

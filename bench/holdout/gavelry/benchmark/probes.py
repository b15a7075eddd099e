"""Probes for Gavelry's ground-truth bugs. Each plays a fresh season through the agent API."""

from __future__ import annotations

import re

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _new(client: GameClient) -> str:
    return client.new_game().game_id


def probe_bug_1(client: GameClient) -> ProbeResult:
    """At a standing bid of exactly 100 the increment is 10: the rival answers a bid of 100 with 110."""
    game_id = _new(client)
    play_setup(client, game_id, ["pass", "bid 100"])
    block = client.state(game_id).get("block") or {}
    if block.get("lot") != 2 or block.get("leader") != "rival":
        raise ProbeInconclusive(f"the rival did not answer the bid of 100: {block}")
    standing = block.get("standing")
    return ProbeResult(
        bug_id="BUG-1",
        present=standing != 110,
        evidence=f"after `bid 100` on lot 2 the rival's standing bid is {standing} (rules: 100 + 10 = 110)",
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """Selling a storeroom number past the last lot is refused, not a server error."""
    game_id = _new(client)
    play_setup(client, game_id, ["bid 30"])
    try:
        observation = client.command(game_id, "sell 4")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-2", present=True, evidence=f"`sell 4` with one lot held: {exc}")
    return ProbeResult(
        bug_id="BUG-2",
        present=False,
        evidence=f"`sell 4` answered success={observation.success}: {observation.message[:120]}",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    """A lot sold to a collector (category in vogue) leaves the storeroom."""
    game_id = _new(client)
    play_setup(client, game_id, ["bid 30"])
    before = client.state(game_id)
    if len(before.get("storeroom", [])) != 1:
        raise ProbeInconclusive(f"the snuffbox was not bought: {before.get('storeroom')}")
    observation = play_setup(client, game_id, ["sell snuffbox"])
    after = observation.state
    paid = after.get("purse", 0) - before.get("purse", 0)
    if paid != 67:
        raise ProbeInconclusive(f"the collector's sale paid {paid}, not 67")
    left = [item.get("title") for item in after.get("storeroom", [])]
    return ProbeResult(
        bug_id="BUG-3",
        present=bool(left),
        evidence=f"after selling the snuffbox in vogue for 67, the storeroom still holds {left}",
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    """The purse named in the hammer message is the purse after paying."""
    game_id = _new(client)
    observation = play_setup(client, game_id, ["bid 30"])
    match = re.search(r"Purse: (\d+)", observation.message)
    if match is None:
        raise ProbeInconclusive(f"no purse in the hammer message: {observation.message[:200]}")
    said, purse = int(match.group(1)), observation.state.get("purse")
    return ProbeResult(
        bug_id="BUG-4",
        present=said != purse,
        evidence=f"hammer message says purse {said}, state says {purse}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    """The third lot won in the season, on a later day than the first, carries no premium."""
    game_id = _new(client)
    before = play_setup(client, game_id, ["bid 30", "pass", "pass", "close", "bid 50"]).state
    if before.get("ledger", {}).get("lots_won") != 2 or (before.get("block") or {}).get("lot") != 5:
        raise ProbeInconclusive(f"setup did not win two lots: {before.get('ledger')}")
    after = play_setup(client, game_id, ["bid 45"]).state
    if after.get("ledger", {}).get("lots_won") != 3:
        raise ProbeInconclusive(f"the bracket clock was not won: {after.get('ledger')}")
    cost = before.get("purse", 0) - after.get("purse", 0)
    return ProbeResult(
        bug_id="BUG-5",
        present=cost != 45,
        evidence=f"third lot of the season (hammer 45, on day 2) cost {cost} crowns; rules: no premium, 45",
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    """A lot passed to the rival after bidding records the price he paid, not the opening."""
    game_id = _new(client)
    observation = play_setup(client, game_id, ["bid 20", "pass"])
    if "rival at 25" not in observation.message:
        raise ProbeInconclusive(f"the rival did not take lot 1 at 25: {observation.message[:200]}")
    entry = next((e for e in client.state(game_id).get("catalogue", []) if e.get("lot") == 1), {})
    result = entry.get("result") or {}
    return ProbeResult(
        bug_id="BUG-6",
        present=result.get("price") != 25,
        evidence=f"message: rival bought lot 1 at 25; state catalogue result: {result}",
    )

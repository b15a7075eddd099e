"""Probes for Glasswright's ground-truth bugs. Each plays a fresh game through the agent API only."""

from __future__ import annotations

import re

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _new(client: GameClient) -> str:
    return client.new_game().game_id


def probe_bug_1(client: GameClient) -> ProbeResult:
    game_id = _new(client)
    try:
        observation = client.command(game_id, "order deliver wainwright")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"order deliver for no order: {exc}"[:300])
    return ProbeResult(
        bug_id="BUG-1",
        present=False,
        evidence=f"answered success={observation.success}: {observation.message[:200]}",
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    game_id = _new(client)
    play_setup(client, game_id, ["furnace stoke 3", "batch melt name:first color:clear"])
    play_setup(client, game_id, ["piece blow shape:cup batch:first"] * 5)
    pieces = sorted(client.state(game_id).get("bench", {}))
    if len(pieces) != 5:
        raise ProbeInconclusive(f"expected five cups on the bench, found {pieces}")
    play_setup(client, game_id, [f"oven load {name}" for name in pieces[:4]])
    fifth = client.command(game_id, f"oven load {pieces[4]}")
    in_oven = client.state(game_id).get("oven", {}).get("pieces", {})
    present = fifth.success or len(in_oven) > 4
    return ProbeResult(
        bug_id="BUG-2",
        present=present,
        evidence=f"fifth load success={fifth.success} ({fifth.message[:120]}); oven holds {len(in_oven)}",
    )


def _stock(state: dict) -> dict:
    return {name: supply.get("stock") for name, supply in state.get("supplies", {}).items()}


def probe_bug_3(client: GameClient) -> ProbeResult:
    game_id = _new(client)
    play_setup(
        client,
        game_id,
        [
            "furnace stoke 3",
            "batch melt name:first color:clear",
            "batch melt name:second color:clear",
            "supplies buy item:sand qty:3",
            "supplies buy item:soda qty:1",
            "supplies buy item:lime qty:1",
        ],
    )
    before = client.state(game_id)
    if len(before.get("batches", {})) != 2:
        raise ProbeInconclusive("both pots should be full")
    third = client.command(game_id, "batch melt name:third color:clear")
    if third.success:
        raise ProbeInconclusive(f"a third batch was melted into two pots: {third.message[:200]}")
    after = client.state(game_id)
    present = _stock(after) != _stock(before) or after.get("money") != before.get("money")
    return ProbeResult(
        bug_id="BUG-3",
        present=present,
        evidence=f"refused melt ({third.message[:100]}); supplies {_stock(before)} -> {_stock(after)}",
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    game_id = _new(client)
    observation = play_setup(client, game_id, ["furnace stoke 4"])
    temperature = observation.state.get("furnace", {}).get("temperature")
    said = [int(n) for n in re.findall(r"(\d+) degrees", observation.message)]
    if not said or temperature is None:
        raise ProbeInconclusive(f"no temperature in the stoke reply: {observation.message[:200]}")
    return ProbeResult(
        bug_id="BUG-4",
        present=said[-1] != temperature,
        evidence=f"message says {said[-1]} degrees, state says {temperature}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    game_id = _new(client)
    first_night = play_setup(client, game_id, ["furnace bank", "day end"])
    after_banked = first_night.state.get("furnace", {}).get("temperature")
    second_night = play_setup(client, game_id, ["day end"])
    after_plain = second_night.state.get("furnace", {}).get("temperature")
    if not isinstance(after_banked, int) or not isinstance(after_plain, int):
        raise ProbeInconclusive("no furnace temperature in the state")
    if after_banked - 300 < 20:
        raise ProbeInconclusive(f"furnace too cold to measure a night's loss: {after_banked}")
    drop = after_banked - after_plain
    return ProbeResult(
        bug_id="BUG-5",
        present=drop != 300,
        evidence=f"unbanked second night: {after_banked} -> {after_plain} (lost {drop}, rules say 300)",
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    game_id = _new(client)
    play_setup(
        client,
        game_id,
        [
            "supplies buy item:cobalt qty:1",
            "furnace stoke 3",
            "batch melt name:deep color:blue",
            "piece blow shape:cup batch:deep",
        ],
    )
    state = client.state(game_id)
    batch = state.get("batches", {}).get("deep", {})
    bench = state.get("bench", {})
    if batch.get("color") != "blue" or len(bench) != 1:
        raise ProbeInconclusive(f"no blue batch and single blown cup: {batch}, {bench}")
    name, piece = next(iter(bench.items()))
    return ProbeResult(
        bug_id="BUG-6",
        present=piece.get("color") != "blue",
        evidence=f"{name} blown from blue batch 'deep' is recorded as {piece.get('color')!r}",
    )

"""Probes for Escapement's ground-truth bugs. Each one plays a new game through the agent API only."""

from __future__ import annotations

import re
from typing import Any

from loop.contract.game_client import (
    GameClient,
    GameError,
    GameServerError,
    GameUnavailable,
)
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

HALE_QUOTED = ["take-in hale", "inspect J1", "quote-job J1"]


def _ticket(state: dict[str, Any], ticket: str) -> dict[str, Any]:
    for key, job in state.get("bench", []):
        if key == ticket:
            return job
    raise ProbeInconclusive(f"ticket {ticket} is not on the bench: {state.get('bench')!r:.200}")


def _bins(state: dict[str, Any]) -> dict[str, int]:
    return {part: count for part, count in state.get("bins", [])}


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Ordering a part with no bin answers 5xx instead of a refusal."""
    game_id = client.new_game().game_id
    try:
        observation = client.command(game_id, "order-part flywheel 1")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-1", present=True, evidence=f"order-part flywheel 1 -> {exc}")
    except GameError as exc:
        raise ProbeInconclusive(f"order-part flywheel 1 gave an odd answer: {exc}") from exc
    return ProbeResult(
        bug_id="BUG-1",
        present=False,
        evidence=f"answered success={observation.success}: {observation.message[:160]}",
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """A mantel spring wound to exactly its top (8 turns) snaps, though the rules say 8 is safe."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, HALE_QUOTED)
    observation = client.command(game_id, "wind-spring J1 8")
    if not observation.success:
        raise ProbeInconclusive(f"wind-spring J1 8 refused: {observation.message[:200]}")
    job = _ticket(client.state(game_id), "J1")
    spring = job.get("spring") or {}
    snapped = spring.get("turns") != 8 or any(
        f.get("code") == "broken-mainspring" and not f.get("mended") for f in job.get("faults", [])
    )
    return ProbeResult(
        bug_id="BUG-2",
        present=snapped,
        evidence=f"after winding 8 of 6-8: spring={spring}, faults={job.get('faults')}; "
        f"{observation.message[:160]}",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Collecting a repaired clock puts the whole quote in the till, though the deposit was already paid."""
    game_id = client.new_game().game_id
    play_setup(
        client,
        game_id,
        HALE_QUOTED + ["clean J1", "fit-part J1 pivot", "wind-spring J1 7", "test-run J1"],
    )
    before = client.state(game_id)
    job = _ticket(before, "J1")
    if job.get("status") != "ready":
        raise ProbeInconclusive(f"J1 did not pass its test run: {job!r:.200}")
    balance = job["quote"] - job["deposit"]
    observation = play_setup(client, game_id, ["collect J1"])
    after = client.state(game_id)
    taken = after["cash"] - before["cash"]
    return ProbeResult(
        bug_id="BUG-3",
        present=taken != balance,
        evidence=(
            f"quote {job['quote']}, deposit {job['deposit']}: balance {balance}, till went "
            f"{before['cash']} -> {after['cash']} (+{taken}); {observation.message[:120]}"
        ),
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    """The second winding of a spring reports only the turns just added as what the spring holds."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, HALE_QUOTED + ["wind-spring J1 3"])
    observation = play_setup(client, game_id, ["wind-spring J1 3"])
    turns = (_ticket(client.state(game_id), "J1").get("spring") or {}).get("turns")
    if turns != 6:
        raise ProbeInconclusive(f"spring holds {turns} after 3 + 3 turns")
    match = re.search(r"now holds (\d+) turns?", observation.message)
    if not match:
        raise ProbeInconclusive(f"no turn count in the reply: {observation.message[:200]}")
    said = int(match.group(1))
    return ProbeResult(
        bug_id="BUG-4",
        present=said != turns,
        evidence=f"reply says the spring holds {said}; state says {turns}: {observation.message[:160]}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    """Two orders of the same part on one day: only the last one reaches the bin next morning."""
    game_id = client.new_game().game_id
    start = _bins(client.state(game_id)).get("pivot")
    if start is None:
        raise ProbeInconclusive("no pivot bin")
    play_setup(client, game_id, ["order-part pivot 2", "order-part pivot 3", "close-up"])
    state = client.state(game_id)
    now = _bins(state).get("pivot")
    if state.get("orders"):
        raise ProbeInconclusive(f"orders still outstanding after close-up: {state.get('orders')}")
    return ProbeResult(
        bug_id="BUG-5",
        present=now != start + 5,
        evidence=f"pivots {start}, ordered 2 + 3 (paid for both), next morning the bin holds {now}",
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    """Fitting a pivot marks the clock's first open fault mended (the dirty movement), not the worn pivot."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, HALE_QUOTED)
    faults = _ticket(client.state(game_id), "J1").get("faults", [])
    if [f.get("code") for f in faults][:1] == ["worn-pivot"]:
        raise ProbeInconclusive(f"the worn pivot is already the first fault: {faults}")
    observation = play_setup(client, game_id, ["fit-part J1 pivot"])
    faults = {f.get("code"): f.get("mended") for f in _ticket(client.state(game_id), "J1").get("faults", [])}
    if "worn-pivot" not in faults:
        raise ProbeInconclusive(f"J1 has no worn pivot: {faults}")
    wrong = faults["worn-pivot"] is not True or faults.get("dirty-movement") is True
    return ProbeResult(
        bug_id="BUG-6",
        present=wrong,
        evidence=f"after fit-part J1 pivot the faults are {faults}; reply: {observation.message[:120]}",
    )

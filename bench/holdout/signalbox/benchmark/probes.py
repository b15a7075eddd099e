"""Probes for Signalbox's ground-truth bugs: each answers "is this bug present in this running build?".

Every probe opens a fresh shift and plays it through the agent API only. When the game no longer lets a probe
reach the situation it checks (a setup step is refused), the probe raises ProbeInconclusive rather than guess.
"""

from __future__ import annotations

import re

from loop.contract.game_client import GameClient, GameServerError
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

TOTAL_PAX = 290


def probe_bug_1(client: GameClient) -> ProbeResult:
    """HOLD on a train still waiting at its origin must be refused in-game, not crash the server."""
    game = client.new_game()
    status = game.observation.state.get("train.T2.status")
    if status != "WAITING":
        raise ProbeInconclusive(f"expected T2 waiting at ELMWOOD at the start, status {status!r}")
    try:
        answer = client.command(game.game_id, "HOLD T2")
    except GameServerError as exc:
        evidence = f"T2 waiting at ELMWOOD; `HOLD T2` -> HTTP {exc.status}: {exc.body[:200]!r}"
        return ProbeResult(bug_id="BUG-1", present=True, evidence=evidence)
    evidence = f"T2 waiting at ELMWOOD; `HOLD T2` -> success={answer.success}: {answer.message!r}"
    return ProbeResult(bug_id="BUG-1", present=False, evidence=evidence)


def probe_bug_2(client: GameClient) -> ProbeResult:
    """A train arriving exactly 5 minutes late scores 10 points, as the rules say."""
    game = client.new_game()
    play_setup(client, game.game_id, ["ADVANCE 30", "SET S2 GREEN", "DISPATCH T3 TO CRESTON"])
    arrival = client.command(game.game_id, "ADVANCE 10")
    state = arrival.state
    if state.get("train.T3.status") != "ARRIVED" or state.get("clock") != "06:40":
        raise ProbeInconclusive(f"expected T3 to terminate at CRESTON at 06:40: {arrival.message!r}, {state}")
    score = state.get("score")
    evidence = (
        f"T3 due 06:35 terminates at 06:40 (delay {state.get('train.T3.delay')}): score {score}, "
        f"rules say 10; message={arrival.message!r}"
    )
    return ProbeResult(bug_id="BUG-2", present=score != 10, evidence=evidence)


def _pax_total(state: dict) -> int:
    aboard = sum(int(state.get(f"train.{name}.pax", 0)) for name in ("T1", "T2", "T3"))
    return aboard + int(state.get("pax.delivered", 0))


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Passengers stay aboard a train standing at a station short of its destination."""
    game = client.new_game()
    before = _pax_total(game.observation.state)
    if before != TOTAL_PAX:
        raise ProbeInconclusive(f"expected {TOTAL_PAX} passengers at the start, counted {before}")
    stop = play_setup(client, game.game_id, ["SET S1 GREEN", "DISPATCH T1 TO BRAMLEY", "ADVANCE 10"])
    state = stop.state
    if state.get("train.T1.status") != "STANDING" or state.get("train.T1.at") != "BRAMLEY":
        raise ProbeInconclusive(f"expected T1 standing at BRAMLEY: {stop.message!r}")
    after = _pax_total(state)
    evidence = (
        f"{before} passengers at the start; T1 stops short at BRAMLEY -> T1 pax {state.get('train.T1.pax')}, "
        f"delivered {state.get('pax.delivered')}, total {after}; message={stop.message!r}"
    )
    return ProbeResult(bug_id="BUG-3", present=after != TOTAL_PAX, evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """STATUS reports S1 at RED once a train has entered B1, as the state does."""
    game = client.new_game()
    moved = play_setup(client, game.game_id, ["SET S1 GREEN", "DISPATCH T1 TO BRAMLEY"])
    if moved.state.get("signal.S1") != "RED":
        shown_state = moved.state.get("signal.S1")
        raise ProbeInconclusive(f"expected the state to show S1 RED behind T1: {shown_state!r}")
    status = client.command(game.game_id, "STATUS")
    shown = re.search(r"\bS1 (GREEN|RED)\b", status.message)
    if shown is None:
        raise ProbeInconclusive(f"STATUS does not show S1: {status.message!r}")
    evidence = f"state signal.S1={status.state.get('signal.S1')!r}; STATUS -> {status.message!r}"
    return ProbeResult(bug_id="BUG-4", present=shown.group(1) != "RED", evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """A train held at the next station leaves the block it ran through clear."""
    game = client.new_game()
    play_setup(client, game.game_id, ["SET S1 GREEN", "DISPATCH T1 TO ELMWOOD", "HOLD T1"])
    stop = client.command(game.game_id, "ADVANCE 10")
    state = stop.state
    if state.get("train.T1.status") != "STANDING" or state.get("train.T1.at") != "BRAMLEY":
        raise ProbeInconclusive(f"expected T1 held at BRAMLEY: {stop.message!r}")
    block = state.get("block.B1")
    play_setup(client, game.game_id, ["SET S1 GREEN"])
    back = client.command(game.game_id, "DISPATCH T1 TO ALDERTON")
    evidence = (
        f"T1 held at BRAMLEY after running through B1: block.B1={block!r}; `DISPATCH T1 TO ALDERTON` -> "
        f"{back.message!r}, incident={back.state.get('shift.incident')!r}"
    )
    present = block != "CLEAR" or back.state.get("shift.incident") is not None
    return ProbeResult(bug_id="BUG-5", present=present, evidence=evidence)


def probe_bug_6(client: GameClient) -> ProbeResult:
    """A train waiting past its departure time shows that many minutes of delay."""
    game = client.new_game()
    waited = play_setup(client, game.game_id, ["ADVANCE 10"])
    state = waited.state
    if state.get("clock") != "06:10" or state.get("train.T1.status") != "WAITING":
        raise ProbeInconclusive(f"expected T1 still waiting at ALDERTON at 06:10: {state}")
    delay = state.get("train.T1.delay")
    evidence = f"T1 departs 06:00, still waiting at 06:10: train.T1.delay={delay!r}, rules say 10"
    return ProbeResult(bug_id="BUG-6", present=delay != 10, evidence=evidence)

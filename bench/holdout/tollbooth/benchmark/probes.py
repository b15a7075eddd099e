"""Probes for tollbooth: each brings a new shift to the situation its bug needs, through the agent API."""

from __future__ import annotations

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

TO_UPPER = ["shut lower", "fill", "open upper"]


def _boat(boats: list[dict], name: str) -> dict | None:
    return next((b for b in boats if b.get("name") == name), None)


def probe_bug_1(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["wait 20", "admit heron", "toll heron"])
    book = client.state(game_id)["book"]
    line = next((x for x in book if x.get("boat") == "Heron"), None)
    if line is None:
        raise ProbeInconclusive("Heron's toll is not in the book")
    # 50 ft at the long-boat rate: 100p, plus 15 tons of grain at 2p: 130p.
    return ProbeResult(
        bug_id="BUG-1", present=line["toll"] != 130, evidence=f"Heron's toll in the book: {line['toll']}p"
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["admit kestrel", "wait 20"])
    if _boat(client.state(game_id)["queues"]["below"], "Heron") is None:
        raise ProbeInconclusive("Heron did not arrive below the lock")
    obs = client.command(game_id, "admit heron")
    if obs.success:
        raise ProbeInconclusive("a 50 ft boat was let into a chamber with 2 ft free")
    state = client.state(game_id)
    queued = _boat(state["queues"]["below"], "Heron") is not None
    inside = _boat(state["lock"]["chamber"], "Heron") is not None
    return ProbeResult(
        bug_id="BUG-2",
        present=not queued and not inside,
        evidence=f"after the refusal Heron queued={queued}, in chamber={inside}",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    obs = play_setup(client, game_id, [*TO_UPPER, "admit dabchick", "toll dabchick"])
    line = next((x for x in client.state(game_id)["book"] if x.get("boat") == "Dabchick"), None)
    if line is None:
        raise ProbeInconclusive("Dabchick's toll is not in the book")
    booked = f"{line['toll']}p"
    return ProbeResult(
        bug_id="BUG-3",
        present=booked not in obs.message,
        evidence=f"book says {booked}; message: {obs.message[:160]}",
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    play_setup(
        client,
        game_id,
        [
            *TO_UPPER,
            "wait 20",
            "admit dabchick",
            "admit mayfly",
            "toll dabchick",
            "toll mayfly",
            "refund dabchick",
            "toll dabchick",
        ],
    )
    tickets = [x["ticket"] for x in client.state(game_id)["book"]]
    return ProbeResult(
        bug_id="BUG-4",
        present=len(tickets) != len(set(tickets)) or 1 in tickets,
        evidence=f"tickets in the book after a refund and a second toll: {tickets}",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["admit kestrel"])
    try:
        obs = client.command(game_id, "refund kestrel")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-5", present=True, evidence=f"refund of an unpaid boat: {exc}")
    state = client.state(game_id)
    return ProbeResult(
        bug_id="BUG-5",
        present=state["cashbox"] != 0,
        evidence=f"refund answered success={obs.success}: {obs.message[:120]}; cashbox {state['cashbox']}",
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["admit kestrel", "toll kestrel", *TO_UPPER, "release"])
    passed = client.state(game_id)["passed"]
    return ProbeResult(
        bug_id="BUG-6",
        present=passed.get("up") != 1 or passed.get("down") != 0,
        evidence=f"after Kestrel went up through the lock: passed={passed}",
    )

"""Probes for Inkwell's ground-truth bugs: each plays a fresh game through the agent API."""

from __future__ import annotations

from loop.contract.game_client import GameClient, GameServerError, GameUnavailable
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def probe_bug_1(client: GameClient) -> ProbeResult:
    """An adult may have at most 3 books out: a fourth lend must be refused."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["LEND F101 M1", "LEND F102 M1", "LEND F103 M1"])
    fourth = client.command(game_id, "LEND F104 M1")
    out = client.state(game_id)["members"]["M1"]["loans"]
    present = fourth.success or len(out) > 3
    return ProbeResult(
        bug_id="BUG-1",
        present=present,
        evidence=f"fourth lend success={fourth.success}, M1 loans={out}, message={fourth.message[:160]!r}",
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """A renewal's reply must name the new due date the state records."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["LEND F101 M1"])
    renewed = client.command(game_id, "RENEW F101")
    if not renewed.success:
        raise ProbeInconclusive(f"renewal refused: {renewed.message[:200]}")
    due = renewed.state["loans"]["F101"]["due"]
    present = due not in renewed.message
    return ProbeResult(
        bug_id="BUG-2", present=present, evidence=f"state due={due!r}, message={renewed.message[:200]!r}"
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    """A payment written without pounds ('.50') must get an answer, not a server error."""
    game_id = client.new_game().game_id
    try:
        answer = client.command(game_id, "PAY M1 .50")
    except (GameServerError, GameUnavailable) as exc:
        return ProbeResult(bug_id="BUG-3", present=True, evidence=f"PAY M1 .50 -> {exc}"[:300])
    return ProbeResult(
        bug_id="BUG-3", present=False, evidence=f"answered success={answer.success}: {answer.message[:160]!r}"
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    """Paying more than owed: the fund grows by the fine only, the change goes back."""
    game_id = client.new_game().game_id
    play_setup(client, game_id, ["LEND F101 M1", *["CLOSE"] * 9, "RETURN F101"])
    before = client.state(game_id)
    owed = before["members"]["M1"]["owes"]
    if owed <= 0 or owed >= 100:
        raise ProbeInconclusive(f"M1 owes {owed}p after the late return")
    paid = client.command(game_id, "PAY M1 £1.00")
    if not paid.success:
        raise ProbeInconclusive(f"payment refused: {paid.message[:200]}")
    gained = paid.state["fund"] - before["fund"]
    cleared = owed - paid.state["members"]["M1"]["owes"]
    return ProbeResult(
        bug_id="BUG-4",
        present=gained != cleared,
        evidence=f"owed {owed}p, cleared {cleared}p, fund grew by {gained}p",
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    """Sale markdowns stop at the 10p floor: the 45p lot must not fall below it."""
    game_id = client.new_game().game_id
    observation = play_setup(client, game_id, ["CLOSE"] * 5)
    lot = observation.state["sale"].get("L2")
    if lot is None:
        raise ProbeInconclusive("lot L2 is not on the sale table")
    return ProbeResult(
        bug_id="BUG-5", present=lot["price"] < 10, evidence=f"L2 after 5 closes: {lot['price']}p"
    )


def probe_bug_6(client: GameClient) -> ProbeResult:
    """A reserved book returned to the hold shelf must leave the borrower's card."""
    game_id = client.new_game().game_id
    observation = play_setup(client, game_id, ["LEND F101 M1", "RESERVE F101 M2", "RETURN F101"])
    state = observation.state
    if state["books"]["F101"]["status"] != "held":
        raise ProbeInconclusive(f"F101 is {state['books']['F101']['status']!r} after the return")
    out = state["members"]["M1"]["loans"]
    return ProbeResult(
        bug_id="BUG-6",
        present="F101" in out,
        evidence=f"M1 loans={out}, F101 in loans={'F101' in state['loans']}",
    )

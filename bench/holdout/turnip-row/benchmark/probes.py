"""Probes for Turnip Row's ground-truth bugs (hold-out set): each plays a fresh farm through the agent API."""

from __future__ import annotations

from loop.contract.game_client import GameClient, GameServerError
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup


def _gold(state: dict) -> int:
    return int(state.get("farm", {}).get("gold", 0))


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Buying three seeds at 5g must cost 15g."""
    game = client.new_game()
    before = _gold(game.observation.state)
    after = play_setup(client, game.game_id, ["buy 3 turnip seed"])
    paid = before - _gold(after.state)
    return ProbeResult(
        bug_id="BUG-1", present=paid != 15, evidence=f"`buy 3 turnip seed` -> {after.message!r}; paid {paid}g"
    )


def probe_bug_2(client: GameClient) -> ProbeResult:
    """A negative quantity must be refused and never leave a negative stock."""
    game = client.new_game()
    after = client.command(game.game_id, "buy -2 turnip seed")
    stock = after.state.get("barn", {}).get("turnip seed", 0)
    return ProbeResult(
        bug_id="BUG-2",
        present=after.success or stock < 0,
        evidence=f"`buy -2 turnip seed` -> success={after.success}, barn={after.state.get('barn')}",
    )


def probe_bug_3(client: GameClient) -> ProbeResult:
    """Only six plots can be sown."""
    game = client.new_game()
    sown = play_setup(client, game.game_id, ["buy 7 turnip seed", "plant 6 turnip seed"])
    if sown.state.get("barn", {}).get("turnip seed", 0) != 1 or len(sown.state.get("fields", [])) != 6:
        raise ProbeInconclusive(f"expected six sown and one seed left: {sown.state}")
    after = client.command(game.game_id, "plant 1 turnip seed")
    sown = len(after.state.get("fields", []))
    return ProbeResult(
        bug_id="BUG-3",
        present=sown > 6,
        evidence=f"six sown; `plant 1 turnip seed` -> {after.message!r}; {sown} sown",
    )


def probe_bug_4(client: GameClient) -> ProbeResult:
    """Undo after a purchase must give back the gold and take back the seeds."""
    game = client.new_game()
    start = game.observation.state
    after = play_setup(client, game.game_id, ["buy 2 turnip seed", "undo"])
    if _gold(after.state) != _gold(start):
        raise ProbeInconclusive(f"undo did not restore the purse: {after.state.get('farm')}")
    seeds = after.state.get("barn", {}).get("turnip seed", 0)
    return ProbeResult(
        bug_id="BUG-4", present=seeds != 0, evidence=f"buy 2, undo -> barn={after.state.get('barn')}"
    )


def probe_bug_5(client: GameClient) -> ProbeResult:
    """`sell all carrot` with no carrot must be an answer, not a server error."""
    game = client.new_game()
    try:
        reply = client.command(game.game_id, "sell all carrot")
    except GameServerError as exc:
        return ProbeResult(bug_id="BUG-5", present=True, evidence=f"`sell all carrot` -> {exc}")
    return ProbeResult(bug_id="BUG-5", present=False, evidence=f"`sell all carrot` -> {reply.message!r}")

"""Probes for Tally Hall's ground-truth bugs: each answers "is this bug present in this running build?".

Every probe starts a fresh game (the deal is fixed) and plays it through the agent API only. When the game no
longer lets a probe reach the situation it checks (a setup step is refused), the probe raises
ProbeInconclusive rather than guess.
"""

from __future__ import annotations

import re
from typing import Any

from loop.contract.game_client import GameClient, GameServerError
from loop.contract.models import ProbeResult
from loop.contract.probing import ProbeInconclusive, play_setup

DECK_SIZE = 52


def _piles(state: dict[str, Any]) -> list[list[str]]:
    return [list(p) for p in state.get("piles", [])]


def _cards(state: dict[str, Any]) -> int:
    """Every card the state accounts for: piles, stall, deck and sold."""
    on_table = sum(len(p) for p in _piles(state)) + len(state.get("stall", []))
    return on_table + int(state.get("deck_left", 0)) + int(state.get("sold", 0))


def probe_bug_1(client: GameClient) -> ProbeResult:
    """Peeking at a pile that does not exist must be refused in-game, not crash the server."""
    game = client.new_game()
    piles = len(_piles(game.observation.state))
    if piles >= 9:
        raise ProbeInconclusive(f"the hall has {piles} piles now")
    try:
        answer = client.command(game.game_id, "peek 9")
    except GameServerError as exc:
        evidence = f"{piles} piles; `peek 9` -> HTTP {exc.status}: {exc.body[:200]!r}"
        return ProbeResult(bug_id="BUG-1", present=True, evidence=evidence)
    evidence = f"{piles} piles; `peek 9` -> success={answer.success}: {answer.message!r}"
    return ProbeResult(bug_id="BUG-1", present=False, evidence=evidence)


def probe_bug_2(client: GameClient) -> ProbeResult:
    """A Jack sold alone pays half of 12 = 6 coins, as the rules' price table says."""
    game = client.new_game()
    before = play_setup(client, game.game_id, ["sell 1 6", "sell 1 6"])
    pile = _piles(before.state)[5]
    if not pile or not pile[-1].upper().startswith("J"):
        raise ProbeInconclusive(f"expected a Jack on top of pile 6: {pile}")
    sale = client.command(game.game_id, "sell 1 6")
    if not sale.success:
        raise ProbeInconclusive(f"`sell 1 6` was refused: {sale.message!r}")
    gain = int(sale.state["purse"]) - int(before.state["purse"])
    evidence = f"pile 6 {pile}; `sell 1 6` -> purse +{gain} (rules: J 12, alone 6); message={sale.message!r}"
    return ProbeResult(bug_id="BUG-2", present=gain != 6, evidence=evidence)


def probe_bug_3(client: GameClient) -> ProbeResult:
    """A card moved onto an empty pile leaves its own pile: the 52 cards stay 52."""
    game = client.new_game()
    ready = play_setup(client, game.game_id, ["sell 1 1"] * 4)
    piles = _piles(ready.state)
    if piles[0] or not piles[1]:
        raise ProbeInconclusive(f"expected pile 1 empty and pile 2 holding cards: {piles}")
    moved = client.command(game.game_id, "mv 2 1")
    if not moved.success:
        raise ProbeInconclusive(f"`mv 2 1` onto an empty pile was refused: {moved.message!r}")
    after = _piles(moved.state)
    total = _cards(moved.state)
    present = total != DECK_SIZE or len(after[1]) != len(piles[1]) - 1
    evidence = (
        f"pile 1 empty, pile 2 {piles[1]}; `mv 2 1` -> pile 1 {after[0]}, pile 2 {after[1]}, "
        f"cards counted {total} (of {DECK_SIZE}); message={moved.message!r}"
    )
    return ProbeResult(bug_id="BUG-3", present=present, evidence=evidence)


def probe_bug_4(client: GameClient) -> ProbeResult:
    """The `draw` reply names the cards left in the deck after the draw, as the state does."""
    game = client.new_game()
    drawn = client.command(game.game_id, "draw")
    if not drawn.success:
        raise ProbeInconclusive(f"`draw` was refused: {drawn.message!r}")
    said = re.search(r"deck\D*(\d+)", drawn.message, re.IGNORECASE)
    if said is None:
        raise ProbeInconclusive(f"the `draw` reply names no deck count: {drawn.message!r}")
    left = int(drawn.state.get("deck_left", -1))
    evidence = f"`draw` -> message {drawn.message!r}, state deck_left={left}"
    return ProbeResult(bug_id="BUG-4", present=int(said.group(1)) != left, evidence=evidence)


def probe_bug_5(client: GameClient) -> ProbeResult:
    """Turning the stall over puts every stall card back into the deck."""
    game = client.new_game()
    emptied = play_setup(client, game.game_id, ["draw"] * 28)
    stall = len(emptied.state.get("stall", []))
    if emptied.state.get("deck_left") != 0 or stall == 0 or int(emptied.state.get("purse", 0)) < 5:
        raise ProbeInconclusive(f"expected an empty deck, a full stall and 5+ coins: {emptied.state}")
    turned = client.command(game.game_id, "draw")
    if not turned.success:
        raise ProbeInconclusive(f"turning the stall was refused: {turned.message!r}")
    deck = int(turned.state.get("deck_left", -1))
    total = _cards(turned.state)
    present = deck != stall or total != DECK_SIZE
    evidence = (
        f"after 28 draws: deck 0, stall {stall}; 29th `draw` -> deck_left {deck}, "
        f"stall {len(turned.state.get('stall', []))}, cards counted {total}; message={turned.message!r}"
    )
    return ProbeResult(bug_id="BUG-5", present=present, evidence=evidence)


def probe_bug_6(client: GameClient) -> ProbeResult:
    """Emptying a pile with `mv` adds 10 to the score, as emptying it with `sell` does."""
    game = client.new_game()
    before = play_setup(client, game.game_id, ["sell 1 3", "sell 1 4", "sell 1 4", "sell 1 4"])
    piles = _piles(before.state)
    if len(piles[3]) != 1 or not piles[2]:
        raise ProbeInconclusive(f"expected one card left on pile 4: {piles}")
    moved = client.command(game.game_id, "mv 4 3")
    if not moved.success or _piles(moved.state)[3]:
        piles_after = moved.state.get("piles")
        raise ProbeInconclusive(f"`mv 4 3` did not empty pile 4: {moved.message!r}, {piles_after}")
    gain = int(moved.state["score"]) - int(before.state["score"])
    evidence = (
        f"pile 4 {piles[3]} onto pile 3 top {piles[2][-1]}; `mv 4 3` empties pile 4 -> score "
        f"{before.state['score']} -> {moved.state['score']} (+{gain}, rules: +10); message={moved.message!r}"
    )
    return ProbeResult(bug_id="BUG-6", present=gain != 10, evidence=evidence)
